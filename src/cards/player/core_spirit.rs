//! Core Set, Spirit sphere: Éowyn, Eleanor, Dúnhere and the Spirit player cards (Core-043..057).
//!
//! Each script has a one-line summary of what the card does (in our words, not the printed text).
//! "Limit once per round" bits live in `PlayerState::round_flags`; Spirit uses bits 16–23.

use crate::cards::common::{area_players, staged};
use crate::cards::common::{count_use, host, to_hero, unused_this_round};
use crate::cards::hints::{AttachKind, CommitProgress, Hint, BOOST_WILLPOWER, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Stat, Until, Zone, NO_CARD,
};
use crate::events;

/// Éowyn's ability used this round by this player.
const EOWYN_BIT: u32 = 1 << 16;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "Core-007",
        hint: Hint {
            play_value: Some(bot::eowyn_value),
            effect: Some(bot::eowyn_effect),
            boosts_own_quest: true,
            phase_boost: BOOST_WILLPOWER,
            ..NO_HINT
        },
        any_player: true,
        can_act: Some(eowyn_can),
        act: Some(eowyn_act),
        resume: Some(eowyn_resume),
        ..BLANK
    },
    Script {
        code: "Core-008",
        hint: Hint {
            play_value: Some(bot::eleanor_value),
            ..NO_HINT
        },
        can_respond: Some(eleanor_can),
        respond_on: events![CancelWhenRevealed],
        respond: Some(eleanor_respond),
        ..BLANK
    },
    Script {
        code: "Core-009",
        rule: Some(dunhere_rule),
        rule_on: crate::rules![AttacksStagingAlone],
        modify: Some(dunhere_modify),
        ..BLANK
    },
    Script {
        code: "Core-043",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_act: Some(took_can),
        act: Some(took_act),
        resume: Some(took_resume),
        ..BLANK
    },
    Script {
        code: "Core-044",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            commit_progress: CommitProgress {
                active: 1,
                each_staged: 0,
            },
            ..NO_HINT
        },
        can_respond: Some(guide_can),
        respond_on: events![Committed],
        respond: Some(guide_respond),
        ..BLANK
    },
    Script {
        code: "Core-045",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            commit_progress: CommitProgress {
                active: 0,
                each_staged: 1,
            },
            ..NO_HINT
        },
        can_respond: Some(tracker_can),
        respond_on: events![Committed],
        respond: Some(tracker_respond),
        ..BLANK
    },
    Script {
        code: "Core-046",
        hint: Hint {
            play_value: Some(bot::the_galadhrims_greeting_value),
            threat_reduction: 6,
            ..NO_HINT
        },
        can_act: Some(greeting_can),
        act: Some(greeting_act),
        resume: Some(greeting_resume),
        mode_names: &[(0, 0, "every player lowers threat by 2")],
        ..BLANK
    },
    Script {
        code: "Core-047",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(strength_can),
        respond_on: events![Traveled],
        respond: Some(strength_respond),
        resume: Some(strength_resume),
        ..BLANK
    },
    Script {
        code: "Core-048",
        hint: Hint {
            key_response: 1,
            play_value: Some(bot::hasty_stroke_value),
            ..NO_HINT
        },
        can_respond: Some(hasty_can),
        respond_on: events![CancelShadow],
        respond: Some(cancel_respond),
        ..BLANK
    },
    Script {
        code: "Core-049",
        hint: Hint {
            play_value: Some(crate::cards::hints::refills_deck_value),
            refills_deck: true,
            ..NO_HINT
        },
        can_act: Some(west_can),
        act: Some(west_act),
        resume: Some(west_resume),
        ..BLANK
    },
    Script {
        code: "Core-050",
        hint: Hint {
            key_response: 1,
            play_value: Some(bot::a_test_of_will_value),
            ..NO_HINT
        },
        can_respond: Some(test_of_will_can),
        respond_on: events![CancelWhenRevealed],
        respond: Some(cancel_respond),
        ..BLANK
    },
    Script {
        code: "Core-051",
        hint: Hint {
            play_value: Some(bot::stand_and_fight_value),
            ..NO_HINT
        },
        can_act: Some(stand_fight_can),
        act: Some(stand_fight_act),
        resume: Some(stand_fight_resume),
        ..BLANK
    },
    Script {
        code: "Core-052",
        hint: Hint {
            play_value: Some(bot::a_light_in_the_dark_value),
            ..NO_HINT
        },
        can_act: Some(light_can),
        act: Some(light_act),
        resume: Some(light_resume),
        ..BLANK
    },
    Script {
        code: "Core-053",
        hint: Hint {
            play_value: Some(crate::cards::hints::returns_from_discard_value),
            returns_from_discard: true,
            ..NO_HINT
        },
        can_act: Some(tomb_can),
        act: Some(tomb_act),
        resume: Some(tomb_resume),
        ..BLANK
    },
    Script {
        code: "Core-054",
        hint: Hint {
            play_value: Some(bot::fortune_or_fate_value),
            ..NO_HINT
        },
        can_act: Some(fortune_can),
        act: Some(fortune_act),
        resume: Some(fortune_resume),
        ..BLANK
    },
    Script {
        code: "Core-055",
        hint: Hint {
            attach: Some((30, AttachKind::Willpower)),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        modify: Some(favor_modify),
        ..BLANK
    },
    Script {
        code: "Core-056",
        hint: Hint {
            attach: Some((20, AttachKind::Location)),
            ..NO_HINT
        },
        attach_to: Some(power_attach),
        modify: Some(power_modify),
        ..BLANK
    },
    Script {
        code: "Core-057",
        hint: Hint {
            attach: Some((40, AttachKind::General)),
            play_value: Some(bot::unexpected_courage_value),
            readies: true,
            ready_target: Some(|g, me, x| host(g, me) == Some(x)),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        can_act: Some(courage_can),
        act: Some(courage_act),
        ..BLANK
    },
];

// ----------------------------------------------------------------- shared helpers

/// The reveal procedure of `c` still under way: (revealing player, revealed from the deck).
pub(crate) fn reveal_of(g: &Game, c: CardId) -> Option<(u8, bool)> {
    g.stack.iter().rev().find_map(|f| match *f {
        Frame::Reveal {
            card,
            by,
            from_deck,
            ..
        } if card == c => Some((by, from_deck)),
        _ => None,
    })
}

/// Can the When Revealed effects of `c` be canceled by a player card? Not those of side quests, of
/// Encounter-keyword player cards, or of cards that say they cannot be canceled (RULES §5.28, §6.5.3).
/// (The engine offers the cancel window only for cancelable cards; checked here as well.)
pub(crate) fn cancelable_reveal(g: &Game, c: CardId) -> bool {
    !g.is_side_quest(c)
        && !g.def_of(c).keywords.encounter
        && g.script(c)
            .is_some_and(|s| s.when_revealed.is_some() && !s.uncancelable)
}

/// Cancel responses (A Test of Will, Hasty Stroke): the reveal / shadow step skips the effect.
fn cancel_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    g.canceled = true;
}

