//! Dark Sorcery encounter set (Deadmen's Dike, The Battle of Carn Dûm, The Dread Realm). Each
//! script has a one-line summary in our own words.

use crate::cards::common::{distinct_types, shuffle_discard_top_into_deck};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Terror of the North: each player mills 3; this round the staging area gets +2 threat per
    // card type among the milled cards. Shadow: the defending player mills 3; +1 Attack per
    // card type among them.
    Script {
        code: "TLR-064",
        when_revealed: Some(terror_revealed),
        shadow: Some(terror_shadow),
        ..BLANK
    },
    // Dark Sorcery (Doomed 2): each player discards every ally he controls whose title is also
    // on a card in his discard pile.
    Script {
        code: "TLR-065",
        when_revealed: Some(dark_sorcery_revealed),
        ..BLANK
    },
    // Heavy Curse (surge): attaches to the current quest; while there, a card played costs 1
    // more if a card with its title is in its owner's discard pile.
    Script {
        code: "TLR-066",
        when_revealed: Some(heavy_curse_revealed),
        cost_mod: Some(heavy_curse_cost),
        ..BLANK
    },
    // The Power of Angmar (side quest, surge): player card effects cannot take cards out of a
    // player's discard pile; defeated, each player shuffles his top 5 discarded cards back in.
    Script {
        code: "TLR-067",
        hint: Hint {
            side_quest_priority: 0,
            ..NO_HINT
        },
        rule: Some(power_rule),
        rule_on: crate::rules![DiscardPileLocked],
        forced: Some(power_forced),
        forced_on: events![SideQuestDefeated],
        ..BLANK
    },
];

fn terror_revealed(g: &mut Game, me: CardId, _by: u8) {
    let mut all = SmallIds::new();
    let seats = crate::cards::common::seats(g);
    for &p in seats.iter() {
        for c in g.discard_from_deck(p, 3) {
            all.push(c);
        }
    }
    let k = distinct_types(g, &all);
    if k > 0 {
        g.add_lasting(me, Lasting::StagingThreat(2 * k), Until::EndOfRound);
    }
}

fn terror_shadow(g: &mut Game, _me: CardId) {
    let p = g.attack.player;
    let e = g.attack.enemy;
    let milled = g.discard_from_deck(p, 3);
    let k = distinct_types(g, &milled);
    if k > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, k), Until::EndOfAttack);
    }
}

fn dark_sorcery_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let seats = crate::cards::common::seats(g);
    for &p in seats.iter() {
        // Which allies match is decided before any of them is discarded.
        let doomed: SmallIds = g
            .list(Zone::Play(p))
            .iter()
            .copied()
            .filter(|&a| matches!(g.ty(a), CardType::Ally | CardType::ObjectiveAlly))
            .filter(|&a| {
                g.list(Zone::Discard(p))
                    .iter()
                    .any(|&x| g.def_of(x).title == g.def_of(a).title)
            })
            .collect();
        for &a in doomed.iter() {
            g.discard(a);
        }
    }
}

fn heavy_curse_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(q) = g.current_quest().filter(|&q| g.card(q).zone.in_play()) {
        g.attach(me, q, ENCOUNTER);
        if g.logging() {
            let s = format!("  {} attached to {}", g.title(me), g.title(q));
            g.log_line(s);
        }
    }
}

fn heavy_curse_cost(g: &Game, me: CardId, c: CardId) -> i16 {
    if !matches!(g.card(me).zone, Zone::Attached(_)) {
        return 0;
    }
    let owner = g.card(c).owner;
    if owner == ENCOUNTER || owner >= g.n_players {
        return 0;
    }
    let title = &g.def_of(c).title;
    g.list(Zone::Discard(owner))
        .iter()
        .any(|&x| x != c && &g.def_of(x).title == title) as i16
}

fn power_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::DiscardPileLocked(_)) && g.card(me).zone == Zone::Staging
}

