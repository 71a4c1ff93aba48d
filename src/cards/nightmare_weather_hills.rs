//! The Weather Hills Nightmare: the setup card and the Nightmare encounter cards. Each script has
//! a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck per mode); side A lies in `Zone::Nightmare`
//! all game. Its setup runs after stage 1A's (which builds the Orc deck).

use super::{Rule, Script, BLANK};
use crate::engine::*;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): at setup every Captive Villager and Rearguard Ambusher of the
    // encounter deck joins the Orc deck, which is shuffled; no victory as long as any Villager
    // still has an encounter guard; a Villager leaving play loses.
    Script {
        code: "TWHN-011A",
        setup: Some(nightmare_setup),
        rule: Some(nightmare_rule),
        forced: Some(nightmare_forced),
        ..BLANK
    },
];

const CAPTIVE_VILLAGER: &str = "TWHN-012";
const REARGUARD_AMBUSHER: &str = "TWHN-013";

fn log(g: &mut Game, f: impl FnOnce(&Game) -> String) {
    if g.logging() {
        let s = f(g);
        g.log_line(s);
    }
}

fn is_villager(g: &Game, c: CardId) -> bool {
    g.def_of(c).code == CAPTIVE_VILLAGER
}

fn nightmare_setup(g: &mut Game, _me: CardId) {
    let moving: Vec<CardId> = g
        .list(Zone::EncounterDeck)
        .iter()
        .copied()
        .filter(|&c| {
            let code = g.def_of(c).code.as_str();
            code == CAPTIVE_VILLAGER || code == REARGUARD_AMBUSHER
        })
        .collect();
    for &c in &moving {
        g.move_card(c, Zone::OrcDeck);
    }
    g.shuffle(Zone::OrcDeck);
    log(g, |g| {
        format!(
            "  Nightmare setup: {} card(s) into the Orc deck ({} cards)",
            moving.len(),
            g.list(Zone::OrcDeck).len()
        )
    });
}

/// A Captive Villager is guarded while it is attached to an encounter card (RULES §8.3).
fn villager_guarded(g: &Game) -> bool {
    g.list(Zone::Attached(0)).iter().any(|&c| {
        is_villager(g, c)
            && matches!(g.card(c).zone, Zone::Attached(h) if g.card(h).owner == ENCOUNTER)
    })
}

fn nightmare_rule(g: &Game, _me: CardId, r: Rule) -> bool {
    r == Rule::CannotWin && villager_guarded(g)
}

fn nightmare_forced(g: &mut Game, _me: CardId, ev: Event) {
    if let Event::LeftPlay(c) = ev {
        if is_villager(g, c) {
            log(g, |_| "  a Captive Villager left play".to_string());
            g.end_game(crate::record::Outcome::LossScenario);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{db, sandbox_in};
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    #[test]
    fn the_weather_hills_nightmare() {
        // The Nightmare deck: the standard deck less the listed cards plus the Nightmare set.
        let sc = &db().scenarios[db().scenario("the-weather-hills").unwrap()];
        let count = |m: Mode, title: &str| -> u32 {
            sc.encounter[m as usize]
                .iter()
                .filter(|&&(d, _)| db().def(d).title == title)
                .map(|&(_, k)| k as u32)
                .sum()
        };
        for (t, removed) in [
            ("Cornered Orc", 3),
            ("Sheltered Valley", 3),
            ("Concealed Orc-camp", 1),
            ("Angmar Marauder", 1),
            ("Angmar Orc", 2),
            ("Ruins of Arnor", 3),
            ("Tragic Discovery", 2),
        ] {
            // The card lists 3 Sheltered Valleys where the standard deck has 2: all go.
            assert_eq!(
                count(Mode::Nightmare, t),
                count(Mode::Standard, t).saturating_sub(removed),
                "{t}"
            );
        }
        for (t, n) in [
            ("Captive Villager", 3),
            ("Rearguard Ambusher", 3),
            ("Angmar Raider", 4),
            ("Weather-torn Valley", 2),
            ("Ruined Watch-tower", 3),
            ("Rain-washed Tracks", 3),
            ("Track the Orcs", 1),
        ] {
            assert_eq!(count(Mode::Nightmare, t), n, "{t}");
        }
        // The setup card is in play in the Nightmare zone; its setup fills the Orc deck.
        let mut g = sandbox_in("the-weather-hills", Mode::Nightmare, &[HEROES]);
        let setup = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(setup).code, "TWHN-011A");
        assert!(g.in_play_cards().any(|c| c == setup));
        let orcs = g.list(Zone::OrcDeck).len();
        let f = g.script(setup).and_then(|s| s.setup).expect("setup hook");
        f(&mut g, setup);
        let in_orc = |g: &Game, code: &str| {
            g.list(Zone::OrcDeck)
                .iter()
                .filter(|&&c| g.def_of(c).code == code)
                .count()
        };
        assert_eq!(in_orc(&g, CAPTIVE_VILLAGER), 3);
        assert_eq!(in_orc(&g, REARGUARD_AMBUSHER), 3);
        assert_eq!(g.list(Zone::OrcDeck).len(), orcs + 6);
        assert!(g
            .list(Zone::EncounterDeck)
            .iter()
            .all(|&c| !is_villager(&g, c)));
        g.check_invariants().unwrap();
        // No victory as long as an encounter card guards a Villager.
        assert!(!g.rule(Rule::CannotWin));
        let guard = g.spawn("TWHN-013", ENCOUNTER, Zone::Staging);
        let v = g.spawn(CAPTIVE_VILLAGER, ENCOUNTER, Zone::Attached(guard));
        assert!(g.rule(Rule::CannotWin));
        // Free (in the first player's play area): the players may win again.
        g.move_card(v, Zone::Play(0));
        g.card_mut(v).controller = 0;
        assert!(!g.rule(Rule::CannotWin));
        assert!(g.outcome().is_none());
        // Leaving play loses the game.
        g.discard(v);
        drain(&mut g);
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    fn drain(g: &mut Game) {
        g.settle();
        while g.pending().is_some() {
            g.apply(0);
        }
    }
}