// ----------------------------------------------------------------- Éowyn (Core-007)

// Action: pay by discarding one hand card; she gains +1 Willpower for this phase. Once per round for
// each player (bit per player; only her controller is offered it: the engine offers actions to controllers).
fn eowyn_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.players[p as usize].round_flags & EOWYN_BIT == 0 && !g.list(Zone::Hand(p)).is_empty()
}

fn eowyn_act(g: &mut Game, me: CardId, p: u8) {
    g.players[p as usize].round_flags |= EOWYN_BIT;
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Hand(p)).len() {
        let c = g.list(Zone::Hand(p))[i];
        g.offer(Opt::Card(c));
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn eowyn_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Hand(cont.player) {
            g.discard(c);
            if g.card(cont.card).zone.in_play() {
                g.add_lasting(
                    cont.card,
                    Lasting::Stat(Stat::Willpower, 1),
                    Until::EndOfPhase,
                );
            }
        }
    }
}

// ----------------------------------------------------------------- Eleanor (Core-008)

// Response: exhaust her when a treachery is revealed from the encounter deck to cancel its
// when-revealed effects, discard it and reveal the next encounter card instead.
fn eleanor_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::CancelWhenRevealed(c) = ev else {
        return false;
    };
    g.is_ready(me)
        && !g.canceled
        && g.ty(c) == CardType::Treachery
        && cancelable_reveal(g, c)
        && matches!(reveal_of(g, c), Some((_, true)))
}

fn eleanor_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    let Event::CancelWhenRevealed(c) = ev else {
        return;
    };
    g.exhaust(me);
    g.canceled = true;
    let by = reveal_of(g, c).map(|(by, _)| by).unwrap_or(g.first);
    if g.card(c).zone == Zone::Resolving {
        g.move_card(c, Zone::EncounterDiscard);
    }
    // The replacement is revealed once the canceled card's reveal procedure is over (a nested reveal
    // now would reset `canceled` before the canceled card's When Revealed step).
    let at = g
        .stack
        .iter()
        .rposition(|f| matches!(*f, Frame::Reveal { card, .. } if card == c))
        .unwrap_or(g.stack.len());
    g.stack.insert(at, Frame::RevealTop { by });
}

// ----------------------------------------------------------------- Dúnhere (Core-009)

// May attack enemies in the staging area when attacking alone, and gets +1 Attack doing so.
fn dunhere_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::AttacksStagingAlone(me)
}

fn dunhere_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let a = &g.patk;
    let alone_vs_staging = a.enemy != NO_CARD
        && a.n_attackers == 1
        && a.attackers[0] == me
        && g.card(a.enemy).zone == Zone::Staging;
    (s == Stat::Attack && target == me && alone_vs_staging) as i16
}

// ----------------------------------------------------------------- Wandering Took (Core-043)

// Action: lower your threat by 3 to hand this ally to another player, whose threat rises by 3.
// Once per round per copy (whoever controls it).
fn took_can(g: &Game, me: CardId, p: u8) -> bool {
    unused_this_round(g, me)
        && g.players[p as usize].threat >= 3
        && !g.rule(Rule::CannotReduceThreat(p))
        && g.area_seats().any(|q| q != p)
}

fn took_act(g: &mut Game, me: CardId, p: u8) {
    count_use(g, me);
    g.reduce_threat(p, 3);
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if q != p && !g.players[q as usize].eliminated {
            g.offer(Opt::Player(q));
        }
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn took_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let Opt::Player(q) = opt else { return };
    if matches!(g.card(me).zone, Zone::Play(_)) {
        g.move_card_keep(me, Zone::Play(q));
        g.card_mut(me).controller = q;
    }
    g.raise_threat_by_player(q, 3);
}

// ----------------------------------------------------------------- Lórien Guide (Core-044)

// Response: after it commits to the quest, 1 progress on the active location.
fn guide_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::Committed(me) && g.active_location().is_some_and(|l| !g.immune(l))
}

fn guide_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    if let Some(l) = g.active_location() {
        if !g.immune(l) {
            g.add_progress(l, 1);
        }
    }
}

// ----------------------------------------------------------------- Northern Tracker (Core-045)

// Response: after it commits to the quest, 1 progress on every location in the staging area.
fn tracker_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::Committed(me) && staged(g).any(|l| g.is_location(l) && !g.immune(l))
}

fn tracker_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    for i in 0..g.list(Zone::Staging).len() {
        let l = g.list(Zone::Staging)[i];
        if g.is_location(l) && !g.immune(l) && g.card_in_this_area(l) {
            g.add_progress(l, 1);
        }
    }
}

// ----------------------------------------------------------------- The Galadhrim's Greeting (Core-046)

// Action: either one player lowers his threat by 6, or every player lowers his by 2.
fn reducible(g: &Game, q: u8) -> bool {
    let ps = &g.players[q as usize];
    !ps.eliminated && ps.threat > 0 && !g.rule(Rule::CannotReduceThreat(q))
}

fn greeting_can(g: &Game, _me: CardId, _p: u8) -> bool {
    area_players(g).any(|q| reducible(g, q))
}

