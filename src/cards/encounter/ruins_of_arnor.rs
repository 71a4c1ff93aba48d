//! The Ruins of Arnor encounter set (The Lost Realm; also used by The Treachery of Rhudaur).
//! Each script has a one-line summary in our own words.

use crate::cards::common::raise_each;
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Ruins of Arnor: while in play, canceling a treachery's when-revealed effects costs every
    // player 2 threat; shadow: +1 Attack, and 2 threat for the defending player if the attack
    // destroys a character.
    Script {
        code: "TLR-056",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            ..NO_HINT
        },
        forced: Some(ruins_forced),
        forced_on: events![WhenRevealedCanceled],
        shadow: Some(ruins_shadow),
        ..BLANK
    },
    // Ancient Causeway: when it is explored every player's threat rises by 2.
    Script {
        code: "TLR-057",
        forced: Some(causeway_forced),
        forced_on: events![Explored],
        ..BLANK
    },
    // Tragic Discovery: every player's threat rises by the active location's threat; shadow: the
    // defending player takes 3 threat or the attack counts as undefended.
    Script {
        code: "TLR-058",
        hint: Hint {
            effect: Some(bot::tragic_discovery_effect),
            ..NO_HINT
        },
        when_revealed: Some(tragic_discovery),
        shadow: Some(tragic_shadow),
        resume: Some(tragic_resume),
        mode_names: &[
            (0, 0, "raise threat by 3"),
            (0, 1, "the attack becomes undefended"),
        ],
        ..BLANK
    },
    // Search the Ruins (side quest): every player's threat rises by 2 at the end of each refresh
    // phase while it is in play; once defeated every player's threat drops by 3.
    Script {
        code: "TLR-059",
        hint: Hint {
            side_quest_priority: 70,
            ..NO_HINT
        },
        forced: Some(search_forced),
        forced_on: events![PhaseEnd, SideQuestDefeated],
        ..BLANK
    },
];

fn ruins_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::WhenRevealedCanceled(t) = ev {
        if g.ty(t) == CardType::Treachery && g.card(me).zone.in_play() {
            raise_each(g, 2);
        }
    }
}

fn ruins_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.threat_if_destroys_character += 2;
}

fn causeway_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::Explored(c, _) if c == me) {
        raise_each(g, 2);
    }
}

fn tragic_discovery(g: &mut Game, _me: CardId, _by: u8) {
    let t = g
        .active_location()
        .map(|l| g.stat(l, Stat::Threat))
        .unwrap_or(0);
    raise_each(g, t);
}

/// Mode 0: the defending player raises his threat by 3; mode 1: the attack is undefended. An
/// attack that is already undefended leaves only the threat (RULES §5.33.4: a choice must change
/// the game state if one does).
fn tragic_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    if g.attack.n_defenders == 0 {
        g.raise_threat(p, 3);
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    g.offer(Opt::Mode(1));
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn tragic_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match opt {
        Opt::Mode(1) => {
            // The defenders stay exhausted but no longer count: the damage goes to a hero.
            g.attack.n_defenders = 0;
            g.attack.undefended = true;
            if g.logging() {
                g.log_line("  the attack is considered undefended".to_string());
            }
        }
        _ => g.raise_threat(cont.player, 3),
    }
}

