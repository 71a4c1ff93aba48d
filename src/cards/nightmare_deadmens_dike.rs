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
    // Cursed Dead (a reprint of TLR-061 without a data link): every Cursed Dead in the
    // encounter discard pile comes back to the staging area. Shadow: +1 Attack, +2 if the
    // defending character's owner has a copy of it in his discard pile.
    Script {
        code: "DDN-021",
        when_revealed: Some(super::cursed_dead::cursed_dead_revealed),
        shadow: Some(super::cursed_dead::cursed_dead_shadow),
        ..BLANK
    },
    // Fornost Street: while staged, each other Fornost location gets +1 Threat. Travel: the
    // topmost enemy of the encounter discard pile returns to the staging area.
    Script {
        code: "DDN-023",
        modify: Some(street_modify),
        global: true,
        travel: Some(street_travel),
        ..BLANK
    },
    // Curse of Angmar (Doomed 1 from the data): each player discards every hand card whose
    // title matches a card in his discard pile; if nothing was discarded, it surges.
    Script {
        code: "DDN-026",
        when_revealed: Some(curse_revealed),
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

fn street_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Threat
        && target != me
        && g.card(me).zone == Zone::Staging
        && g.is_location(target)
        && g.has_trait(target, "Fornost");
    on as i16
}

/// The travel cost needs an enemy in the encounter discard pile to return.
fn street_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    let e = super::common::top_of_encounter_discard(g, |c| g.is_enemy(c));
    if pay {
        if let Some(e) = e {
            g.move_card(e, Zone::Staging);
            log(g, |g| {
                format!("  {} returns to the staging area", g.title(e))
            });
        }
    }
    e.is_some()
}

fn curse_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let seats = super::common::seats(g);
    let mut any = false;
    for &p in seats.iter() {
        let doomed: Vec<CardId> = g
            .list(Zone::Hand(p))
            .iter()
            .copied()
            .filter(|&c| {
                g.list(Zone::Discard(p))
                    .iter()
                    .any(|&x| g.def_of(x).title == g.def_of(c).title)
            })
            .collect();
        for c in doomed {
            g.discard(c);
            any = true;
        }
    }
    if !any {
        g.surge_pending += 1;
        log(g, |_| {
            "  nothing discarded: Curse of Angmar surges".to_string()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{db, reveal_resolving, sandbox_in};
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
        // Only a Nightmare setup card may lie in the Nightmare zone.
        let stray = g.spawn("DDN-020", ENCOUNTER, Zone::Nightmare);
        assert!(g.check_invariants().is_err());
        g.move_card(stray, Zone::SetAside);
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

    fn dd() -> Game<'static> {
        sandbox_in("deadmens-dike", Mode::Nightmare, &[HEROES])
    }

    #[test]
    fn cursed_dead() {
        let mut g = dd();
        let a = g.spawn("DDN-021", ENCOUNTER, Zone::EncounterDiscard);
        let b = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDiscard);
        let other = g.spawn("DDN-020", ENCOUNTER, Zone::EncounterDiscard);
        let me = g.spawn("DDN-021", ENCOUNTER, Zone::Resolving);
        reveal_resolving(&mut g, me);
        assert_eq!(g.card(a).zone, Zone::Staging);
        assert_eq!(g.card(b).zone, Zone::Staging, "every copy by title");
        assert_eq!(g.card(other).zone, Zone::EncounterDiscard);
        assert!(g.script(me).and_then(|s| s.shadow).is_some());
    }

    #[test]
    fn fornost_street() {
        let mut g = dd();
        let street = g.spawn("DDN-023", ENCOUNTER, Zone::Staging);
        let ruins = g.spawn("DDN-022", ENCOUNTER, Zone::Staging);
        let other_street = g.spawn("DDN-023", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(ruins, Stat::Threat), 9 + 2, "two other Streets");
        assert_eq!(g.stat(street, Stat::Threat), 1 + 1, "not itself");
        g.move_card(other_street, Zone::EncounterDiscard);
        assert_eq!(g.stat(ruins, Stat::Threat), 9 + 1);
        // Travel needs an enemy in the discard pile; it returns the topmost one.
        let f = g.script(street).and_then(|s| s.travel).unwrap();
        assert!(!f(&mut g, street, false));
        let e1 = g.spawn("DDN-020", ENCOUNTER, Zone::EncounterDiscard);
        let e2 = g.spawn("DDN-021", ENCOUNTER, Zone::EncounterDiscard);
        assert!(f(&mut g, street, false));
        assert!(f(&mut g, street, true));
        assert_eq!(g.card(e2).zone, Zone::Staging);
        assert_eq!(g.card(e1).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn curse_of_angmar() {
        let mut g = dd();
        // Hands hold Guards of the Citadel; one in the discard pile dooms every copy in hand.
        let in_hand = g.list(Zone::Hand(0)).len();
        assert!(in_hand > 0);
        let deck_before = g.list(Zone::EncounterDeck).len();
        let me = g.spawn("DDN-026", ENCOUNTER, Zone::Resolving);
        reveal_resolving(&mut g, me);
        assert_eq!(
            g.list(Zone::Hand(0)).len(),
            in_hand,
            "no match: nothing discarded"
        );
        assert!(g.list(Zone::EncounterDeck).len() < deck_before, "surged");
        let mut g = dd();
        g.spawn("Core-013", 0, Zone::Discard(0));
        let deck_before = g.list(Zone::EncounterDeck).len();
        let me = g.spawn("DDN-026", ENCOUNTER, Zone::Resolving);
        reveal_resolving(&mut g, me);
        assert!(g.list(Zone::Hand(0)).is_empty());
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck_before, "no surge");
    }
}
