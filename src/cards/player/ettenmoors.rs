//! Across the Ettenmoors player cards (AtE-054..063).
//!
//! Each script has a one-line summary of what the card does (in our own words, not the printed
//! text). Prompts are `Ask::Effect { card, what }` with the card resolving.

use crate::cards::common::{count_use, host, is_valour_event, mine_in_play, offer_one_per_title};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, BOOST_ATTACK, BOOST_DEFENSE, NO_HINT};
use crate::cards::{Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Stat, Until, Zone, ENCOUNTER,
};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "AtE-054",
        hint: Hint {
            play_value: Some(bot::dori_value),
            ..NO_HINT
        },
        can_respond: Some(dori_can),
        respond_on: events![DefenderDeclared],
        respond: Some(dori_respond),
        ..BLANK
    },
    Script {
        code: "AtE-055",
        hint: Hint {
            attach: Some((25, AttachKind::Location)),
            ..NO_HINT
        },
        attach_to: Some(provisions_target),
        forced: Some(provisions_forced),
        forced_on: events![Exploring],
        resume: Some(provisions_resume),
        ..BLANK
    },
    Script {
        code: "AtE-056",
        hint: Hint {
            deck_needs: &[DeckNeed::SideQuest],
            play_value: Some(bot::dunedain_message_value),
            ..NO_HINT
        },
        can_act: Some(message_can),
        act: Some(message_act),
        resume: Some(message_resume),
        ..BLANK
    },
    Script {
        code: "AtE-057",
        hint: Hint {
            play_value: Some(bot::longbeard_sentry_value),
            phase_boost: BOOST_DEFENSE,
            ..NO_HINT
        },
        can_act: Some(sentry_can),
        act: Some(sentry_act),
        ..BLANK
    },
    Script {
        code: "AtE-058",
        forced: Some(delay_forced),
        forced_on: events![SideQuestDefeated],
        resume: Some(delay_resume),
        ..BLANK
    },
    Script {
        code: "AtE-059",
        hint: Hint {
            attach: Some((20, AttachKind::General)),
            restricted_room_check: true,
            play_value: Some(bot::steed_of_imladris_value),
            effect: Some(bot::steed_of_imladris_effect),
            ..NO_HINT
        },
        attach_to: Some(steed_target),
        can_respond: Some(steed_can),
        respond_on: events![Committed],
        respond: Some(steed_respond),
        resume: Some(steed_resume),
        ..BLANK
    },
    Script {
        code: "AtE-060",
        hint: Hint {
            play_value: Some(bot::fair_and_perilous_value),
            effect: Some(bot::fair_and_perilous_effect),
            // sense40: all it does is an Attack boost for the phase.
            phase_boost: BOOST_ATTACK,
            ..NO_HINT
        },
        can_act: Some(fair_can),
        act: Some(fair_act),
        resume: Some(fair_resume),
        ..BLANK
    },
    Script {
        code: "AtE-061",
        rule: Some(preserver_rule),
        rule_on: crate::rules![CannotHaveRestricted],
        forced: Some(preserver_forced),
        forced_on: events![EntersPlay],
        can_respond: Some(preserver_can),
        respond_on: events![Readied],
        respond: Some(preserver_respond),
        resume: Some(preserver_resume),
        ..BLANK
    },
    Script {
        code: "AtE-062",
        hint: Hint {
            play_value: Some(bot::none_return_value),
            ..NO_HINT
        },
        can_respond: Some(none_return_can),
        respond_on: events![Destroyed],
        respond: Some(none_return_respond),
        ..BLANK
    },
    Script {
        code: "AtE-063",
        hint: Hint {
            valour_event: true,
            valour_discount: true,
            play_value: Some(bot::hope_rekindled_value),
            effect: Some(bot::hope_rekindled_effect),
            ..NO_HINT
        },
        can_act: Some(hope_can),
        act: Some(hope_act),
        resume: Some(hope_resume),
        mode_names: &[
            (0, 0, "next Valour event costs 2 less"),
            (0, 1, "Valour: search the deck for a Valour event"),
        ],
        ..BLANK
    },
];

// ----------------------------------------------------------------- Dori (AtE-054)
// Tactics hero (Sentinel is data). Response: once some other hero has been chosen to defend,
// Dori may exhaust; that hero adds Dori's current Defense to its own for this attack (computed
// once).

