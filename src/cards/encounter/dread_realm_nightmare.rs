//! The Dread Realm Nightmare: the setup card and the Nightmare encounter cards. Each script has
//! a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck); side A has no text of its own.
//!
//! Engine choices: a card that "attaches" to a player's deck or threat dial (Daechanar's Curse,
//! All is Lost) lies in that player's play area (`Zone::Play`), controlled by him, an encounter
//! treachery that counts as a Condition attachment (and as a Sorcery card in play for
//! Daechanar); it leaves with him if he is eliminated. Necromancer of Carn Dûm never attacks, so
//! its printed Attack X is 0. "Each time you attack" (All is Lost) is once per attack the
//! player declares, whatever the number of attackers. Silent Guardian counts every event card
//! its player played this round (`PlayerState::events_played_round`), engaged with it or not.

use super::dread_realm::{discard_resolving_sorcery, resolving};
use crate::cards::common::{code, log, seats};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): no text beyond the Nightmare deck the data builds.
    Script {
        code: "TDRN-001A",
        ..BLANK
    },
    // Silent Guardian: the first event card its engaged player plays each round is reanimated
    // instead of going to his discard pile.
    Script {
        code: "TDRN-002",
        forced: Some(guardian_forced),
        forced_on: events![Played],
        ..BLANK
    },
    // Necromancer of Carn Dûm: it never attacks; instead the player it would attack reanimates
    // his top card, which takes its shadow cards.
    Script {
        code: NECROMANCER,
        x: Some(necromancer_x),
        rule: Some(necromancer_rule),
        rule_on: rules![AttackReplaced],
        resume: Some(necromancer_resume),
        ..BLANK
    },
    // Inner Sanctum: no progress while staged. Travel: the top 3 encounter cards are discarded
    // and the Sorcery ones resolve their When Revealed effects.
    Script {
        code: "TDRN-004",
        hint: Hint {
            travel_penalty: 6,
            ..NO_HINT
        },
        rule: Some(sanctum_rule),
        rule_on: rules![CannotPlaceProgress],
        travel: Some(sanctum_travel),
        ..BLANK
    },
    // Cursed Halls: staged, Sorcery attachments are immune to player cards. Shadow: the
    // attacker +1 Attack +1 Defense per Reanimated Dead engaged with the defending player, this
    // phase.
    Script {
        code: "TDRN-005",
        rule: Some(halls_rule),
        rule_on: rules![ImmuneToPlayerCards],
        shadow: Some(halls_shadow),
        ..BLANK
    },
    // Power Beyond Death (surge): attaches to the main quest, Daechanar +2 Defense (his own
    // modifier counts it). Shadow: the
    // same once this attack has destroyed a character.
    Script {
        code: POWER,
        when_revealed: Some(power_revealed),
        shadow: Some(power_shadow),
        resume: Some(power_resume),
        rule: Some(power_rule),
        rule_on: rules![GainsTrait],
        ..BLANK
    },
    // Daechanar's Curse (surge): lies on the first player's deck; his next draw reanimates the
    // cards instead, then it is discarded.
    Script {
        code: CURSE,
        when_revealed: Some(curse_revealed),
        rule: Some(curse_rule),
        rule_on: rules![DrawReplaced, GainsTrait],
        resume: Some(curse_resume),
        ..BLANK
    },
    // All is Lost: lies on the first player's threat dial; each attack he declares against a
    // Reanimated Dead raises his threat by 1. Shadow: a Reanimated Dead attacker attacks again.
    Script {
        code: ALL_IS_LOST,
        when_revealed: Some(lost_revealed),
        rule: Some(lost_rule),
        rule_on: rules![GainsTrait],
        forced: Some(lost_forced),
        forced_on: events![AttackerDeclared],
        shadow: Some(lost_shadow),
        resume: Some(lost_resume),
        ..BLANK
    },
    // The Witch-king's Gift (side quest, Time 5): when its time runs out every card in every
    // player's discard pile is reanimated and it leaves the game; defeated, it goes to the
    // encounter discard pile.
    Script {
        code: GIFT,
        hint: Hint {
            side_quest_priority: 60,
            deadline_harm: 20,
            ..NO_HINT
        },
        forced: Some(gift_forced),
        forced_on: events![TimeRanOut, SideQuestDefeated],
        ..BLANK
    },
];

