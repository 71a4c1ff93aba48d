//! The Treachery of Rhudaur player cards (TToR-084..093).
//!
//! Each script has a one-line summary of what the card does (in our own words, not the printed
//! text). Prompts are `Ask::Effect { card, what }` with the card resolving.

use crate::cards::common::area_players;
use crate::cards::common::{
    count_use, enemies_in_play, host, mine_in_play, offer_one_per_title, unused_this_round,
};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, BOOST_ATTACK, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::Sphere;
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Phase, SmallIds, Stat, Until, Zone,
    ENCOUNTER,
};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "TToR-084",
        hint: Hint {
            hand_discarded_each_round: true,
            ..NO_HINT
        },
        forced: Some(erestor_forced),
        forced_on: events![PhaseBegin, RoundEnd],
        ..BLANK
    },
    Script {
        code: "TToR-085",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroesOfSphere(Sphere::Leadership, 3)],
            play_value: Some(bot::reinforcements_value),
            effect: Some(bot::reinforcements_effect),
            ..NO_HINT
        },
        pay: Some(reinforcements_pay),
        can_act: Some(reinforcements_can),
        act: Some(reinforcements_act),
        resume: Some(reinforcements_resume),
        ..BLANK
    },
    Script {
        code: "TToR-086",
        forced: Some(aid_forced),
        forced_on: events![SideQuestDefeated],
        resume: Some(aid_resume),
        ..BLANK
    },
    Script {
        code: "TToR-087",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroTrait(&["Noldor", "Silvan"])],
            attach: Some((25, AttachKind::Weapon)),
            attack_boost_per_phase: 3,
            restricted_room_check: true,
            play_value: Some(bot::elven_spear_value),
            effect: Some(bot::elven_spear_effect),
            phase_boost: BOOST_ATTACK,
            ..NO_HINT
        },
        attach_to: Some(spear_target),
        can_act: Some(spear_can),
        act: Some(spear_act),
        resume: Some(spear_resume),
        ..BLANK
    },
    Script {
        code: "TToR-088",
        hint: Hint {
            valour_event: true,
            lowers_enemy_attack: true,
            play_value: Some(bot::horns_cry_value),
            effect: Some(bot::horns_cry_effect),
            ..NO_HINT
        },
        can_act: Some(horn_can),
        act: Some(horn_act),
        resume: Some(horn_resume),
        mode_names: &[
            (0, 0, "every enemy -1 Attack"),
            (0, 1, "Valour: one player's enemies -3 Attack"),
        ],
        ..BLANK
    },
    Script {
        code: "TToR-089",
        rule: Some(weaver_rule),
        rule_on: crate::rules![CannotAttack, CannotDefend],
        can_respond: Some(weaver_can),
        respond_on: events![EntersPlay],
        respond: Some(weaver_respond),
        ..BLANK
    },
    Script {
        code: "TToR-090",
        hint: Hint {
            attach: Some((25, AttachKind::General)),
            restricted_room_check: true,
            play_value: Some(bot::silver_harp_value),
            ..NO_HINT
        },
        attach_to: Some(harp_target),
        can_respond: Some(harp_can),
        respond_on: events![DiscardedFromHand],
        respond: Some(harp_respond),
        ..BLANK
    },
    Script {
        code: "TToR-091",
        can_respond: Some(galdor_can),
        respond_on: events![DiscardedFromHand],
        respond: Some(galdor_respond),
        ..BLANK
    },
    Script {
        code: "TToR-092",
        hint: Hint {
            play_value: Some(bot::the_door_is_closed_value),
            ..NO_HINT
        },
        can_respond: Some(door_can),
        respond_on: events![CancelWhenRevealed],
        respond: Some(door_respond),
        ..BLANK
    },
    Script {
        code: "TToR-093",
        hint: Hint {
            attach: Some((10, AttachKind::General)),
            grants_traits: &["Noldor", "Silvan"],
            ..NO_HINT
        },
        attach_to: Some(elf_friend_target),
        rule: Some(elf_friend_rule),
        rule_on: crate::rules![GainsTrait],
        ..BLANK
    },
];

// ----------------------------------------------------------------- Erestor (TToR-084)
// Lore hero. At the beginning of each resource phase his controller draws 3 more cards (before
// the framework's draw, RULES §3.0.2); at the end of each round he discards his whole hand (one
// `DiscardedFromHand` per card, so Silver Harp and Galdor of the Havens can answer).

