//! Cursed Dead encounter set (Deadmen's Dike, The Treachery of Rhudaur, The Dread Realm). Each
//! script has a one-line summary in our own words.

use crate::cards::common::log;
use crate::cards::common::{is_undead_enemy, top_of_encounter_discard};
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Script, BLANK};
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Dead Lord: after it engages a player, the topmost Undead enemy of the encounter discard
    // pile comes into play engaged with him. Shadow: +1 Attack; if the attack kills a
    // character, one more encounter card is revealed.
    Script {
        code: "TLR-060",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            ..NO_HINT
        },
        forced: Some(dead_lord_forced),
        forced_on: events![Engaged],
        shadow: Some(dead_lord_shadow),
        resume: Some(dead_lord_resume),
        ..BLANK
    },
    // Cursed Dead: revealed, every Cursed Dead in the encounter discard pile comes back to the
    // staging area. Shadow: +1 Attack, +2 if a defender has a copy in its owner's discard pile.
    Script {
        code: "TLR-061",
        when_revealed: Some(cursed_dead_revealed),
        shadow: Some(cursed_dead_shadow),
        ..BLANK
    },
    // Restless Evil: Undead enemies get +1 Threat/Attack/Defense this round; it surges if there
    // is none. Shadow: Undead enemies engaged with the defending player get +1 Attack/Defense
    // this round.
    Script {
        code: "TLR-062",
        when_revealed: Some(restless_revealed),
        shadow: Some(restless_shadow),
        ..BLANK
    },
    // Seal the Tomb (side quest, surge): at the end of each refresh phase, discard 3 encounter
    // cards, and the newest Undead enemy among the encounter discards goes back to staging.
    Script {
        code: "TLR-063",
        hint: Hint {
            side_quest_priority: 55,
            ..NO_HINT
        },
        forced: Some(seal_forced),
        forced_on: events![PhaseEnd],
        ..BLANK
    },
];

#[cfg(test)]
const CURSED_DEAD: &str = "TLR-061";

fn dead_lord_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            if let Some(u) = top_of_encounter_discard(g, |c| is_undead_enemy(g, c)) {
                log(g, |g| {
                    format!("  {} brings back {}", g.title(me), g.title(u))
                });
                put_into_play_engaged(g, u, p);
            }
        }
    }
}

/// An enemy put into play engaged with `p`: it engages, then its entering play is announced.
fn put_into_play_engaged(g: &mut Game, u: CardId, p: u8) {
    g.engage(u, p);
    g.fire(Event::EntersPlay(u));
}

fn dead_lord_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.after = me;
}

/// At the end of the attack (`AFTER_ATTACK`): a character destroyed by it means one more
/// encounter card, revealed by the defending player.
fn dead_lord_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK && g.attack.destroyed_character {
        let by = g.attack.player;
        g.stack.push(Frame::RevealTop { by });
    }
}

/// Every copy (same title, so the Nightmare printing too) in the encounter discard pile is put
/// into play in the staging area: all of them move first, then each one's entering play is
/// announced (Quiet the Spirits engages an Undead enemy that enters play).
pub(super) fn cursed_dead_revealed(g: &mut Game, me: CardId, _by: u8) {
    let db = g.db;
    let title = db.def(g.def_id(me)).title.as_str();
    let mut back = SmallIds::new();
    while let Some(c) = top_of_encounter_discard(g, |c| g.def_of(c).title == title) {
        g.move_card(c, Zone::Staging);
        back.push(c);
        log(g, |_| {
            "  a Cursed Dead comes back to the staging area".to_string()
        });
    }
    for &c in back.iter() {
        g.fire(Event::EntersPlay(c));
    }
}

pub(super) fn cursed_dead_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let copy = g.attack.defenders().iter().any(|&d| {
        let owner = g.card(d).owner;
        owner != ENCOUNTER
            && g.list(Zone::Discard(owner))
                .iter()
                .any(|&x| g.def_of(x).title == g.def_of(d).title)
    });
    let n = if copy { 2 } else { 1 };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

/// Undead enemies in play (the staging area and every engagement area).
fn undead_in_play(g: &Game) -> SmallIds {
    crate::cards::common::enemies_in_play(g)
        .filter(|&e| is_undead_enemy(g, e))
        .collect()
}

/// Known difference, in the players' favour: a lasting effect of an encounter card is recomputed
/// as the game changes (RULES §6.6.5), so an Undead enemy entering play later this round should
/// get the bonus too; here only those in play now get it (in 300 traced Deadmen's Dike games,
/// 36 Undead arrivals after 134 Restless Evils). Doing it exactly needs an engine lasting effect
/// for "each enemy with trait T" that the stat computation reads.
fn restless_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let undead = undead_in_play(g);
    if undead.is_empty() {
        g.surge_pending += 1;
        return;
    }
    for &e in undead.iter() {
        for s in [Stat::Threat, Stat::Attack, Stat::Defense] {
            g.add_lasting(e, Lasting::Stat(s, 1), Until::EndOfRound);
        }
    }
}

fn restless_shadow(g: &mut Game, _me: CardId) {
    boost_engaged_undead(g, g.attack.player, Until::EndOfRound);
}