fn greeting_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if reducible(g, q) {
            g.offer(Opt::Player(q));
        }
    }
    // "Each player by 2" is only a different choice when several players are in the game.
    if g.players_in_this_area() > 1 {
        g.offer(Opt::Mode(0));
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn greeting_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    match opt {
        Opt::Player(q) => {
            g.reduce_threat(q, 6);
        }
        Opt::Mode(0) => {
            for q in area_players(g) {
                if !g.players[q as usize].eliminated {
                    g.reduce_threat(q, 2);
                }
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Strength of Will (Core-047)

// Response: after traveling, exhaust one of your Spirit characters for 2 progress on the new location.
fn spirit_ready(g: &Game, c: CardId) -> bool {
    g.is_ready(c) && g.def_of(c).sphere == Sphere::Spirit
}

fn strength_can(g: &Game, _me: CardId, seat: u8, ev: Event) -> bool {
    let Event::Traveled(l) = ev else { return false };
    g.card(l).zone == Zone::Active && !g.immune(l) && g.characters(seat).any(|c| spirit_ready(g, c))
}

fn strength_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    let Event::Traveled(l) = ev else { return };
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Play(seat)).len() {
        let c = g.list(Zone::Play(seat))[i];
        if g.is_character(c) && spirit_ready(g, c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, l as i16, 0));
}

fn strength_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(c) = opt else { return };
    g.exhaust(c);
    let l = cont.a as CardId;
    if g.card(l).zone == Zone::Active {
        g.add_progress(l, 2);
    }
}

// ----------------------------------------------------------------- Hasty Stroke (Core-048)

// Response: cancel a shadow effect as it is triggered.
fn hasty_can(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::CancelShadow(_)) && !g.canceled
}

// ----------------------------------------------------------------- Will of the West (Core-049)

// Action: one player shuffles his discard pile into his deck; this card is removed from the game.
fn west_target(g: &Game, q: u8) -> bool {
    !g.players[q as usize].eliminated
        && !g.list(Zone::Discard(q)).is_empty()
        && crate::cards::common::discard_pile_open(g, q)
}

fn west_can(g: &Game, _me: CardId, _p: u8) -> bool {
    area_players(g).any(|q| west_target(g, q))
}

fn west_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if west_target(g, q) {
            g.offer(Opt::Player(q));
        }
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn west_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Player(q) = opt {
        while let Some(&c) = g.list(Zone::Discard(q)).last() {
            g.move_card(c, Zone::Deck(q));
        }
        g.shuffle(Zone::Deck(q));
    }
    g.move_card(cont.card, Zone::Removed);
}

// ----------------------------------------------------------------- A Test of Will (Core-050)

// Response: cancel the when-revealed effects of a card just revealed from the encounter deck.
fn test_of_will_can(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::CancelWhenRevealed(c) = ev else {
        return false;
    };
    !g.canceled && cancelable_reveal(g, c) && matches!(reveal_of(g, c), Some((_, true)))
}

// ----------------------------------------------------------------- Stand and Fight (Core-051)

// Action (cost X): put an ally of printed cost X from any discard pile into play under your control.
// The engine pays 0 for a printed X; X is paid here from Spirit resources once the ally is chosen.
fn stand_fight_target(g: &Game, a: CardId, p: u8) -> bool {
    let cost = g.def_of(a).cost;
    let open = match g.card(a).zone {
        Zone::Discard(q) => crate::cards::common::discard_pile_open(g, q),
        _ => true,
    };
    g.is_ally(a) && cost >= 0 && g.can_pay(p, Sphere::Spirit, cost) && !g.unique_in_play(a) && open
}

fn stand_fight_can(g: &Game, _me: CardId, p: u8) -> bool {
    area_players(g).any(|q| {
        g.list(Zone::Discard(q))
            .iter()
            .any(|&a| stand_fight_target(g, a, p))
    })
}

fn stand_fight_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        for i in 0..g.list(Zone::Discard(q)).len() {
            let a = g.list(Zone::Discard(q))[i];
            if stand_fight_target(g, a, p) {
                g.offer(Opt::Card(a));
            }
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn stand_fight_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(a) = opt else { return };
    let p = cont.player;
    let cost = g.def_of(a).cost.max(0);
    g.pay(p, Sphere::Spirit, cost);
    g.put_into_play(a, p);
}

// ----------------------------------------------------------------- A Light in the Dark (Core-052)

// Action: send an enemy engaged with a player back to the staging area.
fn light_targets<'a>(g: &'a Game) -> impl Iterator<Item = CardId> + 'a {
    area_players(g)
        .flat_map(move |q| g.engaged(q).iter().copied())
        .filter(move |&e| g.is_enemy(e) && !g.immune(e))
}

fn light_can(g: &Game, _me: CardId, _p: u8) -> bool {
    light_targets(g).next().is_some()
}

fn light_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        for i in 0..g.engaged(q).len() {
            let e = g.engaged(q)[i];
            if g.is_enemy(e) && !g.immune(e) {
                g.offer(Opt::Card(e));
            }
        }
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn light_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        if matches!(g.card(e).zone, Zone::Engaged(_)) {
            g.return_to_staging(e);
        }
    }
}

// ----------------------------------------------------------------- Dwarven Tomb (Core-053)

// Action: move one Spirit card of yours from the discard pile to the hand. Engine choice: heroes are
// not offered (a dead hero in hand could never be played and would only dodge the dead-hero score).
fn tomb_target(g: &Game, c: CardId) -> bool {
    g.def_of(c).sphere == Sphere::Spirit && !g.is_hero(c)
}

fn tomb_can(g: &Game, _me: CardId, p: u8) -> bool {
    crate::cards::common::discard_pile_open(g, p)
        && g.list(Zone::Discard(p)).iter().any(|&c| tomb_target(g, c))
}

fn tomb_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Discard(p)).len() {
        let c = g.list(Zone::Discard(p))[i];
        if tomb_target(g, c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn tomb_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Discard(cont.player) {
            g.move_card(c, Zone::Hand(cont.player));
        }
    }
}

// ----------------------------------------------------------------- Fortune or Fate (Core-054)

// Action: put a hero from any player's discard pile back into play under its owner's control.
fn fortune_target(g: &Game, h: CardId) -> bool {
    g.is_hero(h) && !g.unique_in_play(h)
}

fn fortune_can(g: &Game, _me: CardId, _p: u8) -> bool {
    area_players(g).any(|q| {
        g.list(Zone::Discard(q))
            .iter()
            .any(|&h| fortune_target(g, h))
    })
}