fn erestor_forced(g: &mut Game, me: CardId, ev: Event) {
    let Zone::Play(p) = g.card(me).zone else {
        return;
    };
    if g.players[p as usize].eliminated {
        return;
    }
    match ev {
        Event::PhaseBegin(Phase::Resource) => {
            if g.logging() {
                g.log_line(format!("  {}: P{} draws 3 more", g.title(me), p + 1));
            }
            g.draw_by_effect(p, 3);
        }
        Event::RoundEnd => {
            let hand: SmallIds = g.list(Zone::Hand(p)).iter().copied().collect();
            for &c in hand.iter() {
                if g.card(c).zone == Zone::Hand(p) {
                    g.discard(c);
                }
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Reinforcements (TToR-085)
// Cost 3, one resource from each of three different Leadership-matching heroes. Action: the
// players (the player who plays it decides for the group) put up to 2 allies from their hands
// into play (prompt 0: an ally or Done), each under any player's control (prompt 1); at the end
// of the phase those still in play return to their owners' hands.

fn leadership_payers(g: &Game, p: u8) -> usize {
    g.heroes(p)
        .filter(|&h| g.hero_matches(h, Sphere::Leadership) && g.card(h).resources > 0)
        .count()
}

fn reinforcements_pay(g: &mut Game, _me: CardId, p: u8) {
    let mut payers: SmallIds = g
        .heroes(p)
        .filter(|&h| g.hero_matches(h, Sphere::Leadership) && g.card(h).resources > 0)
        .collect();
    payers.sort_by_key(|&h| std::cmp::Reverse(g.card(h).resources));
    for &h in payers.iter().take(3) {
        g.card_mut(h).resources -= 1;
    }
}

/// May this card enter play (its abilities implemented, vanilla, or unimplemented cards
/// allowed)?
fn implemented(g: &Game, c: CardId) -> bool {
    g.script(c).is_some() || crate::cards::vanilla(g.db, g.def_id(c)) || g.setup.allow_unimplemented
}

fn reinforcement_candidates(g: &Game) -> SmallIds {
    area_players(g)
        .filter(|&q| !g.players[q as usize].eliminated)
        .flat_map(|q| g.list(Zone::Hand(q)).iter().copied())
        .filter(|&c| g.is_ally(c) && !g.unique_in_play(c) && implemented(g, c))
        .collect()
}

fn reinforcements_can(g: &Game, _me: CardId, p: u8) -> bool {
    leadership_payers(g, p) >= 3 && !reinforcement_candidates(g).is_empty()
}

fn reinforcements_act(g: &mut Game, me: CardId, p: u8) {
    reinforcements_ask(g, me, p, 0);
}

/// Prompt 0: the next ally (`put` already put into play), or Done.
fn reinforcements_ask(g: &mut Game, me: CardId, p: u8, put: i16) {
    if put >= 2 {
        return;
    }
    let cs = reinforcement_candidates(g);
    if cs.is_empty() {
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Done);
    for &c in cs.iter() {
        g.offer(Opt::Card(c));
    }
    g.ask_script(Cont::new(me, 0).with(p, put, 0));
}

fn reinforcements_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p, put) = (cont.card, cont.player, cont.a);
    match (cont.step, opt) {
        (0, Opt::Card(a)) => {
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            for q in area_players(g) {
                if !g.players[q as usize].eliminated {
                    g.offer(Opt::Player(q));
                }
            }
            g.ask_script(Cont::new(me, 1).with(p, put, a as i16));
        }
        (1, Opt::Player(q)) => {
            let a = cont.b as CardId;
            if !matches!(g.card(a).zone, Zone::Hand(_)) || g.unique_in_play(a) {
                return;
            }
            // The next choice waits below the new ally's enters-play triggers.
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 2).with(p, put + 1, 0),
            });
            if g.logging() {
                g.log_line(format!("  {} enters play under P{}", g.title(a), q + 1));
            }
            g.put_into_play(a, q);
            g.add_lasting(a, Lasting::ReturnToHandAtEndOfPhase, Until::EndOfPhase);
        }
        (2, _) => reinforcements_ask(g, me, p, put),
        _ => {}
    }
}

// ----------------------------------------------------------------- Send for Aid (TToR-086)
// Player side quest. When it is defeated, each player in turn order may take an ally from the
// top 10 cards of his deck (prompt 0: one offer per title, or Pass) and put it into play under
// his control; a player who did shuffles his deck. Run from its own Forced hook (it is in the
// victory display by then) as one optional choice per player.

fn aid_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

fn aid_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step >= 50 {
        let q = cont.player;
        if let Opt::Card(a) = opt {
            if g.card(a).zone == Zone::Deck(q) && !g.unique_in_play(a) {
                g.move_card(a, Zone::SetAside);
                g.shuffle(Zone::Deck(q));
                g.put_into_play(a, q);
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
    let top: SmallIds = g
        .list(Zone::Deck(q))
        .iter()
        .rev()
        .take(10)
        .copied()
        .collect();
    offer_one_per_title(g, &top, |g, c| {
        g.is_ally(c) && !g.unique_in_play(c) && implemented(g, c)
    });
    if g.n_offered() > 1 {
        g.ask_script(Cont::new(cont.card, 50 + k).with(q, 0, 0));
    }
}

// ----------------------------------------------------------------- Elven Spear (TToR-087)
// Restricted attachment for a Noldor or Silvan hero. Action (3 times per phase per copy):
// discard a card from its controller's hand (prompt 0) to give the hero +1 Attack until the
// end of the phase.

fn spear_target(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && (g.has_trait(t, "Noldor") || g.has_trait(t, "Silvan"))
}

fn spear_can(g: &Game, me: CardId, seat: u8) -> bool {
    g.controller(me) == seat
        && host(g, me).is_some()
        && !g.list(Zone::Hand(seat)).is_empty()
        && g.card(me).uses_phase < 3
}

fn spear_act(g: &mut Game, me: CardId, seat: u8) {
    count_use(g, me);
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Hand(seat)).len() {
        let c = g.list(Zone::Hand(seat))[i];
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, 0, 0));
}

