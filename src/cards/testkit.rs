//! Test helpers for card tests: a shared card table and sandbox games.

use crate::data::{load_embedded, CardDb, Mode};
use crate::deck::Deck;
use crate::engine::{Game, GameSetup, RuleOptions};
use std::sync::OnceLock;

pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| load_embedded().expect("embedded data loads"))
}

/// A sandbox game of Intruders in Chetwood (standard) with one seat per hero list; each deck is
/// 20 Guard of the Citadel. Round 1, planning phase, nothing pending; hands are drawn (6 cards).
pub fn sandbox(heroes: &[&[&str]]) -> Game<'static> {
    sandbox_in("intruders-in-chetwood", Mode::Standard, heroes)
}

pub fn sandbox_in(scenario: &str, mode: Mode, heroes: &[&[&str]]) -> Game<'static> {
    let db = db();
    let decks = heroes
        .iter()
        .map(|hs| Deck {
            name: "test".into(),
            heroes: hs
                .iter()
                .map(|c| db.by_code(c).expect("hero code"))
                .collect(),
            cards: vec![db.by_code("Core-013").unwrap(); 20],
        })
        .collect();
    let setup: &'static GameSetup = Box::leak(Box::new(GameSetup {
        scenario: db.scenario(scenario).expect("scenario"),
        mode,
        decks,
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: true,
    }));
    let mut g = Game::new(db, setup);
    g.sandbox(1, 0);
    g
}
