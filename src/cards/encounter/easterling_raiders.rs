//! The Easterling Raiders encounter set (A Shadow in the East; used by Wrath and Ruin). Each
//! script has a one-line summary in our own words.
//!
//! Easterling treacheries (Sword of Rhûn, Recurve Bow, Fury) attach to Easterling enemies as
//! encounter attachments (`Zone::Attached`, controlled by the encounter side); their text as
//! attachments is their script's `modify` / `archery` / `rule`. "The top Easterling treachery
//! in the discard pile" is the newest one there.
//!
//! Engine choices: Warriors of the East's "after an Easterling enemy enters play" holds while
//! the side quest is in play (it listens for `Event::Revealing` and `Event::EntersPlay` of such
//! an enemy); ties for "lowest / highest" go to the first enemy found (staging area, then each
//! engagement area in player order).

use super::wrath_and_ruin::{attach_to_enemy, carries};
use crate::cards::common;
use crate::cards::{Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Easterling Raider (archery 1, data): +1 Attack and +1 Defense per Easterling attachment;
    // shadow: +1 Attack (+2 if it carries an Easterling attachment).
    Script {
        code: "ASitE-020",
        modify: Some(raider_modify),
        shadow: Some(raider_shadow),
        ..BLANK
    },
    // Warrior of Rhûn: when it attacks, the newest Easterling treachery of the discard pile
    // joins it; shadow: the same for the attacking enemy.
    Script {
        code: "ASitE-021",
        forced: Some(warrior_forced),
        forced_on: events![EnemyAttacks],
        shadow: Some(warrior_shadow),
        ..BLANK
    },
    // Sword of Rhûn (surge): joins the lowest-Attack Easterling enemy without one: +2 Attack.
    Script {
        code: SWORD,
        when_revealed: Some(sword_revealed),
        modify: Some(sword_modify),
        ..BLANK
    },
    // Recurve Bow (surge): joins the highest-engagement-cost Easterling enemy without one:
    // archery 2.
    Script {
        code: BOW,
        when_revealed: Some(bow_revealed),
        archery: Some(bow_archery),
        ..BLANK
    },
    // Warriors of the East (side quest, surge): while in play each Easterling enemy entering
    // play gets the newest Easterling treachery of the discard pile; becoming the current quest,
    // the strongest staged Easterling attacks the first player.
    Script {
        code: "ASitE-024",
        forced: Some(warriors_forced),
        forced_on: events![BecameCurrentQuest, EntersPlay, Revealing],
        ..BLANK
    },
];

const SWORD: &str = "ASitE-022";
const BOW: &str = "ASitE-023";

/// Is `c` an enemy with the Easterling trait?
pub fn is_easterling_enemy(g: &Game, c: CardId) -> bool {
    g.is_enemy(c) && g.has_trait(c, "Easterling")
}

/// Easterling attachments on enemy `e`.
fn easterling_attachments(g: &Game, e: CardId) -> i16 {
    g.attachments(e)
        .filter(|&a| g.has_trait(a, "Easterling"))
        .count() as i16
}

/// The newest Easterling treachery of the encounter discard pile joins enemy `e`.
pub fn attach_top_easterling_treachery(g: &mut Game, e: CardId) {
    if !g.card(e).zone.in_play() {
        return;
    }
    let t = common::top_of_encounter_discard(g, |c| {
        g.ty(c) == CardType::Treachery && g.has_trait(c, "Easterling")
    });
    if let Some(t) = t {
        attach_to_enemy(g, t, e);
    }
}

/// The Easterling enemy in play without an attachment `code` with the best `key` (lowest when
/// `low`), first found on ties.
fn pick_easterling(g: &Game, code: &str, low: bool, key: impl Fn(CardId) -> i16) -> Option<CardId> {
    let mut best: Option<(i16, CardId)> = None;
    for e in common::enemies_in_play(g) {
        if is_easterling_enemy(g, e) && !carries(g, e, code) {
            let k = if low { key(e) } else { -key(e) };
            if best.is_none_or(|(b, _)| k < b) {
                best = Some((k, e));
            }
        }
    }
    best.map(|(_, e)| e)
}

fn raider_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && matches!(s, Stat::Attack | Stat::Defense) {
        easterling_attachments(g, me)
    } else {
        0
    }
}

fn raider_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = if easterling_attachments(g, e) > 0 {
        2
    } else {
        1
    };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

fn warrior_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::EnemyAttacks(e, _) = ev {
        if e == me {
            attach_top_easterling_treachery(g, me);
        }
    }
}

fn warrior_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    attach_top_easterling_treachery(g, e);
}

fn sword_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(e) = pick_easterling(g, SWORD, true, |e| g.stat(e, Stat::Attack)) {
        attach_to_enemy(g, me, e);
    }
}

fn sword_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::Attack && common::host(g, me) == Some(target) {
        2
    } else {
        0
    }
}

fn bow_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(e) = pick_easterling(g, BOW, false, |e| g.stat(e, Stat::Engagement)) {
        attach_to_enemy(g, me, e);
    }
}

fn bow_archery(g: &Game, me: CardId) -> i16 {
    if common::host(g, me).is_some() {
        2
    } else {
        0
    }
}