fn spear_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(c) = opt else { return };
    if g.card(c).zone != Zone::Hand(cont.player) {
        return;
    }
    g.discard(c);
    if let Some(h) = host(g, cont.card) {
        g.add_lasting(h, Lasting::Stat(Stat::Attack, 1), Until::EndOfPhase);
    }
}

// ----------------------------------------------------------------- Horn's Cry (TToR-088)
// Action: every enemy in play (not immune) has its Attack lowered by 1 for the rest of the
// phase. Valour Action (threat 40+; prompt 0 picks the mode): choose a player (prompt 1); the
// enemies engaged with him lose 3 Attack for the rest of the phase. Both are computed once:
// enemies that enter play later are not affected.

fn horn_enemy(g: &Game, e: CardId) -> bool {
    g.is_enemy(e) && !g.immune(e)
}

fn horn_player(g: &Game, q: u8) -> bool {
    !g.players[q as usize].eliminated && g.engaged(q).iter().any(|&e| horn_enemy(g, e))
}

fn horn_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    enemies_in_play(g).any(|e| horn_enemy(g, e))
}

fn horn_act(g: &mut Game, me: CardId, seat: u8) {
    if g.valour(seat) && area_players(g).any(|q| horn_player(g, q)) {
        g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
        g.offer(Opt::Mode(0));
        g.offer(Opt::Mode(1));
        g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
    } else {
        horn_all(g);
    }
}

fn horn_all(g: &mut Game) {
    let es: SmallIds = enemies_in_play(g).filter(|&e| horn_enemy(g, e)).collect();
    for &e in es.iter() {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, -1), Until::EndOfPhase);
    }
}

fn horn_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (0, Opt::Mode(1)) => {
            g.begin_ask(
                cont.player,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            for q in area_players(g) {
                if horn_player(g, q) {
                    g.offer(Opt::Player(q));
                }
            }
            g.ask_if_offered(Cont::new(cont.card, 1).with(cont.player, 0, 0));
        }
        (0, _) => horn_all(g),
        (1, Opt::Player(q)) => {
            let es: SmallIds = g
                .engaged(q)
                .iter()
                .copied()
                .filter(|&e| horn_enemy(g, e))
                .collect();
            for &e in es.iter() {
                g.add_lasting(e, Lasting::Stat(Stat::Attack, -3), Until::EndOfPhase);
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Galadhrim Weaver (TToR-089)
// Silvan ally that cannot attack or defend. Response: after it enters play, the top card of its
// controller's discard pile is shuffled into his deck.

fn weaver_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotAttack(me) || r == Rule::CannotDefend(me)
}

fn weaver_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me)
        && mine_in_play(g, me, seat)
        && !g.list(Zone::Discard(seat)).is_empty()
}

fn weaver_respond(g: &mut Game, _me: CardId, seat: u8, _ev: Event) {
    if let Some(c) = g.top(Zone::Discard(seat)) {
        g.move_card(c, Zone::Deck(seat));
        g.shuffle(Zone::Deck(seat));
    }
}

// ----------------------------------------------------------------- Silver Harp (TToR-090)
// Restricted attachment for a Spirit hero. Response: after a card is discarded from its
// controller's hand, exhaust the Harp to return that card from the discard pile to his hand.

fn harp_target(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && g.def_of(t).sphere == Sphere::Spirit
}

fn harp_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::DiscardedFromHand(c) = ev else {
        return false;
    };
    g.controller(me) == seat
        && host(g, me).is_some()
        && g.is_ready(me)
        && g.card(c).owner == seat
        && g.card(c).zone == Zone::Discard(seat)
}

fn harp_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    if let Event::DiscardedFromHand(c) = ev {
        g.exhaust(me);
        if g.card(c).zone == Zone::Discard(seat) {
            g.move_card(c, Zone::Hand(seat));
        }
    }
}

// ----------------------------------------------------------------- Galdor of the Havens (TToR-091)
// Unique Noldor ally. Response (once per round per copy): after one or more cards are discarded
// from its controller's hand, he draws 1 card. (A batch discard fires one event per card; the
// limit makes it one draw per batch.)

fn galdor_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::DiscardedFromHand(c) = ev else {
        return false;
    };
    mine_in_play(g, me, seat)
        && g.card(c).owner == seat
        && unused_this_round(g, me)
        && !g.list(Zone::Deck(seat)).is_empty()
}

fn galdor_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    count_use(g, me);
    g.draw_by_effect(seat, 1);
}