const NECROMANCER: &str = "TDRN-003";
const POWER: &str = "TDRN-006";
const CURSE: &str = "TDRN-007";
const ALL_IS_LOST: &str = "TDRN-008";
const GIFT: &str = "TDRN-009";

/// The player whose play area holds `me` (a card lying on his deck or threat dial).
fn lying_with(g: &Game, me: CardId) -> Option<u8> {
    match g.card(me).zone {
        Zone::Play(p) => Some(p),
        _ => None,
    }
}

/// Put treachery `me` (resolving) in the first player's play area, controlled by him.
fn lay_before_first(g: &mut Game, me: CardId, on: &str) {
    let p = g.first;
    if g.players[p as usize].eliminated || !resolving(g, me) {
        return;
    }
    g.move_card(me, Zone::Play(p));
    g.card_mut(me).controller = p;
    log(g, |g| {
        format!("  {} is attached to P{}'s {on}", g.title(me), p + 1)
    });
}

// ------------------------------------------------------------------ enemies

fn guardian_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Played(c) = ev else {
        return;
    };
    let Zone::Engaged(p) = g.card(me).zone else {
        return;
    };
    let ci = g.card(c);
    if ci.owner != p
        || g.ty(c) != CardType::Event
        || ci.zone != Zone::Discard(p)
        || g.players[p as usize].events_played_round != 1
    {
        return;
    }
    log(g, |g| {
        format!("  Silent Guardian: {} is reanimated instead", g.title(c))
    });
    g.reanimate(c, p);
}

fn necromancer_x(_g: &Game, _me: CardId) -> i16 {
    0
}

fn necromancer_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::AttackReplaced(me)
}

fn necromancer_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != WOULD_ATTACK {
        return;
    }
    let (me, p) = (cont.card, cont.player);
    log(g, |g| {
        format!(
            "  {} does not attack: P{} reanimates his top card",
            g.title(me),
            p + 1
        )
    });
    let Some(top) = g.top(Zone::Deck(p)) else {
        return;
    };
    if !g.reanimate(top, p) {
        return;
    }
    while let Some(s) = {
        let x = g.shadows_of(me).next();
        x
    } {
        g.move_card(s, Zone::Shadow(top));
    }
}

// ------------------------------------------------------------------ locations

fn sanctum_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotPlaceProgress(me) && g.card(me).zone == Zone::Staging
}

fn sanctum_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        let p = g.first;
        discard_resolving_sorcery(g, 3, p);
    }
    true
}

/// A Sorcery attachment: attached to a card, or lying on a player's deck or threat dial.
fn sorcery_attachment(g: &Game, c: CardId) -> bool {
    let on = match g.card(c).zone {
        Zone::Attached(_) => true,
        Zone::Play(_) => g.card(c).owner == ENCOUNTER && g.ty(c) == CardType::Treachery,
        _ => false,
    };
    on && g.has_trait(c, "Sorcery")
}

fn halls_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::ImmuneToPlayerCards(c) => {
            g.card(me).zone == Zone::Staging && sorcery_attachment(g, c)
        }
        _ => false,
    }
}

fn halls_shadow(g: &mut Game, _me: CardId) {
    let (e, p) = (g.attack.enemy, g.attack.player);
    let x = g.engaged(p).iter().filter(|&&c| g.is_reanimated(c)).count() as i16;
    if x > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, x), Until::EndOfPhase);
        g.add_lasting(e, Lasting::Stat(Stat::Defense, x), Until::EndOfPhase);
    }
}

// ------------------------------------------------------------------ treacheries