fn fortune_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        for i in 0..g.list(Zone::Discard(q)).len() {
            let h = g.list(Zone::Discard(q))[i];
            if fortune_target(g, h) {
                g.offer(Opt::Card(h));
            }
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn fortune_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(h) = opt {
        let owner = g.card(h).owner;
        if g.card(h).zone == Zone::Discard(owner) && !g.players[owner as usize].eliminated {
            g.put_into_play(h, owner);
        }
    }
}

// ----------------------------------------------------------------- The Favor of the Lady (Core-055)

// Hero attachment: +1 Willpower.
fn favor_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Willpower && host(g, me) == Some(target)) as i16
}

// ----------------------------------------------------------------- Power in the Earth (Core-056)

// Location attachment: -1 Threat.
fn power_attach(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_location(t) && !g.immune(t)
}

fn power_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    -((s == Stat::Threat && host(g, me) == Some(target)) as i16)
}

// ----------------------------------------------------------------- Unexpected Courage (Core-057)

// Hero attachment. Action: exhaust it to ready the hero it is attached to.
fn courage_can(g: &Game, me: CardId, p: u8) -> bool {
    host(g, me).is_some_and(|h| g.is_ready(me) && !g.is_ready(h) && g.controller(me) == p)
}

fn courage_act(g: &mut Game, me: CardId, _p: u8) {
    if let Some(h) = host(g, me) {
        g.exhaust(me);
        g.ready(h);
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    pub(super) fn unexpected_courage_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        // Unexpected Courage: ready the hero after committing / before combat.
        let host = match g.card(c).zone {
            Zone::Attached(h) => h,
            _ => NO_CARD,
        };
        (host != NO_CARD
            && !ready(g, host)
            && (phase == Phase::Combat
                || (phase == Phase::Quest && any_questing(g, p))
                || phase == Phase::Encounter)) as i32
            * 35
    }

    pub(super) fn a_test_of_will_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::CancelWhenRevealed(x)) if cancel_worthy(g, x) => 50, // A Test of Will
            _ => 0,
        }
    }

    pub(super) fn hasty_stroke_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::CancelShadow(_)) if shadow_dangerous(g) => 40, // Hasty Stroke
            _ => 0,
        }
    }

    /// Éowyn: before committing, with a full hand, when the quest is resolved with Willpower
    /// (her +1 is wasted on a Battle or Siege stage).
    /// Éowyn: a spare card for +1 Willpower before the commits, or (sense40) once she quests
    /// (`basic`'s `boost_committed=2` waits for that).
    pub(super) fn eowyn_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let hand_n = hand(g, p).len();
        (phase == Phase::Quest
            && g.questing_stat() == Stat::Willpower
            && (!any_questing(g, p) || g.card(c).questing)
            && hand_n >= 5) as i32
            * 10
    }

    /// Éowyn / Protector of Lórien / Elven Jeweler: discard the least useful card in hand.
    pub(super) fn eowyn_effect(g: &Game, p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| hand_card_value(g, p, c)),
            _ => None,
        }
    }

    pub(super) fn eleanor_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::CancelWhenRevealed(x)) if cancel_worthy(g, x) => 40, // Eleanor
            _ => 0,
        }
    }

    /// The Galadhrim's Greeting
    pub(super) fn the_galadhrims_greeting_value(
        g: &Game,
        p: u8,
        _c: CardId,
        _ev: Option<Event>,
    ) -> i32 {
        let threat = g.players[p as usize].threat;
        ((threat >= 35) || greeting_stops_an_engagement(g, p)) as i32 * 60
    }

    /// The Galadhrim's Greeting after the staging step and before the engagement checks
    /// (travel or encounter phase): some staged enemy would engage `p` now (engagement cost at
    /// most his threat) and stays staged once the threat is 6 lower.
    fn greeting_stops_an_engagement(g: &Game, p: u8) -> bool {
        if !matches!(g.phase, Phase::Travel | Phase::Encounter) || g.rule(Rule::NoEngagementChecks)
        {
            return false;
        }
        let threat = g.players[p as usize].threat;
        g.list(Zone::Staging).iter().any(|&e| {
            g.is_enemy(e) && {
                let cost = g.stat(e, Stat::Engagement);
                cost <= threat && cost > threat - 6
            }
        })
    }

    pub(super) fn stand_and_fight_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        // Stand and Fight: an ally in a discard pile we can afford.
        (phase == Phase::Planning && discard_ally_affordable(g, p)) as i32 * 40
    }

    /// A Light in the Dark
    pub(super) fn a_light_in_the_dark_value(
        g: &Game,
        p: u8,
        _c: CardId,
        _ev: Option<Event>,
    ) -> i32 {
        let phase = g.phase;
        (phase == Phase::Combat && max_engaged_attack(g, p) >= 4) as i32 * 20
    }

    pub(super) fn fortune_or_fate_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        area_players(g).any(|q| g.list(Zone::Discard(q)).iter().any(|&x| g.is_hero(x))) as i32 * 60
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::testkit::sandbox;
    use crate::cards::testkit::{actions, hero, options};
    use crate::engine::{CardId, Event, Frame, Game, Opt, Phase, Stat, Zone, ENCOUNTER};

    /// A treachery (or other card) being revealed from the deck, stopped at its cancel window.
    fn start_reveal(g: &mut Game, code: &str, from_deck: bool) -> CardId {
        let t = g.spawn(code, ENCOUNTER, Zone::Resolving);
        g.stack.push(Frame::Reveal {
            card: t,
            by: 0,
            stage: 1,
            from_deck,
        });
        g.emit(Event::CancelWhenRevealed(t));
        t
    }

    #[test]
    fn eowyn() {
        let mut g = sandbox(&[&["Core-007"]]);
        let e = hero(&g, "Core-007");
        assert!(actions(&mut g).contains(&Opt::Activate(e)));
        let card = g.list(Zone::Hand(0))[0];
        g.act(0, Opt::Activate(e));
        g.answer(Opt::Card(card));
        assert_eq!(g.stat(e, Stat::Willpower), 5);
        assert_eq!(g.card(card).zone, Zone::Discard(0));
        assert_eq!(g.list(Zone::Hand(0)).len(), 5);
        // Once per round.
        assert!(!actions(&mut g).contains(&Opt::Activate(e)));
        g.expire(crate::engine::Until::EndOfPhase);
        assert_eq!(g.stat(e, Stat::Willpower), 4);
    }

    /// sense51: once Éowyn has used her +1 Willpower in the quest phase, and until she is
    /// committed, `paid_own_quest_boost` says the boost is paid for (the bots then send her).
    #[test]
    fn eowyn_paid_own_quest_boost() {
        use crate::cards::hints::paid_own_quest_boost;
        let mut g = sandbox(&[&["Core-007"]]);
        g.phase = Phase::Quest;
        let e = hero(&g, "Core-007");
        assert!(!paid_own_quest_boost(&g, e), "not used yet");
        let card = g.list(Zone::Hand(0))[0];
        g.act(0, Opt::Activate(e));
        g.answer(Opt::Card(card));
        assert!(paid_own_quest_boost(&g, e), "used, not committed");
        g.card_mut(e).questing = true;
        assert!(!paid_own_quest_boost(&g, e), "committed");
        g.card_mut(e).questing = false;
        g.expire(crate::engine::Until::EndOfPhase);
        assert!(!paid_own_quest_boost(&g, e), "the boost is over");
    }

    #[test]
    fn eowyn_hint_only_when_willpower_quests() {
        use crate::cards::hints::action_value;
        for battle in [false, true] {
            let mut g = sandbox(&[&["Core-007"]]);
            if battle {
                // Accursed Battlefield active: the quest is resolved with Attack.
                g.spawn("TBoCD-132", ENCOUNTER, Zone::Active);
            }
            let e = hero(&g, "Core-007");
            while g.list(Zone::Hand(0)).len() < 5 {
                g.spawn("Core-013", 0, Zone::Hand(0));
            }
            g.phase = Phase::Quest;
            assert_eq!(g.questing_stat() != Stat::Willpower, battle);
            let want = if battle { 0 } else { 10 };
            assert_eq!(action_value(&g, 0, e, None), want, "battle {battle}");
        }
    }

    #[test]
    fn eleanor() {
        let mut g = sandbox(&[&["Core-008"]]);
        let el = hero(&g, "Core-008");
        let next = g.spawn("TLR-047", ENCOUNTER, Zone::EncounterDeck);
        let t = start_reveal(&mut g, "TLR-022", true);
        assert!(options(&g).contains(&Opt::Activate(el)));
        g.answer(Opt::Activate(el));
        assert!(!g.is_ready(el));
        assert_eq!(g.card(t).zone, Zone::EncounterDiscard);
        assert_eq!(
            g.card(next).zone,
            Zone::Staging,
            "the next encounter card is revealed instead"
        );
        assert!(g.pending().is_none());
    }

    #[test]
    fn eleanor_not_for_enemies_or_when_exhausted() {
        let mut g = sandbox(&[&["Core-008"]]);
        let el = hero(&g, "Core-008");
        start_reveal(&mut g, "TLR-043", true); // Angmar Orc: an enemy with a When Revealed
        assert!(
            !options(&g).contains(&Opt::Activate(el)),
            "an enemy is not a treachery"
        );
        let mut g = sandbox(&[&["Core-008"]]);
        let el = hero(&g, "Core-008");
        g.exhaust(el);
        start_reveal(&mut g, "TLR-022", true);
        assert!(
            !options(&g).contains(&Opt::Activate(el)),
            "exhausted Eleanor cannot pay her cost"
        );
    }

    #[test]
    fn eleanor_in_hand_has_no_response() {
        // A dead hero shuffled back into the deck (Will of the West) and drawn is a card in
        // hand: her response works only in play.
        let mut g = sandbox(&[&["Core-008"]]);
        let copy = g.spawn("Core-008", 0, Zone::Hand(0));
        start_reveal(&mut g, "TLR-022", true);
        assert!(!options(&g).contains(&Opt::Activate(copy)));
    }

    #[test]
    fn dunhere() {
        let mut g = sandbox(&[&["Core-009"]]);
        let d = hero(&g, "Core-009");
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Staging); // DEF 2, HP 4
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        assert!(
            options(&g).contains(&Opt::Card(e)),
            "may attack a staging-area enemy"
        );
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(d));
        assert_eq!(
            g.card(e).damage,
            1,
            "2 ATK + 1 against the staging area, minus 2 DEF"
        );
        assert_eq!(g.stat(d, Stat::Attack), 2, "bonus only while attacking");
    }

    #[test]
    fn eowyn_any_player_may_use_her_ability() {
        let mut g = sandbox(&[&["Core-007"], &["Core-004"]]);
        let e = hero(&g, "Core-007");
        let card = g.list(Zone::Hand(1))[0];
        // P2 uses P1's Éowyn, discarding from his own hand.
        g.act(1, Opt::Activate(e));
        g.answer(Opt::Card(card));
        assert_eq!(g.stat(e, Stat::Willpower), 5);
        assert_eq!(g.card(card).zone, Zone::Discard(1));
        // Once per round for each player: P2 cannot again, P1 still can.
        let can = crate::cards::by_index(g.card(e).script).can_act.unwrap();
        assert!(!can(&g, e, 1));
        assert!(can(&g, e, 0));
    }

    #[test]
    fn wandering_took() {
        let mut g = sandbox(&[&["Core-007"], &["Core-004"]]);
        let took = g.spawn("Core-043", 0, Zone::Play(0));
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        assert!(actions(&mut g).contains(&Opt::Activate(took)));
        g.act(0, Opt::Activate(took));
        assert_eq!(g.card(took).zone, Zone::Play(1));
        assert_eq!(g.controller(took), 1);
        assert_eq!(g.players[0].threat, t0 - 3);
        assert_eq!(g.players[1].threat, t1 + 3);
        // Limit once per round, whoever controls it now.
        assert!(!crate::cards::by_index(g.card(took).script)
            .can_act
            .unwrap()(&g, took, 1));
    }

    #[test]
    fn wandering_took_limit_is_per_copy() {
        let mut g = sandbox(&[&["Core-007"], &["Core-004"]]);
        let a = g.spawn("Core-043", 0, Zone::Play(0));
        let b = g.spawn("Core-043", 0, Zone::Play(0));
        g.act(0, Opt::Activate(a));
        assert_eq!(g.controller(a), 1);
        let acts = actions(&mut g);
        assert!(
            acts.contains(&Opt::Activate(b)),
            "another copy of the same owner still has its use this round"
        );
        g.act(0, Opt::Activate(b));
        assert_eq!(g.controller(b), 1);
        let can = crate::cards::by_index(g.card(a).script).can_act.unwrap();
        assert!(!can(&g, a, 1) && !can(&g, b, 1), "each copy once per round");
    }

    #[test]
    fn wandering_took_not_offered_alone() {
        let mut g = sandbox(&[&["Core-007"]]);
        let took = g.spawn("Core-043", 0, Zone::Play(0));
        assert!(!actions(&mut g).contains(&Opt::Activate(took)));
    }

    #[test]
    fn lorien_guide() {
        let mut g = sandbox(&[&["Core-007"]]);
        let guide = g.spawn("Core-044", 0, Zone::Play(0));
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Active);
        g.emit(Event::Committed(guide));
        g.answer(Opt::Activate(guide));
        assert_eq!(g.card(l).progress, 1);
    }

    #[test]
    fn northern_tracker() {
        let mut g = sandbox(&[&["Core-007"]]);
        let nt = g.spawn("Core-045", 0, Zone::Play(0));
        let a = g.spawn("TLR-047", ENCOUNTER, Zone::Staging);
        let b = g.spawn("TLR-057", ENCOUNTER, Zone::Staging);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        g.emit(Event::Committed(nt));
        g.answer(Opt::Activate(nt));
        assert_eq!(
            (g.card(a).progress, g.card(b).progress, g.card(e).progress),
            (1, 1, 0)
        );
    }

    #[test]
    fn the_galadhrims_greeting() {
        let mut g = sandbox(&[&["Core-007"], &["Core-004"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 3;
        let c = g.spawn("Core-046", 0, Zone::Hand(0));
        let (t0, t1) = (g.players[0].threat, g.players[1].threat);
        g.act(0, Opt::Play(c));
        assert!(options(&g).contains(&Opt::Mode(0)));
        g.answer(Opt::Player(1));
        assert_eq!((g.players[0].threat, g.players[1].threat), (t0, t1 - 6));
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert_eq!(g.cards[h as usize].resources, 0);
        // The other mode: each player by 2.
        g.cards[h as usize].resources = 3;
        let c2 = g.spawn("Core-046", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c2));
        g.answer(Opt::Mode(0));
        assert_eq!((g.players[0].threat, g.players[1].threat), (t0 - 2, t1 - 8));
    }

    #[test]
    fn the_galadhrims_greeting_reaches_only_its_staging_area_while_split() {
        // P1 and P3 share staging area 0, P2 is alone in area 1 (Escape from Mount Gram).
        let mut g = sandbox(&[&["Core-007"], &["Core-004"], &["Core-001"]]);
        g.split_areas();
        g.join_area(2, 0);
        assert!(g.areas.split);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 6;
        let t = |g: &Game| (0..3).map(|p| g.players[p].threat).collect::<Vec<_>>();
        let t0 = t(&g);
        g.focus(0);
        let c = g.spawn("Core-046", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        g.check_invariants().unwrap();
        assert_eq!(
            options(&g),
            vec![Opt::Player(0), Opt::Player(2), Opt::Mode(0)],
            "a player of P1's area, or each of them"
        );
        g.answer(Opt::Mode(0));
        assert_eq!(
            t(&g),
            vec![t0[0] - 2, t0[1], t0[2] - 2],
            "P2 is out of reach"
        );
        // The rule option off: every player is in reach.
        let mut g2 = sandbox(&[&["Core-007"], &["Core-004"]]);
        let mut o = g2.setup.options.clone();
        o.player_cards_stop_at_areas = false;
        let setup: &'static crate::engine::GameSetup =
            Box::leak(Box::new(crate::engine::GameSetup {
                options: o,
                ..g2.setup.clone()
            }));
        g2.setup = setup;
        g2.split_areas();
        let h = hero(&g2, "Core-007");
        g2.cards[h as usize].resources = 3;
        g2.focus(0);
        let c = g2.spawn("Core-046", 0, Zone::Hand(0));
        g2.act(0, Opt::Play(c));
        assert!(options(&g2).contains(&Opt::Player(1)));
    }

    #[test]
    fn northern_tracker_explores_only_its_staging_area_while_split() {
        let mut g = sandbox(&[&["Core-007"], &["Core-004"]]);
        g.split_areas();
        let nt = g.spawn("Core-045", 0, Zone::Play(0));
        g.areas.now = 1;
        let far = g.spawn("TLR-057", ENCOUNTER, Zone::Staging);
        g.areas.now = 0;
        let near = g.spawn("TLR-047", ENCOUNTER, Zone::Staging);
        assert_eq!((g.card(near).area, g.card(far).area), (0, 1));
        g.emit(Event::Committed(nt));
        g.check_invariants().unwrap();
        g.answer(Opt::Activate(nt));
        assert_eq!((g.card(near).progress, g.card(far).progress), (1, 0));
    }

    #[test]
    fn strength_of_will() {
        let mut g = sandbox(&[&["Core-007"]]);
        let e = hero(&g, "Core-007");
        let c = g.spawn("Core-047", 0, Zone::Hand(0));
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Active);
        g.emit(Event::Traveled(l));
        g.answer(Opt::Activate(c));
        assert!(!g.is_ready(e));
        assert_eq!(g.card(l).progress, 2);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn strength_of_will_needs_a_ready_spirit_character() {
        let mut g = sandbox(&[&["Core-007"]]);
        let e = hero(&g, "Core-007");
        g.spawn("Core-047", 0, Zone::Hand(0));
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Active);
        g.exhaust(e);
        g.emit(Event::Traveled(l));
        assert!(g.pending().is_none());
        assert_eq!(g.card(l).progress, 0);
    }

    #[test]
    fn hasty_stroke() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-048", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let sh = g.spawn("TLR-058", ENCOUNTER, Zone::Shadow(e));
        g.canceled = false;
        g.emit(Event::CancelShadow(sh));
        g.answer(Opt::Activate(c));
        assert!(g.canceled);
        assert_eq!(g.cards[h as usize].resources, 0);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn will_of_the_west() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-049", 0, Zone::Hand(0));
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "nothing to shuffle back"
        );
        for _ in 0..3 {
            let x = g.list(Zone::Hand(0))[0];
            g.discard(x);
        }
        let deck = g.list(Zone::Deck(0)).len();
        assert!(actions(&mut g).contains(&Opt::Play(c)));
        g.act(0, Opt::Play(c));
        assert!(g.list(Zone::Discard(0)).is_empty());
        assert_eq!(g.list(Zone::Deck(0)).len(), deck + 3);
        assert_eq!(g.card(c).zone, Zone::Removed);
    }

    #[test]
    fn a_test_of_will() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-050", 0, Zone::Hand(0));
        let t = start_reveal(&mut g, "TLR-022", true);
        assert!(options(&g).contains(&Opt::Activate(c)));
        g.answer(Opt::Activate(c));
        assert!(g.canceled);
        assert_eq!(g.card(t).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert_eq!(g.cards[h as usize].resources, 0);
    }

    #[test]
    fn a_test_of_will_not_offered_unaffordable_or_not_from_deck() {
        let mut g = sandbox(&[&["Core-007"]]);
        let c = g.spawn("Core-050", 0, Zone::Hand(0));
        start_reveal(&mut g, "TLR-022", true);
        assert!(
            !options(&g).contains(&Opt::Activate(c)),
            "no resource to pay"
        );
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        let c = g.spawn("Core-050", 0, Zone::Hand(0));
        g.cards[h as usize].resources = 1;
        start_reveal(&mut g, "TLR-022", false);
        assert!(
            !options(&g).contains(&Opt::Activate(c)),
            "not revealed from the encounter deck"
        );
        assert_eq!(g.card(c).zone, Zone::Hand(0));
    }

    #[test]
    fn a_test_of_will_and_eleanor_cannot_cancel_side_quests_or_uncancelable_effects() {
        let mut g = sandbox(&[&["Core-008"]]);
        let el = hero(&g, "Core-008");
        g.cards[el as usize].resources = 1;
        let c = g.spawn("Core-050", 0, Zone::Hand(0));
        // Sudden Assault: a treachery whose When Revealed cannot be canceled.
        start_reveal(&mut g, "TLR-021", true);
        let o = options(&g);
        assert!(!o.contains(&Opt::Activate(c)) && !o.contains(&Opt::Activate(el)));
        assert!(!g.canceled);
        // Orc Ambush: a side quest.
        let mut g = sandbox(&[&["Core-008"]]);
        let el = hero(&g, "Core-008");
        g.cards[el as usize].resources = 1;
        let c = g.spawn("Core-050", 0, Zone::Hand(0));
        start_reveal(&mut g, "TLR-046", true);
        assert!(!options(&g).contains(&Opt::Activate(c)));
        assert!(!g.canceled);
        assert_eq!(g.card(c).zone, Zone::Hand(0));
    }

    #[test]
    fn stand_and_fight() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        let c = g.spawn("Core-051", 0, Zone::Hand(0));
        let ally = g.spawn("Core-013", 0, Zone::Discard(0)); // printed cost 2
        g.cards[h as usize].resources = 1;
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "X = 2 cannot be paid"
        );
        g.cards[h as usize].resources = 2;
        assert!(actions(&mut g).contains(&Opt::Play(c)));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(ally).zone, Zone::Play(0));
        assert_eq!(g.cards[h as usize].resources, 0);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn a_light_in_the_dark() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 2;
        let c = g.spawn("Core-052", 0, Zone::Hand(0));
        assert!(!actions(&mut g).contains(&Opt::Play(c)), "no engaged enemy");
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(e).zone, Zone::Staging);
    }

    #[test]
    fn dwarven_tomb() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-053", 0, Zone::Hand(0));
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "no Spirit card in the discard pile"
        );
        let back = g.spawn("Core-050", 0, Zone::Discard(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(back).zone, Zone::Hand(0));
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn fortune_or_fate() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 5;
        let c = g.spawn("Core-054", 0, Zone::Hand(0));
        let dead = g.spawn("Core-008", 0, Zone::Discard(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(dead).zone, Zone::Play(0));
        assert_eq!(g.controller(dead), 0);
        assert_eq!(g.cards[h as usize].resources, 0);
    }

    #[test]
    fn fortune_or_fate_returns_a_hero_to_its_owner() {
        let mut g = sandbox(&[&["Core-007"], &["Core-004"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 5;
        let c = g.spawn("Core-054", 0, Zone::Hand(0));
        let dead = g.spawn("Core-006", 1, Zone::Discard(1));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(dead).zone, Zone::Play(1));
        assert_eq!(
            g.controller(dead),
            1,
            "under its owner's control, not the caster's"
        );
    }

    #[test]
    fn the_favor_of_the_lady() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 2;
        let c = g.spawn("Core-055", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(c).zone, Zone::Attached(h));
        assert_eq!(g.stat(h, Stat::Willpower), 5);
    }

    #[test]
    fn power_in_the_earth() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 1;
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Staging);
        let before = g.stat(l, Stat::Threat);
        let c = g.spawn("Core-056", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        if g.pending().is_some() {
            g.answer(Opt::Card(l));
        }
        assert_eq!(g.card(c).zone, Zone::Attached(l));
        assert_eq!(g.stat(l, Stat::Threat), before - 1);
    }

    #[test]
    fn unexpected_courage() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 2;
        let c = g.spawn("Core-057", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(c).zone, Zone::Attached(h));
        assert!(
            !actions(&mut g).contains(&Opt::Activate(c)),
            "the hero is ready: nothing to do"
        );
        g.exhaust(h);
        assert!(actions(&mut g).contains(&Opt::Activate(c)));
        g.act(0, Opt::Activate(c));
        assert!(g.is_ready(h));
        assert!(!g.is_ready(c));
    }

    #[test]
    fn a_test_of_will_hint() {
        use crate::cards::hints::{action_value, hand_card_value, hint};
        use crate::engine::{Event, Zone, ENCOUNTER};
        let mut g = sandbox(&[&["Core-007"]]);
        let c = g.spawn("Core-050", 0, Zone::Hand(0));
        let t = g.spawn("TLR-022", ENCOUNTER, Zone::Resolving);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        // A key response: one Spirit resource is kept for it, and it is dear to discard.
        assert_eq!(hint(&g, c).key_response, 1);
        assert!(hand_card_value(&g, 0, c) >= 20);
        // Worth a cancel on a treachery, not on an enemy's When Revealed.
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelWhenRevealed(t))),
            50
        );
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelWhenRevealed(e))),
            0
        );
    }

    #[test]
    fn hasty_stroke_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{AttackCtx, Event, Zone, ENCOUNTER};
        let mut g = sandbox(&[&["Core-007"]]);
        let c = g.spawn("Core-048", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let sh = g.spawn("TLR-058", ENCOUNTER, Zone::Shadow(e));
        assert_eq!(hint(&g, c).key_response, 1);
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelShadow(sh))),
            0,
            "no attack in progress"
        );
        g.attack = AttackCtx::new(e, 0, false);
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelShadow(sh))),
            40,
            "an undefended attack is dangerous"
        );
    }

    #[test]
    fn the_galadhrims_greeting_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::Zone;
        let mut g = sandbox(&[&["Core-007"]]);
        let c = g.spawn("Core-046", 0, Zone::Hand(0));
        g.players[0].threat = 34;
        assert_eq!(action_value(&g, 0, c, None), 0);
        g.players[0].threat = 35;
        assert_eq!(action_value(&g, 0, c, None), 60);
    }

    /// Fault class (Deadmen's Dike, `rhudaur-guard`, session 36): heroes die to the many
    /// attacks of enemies engaged in one encounter phase while the Greeting waits for threat
    /// 35. Played after the staging step, it keeps a staged enemy whose engagement cost is
    /// within 6 of the threat from engaging this round.
    #[test]
    fn the_galadhrims_greeting_stops_an_engagement() {
        use crate::cards::hints::action_value;
        use crate::cards::testkit::codes::BALEFUL_SHADE;
        use crate::cards::Rule;
        let mut g = crate::cards::testkit::sandbox_in(
            "deadmens-dike",
            crate::data::Mode::Standard,
            &[&["Core-007"]],
        );
        crate::cards::testkit::clear_zone(&mut g, Zone::Staging);
        let c = g.spawn("Core-046", 0, Zone::Hand(0));
        let e = g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Staging);
        assert!(!g.rule(Rule::NoEngagementChecks));
        assert_eq!(g.stat(e, Stat::Engagement), 30, "the situation");
        g.players[0].threat = 30;
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, c, None), 0, "before the staging step");
        for ph in [Phase::Travel, Phase::Encounter] {
            g.phase = ph;
            assert_eq!(action_value(&g, 0, c, None), 60, "{ph:?}: it would engage");
        }
        g.players[0].threat = 29;
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "it would not engage anyway"
        );
        g.players[0].threat = 36;
        g.phase = Phase::Encounter;
        assert_eq!(action_value(&g, 0, c, None), 60, "threat 35+ as before");
    }

    #[test]
    fn unexpected_courage_hint() {
        use crate::cards::hints::{action_value, hint, AttachKind};
        use crate::engine::{Phase, Zone};
        let mut g = sandbox(&[&["Core-007"]]);
        let h = hero(&g, "Core-007");
        let c = g.spawn("Core-057", 0, Zone::Hand(0));
        assert_eq!(hint(&g, c).attach, Some((40, AttachKind::General)));
        g.attach(c, h, 0);
        g.phase = Phase::Combat;
        // (sense39: with an enemy engaged, so that a readied hero has an attack to make.)
        g.spawn(
            crate::cards::testkit::codes::ANGMAR_ORC,
            crate::engine::ENCOUNTER,
            Zone::Engaged(0),
        );
        assert_eq!(action_value(&g, 0, c, None), 0, "its hero is ready");
        g.cards[h as usize].exhausted = true;
        assert_eq!(action_value(&g, 0, c, None), 35);
    }

    #[test]
    fn eleanor_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Event, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-008", 0, Zone::Play(0));
        let tr = g.spawn("TLR-022", ENCOUNTER, Zone::Resolving);
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelWhenRevealed(tr))),
            40
        );
        assert_eq!(action_value(&g, 0, c, None), 0);
    }

    #[test]
    fn fortune_or_fate_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::Zone;
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-054", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "no hero to bring back");
        g.spawn("Core-007", 0, Zone::Discard(0));
        assert_eq!(action_value(&g, 0, c, None), 60);
    }

    #[test]
    fn a_light_in_the_dark_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-052", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "an attack of 3");
        g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 20, "an attack of 6");
    }

    /// Dwarven Tomb (`Hint::returns_from_discard`) is played for a card worth having again (a
    /// key response), not for a cheap one.
    #[test]
    fn dwarven_tomb_hint() {
        use crate::cards::hints::{action_value, hint, recursion_value};
        let mut g = sandbox(&[&["Core-007"]]);
        let c = g.spawn("Core-053", 0, Zone::Hand(0));
        assert!(hint(&g, c).returns_from_discard);
        let h = hero(&g, "Core-007");
        g.cards[h as usize].resources = 2;
        let took = g.spawn("Core-043", 0, Zone::Discard(0));
        g.phase = Phase::Planning;
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "a 3-cost ally is not worth a card"
        );
        let will = g.spawn("Core-050", 0, Zone::Discard(0));
        assert_eq!(action_value(&g, 0, c, None), 15, "A Test of Will is");
        g.cards[h as usize].resources = 1;
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "nothing left to play it with"
        );
        g.cards[h as usize].resources = 2;
        let copy = g.spawn("Core-050", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "a copy in hand");
        g.discard(copy);
        g.phase = Phase::Resource;
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "not before the allies are played"
        );
        assert!(recursion_value(&g, will) > recursion_value(&g, took));
    }

    /// Will of the West (`Hint::refills_deck`) is kept until the deck is empty and the
    /// discard pile large (or, where an empty deck eliminates, until the deck runs low).
    #[test]
    fn will_of_the_west_hint() {
        use crate::cards::hints::{action_value, hint};
        let mut g = sandbox(&[&["Core-007"]]);
        let c = g.spawn("Core-049", 0, Zone::Hand(0));
        assert!(hint(&g, c).refills_deck);
        for _ in 0..10 {
            g.spawn("Core-013", 0, Zone::Discard(0));
        }
        assert_eq!(action_value(&g, 0, c, None), 0, "cards left to draw");
        while let Some(&x) = g.list(Zone::Deck(0)).last() {
            g.move_card(x, Zone::Discard(0));
        }
        assert_eq!(action_value(&g, 0, c, None), 10, "an empty deck");
    }
}