// ----------------------------------------------------------------- The Door is Closed! (TToR-092)
// Response event: when an encounter card revealed from the encounter deck is about to resolve
// (the engine's cancel window, `CancelWhenRevealed`), if a card with the same title is in the
// victory display, cancel its effects and discard it. Not offered for cards whose effects
// cannot be canceled (side quests, "cannot be canceled", Encounter-keyword player cards).
// Engine choice: keywords that already resolved (Doomed) and Surge still apply.

fn revealed_from_deck(g: &Game, c: CardId) -> bool {
    g.stack
        .iter()
        .any(|f| matches!(*f, Frame::Reveal { card, from_deck: true, .. } if card == c))
}

fn door_can(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::CancelWhenRevealed(c) = ev else {
        return false;
    };
    g.card(c).owner == ENCOUNTER
        && !g.is_side_quest(c)
        && !g.script(c).map(|s| s.uncancelable).unwrap_or(false)
        && matches!(g.card(c).zone, Zone::Staging | Zone::Resolving)
        && revealed_from_deck(g, c)
        && g.list(Zone::Victory)
            .iter()
            .any(|&v| v != c && g.title(v) == g.title(c))
}

fn door_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    if let Event::CancelWhenRevealed(c) = ev {
        g.canceled = true;
        if matches!(g.card(c).zone, Zone::Staging | Zone::Resolving) {
            g.discard(c);
        }
    }
}

// ----------------------------------------------------------------- Elf-friend (TToR-093)
// Attachment for any character: it gains the Noldor and Silvan traits.

fn elf_friend_target(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_character(t)
}