/// Attach `me` to the main quest (revealed, or as a shadow card).
fn attach_power(g: &mut Game, me: CardId) {
    let Some(q) = g.main_quest().filter(|&q| g.card(q).zone.in_play()) else {
        return;
    };
    if !resolving(g, me) {
        return;
    }
    g.attach(me, q, ENCOUNTER);
    log(g, |g| {
        format!("  {} attached to {}", g.title(me), g.title(q))
    });
}

fn power_revealed(g: &mut Game, me: CardId, _by: u8) {
    attach_power(g, me);
}

fn power_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

fn power_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK && g.attack.destroyed_character {
        attach_power(g, cont.card);
    }
}

fn on_quest(g: &Game, me: CardId) -> bool {
    matches!(g.card(me).zone, Zone::Attached(q) if g.ty(q) == CardType::Quest || g.is_side_quest(q))
}

fn power_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::GainsTrait(c, t) => c == me && on_quest(g, me) && t == g.db.trait_id("Condition"),
        _ => false,
    }
}

/// Daechanar's Defense bonus from the copies of Power Beyond Death attached to quest cards
/// (read by his own modifier: an attachment's modifier reaches only its host).
pub(crate) fn power_defense(g: &Game) -> i16 {
    2 * g
        .in_play_cards()
        .filter(|&c| code(g, c) == POWER && on_quest(g, c))
        .count() as i16
}

fn curse_revealed(g: &mut Game, me: CardId, _by: u8) {
    lay_before_first(g, me, "deck");
}

fn curse_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::DrawReplaced(p) => lying_with(g, me) == Some(p),
        Rule::GainsTrait(c, t) => {
            c == me && lying_with(g, me).is_some() && t == g.db.trait_id("Condition")
        }
        _ => false,
    }
}

fn curse_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != WOULD_DRAW {
        return;
    }
    let (me, p, n) = (cont.card, cont.player, cont.a.max(0) as usize);
    log(g, |_| {
        format!(
            "  Daechanar's Curse: P{} reanimates the cards he would draw",
            p + 1
        )
    });
    g.reanimate_top(p, n);
    if g.card(me).zone.in_play() {
        g.move_card(me, Zone::EncounterDiscard);
    }
}

fn lost_revealed(g: &mut Game, me: CardId, _by: u8) {
    lay_before_first(g, me, "threat dial");
}

fn lost_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::GainsTrait(c, t) => {
            c == me && lying_with(g, me).is_some() && t == g.db.trait_id("Condition")
        }
        _ => false,
    }
}

fn lost_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::AttackerDeclared(c, e) = ev else {
        return;
    };
    let Some(p) = lying_with(g, me) else {
        return;
    };
    if g.patk.player == p && g.patk.attackers().first() == Some(&c) && g.is_reanimated(e) {
        log(g, |_| {
            format!("  All is Lost: P{} raises his threat by 1", p + 1)
        });
        g.raise_threat(p, 1);
    }
}

fn lost_shadow(g: &mut Game, me: CardId) {
    if g.is_reanimated(g.attack.enemy) {
        g.attack.after = me;
    }
}

/// After the attack: the Reanimated Dead attacks again (its shadow cards discarded first, a
/// new one dealt: RULES §3.6.3.3).
fn lost_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK {
        return;
    }
    let (e, p) = (g.attack.enemy, g.attack.player);
    if !g.card(e).zone.in_play() {
        return;
    }
    while let Some(s) = {
        let x = g.shadows_of(e).next();
        x
    } {
        g.move_card(s, Zone::EncounterDiscard);
    }
    log(g, |g| format!("  {} attacks again", g.title(e)));
    g.stack.push(Frame::ImmediateAttack {
        enemy: e,
        player: p,
    });
}

// ------------------------------------------------------------------ side quest