fn search_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::PhaseEnd(Phase::Refresh) if g.card(me).zone == Zone::Staging => raise_each(g, 2),
        // The Response after it is defeated. Engine choice: always used (a threat reduction for
        // every player has no downside).
        Event::SideQuestDefeated(c) if c == me => {
            for p in 0..g.n_players {
                if !g.players[p as usize].eliminated {
                    g.reduce_threat(p, 3);
                }
            }
        }
        _ => {}
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Tragic Discovery's shadow: 3 threat (Mode 0) or the attack goes undefended (Mode 1);
    /// undefended when the threat would be deadly or the hit on a hero is cheap.
    pub(super) fn tragic_discovery_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let threat = g.players[p as usize].threat;
                let (undefended, defended) = attack_outcomes(g, p);
                let take_undefended = threat + 3 >= 50 || undefended < defended + 3 * THREAT_UNIT;
                find(o, Opt::Mode(if take_undefended { 1 } else { 0 }))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{heroes, sandbox};

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    fn attack_with_shadow(g: &mut Game, e: CardId, shadow: &str) {
        g.spawn(shadow, ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
    }

    #[test]
    fn ruins_of_arnor() {
        let mut g = sandbox(&[HEROES]);
        let r = g.spawn("TLR-056", ENCOUNTER, Zone::Staging);
        let t = g.players[0].threat;
        let tr = g.spawn("TLR-058", ENCOUNTER, Zone::Resolving);
        g.emit(Event::WhenRevealedCanceled(tr));
        assert_eq!(g.players[0].threat, t + 2);
        // Not for an enemy's when-revealed effects.
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        g.emit(Event::WhenRevealedCanceled(e));
        assert_eq!(g.players[0].threat, t + 2);
        // Out of play it does nothing.
        g.discard(r);
        g.emit(Event::WhenRevealedCanceled(tr));
        assert_eq!(g.players[0].threat, t + 2);
        // Shadow: +1 Attack; the defending player gains 2 threat if a character dies.
        let mut g = sandbox(&[HEROES]);
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, e, "TLR-056");
        g.answer(Opt::Card(ally));
        while g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert!(g.players[0].threat >= t + 2);
        // +1 Attack: a 2-attack Cornered Orc deals 3 undefended.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, e, "TLR-056");
        g.answer(Opt::Undefended);
        let h = heroes(&g, 0)[1];
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, 3);
        assert_eq!(g.players[0].threat, t, "nobody died");
    }

    #[test]
    fn ancient_causeway() {
        let mut g = sandbox(&[HEROES]);
        let a = g.spawn("TLR-057", ENCOUNTER, Zone::Active);
        let t = g.players[0].threat;
        g.add_progress(a, 2);
        g.settle();
        assert_eq!(g.card(a).zone, Zone::EncounterDiscard);
        assert_eq!(g.players[0].threat, t + 2);
    }

    #[test]
    fn tragic_discovery() {
        let mut g = sandbox(&[HEROES]);
        let t = g.players[0].threat;
        let td = g.spawn("TLR-058", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, td);
        assert_eq!(g.players[0].threat, t, "no active location: +0");
        g.spawn("TLR-057", ENCOUNTER, Zone::Active);
        let td = g.spawn("TLR-058", ENCOUNTER, Zone::EncounterDeck);
        crate::cards::testkit::reveal_resolving(&mut g, td);
        assert_eq!(g.players[0].threat, t + 3);
        // Shadow, defended: the defender's player picks +3 threat or undefended.
        let mut g = sandbox(&[HEROES]);
        let hs = heroes(&g, 0);
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, e, "TLR-058");
        g.answer(Opt::Card(hs[0]));
        g.answer(Opt::Mode(1));
        // Undefended: the full 2 attack on a hero of our choice.
        g.answer(Opt::Card(hs[2]));
        assert_eq!(g.card(hs[2]).damage, 2);
        assert_eq!(g.players[0].threat, t);
        // Undefended already: only the threat.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, e, "TLR-058");
        g.answer(Opt::Undefended);
        assert_eq!(g.players[0].threat, t + 3);
    }

    #[test]
    fn search_the_ruins() {
        let mut g = sandbox(&[HEROES]);
        let s = g.spawn("TLR-059", ENCOUNTER, Zone::Staging);
        let t = g.players[0].threat;
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.players[0].threat, t + 2);
        g.card_mut(s).progress = 8;
        g.settle();
        assert_eq!(g.card(s).zone, Zone::Victory);
        assert_eq!(g.players[0].threat, t - 1);
    }
}
