use lotr_sim::bots;
use lotr_sim::data::{load_embedded, Mode};
use lotr_sim::deck::Deck;
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};

fn core_deck(db: &lotr_sim::data::CardDb) -> Deck {
    let h = ["Core-004", "Core-005", "Core-006"]
        .iter()
        .map(|c| db.by_code(c).unwrap())
        .collect();
    let mut cards = vec![];
    for (c, n) in [
        ("Core-028", 3),
        ("Core-013", 3),
        ("Core-017", 2),
        ("Core-030", 2),
    ] {
        for _ in 0..n {
            cards.push(db.by_code(c).unwrap());
        }
    }
    Deck {
        name: "test".into(),
        heroes: h,
        cards,
        loot: Vec::new(),
    }
}

#[test]
fn random_games_terminate_with_invariants() {
    let db = load_embedded().unwrap();
    let sc = db.scenario("intruders-in-chetwood").unwrap();
    let setup = GameSetup {
        scenario: sc,
        mode: Mode::Standard,
        decks: vec![core_deck(&db)],
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: true,
    };
    let mut g = Game::new(&db, &setup);
    let mut b = vec![bots::make("random").unwrap()];
    let mut outcomes = std::collections::BTreeMap::new();
    for i in 0..300 {
        let r = play_game(&mut g, &mut b, 7, i);
        *outcomes.entry(r.outcome).or_insert(0) += 1;
    }
    eprintln!("{:?}", outcomes);
}