/// Each Undead enemy engaged with player `p` gets +1 Attack and +1 Defense until `until`.
pub fn boost_engaged_undead(g: &mut Game, p: u8, until: Until) {
    let undead: SmallIds = g
        .engaged(p)
        .iter()
        .copied()
        .filter(|&e| is_undead_enemy(g, e))
        .collect();
    for &e in undead.iter() {
        for s in [Stat::Attack, Stat::Defense] {
            g.add_lasting(e, Lasting::Stat(s, 1), until);
        }
    }
}

fn seal_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::PhaseEnd(Phase::Refresh) && g.card(me).zone == Zone::Staging {
        for _ in 0..3 {
            if let Some(c) = g.top(Zone::EncounterDeck) {
                g.move_card(c, Zone::EncounterDiscard);
                log(g, |g| {
                    format!("  {} is discarded (encounter deck)", g.title(c))
                });
            }
        }
        if let Some(u) = top_of_encounter_discard(g, |c| is_undead_enemy(g, c)) {
            g.move_card(u, Zone::Staging);
            log(g, |g| {
                format!("  {} returns to the staging area", g.title(u))
            });
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
    fn dead_lord() {
        let mut g = dd();
        let old = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDiscard);
        g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDiscard);
        let l = g.spawn("TLR-060", ENCOUNTER, Zone::Staging);
        g.engage(l, 0);
        g.settle();
        assert_eq!(g.card(old).zone, Zone::Engaged(0), "topmost Undead enemy");
        // Shadow: +1 attack; a kill reveals one more encounter card.
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-060", ENCOUNTER, Zone::Shadow(e));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let deck = g.list(Zone::EncounterDeck).len();
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert!(g.list(Zone::EncounterDeck).len() < deck, "revealed one");
        // No kill: nothing revealed.
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-060", ENCOUNTER, Zone::Shadow(e));
        let deck = g.list(Zone::EncounterDeck).len();
        let h = crate::cards::testkit::hero(&g, "Core-001");
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, (4 - g.stat(h, Stat::Defense)).max(0));
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck);
    }

    #[test]
    fn cursed_dead() {
        let mut g = dd();
        let a = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDiscard);
        let b = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDiscard);
        let other = g.spawn("TLR-060", ENCOUNTER, Zone::EncounterDiscard);
        let c = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c);
        assert_eq!(g.card(a).zone, Zone::Staging);
        assert_eq!(g.card(b).zone, Zone::Staging);
        assert_eq!(g.card(c).zone, Zone::Staging);
        assert_eq!(g.card(other).zone, Zone::EncounterDiscard);
        // Shadow: +1, or +2 when the defender has a copy in its owner's discard pile.
        let mut g = dd();
        let e = g.spawn("TLR-060", ENCOUNTER, Zone::Engaged(0));
        g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Shadow(e));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.spawn("Core-013", 0, Zone::Discard(0));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        assert_eq!(g.stat(e, Stat::Attack), 4, "the attack is over");
        let mut g = dd();
        let e = g.spawn("TLR-060", ENCOUNTER, Zone::Engaged(0));
        g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Shadow(e));
        let h = crate::cards::testkit::hero(&g, "Core-001");
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, (5 - g.stat(h, Stat::Defense)).max(0));
        let mut g = dd();
        let e = g.spawn("TLR-060", ENCOUNTER, Zone::Engaged(0));
        g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Shadow(e));
        let h = crate::cards::testkit::hero(&g, "Core-001");
        g.spawn("Core-001", 0, Zone::Discard(0));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, (6 - g.stat(h, Stat::Defense)).max(0));
    }

    #[test]
    fn restless_evil() {
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Staging);
        let r = g.spawn("TLR-062", ENCOUNTER, Zone::EncounterDeck);
        let deck = g.list(Zone::EncounterDeck).len();
        reveal_resolving(&mut g, r);
        assert_eq!(g.stat(e, Stat::Threat), 2);
        assert_eq!(g.stat(e, Stat::Attack), 4);
        assert_eq!(g.stat(e, Stat::Defense), 2);
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck - 1, "no surge");
        g.expire(Until::EndOfRound);
        assert_eq!(g.stat(e, Stat::Attack), 3);
        // No Undead enemy in play: surge.
        let mut g = dd();
        let r = g.spawn("TLR-062", ENCOUNTER, Zone::EncounterDeck);
        let deck = g.list(Zone::EncounterDeck).len();
        reveal_resolving(&mut g, r);
        assert!(g.list(Zone::EncounterDeck).len() < deck - 1, "surged");
        // Shadow: engaged Undead enemies +1 Attack/Defense for the round.
        let mut g = dd();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        let e2 = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-062", ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        let h = crate::cards::testkit::hero(&g, "Core-001");
        g.answer(Opt::Card(h));
        assert_eq!(g.stat(e2, Stat::Attack), 4);
        assert_eq!(g.stat(e2, Stat::Defense), 2);
    }

    #[test]
    fn seal_the_tomb() {
        let mut g = dd();
        let s = g.spawn("TLR-063", ENCOUNTER, Zone::Staging);
        let u = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDiscard);
        g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDiscard);
        // Put non-Undead cards on top of the deck so the discarded three add no Undead enemy.
        for _ in 0..3 {
            g.spawn("TLR-064", ENCOUNTER, Zone::EncounterDeck);
        }
        let deck = g.list(Zone::EncounterDeck).len();
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck - 3);
        assert_eq!(g.card(u).zone, Zone::Staging);
        // Not in play: nothing.
        g.move_card(s, Zone::Victory);
        let deck = g.list(Zone::EncounterDeck).len();
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck);
    }
}
