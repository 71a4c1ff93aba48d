//! The cost of copying a mid-game `Game`, as a search bot does before each continuation it
//! plays: `clone_from` into a reused buffer, and `clone` into a fresh one, per scenario and bot.
//! Also prints the state's size: `size_of::<Game>()` and the heap bytes one fresh clone
//! allocates (counted by a wrapping allocator), and how many allocations one `clone_from`
//! into a warm buffer makes.
#![allow(unsafe_code)] // the counting allocator needs `unsafe impl GlobalAlloc`

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

use criterion::{criterion_group, criterion_main, Criterion};
use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{Game, GameSetup, RuleOptions};

struct Counting;
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(l.size() as u64, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(n.saturating_sub(l.size()) as u64, Ordering::Relaxed);
        System.realloc(p, l, n)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// (allocations, bytes) made by `f`.
fn counted(f: impl FnOnce()) -> (u64, u64) {
    let (a, b) = (
        ALLOCS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
    );
    f();
    (
        ALLOCS.load(Ordering::Relaxed) - a,
        BYTES.load(Ordering::Relaxed) - b,
    )
}

/// The copy is taken mid-game: at the first decision of round [`ROUND`], or after
/// [`DECISIONS`] decisions if that comes first.
const ROUND: u16 = 3;
const DECISIONS: usize = 150;

fn bench(c: &mut Criterion) {
    let db = load_embedded().expect("data");
    let mut group = c.benchmark_group("clone");
    println!(
        "size_of::<Game>() = {} bytes, size_of::<CardInst>() = {} bytes",
        std::mem::size_of::<Game>(),
        std::mem::size_of::<lotr_sim::engine::CardInst>()
    );
    for scenario in [
        "intruders-in-chetwood",
        "the-weather-hills",
        "deadmens-dike",
    ] {
        for bot in ["basic", "random"] {
            let setup = GameSetup {
                scenario: db.scenario(scenario).unwrap(),
                mode: Mode::Standard,
                decks: vec![resolve_deck("core-leadership", &db).unwrap()],
                options: RuleOptions::default(),
                max_rounds: 30,
                allow_unimplemented: false,
            };
            let mut game = Game::new(&db, &setup);
            let mut b = bots::make(bot).expect("bot");
            // The first game (seed 42) still running at the copy point.
            let mut index = 0;
            let answered = loop {
                b.new_game(lotr_sim::seed::derive(
                    42,
                    index,
                    lotr_sim::seed::Stream::Bot(0),
                ));
                game.start(42, index);
                let mut answered = 0;
                while answered < DECISIONS && game.round < ROUND {
                    let Some(d) = game.pending() else { break };
                    let i = b.choose(&game, d);
                    game.apply(i);
                    answered += 1;
                }
                if game.pending().is_some() {
                    break answered;
                }
                index += 1;
            };
            let name = format!("{scenario}/standard/{bot}");
            let mut copy = game.clone();
            let (_, heap) = counted(|| drop(black_box(game.clone())));
            copy.clone_from(&game);
            let (reuse_allocs, _) = counted(|| copy.clone_from(black_box(&game)));
            println!(
                "{name}: game {index} after {answered} decisions (round {}, {} cards): {heap} heap \
                 bytes per fresh clone, {reuse_allocs} allocations per clone_from into a warm buffer",
                game.round,
                game.cards.len()
            );
            group.bench_function(format!("{name}/clone_from"), |bch| {
                bch.iter(|| copy.clone_from(black_box(&game)))
            });
            group.bench_function(format!("{name}/clone"), |bch| {
                bch.iter(|| black_box(game.clone()))
            });
            // What `lookahead` does per sample: copy, then re-deal what the players cannot see.
            let mut rng = rand_pcg::Pcg64Mcg::new(7);
            group.bench_function(format!("{name}/clone_from+determinize"), |bch| {
                bch.iter(|| {
                    copy.clone_from(black_box(&game));
                    copy.determinize(&mut rng);
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
