//! The census decks of helper cards44 (`decks/probes/`): six 50-card lists written the way
//! published decks look, weighted toward the Angmar Awakened and Wrath and Ruin player cards.
//! Each loads with three heroes, at least 50 cards and a `# Plan:` line, and `basic` and
//! `random` play it through Intruders in Chetwood, Escape from Mount Gram and Across the
//! Ettenmoors (Standard) with the engine's invariants holding at every decision.

use lotr_sim::data::{self, Mode};
use lotr_sim::engine::{Game, GameSetup, RuleOptions};

const DECKS: [&str; 6] = [
    "ent-moot",
    "erebor-burglars",
    "gondor-pillars",
    "lore-trackers",
    "silvan-woodmen",
    "war-council",
];

#[test]
fn cards44_census_decks_load_and_play_with_invariants() {
    let db = data::load_embedded().unwrap_or_else(|e| panic!("{e}"));
    for name in DECKS {
        let path = format!("{}/decks/probes/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("# Plan:"), "{name}");
        let deck = lotr_sim::deck::load_deck(path.as_ref(), &db).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(deck.heroes.len(), 3, "{name}");
        // The three Rangers of the North of `ent-moot` (Encounter keyword) are set aside at
        // setup: 50 drawn cards besides them.
        assert!((50..=53).contains(&deck.cards.len()), "{name}");
        for scenario in [
            "the-weather-hills",
            "escape-from-mount-gram",
            "across-the-ettenmoors",
            "wrath-and-ruin",
        ] {
            let setup = GameSetup {
                scenario: db.scenario(scenario).unwrap(),
                mode: Mode::Standard,
                decks: vec![deck.clone()],
                options: RuleOptions::default(),
                max_rounds: 30,
                allow_unimplemented: false,
            };
            let mut g = Game::new(&db, &setup);
            for bot in ["basic", "random"] {
                let mut b = lotr_sim::bots::make(bot).unwrap();
                for i in 0..3 {
                    b.new_game(i);
                    g.start(44, i);
                    let mut steps = 0;
                    while let Some(d) = g.pending() {
                        g.check_invariants()
                            .unwrap_or_else(|e| panic!("{name} {scenario} {bot} {i}: {e}"));
                        let k = b.choose(&g, d);
                        g.apply(k);
                        steps += 1;
                        assert!(steps < 200_000, "{name} {scenario} {bot} {i} does not end");
                    }
                    assert!(g.outcome().is_some());
                }
            }
        }
    }
}