fn dori_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::DefenderDeclared(d, e) = ev else {
        return false;
    };
    d != me
        && g.is_hero(d)
        && g.card(d).zone.in_play()
        && g.attack.enemy == e
        && g.attack.defenders().contains(&d)
        && mine_in_play(g, me, seat)
        && g.is_ready(me)
        && g.stat(me, Stat::Defense) > 0
}

fn dori_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    if let Event::DefenderDeclared(d, _) = ev {
        let v = g.stat(me, Stat::Defense);
        g.exhaust(me);
        g.add_lasting(d, Lasting::Stat(Stat::Defense, v), Until::EndOfAttack);
    }
}

// ----------------------------------------------------------------- Ranger Provisions (AtE-055)
// Location attachment, at most one per location. When its location is explored, its controller
// may have the first player add 1 resource to each of the first player's heroes. (The location
// and this card leave play at once, so the Response is asked from the `Explored` moment as a
// yes/no prompt of the card: prompt 0.)

fn provisions_target(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_location(t)
        && matches!(g.card(t).zone, Zone::Staging | Zone::Active)
        && !g
            .attachments(t)
            .any(|a| a != me && g.title(a) == g.title(me))
}

fn provisions_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Exploring(l) = ev {
        if host(g, me) == Some(l) {
            let p = g.controller(me);
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(p, 0, 0),
            });
        }
    }
}

fn provisions_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match cont.step {
        0 => {
            if g.players[cont.player as usize].eliminated {
                return;
            }
            g.begin_ask(
                cont.player,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            g.offer(Opt::Yes);
            g.offer(Opt::No);
            g.ask_script(Cont::new(cont.card, 1).with(cont.player, 0, 0));
        }
        1 if opt == Opt::Yes => {
            let first = g.area_first();
            let hs: crate::engine::SmallIds = g.heroes(first).collect();
            for &h in hs.iter() {
                g.gain_resources(h, 1);
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Dúnedain Message (AtE-056)
// Action: take a side quest of the player's choice (one offer per title) from his deck into his
// hand, then shuffle the deck. Engine choice: offered only when his deck holds a side quest.

fn is_player_side_quest(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::PlayerSideQuest
}

fn message_can(g: &Game, _me: CardId, seat: u8) -> bool {
    g.list(Zone::Deck(seat))
        .iter()
        .any(|&c| is_player_side_quest(g, c))
}

fn message_act(g: &mut Game, me: CardId, seat: u8) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let deck: crate::engine::SmallIds = g.list(Zone::Deck(seat)).iter().rev().copied().collect();
    offer_one_per_title(g, &deck, is_player_side_quest);
    if !g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0)) {
        g.shuffle(Zone::Deck(seat));
    }
}

fn message_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone == Zone::Deck(cont.player) {
            g.move_card(c, Zone::Hand(cont.player));
        }
    }
    g.shuffle(Zone::Deck(cont.player));
}

// ----------------------------------------------------------------- Longbeard Sentry (AtE-057)
// Action (once per phase per copy): discard the top 2 cards of its controller's deck (a cost:
// both must be there); for the rest of the phase it has the Sentinel keyword and 1 more Defense.

fn sentry_can(g: &Game, me: CardId, seat: u8) -> bool {
    mine_in_play(g, me, seat) && g.card(me).uses_phase == 0 && g.list(Zone::Deck(seat)).len() >= 2
}

fn sentry_act(g: &mut Game, me: CardId, seat: u8) {
    count_use(g, me);
    for _ in 0..2 {
        if let Some(c) = g.top(Zone::Deck(seat)) {
            g.discard(c);
        }
    }
    g.add_lasting(me, Lasting::Sentinel, Until::EndOfPhase);
    g.add_lasting(me, Lasting::Stat(Stat::Defense, 1), Until::EndOfPhase);
}

// ----------------------------------------------------------------- Delay the Enemy (AtE-058)
// Player side quest (Battle is data). When it is defeated, each player in turn order may discard
// one non-unique enemy engaged with him (prompt 0: a card or Pass). It is in the victory display
// by then, so the Response is run from its own Forced hook as one optional choice per player.

