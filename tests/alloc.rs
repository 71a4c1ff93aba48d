//! No heap allocation per game or per decision in steady state: after a warm-up, playing more
#![allow(unsafe_code)] // the counting allocator needs `unsafe impl GlobalAlloc`
//! games with a reused `Game` and reused bots must not allocate at all.

use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;
static ALLOCS: AtomicU64 = AtomicU64::new(0);
/// The counter is global: the tests of this file take turns, so one test's warm-up never counts
/// in another's steady state.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        System.realloc(p, l, n)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn steady_state_games_do_not_allocate() {
    let _turn = serial();
    let db = load_embedded().unwrap();
    for (bot, players) in [
        ("basic", 1usize),
        ("random", 1),
        ("basic", 2),
        ("random", 4),
    ] {
        let decks = [
            "core-leadership",
            "core-tactics",
            "core-spirit",
            "core-lore",
        ];
        let setup = GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: Mode::Standard,
            decks: decks[..players]
                .iter()
                .map(|d| resolve_deck(d, &db).unwrap())
                .collect(),
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: true,
        };
        let mut g = Game::new(&db, &setup);
        let mut b: Vec<_> = (0..players).map(|_| bots::make(bot).unwrap()).collect();
        // Warm-up: buffers grow to their working size.
        for i in 0..300 {
            play_game(&mut g, &mut b, 3, i);
        }
        let before = ALLOCS.load(Ordering::Relaxed);
        let games = 300u64;
        for i in 300..300 + games {
            play_game(&mut g, &mut b, 3, i);
        }
        let n = ALLOCS.load(Ordering::Relaxed) - before;
        assert!(
            n <= games / 10,
            "{bot} with {players} player(s): {n} allocations in {games} steady-state games"
        );
    }
}

#[test]
fn clone_from_into_a_warmed_game_does_not_allocate() {
    let _turn = serial();
    let db = load_embedded().unwrap();
    let setup = GameSetup {
        scenario: db.scenario("intruders-in-chetwood").unwrap(),
        mode: Mode::Standard,
        decks: vec![
            resolve_deck("core-leadership", &db).unwrap(),
            resolve_deck("core-tactics", &db).unwrap(),
        ],
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: true,
    };
    let mut g = Game::new(&db, &setup);
    let mut b: Vec<_> = (0..2).map(|_| bots::make("basic").unwrap()).collect();
    let mut copy = Game::new(&db, &setup);
    // Warm-up: the copy's buffers grow to the sizes the games need.
    for i in 0..50 {
        play_game(&mut g, &mut b, 9, i);
        copy.clone_from(&g);
    }
    // Copy a game at every decision of more games (its state changes at each).
    let before = ALLOCS.load(Ordering::Relaxed);
    let mut copies = 0u64;
    for i in 50..60 {
        g.start(9, i);
        while let Some(d) = g.pending() {
            copy.clone_from(&g);
            copies += 1;
            let k = d.options.len() / 2;
            g.apply(k);
        }
    }
    let n = ALLOCS.load(Ordering::Relaxed) - before;
    assert!(copies > 100);
    // A copy may still grow a buffer the first time a state is bigger than any before.
    assert!(n <= 5, "{n} allocations in {copies} clone_from calls");
}

/// The search bot too: after a warm-up its two game buffers have grown to their working size,
/// and its rollouts (thousands per game) allocate nothing.
#[test]
fn steady_state_lookahead_does_not_allocate() {
    let _turn = serial();
    let db = load_embedded().unwrap();
    let setup = GameSetup {
        scenario: db.scenario("intruders-in-chetwood").unwrap(),
        mode: Mode::Standard,
        decks: vec![resolve_deck("core-leadership", &db).unwrap()],
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: true,
    };
    let mut g = Game::new(&db, &setup);
    let mut b = vec![bots::make("lookahead:rollouts=2,width=3").unwrap()];
    // (A warm-up of 100 games: with sense52's `ready_use` the games 60-99 still grew a buffer
    // five times, then 2 allocations in the next 200 games: growth, not a per-game cost.)
    for i in 0..100 {
        play_game(&mut g, &mut b, 3, i);
    }
    let before = ALLOCS.load(Ordering::Relaxed);
    let games = 40u64;
    for i in 100..100 + games {
        play_game(&mut g, &mut b, 3, i);
    }
    let n = ALLOCS.load(Ordering::Relaxed) - before;
    assert!(
        n <= games / 10,
        "lookahead: {n} allocations in {games} steady-state games"
    );
}