fn warriors_forced(g: &mut Game, me: CardId, ev: Event) {
    if !g.card(me).zone.in_play() {
        return;
    }
    match ev {
        Event::Revealing(e, _) | Event::EntersPlay(e) if is_easterling_enemy(g, e) => {
            attach_top_easterling_treachery(g, e);
        }
        Event::BecameCurrentQuest(q) if q == me => {
            let mut best: Option<(i16, CardId)> = None;
            for i in 0..g.list(Zone::Staging).len() {
                let e = g.list(Zone::Staging)[i];
                if is_easterling_enemy(g, e) {
                    let a = g.stat(e, Stat::Attack);
                    if best.is_none_or(|(b, _)| a > b) {
                        best = Some((a, e));
                    }
                }
            }
            if let Some((_, e)) = best {
                let first = g.first;
                g.stack.push(Frame::ImmediateAttack {
                    enemy: e,
                    player: first,
                });
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::encounter::wrath_and_ruin::tests::{sandbox, HEROES, RAIDER};

    const WARRIOR: &str = "ASitE-021";
    const FURY: &str = "WaR-019";

    #[test]
    fn easterling_raider() {
        let mut g = sandbox(&[HEROES]);
        let r = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        let (a, d) = (g.stat(r, Stat::Attack), g.stat(r, Stat::Defense));
        let s = g.spawn(SWORD, ENCOUNTER, Zone::Attached(r));
        assert_eq!(
            g.stat(r, Stat::Attack),
            a + 1 + 2,
            "+1 per attachment, +2 Sword"
        );
        assert_eq!(g.stat(r, Stat::Defense), d + 1);
        // Shadow: +1 Attack, +2 with an Easterling attachment.
        let other = g.spawn("WaR-013", ENCOUNTER, Zone::Engaged(0));
        let a2 = g.stat(other, Stat::Attack);
        g.attack = AttackCtx::new(other, 0, false);
        raider_shadow(&mut g, s);
        assert_eq!(g.stat(other, Stat::Attack), a2 + 1);
        let a = g.stat(r, Stat::Attack);
        g.attack = AttackCtx::new(r, 0, false);
        raider_shadow(&mut g, s);
        assert_eq!(g.stat(r, Stat::Attack), a + 2);
    }

    #[test]
    fn warrior_of_rhun() {
        let mut g = sandbox(&[HEROES]);
        let w = g.spawn(WARRIOR, ENCOUNTER, Zone::Engaged(0));
        let older = g.spawn(SWORD, ENCOUNTER, Zone::EncounterDiscard);
        let newer = g.spawn(FURY, ENCOUNTER, Zone::EncounterDiscard);
        g.spawn("WaR-021", ENCOUNTER, Zone::EncounterDiscard); // not Easterling
        g.emit(Event::EnemyAttacks(w, 0));
        assert_eq!(g.card(newer).zone, Zone::Attached(w));
        assert_eq!(g.card(older).zone, Zone::EncounterDiscard);
        // Shadow: the attacking enemy gets the next one.
        let r = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(r, 0, false);
        warrior_shadow(&mut g, w);
        assert_eq!(g.card(older).zone, Zone::Attached(r));
    }

    #[test]
    fn sword_of_rhun() {
        let mut g = sandbox(&[HEROES]);
        let strong = g.spawn("WaR-013", ENCOUNTER, Zone::Staging); // Attack 4
        let weak = g.spawn(RAIDER, ENCOUNTER, Zone::Staging); // Attack 2
        let s1 = g.spawn(SWORD, ENCOUNTER, Zone::Resolving);
        sword_revealed(&mut g, s1, 0);
        assert_eq!(g.card(s1).zone, Zone::Attached(weak));
        // The next one skips the enemy that has one.
        let s2 = g.spawn(SWORD, ENCOUNTER, Zone::Resolving);
        sword_revealed(&mut g, s2, 0);
        assert_eq!(g.card(s2).zone, Zone::Attached(strong));
        assert_eq!(g.stat(strong, Stat::Attack), 4 + 2);
        // No Easterling left without one: it stays to be discarded.
        let s3 = g.spawn(SWORD, ENCOUNTER, Zone::Resolving);
        sword_revealed(&mut g, s3, 0);
        assert_eq!(g.card(s3).zone, Zone::Resolving);
    }

    #[test]
    fn recurve_bow() {
        let mut g = sandbox(&[HEROES]);
        g.spawn(RAIDER, ENCOUNTER, Zone::Staging); // engagement 28
        let far = g.spawn("WaR-012", ENCOUNTER, Zone::Staging); // engagement 36
        let b = g.spawn(BOW, ENCOUNTER, Zone::Resolving);
        assert_eq!(bow_archery(&g, b), 0);
        bow_revealed(&mut g, b, 0);
        assert_eq!(g.card(b).zone, Zone::Attached(far));
        assert_eq!(bow_archery(&g, b), 2);
    }

    #[test]
    fn warriors_of_the_east() {
        let mut g = sandbox(&[HEROES]);
        let w = g.spawn("ASitE-024", ENCOUNTER, Zone::Staging);
        let t = g.spawn(SWORD, ENCOUNTER, Zone::EncounterDiscard);
        let r = g.spawn(RAIDER, ENCOUNTER, Zone::Staging);
        g.emit(Event::EntersPlay(r));
        assert_eq!(g.card(t).zone, Zone::Attached(r));
        // Becoming the current quest: the strongest staged Easterling attacks the first player
        // (the Raider with its Sword: 2 + 1 + 2 Attack, against the Skirmisher's 4).
        g.spawn("WaR-013", ENCOUNTER, Zone::Staging);
        g.emit(Event::BecameCurrentQuest(w));
        assert_eq!(g.attack.enemy, r);
        assert_eq!(g.attack.player, 0);
    }
}