fn delay_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

fn delay_target(g: &Game, e: CardId) -> bool {
    g.is_enemy(e) && !g.def_of(e).unique && !g.immune(e)
}

fn delay_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step >= 50 {
        if let Opt::Card(e) = opt {
            if g.card(e).zone == Zone::Engaged(cont.player) {
                g.discard(e);
            }
        }
        return;
    }
    let k = cont.step;
    let Some(q) = crate::cards::common::next_player_turn(g, cont.card, k) else {
        return;
    };
    g.begin_ask(
        q,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    g.offer(Opt::Pass);
    for i in 0..g.engaged(q).len() {
        let e = g.engaged(q)[i];
        if delay_target(g, e) {
            g.offer(Opt::Card(e));
        }
    }
    if g.n_offered() > 1 {
        g.ask_script(Cont::new(cont.card, 50 + k).with(q, 0, 0));
    }
}

// ----------------------------------------------------------------- Steed of Imladris (AtE-059)
// Restricted attachment for a Spirit or Noldor hero. Response: after its hero commits to the
// quest, its controller discards a card from his hand (prompt 0) to put 2 progress on the
// active location (offered only while there is one).

fn steed_target(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && (g.def_of(t).sphere == Sphere::Spirit || g.has_trait(t, "Noldor"))
}

fn steed_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Committed(h) if host(g, me) == Some(h))
        && g.controller(me) == seat
        && !g.list(Zone::Hand(seat)).is_empty()
        && g.active_location().is_some()
}

fn steed_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Hand(seat)).len() {
        let c = g.list(Zone::Hand(seat))[i];
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn steed_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone != Zone::Hand(cont.player) {
            return;
        }
        g.discard(c);
        if let Some(l) = g.active_location() {
            g.add_progress(l, 2);
        }
    }
}

// ----------------------------------------------------------------- Fair and Perilous (AtE-060)
// Action: a Noldor or Silvan character in play (prompt 0) adds its current Willpower to its
// Attack until the end of the phase (computed once).

fn fair_target(g: &Game, c: CardId) -> bool {
    g.is_character(c)
        && g.card(c).zone.in_play()
        && (g.has_trait(c, "Noldor") || g.has_trait(c, "Silvan"))
        && g.stat(c, Stat::Willpower) > 0
}

fn fair_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    crate::cards::common::all_characters(g).any(|c| fair_target(g, c))
}

fn fair_act(g: &mut Game, me: CardId, seat: u8) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let cs: crate::engine::SmallIds = crate::cards::common::all_characters(g)
        .filter(|&c| fair_target(g, c))
        .collect();
    for &c in cs.iter() {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn fair_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone.in_play() {
            let wp = g.stat(c, Stat::Willpower);
            g.add_lasting(c, Lasting::Stat(Stat::Attack, wp), Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Wellinghall Preserver (AtE-061)
// Ent ally: cannot have restricted attachments; enters play exhausted. Response: after it
// readies, heal 1 damage from a damaged Ent character in play (prompt 0).

fn preserver_rule(_g: &Game, me: CardId, r: crate::cards::Rule) -> bool {
    r == crate::cards::Rule::CannotHaveRestricted(me)
}

fn preserver_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EntersPlay(me) && matches!(g.card(me).zone, Zone::Play(_)) {
        g.exhaust(me);
    }
}

fn damaged_ent(g: &Game, c: CardId) -> bool {
    g.is_character(c) && g.card(c).damage > 0 && g.has_trait(c, "Ent")
}

fn preserver_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::Readied(me)
        && mine_in_play(g, me, seat)
        && crate::cards::common::all_characters(g).any(|c| damaged_ent(g, c))
}

fn preserver_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let cs: crate::engine::SmallIds = crate::cards::common::all_characters(g)
        .filter(|&c| damaged_ent(g, c))
        .collect();
    for &c in cs.iter() {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn preserver_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone.in_play() {
            g.heal(c, 1);
        }
    }
}

// ----------------------------------------------------------------- None Return (AtE-062)
// Response event: after a non-unique enemy is destroyed (and went to the encounter discard
// pile), this event goes to the victory display instead of the discard pile, and so does that
// enemy. Not offered while 3 copies of it are already in the victory display.