fn elf_friend_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::GainsTrait(c, t) => {
            host(g, me) == Some(c) && (t == g.db.trait_id("Noldor") || t == g.db.trait_id("Silvan"))
        }
        _ => false,
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Elven Spear: discard for +1 Attack when it completes a kill (or chips, with Erestor).
    pub(super) fn elven_spear_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        let hand_n = hand(g, p).len();
        let erestor = hand_discarded_each_round(g, p);
        let Zone::Attached(h) = g.card(c).zone else {
            return 0;
        };
        match attack_in_progress(g, p) {
            Some((strength, need, _))
                if g.patk.attackers().contains(&h) && strength < need && hand_n > 0 =>
            {
                let uses_left = 3 - g.card(c).uses_phase as i16;
                (strength + uses_left >= need || erestor) as i32 * 30
            }
            _ => 0,
        }
    }

    /// Steed of Imladris / Elven Spear: discard the least useful card in hand.
    pub(super) fn elven_spear_effect(
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

    /// Silver Harp: take back a card worth having.
    pub(super) fn silver_harp_value(g: &Game, p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::DiscardedFromHand(x)) => (hand_card_value(g, p, x) >= 6) as i32 * 30,
            _ => 0,
        }
    }

    /// Horn's Cry: before enemy attacks, against several attackers (or Valour, one player).
    pub(super) fn horns_cry_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let n = unattacked_engaged(g, p).count();
        let valour = g.valour(p);
        (phase == Phase::Combat && (n >= 2 || (valour && n >= 1))) as i32 * 25
    }

    /// Horn's Cry: Valour (-3 to one player's enemies) when it takes off more attack.
    pub(super) fn horns_cry_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let all = area_players(g)
                    .map(|q| unattacked_engaged(g, q).count())
                    .sum::<usize>();
                let best = area_players(g)
                    .map(|q| unattacked_engaged(g, q).count())
                    .max()
                    .unwrap_or(0);
                find(o, Opt::Mode((best * 3 > all) as u8))
            }
            1 => {
                let mut best: Option<(i32, usize)> = None;
                for (i, opt) in o.iter().enumerate() {
                    let Opt::Player(q) = *opt else { continue };
                    let v: i32 = unattacked_engaged(g, q)
                        .map(|e| g.stat(e, Stat::Attack).min(3) as i32)
                        .sum();
                    if best.map(|(b, _)| v > b).unwrap_or(true) {
                        best = Some((v, i));
                    }
                }
                best.map(|(_, i)| i)
            }
            _ => None,
        }
    }

    /// Reinforcements: bodies before committing, or before enemies attack.
    pub(super) fn reinforcements_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let pre_quest = phase == Phase::Quest && !any_questing(g, p);
        let pre_combat = phase == Phase::Combat
            && !g.engaged(p).is_empty()
            && g.engaged(p).iter().all(|&e| !g.card(e).attacked);
        (pre_quest || pre_combat) as i32 * 30
    }

    /// Reinforcements: the strongest ally; under the player who will need it most.
    pub(super) fn reinforcements_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |c| g.def_of(c).cost.max(0) as i32 * 10 + stats_sum(g, c)),
            1 => {
                if g.phase == Phase::Combat {
                    let mut best: Option<(i32, usize)> = None;
                    for (i, opt) in o.iter().enumerate() {
                        let Opt::Player(q) = *opt else { continue };
                        let v = engaged_attack(g, q) as i32 * 2 + (q == p) as i32;
                        if best.map(|(b, _)| v > b).unwrap_or(true) {
                            best = Some((v, i));
                        }
                    }
                    best.map(|(_, i)| i)
                } else {
                    find(o, Opt::Player(p))
                }
            }
            _ => None,
        }
    }

    /// The Door is Closed!: always worth a card.
    pub(super) fn the_door_is_closed_value(
        _g: &Game,
        _p: u8,
        _c: CardId,
        ev: Option<Event>,
    ) -> i32 {
        matches!(ev, Some(Event::CancelWhenRevealed(_))) as i32 * 45
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{hero, heroes, options, reveal, sandbox};
    use crate::engine::Frame;

    #[test]
    fn erestor() {
        let mut g = sandbox(&[&["TToR-084"]]);
        let hand = g.list(Zone::Hand(0)).len();
        g.emit(Event::PhaseBegin(Phase::Resource));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 3);
        g.emit(Event::RoundEnd);
        assert!(g.list(Zone::Hand(0)).is_empty());
        assert_eq!(g.list(Zone::Discard(0)).len(), hand + 3);
    }

    /// The whole round: 1 + 3 cards drawn in the resource phase, the hand discarded when the
    /// round ends, and the next round starts after the end-of-round responses.
    #[test]
    fn erestor_round_rhythm() {
        let mut g = sandbox(&[&["TToR-084"]]);
        let galdor = g.spawn("TToR-091", 0, Zone::Play(0));
        g.push_run(Frame::Step(crate::engine::Step::RoundEnd));
        // Galdor answers the discard of the hand: one draw (limit once per round).
        g.answer(Opt::Activate(galdor));
        // The game runs on into round 2 (first decision there: committing characters).
        // Next round: 1 kept + 3 (Erestor) + 1 (draw step).
        assert_eq!(g.round, 2);
        assert_eq!(g.list(Zone::Hand(0)).len(), 5);
    }

    #[test]
    fn reinforcements() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"], &["Core-004"]]);
        let hs = heroes(&g, 0);
        for &h in &hs {
            g.cards[h as usize].resources = 1;
        }
        let r = g.spawn("TToR-085", 0, Zone::Hand(0));
        let a0 = g.spawn("Core-016", 0, Zone::Hand(0)); // Snowbourn Scout
        let a1 = g.spawn("Core-017", 1, Zone::Hand(1)); // Silverlode Archer
        g.phase = Phase::Combat;
        g.act(0, Opt::Play(r));
        for &h in &hs {
            assert_eq!(g.card(h).resources, 0);
        }
        g.answer(Opt::Card(a1));
        g.answer(Opt::Player(0));
        // Snowbourn Scout's own response may come up: decline it.
        g.answer(Opt::Card(a0));
        g.answer(Opt::Player(1));
        while g.pending().is_some() {
            g.answer(Opt::Pass);
        }
        assert_eq!(g.card(a1).zone, Zone::Play(0));
        assert_eq!(g.card(a0).zone, Zone::Play(1));
        g.expire(Until::EndOfPhase);
        assert_eq!(g.card(a1).zone, Zone::Hand(1));
        assert_eq!(g.card(a0).zone, Zone::Hand(0));
        // Two heroes with resources are not enough.
        g.cards[hs[0] as usize].resources = 2;
        g.cards[hs[1] as usize].resources = 1;
        let r2 = g.spawn("TToR-085", 0, Zone::Hand(0));
        assert!(!reinforcements_can(&g, r2, 0));
    }

    #[test]
    fn send_for_aid() {
        let mut g = sandbox(&[&["Core-001"], &["Core-004"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let sq = g.spawn("TToR-086", 0, Zone::Hand(0));
        g.act(0, Opt::Play(sq));
        assert_eq!(g.card(sq).zone, Zone::Staging);
        let ally = g.spawn("Core-017", 0, Zone::Deck(0));
        g.add_progress(sq, 6);
        g.settle();
        assert_eq!(g.card(sq).zone, Zone::Victory);
        g.answer(Opt::Card(ally));
        assert_eq!(g.card(ally).zone, Zone::Play(0));
        // Player 2's top 10 are Guards of the Citadel: he declines.
        assert!(options(&g).contains(&Opt::Pass));
        g.answer(Opt::Pass);
        assert!(g.pending().is_none());
    }

    #[test]
    fn elven_spear() {
        let mut g = sandbox(&[&["TToR-084", "Core-004"]]);
        let er = hero(&g, "TToR-084");
        let gimli = hero(&g, "Core-004");
        let sp = g.spawn("TToR-087", 0, Zone::Hand(0));
        assert!(spear_target(&g, sp, 0, er));
        assert!(!spear_target(&g, sp, 0, gimli));
        g.cards[gimli as usize].resources = 1;
        g.act(0, Opt::Play(sp));
        assert_eq!(g.card(sp).zone, Zone::Attached(er));
        let atk = g.stat(er, Stat::Attack);
        for i in 0..3 {
            let c = g.list(Zone::Hand(0))[0];
            g.act(0, Opt::Activate(sp));
            g.answer(Opt::Card(c));
            assert_eq!(g.card(c).zone, Zone::Discard(0));
            assert_eq!(g.stat(er, Stat::Attack), atk + i + 1);
        }
        assert!(!spear_can(&g, sp, 0)); // 3 per phase
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(er, Stat::Attack), atk);
        assert!(spear_can(&g, sp, 0));
    }

    #[test]
    fn horns_cry() {
        let mut g = sandbox(&[&["Core-004", "Core-005"], &["Core-001"]]);
        let hs = heroes(&g, 0);
        g.cards[hs[0] as usize].resources = 4;
        let e0 = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        let e1 = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(1));
        let s = g.spawn("TLR-025", ENCOUNTER, Zone::Staging);
        let (a0, a1) = (g.stat(e0, Stat::Attack), g.stat(e1, Stat::Attack));
        let c = g.spawn("TToR-088", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.stat(e0, Stat::Attack), a0 - 1);
        assert_eq!(g.stat(e1, Stat::Attack), a1 - 1);
        assert_eq!(g.stat(s, Stat::Attack), a0 - 1);
        g.expire(Until::EndOfPhase);
        // Valour: -3 to the enemies engaged with the chosen player only.
        g.players[0].threat = 41;
        let c2 = g.spawn("TToR-088", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c2));
        g.answer(Opt::Mode(1));
        g.answer(Opt::Player(1));
        assert_eq!(g.stat(e1, Stat::Attack), (a1 - 3).max(0));
        assert_eq!(g.stat(e0, Stat::Attack), a0);
    }

    #[test]
    fn galadhrim_weaver() {
        let mut g = sandbox(&[&["Core-007"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let top = g.list(Zone::Hand(0))[0];
        g.move_card(top, Zone::Discard(0));
        let deck = g.list(Zone::Deck(0)).len();
        let w = g.spawn("TToR-089", 0, Zone::Hand(0));
        g.act(0, Opt::Play(w));
        g.answer(Opt::Activate(w));
        assert_eq!(g.card(top).zone, Zone::Deck(0));
        assert_eq!(g.list(Zone::Deck(0)).len(), deck + 1);
        // Cannot attack or defend: never offered as a defender or an attacker.
        assert!(g.rule(Rule::CannotAttack(w)));
        assert!(g.rule(Rule::CannotDefend(w)));
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        g.attack = crate::engine::AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        let o = options(&g);
        assert!(
            o.contains(&Opt::Card(h)) && !o.contains(&Opt::Card(w)),
            "{o:?}"
        );
        g.answer(Opt::Card(h));
        while g.pending().is_some() {
            g.apply(0);
        }
        g.ready(h);
        g.settle();
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        let o = options(&g);
        assert!(
            o.contains(&Opt::Card(h)) && !o.contains(&Opt::Card(w)),
            "{o:?}"
        );
    }

    #[test]
    fn silver_harp() {
        let mut g = sandbox(&[&["Core-007", "TToR-084"]]);
        let eowyn = hero(&g, "Core-007");
        let er = hero(&g, "TToR-084");
        let harp = g.spawn("TToR-090", 0, Zone::Hand(0));
        assert!(harp_target(&g, harp, 0, eowyn));
        assert!(!harp_target(&g, harp, 0, er));
        g.cards[eowyn as usize].resources = 2;
        g.act(0, Opt::Play(harp));
        assert_eq!(g.card(harp).zone, Zone::Attached(eowyn));
        let c = g.list(Zone::Hand(0))[0];
        g.discard(c);
        g.settle();
        g.answer(Opt::Activate(harp));
        assert_eq!(g.card(c).zone, Zone::Hand(0));
        assert!(!g.is_ready(harp));
        // Exhausted: no second return.
        g.discard(c);
        g.settle();
        assert!(g.pending().is_none());
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn galdor_of_the_havens() {
        let mut g = sandbox(&[&["Core-007"]]);
        let gd = g.spawn("TToR-091", 0, Zone::Play(0));
        let n = g.list(Zone::Hand(0)).len();
        let c = g.list(Zone::Hand(0))[0];
        g.discard(c);
        g.settle();
        g.answer(Opt::Activate(gd));
        assert_eq!(g.list(Zone::Hand(0)).len(), n);
        // Once per round.
        let c2 = g.list(Zone::Hand(0))[0];
        g.discard(c2);
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn the_door_is_closed() {
        let mut g = sandbox(&[&["Core-010"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let d = g.spawn("TToR-092", 0, Zone::Hand(0));
        g.spawn("TLR-025", ENCOUNTER, Zone::Victory);
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::EncounterDeck);
        let other = g.spawn("TLR-027", ENCOUNTER, Zone::EncounterDeck);
        // No copy of this title in the victory display: not offered.
        assert!(!door_can(&g, d, 0, Event::CancelWhenRevealed(other)));
        g.move_card(e, Zone::EncounterDeck);
        reveal(&mut g, e);
        g.answer(Opt::Activate(d));
        while g.pending().is_some() {
            g.answer(Opt::Pass);
        }
        assert_eq!(g.card(e).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(d).zone, Zone::Discard(0));
    }

    #[test]
    fn elf_friend() {
        let mut g = sandbox(&[&["Core-004"]]);
        let gimli = heroes(&g, 0)[0];
        g.cards[gimli as usize].resources = 1;
        let ef = g.spawn("TToR-093", 0, Zone::Hand(0));
        assert!(!g.has_trait(gimli, "Noldor"));
        g.act(0, Opt::Play(ef));
        assert_eq!(g.card(ef).zone, Zone::Attached(gimli));
        assert!(g.has_trait(gimli, "Noldor"));
        assert!(g.has_trait(gimli, "Silvan"));
        assert!(g.has_trait(gimli, "Dwarf"));
        // Now Elven Spear may go on him.
        let sp = g.spawn("TToR-087", 0, Zone::Hand(0));
        assert!(spear_target(&g, sp, 0, gimli));
    }

    /// Whole games with decks built from these cards (and the Ettenmoors ones), for both bots
    /// and 1-3 players: invariants hold at every decision and every game ends.
    #[test]
    fn angmar_player_cards_full_games() {
        use crate::deck::Deck;
        use crate::engine::{GameSetup, RuleOptions};
        let db = crate::cards::testkit::db();
        let codes: Vec<&str> = [
            "AtE-055", "AtE-056", "AtE-057", "AtE-059", "AtE-060", "AtE-061", "AtE-062", "AtE-063",
            "TToR-085", "TToR-087", "TToR-088", "TToR-089", "TToR-090", "TToR-091", "TToR-092",
            "TToR-093",
        ]
        .iter()
        .flat_map(|c| [*c; 3])
        .chain(["AtE-058", "TToR-086"])
        .collect();
        let deck = |heroes: &[&str]| Deck {
            name: "angmar".into(),
            heroes: heroes.iter().map(|c| db.by_code(c).unwrap()).collect(),
            cards: codes.iter().map(|c| db.by_code(c).unwrap()).collect(),
            loot: Vec::new(),
        };
        for players in 1..=3 {
            let decks = [
                deck(&["TToR-084", "AtE-054", "Core-007"]),
                deck(&["Core-001", "Core-011", "Core-005"]),
                deck(&["Core-002", "Core-010", "Core-008"]),
            ];
            let setup = GameSetup {
                scenario: db.scenario("intruders-in-chetwood").unwrap(),
                mode: crate::data::Mode::Standard,
                decks: decks[..players].to_vec(),
                options: RuleOptions {
                    first_player: Some(0),
                    ..RuleOptions::default()
                },
                max_rounds: 30,
                allow_unimplemented: false,
            };
            for bot in ["random", "basic"] {
                let mut g = Game::new(db, &setup);
                let mut bots: Vec<_> = (0..players)
                    .map(|_| crate::bots::make(bot).unwrap())
                    .collect();
                for i in 0..40 {
                    for (seat, b) in bots.iter_mut().enumerate() {
                        b.new_game(crate::seed::derive(
                            7,
                            i,
                            crate::seed::Stream::Bot(seat as u8),
                        ));
                    }
                    g.start(7, i);
                    let mut steps = 0;
                    while let Some(d) = g.pending() {
                        g.check_invariants()
                            .unwrap_or_else(|e| panic!("{bot} {players}p game {i}: {e}"));
                        let k = bots[d.player as usize].choose(&g, d);
                        g.apply(k);
                        steps += 1;
                        assert!(steps < 200_000, "{bot} game {i} does not terminate");
                    }
                    assert!(g.outcome().is_some());
                    assert_eq!(g.record().unimplemented_plays, 0);
                }
            }
        }
    }

    /// Elf-friend's hint (`Hint::grants_traits`): a host with both traits already gains nothing
    /// from it. `basic` (`trait_grant`, on) puts a second copy on a character that lacks one,
    /// and plays none while every character of its player has both.
    #[test]
    fn elf_friend_grants_traits_hint() {
        use crate::bots::{basic::BasicBot, Bot};
        use crate::cards::hints::grants_new_trait;
        use crate::engine::{Ask, Decision};
        let mut g = sandbox(&[&["TToR-084", "Core-004"]]);
        let er = hero(&g, "TToR-084");
        let gimli = hero(&g, "Core-004");
        for h in [er, gimli] {
            g.cards[h as usize].resources = 3;
        }
        g.spawn("TToR-093", 0, Zone::Attached(er));
        assert!(g.has_trait(er, "Silvan"));
        let next = g.spawn("TToR-093", 0, Zone::Resolving);
        assert!(!grants_new_trait(&g, next, er));
        assert!(grants_new_trait(&g, next, gimli));
        let mut bot = BasicBot::new();
        let d = Decision {
            player: 0,
            ask: Ask::Effect {
                card: next,
                what: 0,
            },
            options: vec![Opt::Card(er), Opt::Card(gimli)],
        };
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Card(gimli));
        // In hand: played while Gimli lacks the traits, not once he has them too.
        g.move_card(next, Zone::Hand(0));
        g.phase = Phase::Planning;
        let plan = |g: &Game, bot: &mut BasicBot| {
            let d = Decision {
                player: 0,
                ask: Ask::Planning,
                options: vec![Opt::Pass, Opt::Play(next)],
            };
            d.options[bot.choose(g, &d)]
        };
        assert_eq!(plan(&g, &mut bot), Opt::Play(next));
        g.spawn("TToR-093", 0, Zone::Attached(gimli));
        assert_eq!(plan(&g, &mut bot), Opt::Pass);
    }

    /// The `basic` bot discards its least useful card to Elven Spear, and uses the Spear when
    /// the extra Attack completes a kill.
    #[test]
    fn elven_spear_basic_bot_choices() {
        use crate::bots::{basic::BasicBot, Bot};
        use crate::engine::{Ask, Decision, PlayerAttackCtx, NO_CARD};
        let mut g = sandbox(&[&["TToR-084"]]);
        let er = hero(&g, "TToR-084");
        let sp = g.spawn("TToR-087", 0, Zone::Attached(er));
        let cheap = g.list(Zone::Hand(0))[0]; // Guard of the Citadel (no Leadership hero)
        let dear = g.spawn("TToR-091", 0, Zone::Hand(0)); // Galdor (Lore, cost 4)
        let mut bot = BasicBot::new();
        let d = Decision {
            player: 0,
            ask: Ask::Effect { card: sp, what: 0 },
            options: vec![Opt::Card(dear), Opt::Card(cheap)],
        };
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Card(cheap));
        // Erestor (2 ATK) attacks a Cornered Orc (DEF 1, 2 HP): one more Attack kills it.
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        let mut attackers = [NO_CARD; 16];
        attackers[0] = er;
        g.patk = PlayerAttackCtx {
            enemy: e,
            player: 0,
            attackers,
            n_attackers: 1,
        };
        let d = Decision {
            player: 0,
            ask: Ask::Action(Phase::Combat),
            options: vec![Opt::Pass, Opt::Activate(sp)],
        };
        assert_eq!(d.options[bot.choose(&g, &d)], Opt::Activate(sp));
    }

    #[test]
    fn the_door_is_closed_hint() {
        use crate::cards::hints::action_value;
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TToR-092", 0, Zone::Hand(0));
        let t = g.spawn("TLR-022", ENCOUNTER, Zone::Resolving);
        assert_eq!(
            action_value(&g, 0, c, Some(Event::CancelWhenRevealed(t))),
            45
        );
        assert_eq!(action_value(&g, 0, c, None), 0);
    }

    #[test]
    fn elven_spear_hint() {
        use crate::cards::hints::{hint, AttachKind};
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TToR-087", 0, Zone::Hand(0));
        let h = hint(&g, c);
        assert_eq!(h.attach, Some((25, AttachKind::Weapon)));
        assert_eq!(h.attack_boost_per_phase, 3);
        assert!(h.restricted_room_check);
        assert_eq!(
            crate::cards::hints::action_value(&g, 0, c, None),
            0,
            "not attached"
        );
    }

    #[test]
    fn horns_cry_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TToR-088", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "one attacker");
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 25, "two attackers");
    }

    /// cards41: Horn's Cry only lowers the Attack of enemies in play until the end of the
    /// phase (`Hint::lowers_enemy_attack`): idle (so `lookahead` does not search it) unless an
    /// enemy attack is under way or, in the combat phase, still to come.
    #[test]
    fn cards41_horns_cry_idle_without_enemy_attack() {
        use crate::cards::hints::{hint, use_is_idle};
        use crate::cards::testkit::codes::{ANGMAR_MARAUDER, HORNS_CRY, LEADERSHIP_HEROES};
        use crate::engine::{AttackCtx, Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[LEADERSHIP_HEROES]);
        let c = g.spawn(HORNS_CRY, 0, Zone::Hand(0));
        assert!(hint(&g, c).lowers_enemy_attack);
        let e = g.spawn(ANGMAR_MARAUDER, ENCOUNTER, Zone::Engaged(0));
        // Before the quest, with an enemy engaged: nothing attacks in this phase.
        g.phase = Phase::Quest;
        assert!(use_is_idle(&g, 0, c));
        // Combat phase, the enemy has not attacked yet: not idle.
        g.phase = Phase::Combat;
        assert!(!use_is_idle(&g, 0, c));
        // Every engaged enemy has attacked: idle.
        g.card_mut(e).attacked = true;
        assert!(use_is_idle(&g, 0, c));
        // An attack under way (an immediate attack in the quest phase): not idle.
        g.phase = Phase::Quest;
        g.attack = AttackCtx::new(e, 0, false);
        assert!(!use_is_idle(&g, 0, c));
    }
}
