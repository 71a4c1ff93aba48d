//! Games per second on one core, per scenario and bot (criterion, `Throughput::Elements`).
//! Each benchmark also asserts a known seeded result, so it doubles as a regression check.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};
use lotr_sim::record::Outcome;

const GAMES: u64 = 200;

/// Known seeded results (wins, total rounds) of the benchmarked batches (seed 42, games 0..200).
/// A change of rules, cards or bots that changes play changes these: re-measure and update
/// (`PRINT_KNOWN=1 cargo bench --bench throughput` prints the current values).
const KNOWN: &[(&str, (u64, u64))] = &[
    ("intruders-in-chetwood/standard/basic", (3, 1114)),
    ("intruders-in-chetwood/standard/random", (0, 549)),
    ("intruders-in-chetwood/easy/basic", (20, 1391)),
    ("intruders-in-chetwood/easy/random", (0, 611)),
    ("intruders-in-chetwood/nightmare/basic", (0, 921)),
    ("intruders-in-chetwood/nightmare/random", (0, 486)),
    ("the-weather-hills/easy/basic", (0, 1303)),
    ("the-weather-hills/easy/random", (0, 874)),
    ("the-weather-hills/standard/basic", (0, 1314)),
    ("the-weather-hills/standard/random", (0, 849)),
    ("the-weather-hills/nightmare/basic", (0, 1038)),
    ("the-weather-hills/nightmare/random", (0, 721)),
    ("deadmens-dike/easy/basic", (0, 946)),
    ("deadmens-dike/easy/random", (0, 589)),
    ("deadmens-dike/standard/basic", (0, 967)),
    ("deadmens-dike/standard/random", (0, 577)),
    ("deadmens-dike/nightmare/basic", (0, 730)),
    ("deadmens-dike/nightmare/random", (0, 433)),
];

fn bench(c: &mut Criterion) {
    let db = load_embedded().expect("data");
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    for (scenario, mode) in [
        ("intruders-in-chetwood", Mode::Standard),
        ("intruders-in-chetwood", Mode::Easy),
        ("intruders-in-chetwood", Mode::Nightmare),
        ("the-weather-hills", Mode::Easy),
        ("the-weather-hills", Mode::Standard),
        ("the-weather-hills", Mode::Nightmare),
        ("deadmens-dike", Mode::Easy),
        ("deadmens-dike", Mode::Standard),
        ("deadmens-dike", Mode::Nightmare),
    ] {
        for bot in ["basic", "random"] {
            let setup = GameSetup {
                scenario: db.scenario(scenario).unwrap(),
                mode,
                decks: vec![resolve_deck("core-leadership", &db).unwrap()],
                options: RuleOptions::default(),
                max_rounds: 30,
                allow_unimplemented: false,
            };
            let mut game = Game::new(&db, &setup);
            let mut b = vec![bots::make(bot).expect("bot")];
            // The seeded result of this batch: identical on every run and machine.
            let play = |game: &mut Game, b: &mut Vec<Box<dyn bots::Bot>>| {
                let mut wins = 0u64;
                let mut rounds = 0u64;
                for i in 0..GAMES {
                    let r = play_game(game, b, 42, i);
                    wins += (r.outcome == Outcome::Win) as u64;
                    rounds += r.rounds as u64;
                }
                (wins, rounds)
            };
            let expected = play(&mut game, &mut b);
            let name = format!("{scenario}/{}/{bot}", mode.name());
            if std::env::var_os("PRINT_KNOWN").is_some() {
                eprintln!("    (\"{name}\", ({}, {})),", expected.0, expected.1);
            } else if let Some((_, known)) = KNOWN.iter().find(|(n, _)| *n == name) {
                assert_eq!(
                    expected, *known,
                    "{name}: the seeded result changed (update KNOWN if intended)"
                );
            }
            group.throughput(Throughput::Elements(GAMES));
            group.bench_function(name.clone(), |bch| {
                bch.iter(|| {
                    let got = play(&mut game, &mut b);
                    assert_eq!(got, expected, "seeded result changed between runs");
                    got
                })
            });
            eprintln!(
                "{scenario}/{}/{bot}: {GAMES} games, {} wins, {} rounds in total",
                mode.name(),
                expected.0,
                expected.1
            );
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
