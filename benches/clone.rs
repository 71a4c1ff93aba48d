//! Cost of copying a mid-game `Game` into a reused one (`clone_from`), as a search bot does
//! before each continuation it plays. Prints the state's size first.

use criterion::{criterion_group, criterion_main, Criterion};
use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{Game, GameSetup, RuleOptions};

fn bench(c: &mut Criterion) {
    let db = load_embedded().expect("data");
    let mut group = c.benchmark_group("clone");
    for (scenario, players) in [("intruders-in-chetwood", 1usize), ("the-weather-hills", 2)] {
        let decks = ["core-leadership", "core-tactics"];
        let setup = GameSetup {
            scenario: db.scenario(scenario).unwrap(),
            mode: Mode::Standard,
            decks: decks[..players]
                .iter()
                .map(|d| resolve_deck(d, &db).unwrap())
                .collect(),
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: true,
        };
        // A game in its third or fourth round, reached by the basic bot.
        let mut g = Game::new(&db, &setup);
        let mut b: Vec<_> = (0..players).map(|_| bots::make("basic").unwrap()).collect();
        for (seat, bot) in b.iter_mut().enumerate() {
            bot.new_game(seat as u64);
        }
        g.start(5, 0);
        while g.round < 3 {
            let Some(d) = g.pending() else { break };
            let d = d.clone();
            let i = b[d.player as usize].choose(&g, &d);
            g.apply(i);
        }
        eprintln!(
            "{scenario}, {players} player(s), round {}: size_of::<Game>() = {} bytes, heap {} bytes, {} cards",
            g.round,
            std::mem::size_of::<Game>(),
            g.heap_bytes(),
            g.cards.len()
        );
        let mut copy = g.clone();
        group.bench_function(format!("{scenario}/{players}p/clone_from"), |bench| {
            bench.iter(|| {
                copy.clone_from(std::hint::black_box(&g));
                std::hint::black_box(&copy);
            })
        });
        group.bench_function(format!("{scenario}/{players}p/clone"), |bench| {
            bench.iter(|| std::hint::black_box(std::hint::black_box(&g).clone()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