fn power_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        let seats = crate::cards::common::seats(g);
        for &p in seats.iter() {
            shuffle_discard_top_into_deck(g, p, 5);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{reveal_resolving, sandbox_in};
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    fn dd() -> Game<'static> {
        sandbox_in("deadmens-dike", Mode::Standard, &[HEROES])
    }

    #[test]
    fn terror_of_the_north() {
        let mut g = dd();
        let before = g.staging_threat();
        let t = g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDeck);
        let d = g.list(Zone::Deck(0)).len();
        reveal_resolving(&mut g, t);
        assert_eq!(g.list(Zone::Deck(0)).len(), d - 3);
        // The sandbox decks hold only allies: one card type, +2.
        assert_eq!(g.staging_threat(), before + 2);
        g.expire(Until::EndOfRound);
        assert_eq!(g.staging_threat(), before);
        // With an attachment and an event on top: three types, +6.
        let mut g = dd();
        let before = g.staging_threat();
        g.spawn("Core-040", 0, Zone::Deck(0));
        g.spawn("Core-020", 0, Zone::Deck(0));
        let t = g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, t);
        assert_eq!(g.staging_threat(), before + 6);
        // Shadow: +1 Attack per type.
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-064", ENCOUNTER, Zone::Shadow(e));
        g.spawn("Core-040", 0, Zone::Deck(0));
        let h = crate::cards::testkit::hero(&g, "Core-001");
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, (5 - g.stat(h, Stat::Defense)).max(0));
    }

    #[test]
    fn dark_sorcery() {
        let mut g = dd();
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        let b = g.spawn("Core-016", 0, Zone::Play(0));
        g.spawn("Core-013", 0, Zone::Discard(0));
        let s = g.spawn("TLR-065", ENCOUNTER, Zone::EncounterDeck);
        let t = g.players[0].threat;
        reveal_resolving(&mut g, s);
        assert_eq!(g.players[0].threat, t + 2, "doomed 2");
        assert_eq!(g.card(a).zone, Zone::Discard(0));
        assert_eq!(g.card(b).zone, Zone::Play(0));
    }

    #[test]
    fn heavy_curse() {
        let mut g = dd();
        let q = g.main_quest().unwrap();
        let c = g.spawn("TLR-066", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c);
        assert_eq!(g.card(c).zone, Zone::Attached(q));
        let guard = g.list(Zone::Hand(0))[0];
        assert_eq!(g.cost_of(guard, 0), 2);
        g.spawn("Core-013", 0, Zone::Discard(0));
        assert_eq!(g.cost_of(guard, 0), 3, "a copy in its owner's discard pile");
        // Two resources on Aragorn's sphere are no longer enough.
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.card_mut(h).resources = 0;
        }
        let ar = crate::cards::testkit::hero(&g, "Core-001");
        g.card_mut(ar).resources = 2;
        let sphere = g.def_of(guard).sphere;
        assert!(!g.can_pay(0, sphere, g.cost_of(guard, 0)));
        // Leaves with the quest card.
        g.move_card(q, Zone::Removed);
        assert_eq!(g.card(c).zone, Zone::EncounterDiscard);
        assert_eq!(g.cost_of(guard, 0), 2);
    }

    #[test]
    fn the_power_of_angmar() {
        let mut g = dd();
        let p = g.spawn("TLR-067", ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::DiscardPileLocked(0)));
        assert!(!crate::cards::common::discard_pile_open(&g, 0));
        for _ in 0..7 {
            let c = g.top(Zone::Deck(0)).unwrap();
            g.move_card(c, Zone::Discard(0));
        }
        let d = g.list(Zone::Deck(0)).len();
        g.card_mut(p).progress = 8;
        g.settle();
        assert_eq!(g.card(p).zone, Zone::Victory);
        assert_eq!(g.list(Zone::Deck(0)).len(), d + 5);
        assert!(!g.rule(Rule::DiscardPileLocked(0)));
    }
}