fn gift_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::TimeRanOut(c) if c == me && g.card(me).zone.in_play() => {
            log(g, |_| {
                "  The Witch-king's Gift: every discard pile is reanimated".to_string()
            });
            for &p in seats(g).iter() {
                while let Some(&c) = g.list(Zone::Discard(p)).last() {
                    if !g.reanimate(c, p) {
                        break;
                    }
                }
            }
            if g.card(me).zone.in_play() {
                g.move_card(me, Zone::Removed);
            }
        }
        Event::SideQuestDefeated(c) if c == me && g.card(me).zone == Zone::Victory => {
            g.move_card(me, Zone::EncounterDiscard);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::super::dread_realm::{find, DAECHANAR};
    use super::*;
    use crate::cards::testkit::{attack_undefended, drain_pending, reveal_resolving, sandbox_in};
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const GUARD: &str = "Core-013";

    /// A sandbox of The Dread Realm Nightmare on stage 1B (no setup run).
    fn drn() -> Game<'static> {
        sandbox_in("the-dread-realm", Mode::Nightmare, &[HEROES])
    }

    fn reanimated(g: &Game) -> Vec<CardId> {
        (0..g.cards.len() as CardId)
            .filter(|&c| g.is_reanimated(c))
            .collect()
    }

    #[test]
    fn the_dread_realm_nightmare() {
        let g = drn();
        let n = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(n).code, "TDRN-001A");
        let count = |code_: &str| {
            g.cards
                .iter()
                .filter(|c| g.db.def(c.def).code == code_)
                .count()
        };
        assert_eq!(count("TDRN-003"), 3);
        assert_eq!(count("TDRN-009"), 1);
        assert_eq!(count("TDR-156"), 0, "Witch of Angmar removed");
        assert_eq!(count("TLR-064"), 0, "Terror of the North removed");
        assert_eq!(count("TDR-158"), 2, "one Sinister Dungeon removed");
    }

    #[test]
    fn silent_guardian() {
        let mut g = drn();
        let s = g.spawn("TDRN-002", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(g.stat(s, Stat::HitPoints), 10);
        // The first event played this round is reanimated instead of discarded.
        let ev = g.spawn("Core-022", 0, Zone::Resolving);
        g.push_run(Frame::FinishEvent { card: ev });
        drain_pending(&mut g);
        assert!(g.is_reanimated(ev));
        assert_eq!(g.card(ev).zone, Zone::Engaged(0));
        // The second goes to the discard pile as usual.
        let ev2 = g.spawn("Core-022", 0, Zone::Resolving);
        g.push_run(Frame::FinishEvent { card: ev2 });
        drain_pending(&mut g);
        assert_eq!(g.card(ev2).zone, Zone::Discard(0));
        // Not engaged with it: nothing.
        let mut g = drn();
        g.spawn("TDRN-002", ENCOUNTER, Zone::Staging);
        let ev = g.spawn("Core-022", 0, Zone::Resolving);
        g.push_run(Frame::FinishEvent { card: ev });
        assert_eq!(g.card(ev).zone, Zone::Discard(0));
        g.check_invariants().unwrap();
    }

    #[test]
    fn necromancer_of_carn_dum() {
        let mut g = drn();
        let n = g.spawn(NECROMANCER, ENCOUNTER, Zone::Engaged(0));
        let sh = g.spawn("TLR-061", ENCOUNTER, Zone::Shadow(n));
        let top = g.top(Zone::Deck(0)).unwrap();
        let h: Vec<_> = g.heroes(0).collect();
        let dmg: i16 = h.iter().map(|&c| g.card(c).damage).sum();
        // In the combat phase (it is the only enemy, so it is chosen unasked): it reanimates
        // instead, and the Reanimated Dead takes its shadow card and attacks in turn.
        g.phase = Phase::Combat;
        g.push_run(Frame::EnemyAttacks { seat: 0 });
        assert!(g.is_reanimated(top));
        assert_eq!(g.card(sh).zone, Zone::Shadow(top));
        assert!(g.card(n).attacked);
        // The Reanimated Dead (the only enemy left to attack) attacks next.
        assert_eq!(g.pending().unwrap().ask, Ask::Defender { enemy: top });
        g.answer(Opt::Undefended);
        drain_pending(&mut g);
        let dmg2: i16 = h.iter().map(|&c| g.card(c).damage).sum();
        assert!(
            dmg2 >= dmg + 2,
            "the Reanimated Dead's attack (with the shadow card)"
        );
        // An immediate attack is replaced too.
        let before = reanimated(&g).len();
        g.push_run(Frame::ImmediateAttack {
            enemy: n,
            player: 0,
        });
        assert!(g.pending().is_none(), "no attack");
        assert_eq!(reanimated(&g).len(), before + 1);
        g.check_invariants().unwrap();
    }

    #[test]
    fn inner_sanctum() {
        let mut g = drn();
        let l = g.spawn("TDRN-004", ENCOUNTER, Zone::Staging);
        g.add_progress(l, 2);
        assert_eq!(g.card(l).progress, 0, "no progress while staged");
        // Travel: the top 3 encounter cards go, the Sorcery ones resolve When Revealed.
        let other = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDeck);
        let calamity = g.spawn("TDR-164", ENCOUNTER, Zone::EncounterDeck);
        let third = g.spawn("TLR-061", ENCOUNTER, Zone::EncounterDeck);
        assert!(sanctum_travel(&mut g, l, true));
        // Each Sorcery card's When Revealed is a frame of its own, resolved next.
        g.settle();
        g.move_card(l, Zone::Active);
        assert_eq!(g.card(other).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(third).zone, Zone::EncounterDiscard);
        assert_eq!(
            g.card(calamity).zone,
            Zone::Attached(g.main_quest().unwrap())
        );
        assert_eq!(reanimated(&g).len(), 1);
        g.add_progress(l, 2);
        assert_eq!(g.card(l).progress, 2, "active: progress as usual");
    }

    #[test]
    fn cursed_halls() {
        let mut g = drn();
        let q = g.main_quest().unwrap();
        let s = g.spawn("TLR-066", ENCOUNTER, Zone::Attached(q));
        let halls = g.spawn("TDRN-005", ENCOUNTER, Zone::Staging);
        assert!(g.immune(s), "a Sorcery attachment while staged");
        assert!(!g.immune(q));
        g.move_card(halls, Zone::Active);
        assert!(!g.immune(s), "only while staged");
        // Shadow: +1 Attack +1 Defense per Reanimated Dead engaged with the defending player.
        let mut g = drn();
        g.reanimate_top(0, 2);
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        let (atk, def) = (g.stat(e, Stat::Attack), g.stat(e, Stat::Defense));
        g.spawn("TDRN-005", ENCOUNTER, Zone::Shadow(e));
        g.phase = Phase::Combat;
        attack_undefended(&mut g, e);
        assert_eq!(g.stat(e, Stat::Attack), atk + 2);
        assert_eq!(g.stat(e, Stat::Defense), def + 2);
    }

    #[test]
    fn power_beyond_death() {
        let mut g = drn();
        let d = find(&g, DAECHANAR).unwrap();
        g.move_card(d, Zone::Staging);
        let def = g.stat(d, Stat::Defense);
        let p = g.spawn(POWER, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, p);
        let q = g.main_quest().unwrap();
        assert_eq!(g.card(p).zone, Zone::Attached(q));
        assert!(g.has_trait(p, "Condition"));
        assert_eq!(g.stat(d, Stat::Defense), def + 2);
        // Shadow: only once the attack destroys a character.
        let mut g = drn();
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        let s = g.spawn(POWER, ENCOUNTER, Zone::Shadow(e));
        attack_undefended(&mut g, e);
        assert_ne!(
            g.card(s).zone,
            Zone::Attached(g.main_quest().unwrap()),
            "nobody died"
        );
        let mut g = drn();
        let e = g.spawn("TDR-155", ENCOUNTER, Zone::Engaged(0));
        let s = g.spawn(POWER, ENCOUNTER, Zone::Shadow(e));
        let a = g.spawn(GUARD, 0, Zone::Play(0));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(a));
        drain_pending(&mut g);
        assert!(!g.card(a).zone.in_play() || g.is_reanimated(a));
        assert_eq!(g.card(s).zone, Zone::Attached(g.main_quest().unwrap()));
    }

    #[test]
    fn daechanars_curse() {
        let mut g = drn();
        let c = g.spawn(CURSE, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c);
        assert_eq!(g.card(c).zone, Zone::Play(0));
        assert!(g.has_trait(c, "Condition"));
        g.check_invariants().unwrap();
        // The next draw reanimates the cards instead; then it is discarded.
        let hand = g.list(Zone::Hand(0)).len();
        let top = g.top(Zone::Deck(0)).unwrap();
        g.draw(0, 1);
        assert_eq!(g.list(Zone::Hand(0)).len(), hand);
        assert!(g.is_reanimated(top));
        assert_eq!(g.card(c).zone, Zone::EncounterDiscard);
        g.draw(0, 1);
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 1, "only once");
        g.check_invariants().unwrap();
    }

    #[test]
    fn all_is_lost() {
        let mut g = drn();
        let c = g.spawn(ALL_IS_LOST, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, c);
        assert_eq!(g.card(c).zone, Zone::Play(0));
        // Attacking a Reanimated Dead raises the threat by 1, once per attack.
        g.reanimate_top(0, 1);
        let r = reanimated(&g)[0];
        let t = g.players[0].threat;
        let h: Vec<_> = g.heroes(0).collect();
        g.patk = PlayerAttackCtx {
            enemy: r,
            player: 0,
            attackers: [NO_CARD; 16],
            n_attackers: 2,
        };
        g.patk.attackers[0] = h[0];
        g.patk.attackers[1] = h[1];
        g.emit(Event::AttackerDeclared(h[0], r));
        g.emit(Event::AttackerDeclared(h[1], r));
        assert_eq!(g.players[0].threat, t + 1);
        // Another enemy: nothing.
        let e = g.spawn("TLR-061", ENCOUNTER, Zone::Engaged(0));
        g.patk.enemy = e;
        g.emit(Event::AttackerDeclared(h[0], e));
        assert_eq!(g.players[0].threat, t + 1);
        // Shadow: a Reanimated Dead attacks again (a second undefended attack).
        let mut g = drn();
        g.reanimate_top(0, 1);
        let r = reanimated(&g)[0];
        g.spawn(ALL_IS_LOST, ENCOUNTER, Zone::Shadow(r));
        g.attack = AttackCtx::new(r, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        let mut n = 0;
        while let Some(d) = g.pending() {
            if d.ask == (Ask::Defender { enemy: r }) {
                n += 1;
                g.answer(Opt::Undefended);
            } else {
                g.apply(0);
            }
        }
        assert_eq!(n, 2);
        g.check_invariants().unwrap();
    }

    #[test]
    fn the_witch_kings_gift() {
        let mut g = drn();
        let q = g.spawn(GIFT, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, q);
        assert_eq!(g.card(q).zone, Zone::Staging);
        assert_eq!(g.card(q).time, 5);
        let d1 = g.spawn(GUARD, 0, Zone::Discard(0));
        let d2 = g.spawn("Core-022", 0, Zone::Discard(0));
        g.card_mut(q).time = 0;
        g.emit(Event::TimeRanOut(q));
        drain_pending(&mut g);
        assert!(g.is_reanimated(d1) && g.is_reanimated(d2));
        assert!(g.list(Zone::Discard(0)).is_empty());
        assert_eq!(g.card(q).zone, Zone::Removed);
        g.check_invariants().unwrap();
        // Defeated: to the encounter discard pile, not the victory display.
        let mut g = drn();
        let q = g.spawn(GIFT, ENCOUNTER, Zone::Staging);
        g.add_progress(q, 8);
        g.settle();
        drain_pending(&mut g);
        assert_eq!(g.card(q).zone, Zone::EncounterDiscard);
    }
}
