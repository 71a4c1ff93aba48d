//! Deadmen's Dike Nightmare: the setup card and the Nightmare encounter cards. Each script has a
//! one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck per mode); side A lies in `Zone::Nightmare`
//! all game.

use super::{Script, BLANK};
use crate::engine::*;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): decks hold at most 50 cards (checked before the game starts by
    // `GameSetup::validate`); at setup one Cursed Dead per player goes from the encounter deck
    // to its discard pile, then the encounter deck is shuffled.
    Script {
        code: "DDN-019A",
        setup: Some(nightmare_setup),
        max_deck: 50,
        ..BLANK
    },
];

const CURSED_DEAD: &str = "Cursed Dead";

fn log(g: &mut Game, f: impl FnOnce(&Game) -> String) {
    if g.logging() {
        let s = f(g);
        g.log_line(s);
    }
}

/// Each player in turn moves one Cursed Dead (if any is left) from the encounter deck to the
/// encounter discard pile; then the encounter deck is shuffled.
fn nightmare_setup(g: &mut Game, _me: CardId) {
    let seats = super::common::seats(g);
    let mut moved = 0;
    for _ in seats.iter() {
        let found = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| g.def_of(c).title == CURSED_DEAD);
        if let Some(c) = found {
            g.move_card(c, Zone::EncounterDiscard);
            moved += 1;
        }
    }
    g.shuffle(Zone::EncounterDeck);
    log(g, |_| {
        format!("  Nightmare setup: {moved} Cursed Dead to the encounter discard pile")
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{db, sandbox_in};
    use crate::data::{CardType, Mode};

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const HEROES2: &[&str] = &["Core-004", "Core-005", "Core-006"];

    fn count_in(g: &Game, z: Zone, title: &str) -> usize {
        g.list(z)
            .iter()
            .filter(|&&c| g.def_of(c).title == title)
            .count()
    }

    #[test]
    fn deadmens_dike_nightmare() {
        // The Nightmare deck: the standard deck less the listed cards plus the Nightmare set.
        let sc = &db().scenarios[db().scenario("deadmens-dike").unwrap()];
        let count = |m: Mode, title: &str| -> u32 {
            sc.encounter[m as usize]
                .iter()
                .filter(|&&(d, _)| db().def(d).title == title)
                .map(|&(_, k)| k as u32)
                .sum()
        };
        for (t, removed) in [
            ("Fornost Square", 2),
            ("Broken Battlements", 3),
            ("Norbury Tombs", 2),
            ("Restless Evil", 2),
        ] {
            assert_eq!(
                count(Mode::Nightmare, t) + removed,
                count(Mode::Standard, t),
                "{t}"
            );
        }
        for (t, n) in [
            ("Undead Horde", 2),
            ("Palace Ruins", 2),
            ("Fornost Street", 4),
            ("Decrepit City", 3),
            ("Paralyzing Fear", 3),
            ("Curse of Angmar", 2),
            ("Gather Your Courage", 1),
        ] {
            assert_eq!(count(Mode::Nightmare, t), n, "{t}");
            assert_eq!(count(Mode::Standard, t), 0, "{t}");
        }
        assert!(count(Mode::Nightmare, CURSED_DEAD) >= 2);
        // The setup card lies in the Nightmare zone, in play.
        let mut g = sandbox_in("deadmens-dike", Mode::Nightmare, &[HEROES, HEROES2]);
        let setup = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(setup).code, "DDN-019A");
        assert!(g.in_play_cards().any(|c| c == setup));
        // Setup: one Cursed Dead per player (2) from the deck to the discard pile.
        let in_deck = count_in(&g, Zone::EncounterDeck, CURSED_DEAD);
        let f = g.script(setup).and_then(|s| s.setup).expect("setup hook");
        f(&mut g, setup);
        assert_eq!(count_in(&g, Zone::EncounterDiscard, CURSED_DEAD), 2);
        assert_eq!(count_in(&g, Zone::EncounterDeck, CURSED_DEAD), in_deck - 2);
        g.check_invariants().unwrap();
        // The deck limit: 50 cards pass, 51 are refused; Standard mode has no limit.
        let mut setup = g.setup.clone();
        setup.decks.truncate(1);
        setup.decks[0].cards.clear();
        // 3 copies each of distinct Core player cards (a title at most 3 times).
        for d in 0..db().defs.len() as crate::data::DefId {
            let def = db().def(d);
            if def.code.starts_with("Core-")
                && matches!(
                    def.ty,
                    CardType::Ally | CardType::Event | CardType::Attachment
                )
                && !setup.decks[0]
                    .cards
                    .iter()
                    .any(|&x| db().def(x).title == def.title)
            {
                for _ in 0..3 {
                    if setup.decks[0].cards.len() < 51 {
                        setup.decks[0].cards.push(d);
                    }
                }
            }
        }
        assert_eq!(setup.decks[0].cards.len(), 51);
        let err = setup.validate(db()).unwrap_err();
        assert!(err.contains("at most 50"), "{err}");
        let last = setup.decks[0].cards.pop().unwrap();
        setup.validate(db()).unwrap();
        setup.decks[0].cards.push(last);
        setup.mode = Mode::Standard;
        setup.validate(db()).unwrap();
    }
}