fn none_return_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::Destroyed(e) = ev else {
        return false;
    };
    g.is_enemy(e)
        && g.card(e).owner == ENCOUNTER
        && !g.def_of(e).unique
        && g.card(e).zone == Zone::EncounterDiscard
        && g.list(Zone::Victory)
            .iter()
            .filter(|&&v| g.title(v) == g.title(me))
            .count()
            < 3
}

fn none_return_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    if let Event::Destroyed(e) = ev {
        g.move_card(me, Zone::Victory);
        if g.card(e).zone == Zone::EncounterDiscard {
            g.move_card(e, Zone::Victory);
            if g.logging() {
                g.log_line(format!("  {} is added to the victory display", g.title(e)));
            }
        }
    }
}

// ----------------------------------------------------------------- Hope Rekindled (AtE-063)
// Action: the next event with a Valour trigger its player plays this phase costs 2 less
// (`PlayerState::valour_discount`). Valour Action (threat 40+; prompt 0 picks the mode, 0 or 1):
// look through his deck's top 10 for an event with a Valour trigger (prompt 1, one offer per
// title), take it into his hand, and shuffle the deck.

fn hope_can(_g: &Game, _me: CardId, _seat: u8) -> bool {
    true
}

fn hope_act(g: &mut Game, me: CardId, seat: u8) {
    if g.valour(seat) {
        g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
        g.offer(Opt::Mode(0));
        g.offer(Opt::Mode(1));
        g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
    } else {
        g.players[seat as usize].valour_discount += 2;
    }
}

