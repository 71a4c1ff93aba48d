//! The census decks of `decks/probes/` (helpers cards37 and cards44): 50-card lists written the
//! way published decks look, holding the implemented player cards the built-in decks rarely
//! use. Every file there loads with three heroes, 50 drawn cards (besides up to three cards with
//! the Encounter keyword, set aside at setup) and a `# Plan:` line, and `basic` and `random`
//! play it through every playable scenario (Standard) with the engine's invariants holding at
//! every decision.

use lotr_sim::data::{self, Mode};
use lotr_sim::engine::{Game, GameSetup, RuleOptions};

#[test]
fn probe_decks_load_and_play_with_invariants() {
    let db = data::load_embedded().unwrap_or_else(|e| panic!("{e}"));
    let dir = format!("{}/decks/probes", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 13, "{} probe decks", paths.len());
    let scenarios: Vec<usize> = lotr_sim::soak::playable_combos(&db)
        .into_iter()
        .filter(|&(_, m)| m == Mode::Standard)
        .map(|(s, _)| s)
        .collect();
    assert!(scenarios.len() >= 10);
    for path in paths {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("# Plan:"), "{name}");
        let deck = lotr_sim::deck::load_deck(&path, &db).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(deck.heroes.len(), 3, "{name}");
        assert!((50..=53).contains(&deck.cards.len()), "{name}");
        for &scenario in &scenarios {
            let slug = &db.scenarios[scenario].slug;
            let setup = GameSetup {
                scenario,
                mode: Mode::Standard,
                decks: vec![deck.clone()],
                options: RuleOptions::default(),
                max_rounds: 30,
                allow_unimplemented: false,
            };
            let mut g = Game::new(&db, &setup);
            for bot in ["basic", "random"] {
                let mut b = lotr_sim::bots::make(bot).unwrap();
                for i in 0..2 {
                    b.new_game(i);
                    g.start(44, i);
                    let mut steps = 0;
                    while let Some(d) = g.pending() {
                        g.check_invariants()
                            .unwrap_or_else(|e| panic!("{name} {slug} {bot} {i}: {e}"));
                        let k = b.choose(&g, d);
                        g.apply(k);
                        steps += 1;
                        assert!(steps < 200_000, "{name} {slug} {bot} {i} does not end");
                    }
                    assert!(g.outcome().is_some(), "{name} {slug} {bot} {i}");
                }
            }
        }
    }
}
