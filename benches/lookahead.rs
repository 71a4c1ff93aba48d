//! Games per second on one core of the `lookahead` bot (criterion, `Throughput::Elements`), at
//! its default budget and at a smaller one, solo with the default deck; `basic` beside it for
//! the ratio. The target: the default budget plays ≥ 20 games/s per core on Intruders
//! in Chetwood Standard. Small samples: `cargo bench --bench lookahead` takes about a minute.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};

const GAMES: u64 = 20;

fn bench(c: &mut Criterion) {
    let db = load_embedded().expect("data");
    let mut group = c.benchmark_group("lookahead");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_secs(1));
    for (scenario, mode) in [
        ("intruders-in-chetwood", Mode::Standard),
        ("intruders-in-chetwood", Mode::Easy),
        ("the-weather-hills", Mode::Standard),
    ] {
        for bot in ["lookahead", "lookahead:rollouts=2,width=3", "basic"] {
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
            let mut next = 0u64;
            group.throughput(Throughput::Elements(GAMES));
            group.bench_function(format!("{scenario}/{}/{bot}", mode.name()), |bch| {
                bch.iter(|| {
                    // New games every iteration (a fixed set would be cheaper to predict).
                    let mut rounds = 0u64;
                    for _ in 0..GAMES {
                        rounds += play_game(&mut game, &mut b, 42, next).rounds as u64;
                        next += 1;
                    }
                    rounds
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
