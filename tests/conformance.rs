//! Conformance suite: many seeded games per implemented scenario × mode × player count with the
//! `random` and `basic` bots, checking the engine's invariants after every decision (cards
//! conserved across zones, no negative tokens, threat in bounds, no panic) and that every game ends.

use lotr_sim::bots;
use lotr_sim::data::{load_embedded, CardDb, Mode};
use lotr_sim::deck::resolve_deck;
use lotr_sim::engine::{Game, GameSetup, RuleOptions};

const DECKS: [&str; 4] = [
    "core-leadership",
    "core-tactics",
    "core-spirit",
    "core-lore",
];

fn setup(db: &CardDb, scenario: &str, mode: Mode, players: usize) -> GameSetup {
    GameSetup {
        scenario: db.scenario(scenario).expect("scenario"),
        mode,
        decks: DECKS[..players]
            .iter()
            .map(|d| resolve_deck(d, db).expect("deck"))
            .collect(),
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: false,
    }
}

/// Play `games` games checking invariants at every decision; returns decisions made.
fn conform(db: &CardDb, s: &GameSetup, bot: &str, games: u64) -> u64 {
    let mut g = Game::new(db, s);
    let mut bots: Vec<_> = (0..s.decks.len())
        .map(|_| bots::make(bot).expect("bot"))
        .collect();
    let mut decisions = 0u64;
    for i in 0..games {
        for (seat, b) in bots.iter_mut().enumerate() {
            b.new_game(lotr_sim::seed::derive(
                99,
                i,
                lotr_sim::seed::Stream::Bot(seat as u8),
            ));
        }
        g.start(99, i);
        let mut steps = 0u64;
        loop {
            if let Err(e) = g.check_invariants() {
                panic!(
                    "game {i} ({bot}, {} players) step {steps}: {e}",
                    s.decks.len()
                );
            }
            let Some(d) = g.pending() else { break };
            let k = bots[d.player as usize].choose(&g, d);
            assert!(
                k < d.options.len(),
                "bot chose option {k} of {}",
                d.options.len()
            );
            g.apply(k);
            steps += 1;
            assert!(steps < 200_000, "game {i} does not terminate");
        }
        assert!(g.outcome().is_some(), "game {i} stopped without an outcome");
        let r = g.record();
        assert!(r.rounds >= 1 && r.rounds <= s.max_rounds);
        decisions += steps;
    }
    decisions
}

#[test]
fn intruders_in_chetwood_standard_conformance() {
    let db = load_embedded().unwrap();
    for players in 1..=4 {
        let s = setup(&db, "intruders-in-chetwood", Mode::Standard, players);
        for bot in ["random", "basic"] {
            let games = if players == 1 { 1500 } else { 400 };
            let d = conform(&db, &s, bot, games);
            assert!(d > games, "games must involve decisions");
        }
    }
}

#[test]
fn intruders_in_chetwood_easy_conformance() {
    let db = load_embedded().unwrap();
    for players in [1, 3] {
        let s = setup(&db, "intruders-in-chetwood", Mode::Easy, players);
        for bot in ["random", "basic"] {
            let d = conform(&db, &s, bot, 300);
            assert!(d > 300, "games must involve decisions");
        }
    }
}

#[test]
fn intruders_in_chetwood_nightmare_conformance() {
    let db = load_embedded().unwrap();
    for players in 1..=4 {
        let s = setup(&db, "intruders-in-chetwood", Mode::Nightmare, players);
        for bot in ["random", "basic"] {
            let d = conform(&db, &s, bot, 300);
            assert!(d > 300, "games must involve decisions");
        }
    }
}

#[test]
fn clone_at_a_decision_replays_identically() {
    let db = load_embedded().unwrap();
    let s = setup(&db, "intruders-in-chetwood", Mode::Standard, 2);
    let mut g = Game::new(&db, &s);
    g.start(5, 3);
    // Walk 40 decisions with option 0, clone, then continue both the same way.
    for _ in 0..40 {
        if g.pending().is_none() {
            break;
        }
        g.apply(0);
    }
    let mut h = g.clone();
    while g.pending().is_some() {
        let n = g.pending().unwrap().options.len();
        g.apply(n - 1);
        h.apply(n - 1);
    }
    assert_eq!(format!("{:?}", g.record()), format!("{:?}", h.record()));
}

#[test]
fn threat_curves_count_exactly_the_games_still_running() {
    use lotr_sim::record::Outcome;
    use lotr_sim::stats::Accumulator;
    let db = load_embedded().unwrap();
    let s = setup(&db, "intruders-in-chetwood", Mode::Standard, 1);
    let mut g = Game::new(&db, &s);
    let mut b = vec![bots::make("basic").unwrap()];
    let mut acc = Accumulator::new();
    let games = 2000u64;
    for i in 0..games {
        acc.add(&lotr_sim::engine::play_game(&mut g, &mut b, 5, i));
    }
    for round in 1..=12usize {
        let ended: u64 = Outcome::ALL
            .iter()
            .map(|&o| acc.rounds_of(o)[..=round].iter().sum::<u64>())
            .sum();
        assert_eq!(acc.running_at(round, 0), games - ended, "round {round}");
    }
}