fn hope_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    match (cont.step, opt) {
        (0, Opt::Mode(0)) => g.players[p as usize].valour_discount += 2,
        (0, Opt::Mode(1)) => {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            let top: crate::engine::SmallIds = g
                .list(Zone::Deck(p))
                .iter()
                .rev()
                .take(10)
                .copied()
                .collect();
            offer_one_per_title(g, &top, is_valour_event);
            if !g.ask_if_offered(Cont::new(cont.card, 1).with(p, 0, 0)) {
                g.shuffle(Zone::Deck(p));
            }
        }
        (1, _) => {
            if let Opt::Card(c) = opt {
                if g.card(c).zone == Zone::Deck(p) {
                    g.move_card(c, Zone::Hand(p));
                }
            }
            g.shuffle(Zone::Deck(p));
        }
        _ => {}
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Steed of Imladris: a card for 2 progress on the active location.
    pub(super) fn steed_of_imladris_value(g: &Game, p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        let hand_n = hand(g, p).len();
        let erestor = hand_discarded_each_round(g, p);
        (matches!(ev, Some(Event::Committed(_))) && (hand_n >= 3 || erestor)) as i32 * 25
    }

    /// Steed of Imladris / Elven Spear: discard the least useful card in hand.
    pub(super) fn steed_of_imladris_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| hand_card_value(g, p, c)),
            _ => None,
        }
    }

    /// Hope Rekindled: discount a Valour event we are about to play, or (Valour) search.
    pub(super) fn hope_rekindled_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        if valour_event_wanted(g, p, c) {
            60
        } else {
            (g.valour(p) && !g.list(Zone::Deck(p)).is_empty()) as i32 * 20
        }
    }

    /// Hope Rekindled: the discount when a Valour event is wanted, else the search.
    pub(super) fn hope_rekindled_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let m = if valour_event_wanted(g, p, NO_CARD) {
                    0
                } else {
                    1
                };
                find(o, Opt::Mode(m))
            }
            _ => None,
        }
    }

    /// Dori: lend his Defense when the attack would hurt the defending hero.
    pub(super) fn dori_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::DefenderDeclared(d, e)) => {
                let atk = g.stat(e, Stat::Attack) + shadow_count(g, e);
                (atk > g.stat(d, Stat::Defense)) as i32 * 30
            }
            _ => 0,
        }
    }

    /// Dúnedain Message: fetch a side quest to play this planning phase.
    pub(super) fn dunedain_message_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Planning
            && !hand(g, p)
                .iter()
                .any(|&x| g.ty(x) == CardType::PlayerSideQuest)) as i32
            * 20
    }

    /// Longbeard Sentry: +1 Defense / Sentinel before enemies attack, with a deck to spare.
    pub(super) fn longbeard_sentry_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let attacks_left = area_players(g).any(|q| unattacked_engaged(g, q).next().is_some());
        (phase == Phase::Combat && ready(g, c) && attacks_left && g.list(Zone::Deck(p)).len() >= 8)
            as i32
            * 15
    }

    /// Fair and Perilous: turns an attack that falls short into a kill.
    pub(super) fn fair_and_perilous_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        match attack_in_progress(g, p) {
            Some((strength, need, _)) if strength < need => {
                let best = g
                    .patk
                    .attackers()
                    .iter()
                    .filter(|&&a| g.has_trait(a, "Noldor") || g.has_trait(a, "Silvan"))
                    .map(|&a| g.stat(a, Stat::Willpower))
                    .max()
                    .unwrap_or(0);
                (strength + best >= need) as i32 * 40
            }
            _ => 0,
        }
    }

    /// Fair and Perilous: the attacker (else our ready character) with the most Willpower.
    pub(super) fn fair_and_perilous_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |c| {
                g.patk.attackers().contains(&c) as i32 * 100
                    + (g.controller(c) == p && ready(g, c)) as i32 * 50
                    + g.stat(c, Stat::Willpower) as i32
            }),
            _ => None,
        }
    }

    /// None Return: keep a strong enemy out of the encounter deck for good.
    pub(super) fn none_return_value(g: &Game, p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::Destroyed(e)) => {
                let d = g.def_of(e);
                (d.attack.max(0) + d.threat.max(0) >= 4 || hand_has(g, p, &["TToR-092"])) as i32
                    * 25
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{hero, heroes, options, sandbox};
    use crate::engine::{AttackCtx, Phase};

    #[test]
    fn dori() {
        let mut g = sandbox(&[&["AtE-054", "Core-001"]]);
        let dori = hero(&g, "AtE-054");
        let ara = hero(&g, "Core-001");
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(e, 0, false);
        g.attack.defenders[0] = ara;
        g.attack.n_defenders = 1;
        let def = g.stat(ara, Stat::Defense);
        g.emit(Event::DefenderDeclared(ara, e));
        g.answer(Opt::Activate(dori));
        assert!(!g.is_ready(dori));
        assert_eq!(g.stat(ara, Stat::Defense), def + 2);
        g.expire(Until::EndOfAttack);
        assert_eq!(g.stat(ara, Stat::Defense), def);
        // Not for himself, nor when exhausted.
        assert!(!dori_can(&g, dori, 0, Event::DefenderDeclared(dori, e)));
        g.attack.defenders[0] = ara;
        assert!(!dori_can(&g, dori, 0, Event::DefenderDeclared(ara, e)));
    }

    #[test]
    fn ranger_provisions() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let hs = heroes(&g, 0);
        g.cards[hs[0] as usize].resources = 1;
        let l = g.spawn("TLR-027", ENCOUNTER, Zone::Active);
        let rp = g.spawn("AtE-055", 0, Zone::Hand(0));
        g.act(0, Opt::Play(rp));
        assert_eq!(g.card(rp).zone, Zone::Attached(l));
        // A second copy cannot go on the same location.
        let rp2 = g.spawn("AtE-055", 0, Zone::Hand(0));
        assert!(!provisions_target(&g, rp2, 0, l));
        let before: Vec<i16> = hs.iter().map(|&h| g.card(h).resources).collect();
        let qp = g.stat(l, Stat::QuestPoints);
        g.add_progress(l, qp);
        g.settle();
        assert_ne!(g.card(l).zone, Zone::Active);
        g.answer(Opt::Yes);
        for (i, &h) in hs.iter().enumerate() {
            assert_eq!(g.card(h).resources, before[i] + 1);
        }
        // Declining gives nothing.
        let l2 = g.spawn("TLR-027", ENCOUNTER, Zone::Active);
        let rp3 = g.spawn("AtE-055", 0, Zone::Attached(l2));
        let _ = rp3;
        g.add_progress(l2, qp);
        g.settle();
        g.answer(Opt::No);
        for (i, &h) in hs.iter().enumerate() {
            assert_eq!(g.card(h).resources, before[i] + 1);
        }
    }

    #[test]
    fn dunedain_message() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 2;
        let m = g.spawn("AtE-056", 0, Zone::Hand(0));
        assert!(!message_can(&g, m, 0));
        let sq = g.spawn("TToR-086", 0, Zone::Deck(0));
        g.move_card_bottom(sq, Zone::Deck(0));
        assert!(message_can(&g, m, 0));
        g.act(0, Opt::Play(m));
        assert_eq!(g.card(sq).zone, Zone::Hand(0));
        assert_eq!(g.card(m).zone, Zone::Discard(0));
        assert_eq!(g.card(h).resources, 1);
    }

    #[test]
    fn longbeard_sentry() {
        let mut g = sandbox(&[&["Core-004"], &["Core-001"]]);
        let s = g.spawn("AtE-057", 0, Zone::Play(0));
        let deck = g.list(Zone::Deck(0)).len();
        assert!(!g.has_sentinel(s));
        g.act(0, Opt::Activate(s));
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 2);
        assert_eq!(g.list(Zone::Discard(0)).len(), 2);
        assert!(g.has_sentinel(s));
        assert_eq!(g.stat(s, Stat::Defense), 3);
        assert!(!sentry_can(&g, s, 0)); // once per phase
        g.expire(Until::EndOfPhase);
        assert!(!g.has_sentinel(s));
        assert_eq!(g.stat(s, Stat::Defense), 2);
        assert!(sentry_can(&g, s, 0));
        // The cost needs two cards in the deck.
        while g.list(Zone::Deck(0)).len() > 1 {
            let c = g.top(Zone::Deck(0)).unwrap();
            g.move_card(c, Zone::Discard(0));
        }
        assert!(!sentry_can(&g, s, 0));
    }

    #[test]
    fn delay_the_enemy() {
        let mut g = sandbox(&[&["Core-004"], &["Core-001"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 1;
        let dq = g.spawn("AtE-058", 0, Zone::Hand(0));
        g.act(0, Opt::Play(dq));
        assert_eq!(g.card(dq).zone, Zone::Staging);
        let e0 = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        let e1 = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(1));
        g.add_progress(dq, 8);
        g.settle();
        assert_eq!(g.card(dq).zone, Zone::Victory);
        // Player 1 discards his enemy; player 2 declines.
        assert!(options(&g).contains(&Opt::Card(e0)));
        g.answer(Opt::Card(e0));
        g.answer(Opt::Pass);
        assert_eq!(g.card(e0).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(e1).zone, Zone::Engaged(1));
        // Battle: questing uses Attack while it is the current quest.
        assert!(g.def_of(dq).keywords.battle);
    }

    #[test]
    fn steed_of_imladris() {
        // Glorfindel (Lore, Noldor) is a legal host; Gimli (Tactics Dwarf) is not.
        let mut g = sandbox(&[&["Core-011", "Core-004"]]);
        let glor = hero(&g, "Core-011");
        let gimli = hero(&g, "Core-004");
        let st = g.spawn("AtE-059", 0, Zone::Hand(0));
        assert!(steed_target(&g, st, 0, glor));
        assert!(!steed_target(&g, st, 0, gimli));
        g.move_card(st, Zone::Attached(glor));
        let l = g.spawn("TLR-027", ENCOUNTER, Zone::Active);
        // No Response without a card in hand.
        let hand_before = g.list(Zone::Hand(0)).len();
        g.phase = Phase::Quest;
        g.cards[glor as usize].questing = true;
        g.emit(Event::Committed(glor));
        g.answer(Opt::Activate(st));
        let c = g.list(Zone::Hand(0))[0];
        g.answer(Opt::Card(c));
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand_before - 1);
        assert_eq!(g.card(l).progress, 2);
        // Not for another hero's commitment.
        assert!(!steed_can(&g, st, 0, Event::Committed(gimli)));
    }

    #[test]
    fn fair_and_perilous() {
        let mut g = sandbox(&[&["Core-011", "Core-004"]]);
        let glor = hero(&g, "Core-011");
        let gimli = hero(&g, "Core-004");
        g.cards[glor as usize].resources = 0;
        let sp = g.spawn("Core-007", 0, Zone::Play(0)); // Éowyn gives a Spirit icon payer
        let _ = sp;
        let f = g.spawn("AtE-060", 0, Zone::Hand(0));
        g.cards[sp as usize].resources = 1;
        let atk = g.stat(glor, Stat::Attack);
        let wp = g.stat(glor, Stat::Willpower);
        g.act(0, Opt::Play(f));
        // Éowyn is no Noldor/Silvan: Glorfindel is the only target (no prompt).
        assert_eq!(g.stat(glor, Stat::Attack), atk + wp);
        assert_eq!(g.stat(gimli, Stat::Attack), 2);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(glor, Stat::Attack), atk);
    }

    #[test]
    fn wellinghall_preserver() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 3;
        let w = g.spawn("AtE-061", 0, Zone::Hand(0));
        g.act(0, Opt::Play(w));
        assert_eq!(g.card(w).zone, Zone::Play(0));
        assert!(!g.is_ready(w)); // enters play exhausted
                                 // No damaged Ent: readying asks nothing.
        g.ready(w);
        g.settle();
        assert!(g.pending().is_none());
        g.exhaust(w);
        g.cards[w as usize].damage = 2;
        g.ready(w);
        g.settle();
        g.answer(Opt::Activate(w));
        assert_eq!(g.card(w).damage, 1);
        // The refresh phase's readying triggers it too (the response comes right after the
        // Ready step; the round then runs on).
        g.exhaust(w);
        g.phase = crate::engine::Phase::Refresh;
        g.push_run(Frame::Step(crate::engine::Step::Ready));
        assert!(options(&g).contains(&Opt::Activate(w)));
        g.answer(Opt::Activate(w));
        assert_eq!(g.card(w).damage, 0);
        // Cannot have restricted attachments.
        let spear = g.spawn("TToR-087", 0, Zone::Hand(0));
        assert!(g.attach_targets(spear, 0).all(|t| t != w));
        assert!(preserver_rule(
            &g,
            w,
            crate::cards::Rule::CannotHaveRestricted(w)
        ));
    }

    #[test]
    fn none_return() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let n = g.spawn("AtE-062", 0, Zone::Hand(0));
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        let hp = g.stat(e, Stat::HitPoints);
        g.deal_damage(e, hp);
        g.settle();
        assert_eq!(g.card(e).zone, Zone::EncounterDiscard);
        g.answer(Opt::Activate(n));
        assert_eq!(g.card(n).zone, Zone::Victory);
        assert_eq!(g.card(e).zone, Zone::Victory);
        assert_eq!(g.card(h).resources, 0);
        // Limit 3 copies in the victory display.
        for _ in 0..2 {
            g.spawn("AtE-062", 0, Zone::Victory);
        }
        let n2 = g.spawn("AtE-062", 0, Zone::Hand(0));
        let e2 = g.spawn("TLR-025", ENCOUNTER, Zone::EncounterDiscard);
        assert!(!none_return_can(&g, n2, 0, Event::Destroyed(e2)));
    }

    #[test]
    fn hope_rekindled() {
        let mut g = sandbox(&[&["Core-004", "Core-005"]]);
        let hs = heroes(&g, 0);
        g.cards[hs[0] as usize].resources = 0;
        g.cards[hs[1] as usize].resources = 0;
        let hope = g.spawn("AtE-063", 0, Zone::Hand(0));
        let cry = g.spawn("TToR-088", 0, Zone::Hand(0));
        assert_eq!(g.cost_of(cry, 0), 2);
        g.act(0, Opt::Play(hope));
        assert_eq!(g.cost_of(cry, 0), 0);
        // Only events with a Valour trigger are cheaper.
        let other = g.spawn("Core-048", 0, Zone::Hand(0));
        assert_eq!(g.cost_of(other, 0), 1);
        // Valour: search the top 10 for a Valour event.
        g.expire(Until::EndOfPhase);
        g.players[0].valour_discount = 0;
        assert_eq!(g.cost_of(cry, 0), 2);
        g.players[0].threat = 40;
        let hope2 = g.spawn("AtE-063", 0, Zone::Hand(0));
        let deep = g.spawn("TToR-088", 0, Zone::Deck(0));
        g.act(0, Opt::Play(hope2));
        g.answer(Opt::Mode(1));
        assert_eq!(g.card(deep).zone, Zone::Hand(0));
        assert_eq!(g.players[0].valour_discount, 0);
    }

    /// The `basic` bot lends Dori's Defense only when the attack would hurt the defender, and
    /// picks the most dangerous engaged enemy for Delay the Enemy.
    #[test]
    fn dori_basic_bot_choices() {
        use crate::bots::{basic::BasicBot, Bot};
        use crate::engine::{Ask, Decision};
        let mut g = sandbox(&[&["AtE-054", "Core-001"]]);
        let dori = hero(&g, "AtE-054");
        let ara = hero(&g, "Core-001");
        let strong = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0)); // Angmar Captain, 5 ATK
        let weak = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0)); // Cornered Orc, 2 ATK
        let mut bot = BasicBot::new();
        for (e, use_it) in [(strong, true), (weak, false)] {
            g.attack = AttackCtx::new(e, 0, false);
            g.attack.defenders[0] = ara;
            g.attack.n_defenders = 1;
            let d = Decision {
                player: 0,
                ask: Ask::Response(Event::DefenderDeclared(ara, e)),
                options: vec![Opt::Pass, Opt::Activate(dori)],
            };
            let k = bot.choose(&g, &d);
            assert_eq!(
                d.options[k] == Opt::Activate(dori),
                use_it,
                "{}",
                g.title(e)
            );
        }
        let dq = g.spawn("AtE-058", 0, Zone::Victory);
        let d = Decision {
            player: 0,
            ask: Ask::Effect { card: dq, what: 0 },
            options: vec![Opt::Pass, Opt::Card(weak), Opt::Card(strong)],
        };
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Card(strong));
    }

    #[test]
    fn hope_rekindled_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("AtE-063", 0, Zone::Hand(0));
        let h = hint(&g, c);
        assert!(h.valour_event && h.valour_discount);
        assert!(crate::cards::common::is_valour_event(&g, c));
        let f = h.effect.unwrap();
        assert_eq!(
            f(&g, 0, c, 0, &[Opt::Mode(0), Opt::Mode(1)]),
            Some(1),
            "no Valour event in hand to discount: the search"
        );
    }

    /// foreign56: Hope Rekindled is idle (a search bot skips it) unless a Valour event in hand
    /// can follow it this phase or its Valour search is open.
    #[test]
    fn hope_rekindled_is_idle_without_a_valour_event_to_follow() {
        use crate::cards::hints::{action_value, discount_is_idle, use_is_idle};
        use crate::engine::{Phase, ENCOUNTER};
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        g.cards[h as usize].resources = 5;
        g.players[0].threat = 30;
        g.phase = Phase::Planning;
        let hope = g.spawn("AtE-063", 0, Zone::Hand(0));
        assert!(discount_is_idle(&g, 0, hope) && use_is_idle(&g, 0, hope));
        assert_eq!(action_value(&g, 0, hope, None), 0);
        // Doom Hangs Still wanted in this planning phase (staged threat above the Willpower).
        let doom = g.spawn("TBoCD-117", 0, Zone::Hand(0));
        g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        assert!(action_value(&g, 0, doom, None) > 0);
        assert!(!use_is_idle(&g, 0, hope), "a Valour event follows");
        // Not in the combat phase: Doom Hangs Still cannot follow there.
        g.phase = Phase::Combat;
        assert!(use_is_idle(&g, 0, hope));
        // At Valour with cards in the deck, the search is open.
        g.players[0].threat = 40;
        g.spawn("Core-048", 0, Zone::Deck(0));
        assert!(!use_is_idle(&g, 0, hope));
    }

    #[test]
    fn dunedain_message_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("AtE-056", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 20);
        g.spawn("TLR-014", 0, Zone::Hand(0));
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "a side quest in hand already"
        );
    }

    #[test]
    fn dori_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Event, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("AtE-054", 0, Zone::Play(0));
        let d = g.heroes(0).next().unwrap();
        let weak = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let strong = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(
            action_value(&g, 0, c, Some(Event::DefenderDeclared(d, weak))),
            0
        );
        assert_eq!(
            action_value(&g, 0, c, Some(Event::DefenderDeclared(d, strong))),
            30
        );
    }
}
