//! The Wastes of Eriador player cards (TWoE-001..010).
//!
//! Each script has a one-line summary of what the card does (in our words, not the printed text).

use crate::cards::common::area_players;
use crate::cards::common::{cancel_damage, host, mine_in_play};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{Ask, CardId, Cont, Event, Game, Lasting, Opt, Phase, Stat, Until, Zone};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "TWoE-001",
        hint: Hint {
            play_value: Some(bot::merry_value),
            ..NO_HINT
        },
        can_respond: Some(merry_can),
        respond_on: events![Revealed],
        respond: Some(merry_respond),
        ..BLANK
    },
    Script {
        code: "TWoE-002",
        modify: Some(ingold_modify),
        ..BLANK
    },
    Script {
        code: "TWoE-003",
        hint: Hint {
            valour_event: true,
            play_value: Some(bot::rallying_cry_value),
            ..NO_HINT
        },
        can_respond: Some(rallying_can_respond),
        respond_on: events![LeftPlay],
        respond: Some(rallying_respond),
        can_act: Some(rallying_can_act),
        act: Some(rallying_act),
        ..BLANK
    },
    Script {
        code: "TWoE-004",
        hint: Hint {
            play_value: Some(bot::honour_guard_value),
            effect: Some(bot::honour_guard_effect),
            ..NO_HINT
        },
        can_respond: Some(honour_guard_can),
        respond_on: events![CancelDamage],
        respond: Some(honour_guard_respond),
        resume: Some(honour_guard_resume),
        mode_names: &[
            (0, 0, "cancel 1 damage"),
            (0, 1, "Valour: cancel up to 5 damage"),
        ],
        ..BLANK
    },
    Script {
        code: "TWoE-005",
        hint: Hint {
            attach: Some((25, AttachKind::Armor)),
            deck_needs: &[DeckNeed::SentinelHero],
            play_value: Some(|_, _, _, _| 30),
            ..NO_HINT
        },
        attach_to: Some(helm_attach),
        can_respond: Some(helm_can),
        respond_on: events![CancelDamage],
        respond: Some(helm_respond),
        ..BLANK
    },
    Script {
        code: "TWoE-006",
        hint: Hint {
            play_value: Some(|_, _, _, _| 40),
            effect: Some(bot::curious_brandybuck_effect),
            ..NO_HINT
        },
        forced: Some(brandybuck_forced),
        forced_on: events![Explored, LeftPlay],
        can_respond: Some(brandybuck_can),
        respond_on: events![Traveled],
        hand_response: true,
        respond: Some(brandybuck_respond),
        resume: Some(brandybuck_resume),
        ..BLANK
    },
    Script {
        code: "TWoE-007",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroTrait(&["Hobbit"])],
            attach: Some((15, AttachKind::General)),
            play_value: Some(bot::hobbit_pony_value),
            ..NO_HINT
        },
        attach_to: Some(pony_attach),
        can_act: Some(pony_can),
        act: Some(pony_act),
        ..BLANK
    },
    Script {
        code: "TWoE-008",
        modify: Some(east_road_modify),
        ..BLANK
    },
    Script {
        code: "TWoE-009",
        hint: Hint {
            play_value: Some(|_, _, _, _| 30),
            effect: Some(bot::scout_ahead_effect),
            ..NO_HINT
        },
        can_respond: Some(scout_ahead_can),
        respond_on: events![SideQuestDefeated],
        respond: Some(scout_ahead_respond),
        resume: Some(scout_ahead_resume),
        ..BLANK
    },
    Script {
        code: "TWoE-010",
        hint: Hint {
            play_value: Some(|_, _, _, _| 35),
            ..NO_HINT
        },
        can_respond: Some(cardolan_can),
        respond_on: events![Engaged],
        hand_response: true,
        respond: Some(cardolan_respond),
        ..BLANK
    },
];

// ----------------------------------------------------------------- Merry (TWoE-001)

// Response: when an enemy comes off the top of the encounter deck, exhaust him to lower your
// threat by that enemy's Threat.
fn merry_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::Revealed(e, true) = ev else {
        return false;
    };
    mine_in_play(g, me, seat)
        && g.is_ready(me)
        && g.is_enemy(e)
        && g.stat(e, Stat::Threat) > 0
        && g.players[seat as usize].threat > 0
        && !g.rule(Rule::CannotReduceThreat(seat))
}

fn merry_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    let Event::Revealed(e, _) = ev else { return };
    g.exhaust(me);
    let n = g.stat(e, Stat::Threat);
    g.reduce_threat(seat, n);
}

// ----------------------------------------------------------------- Ingold (TWoE-002)

// +1 Willpower for each hero his controller has whose resource pool is not empty.
fn ingold_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target != me || s != Stat::Willpower || !matches!(g.card(me).zone, Zone::Play(_)) {
        return 0;
    }
    g.heroes(g.controller(me))
        .filter(|&h| g.card(h).resources > 0)
        .count() as i16
}

// ----------------------------------------------------------------- Rallying Cry (TWoE-003)

// Response: an ally that just left play for its owner's discard pile goes to his hand instead.
// Valour Action: for the rest of the phase, every ally leaving play goes to its owner's hand
// instead of the discard pile (a lasting effect held by this card; see `discard_zone`).
fn rallying_can_respond(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::LeftPlay(a) = ev else { return false };
    g.is_ally(a) && g.card(a).zone == Zone::Discard(g.card(a).owner)
}

fn rallying_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    let Event::LeftPlay(a) = ev else { return };
    let owner = g.card(a).owner;
    if g.card(a).zone == Zone::Discard(owner) {
        g.move_card(a, Zone::Hand(owner));
    }
}

fn rallying_active(g: &Game) -> bool {
    g.lasting
        .iter()
        .any(|e| e.what == Lasting::AlliesToHandInsteadOfDiscard)
}

fn rallying_can_act(g: &Game, _me: CardId, p: u8) -> bool {
    g.valour(p) && !rallying_active(g)
}

fn rallying_act(g: &mut Game, me: CardId, _p: u8) {
    g.add_lasting(me, Lasting::AlliesToHandInsteadOfDiscard, Until::EndOfPhase);
}

// ----------------------------------------------------------------- Honour Guard (TWoE-004)

// Response: exhaust it to cancel 1 of the damage just dealt to a character. Valour Response:
// exhaust and discard it to cancel up to 5 of that damage (prompt 0: Mode 0 = cancel 1,
// Mode 1 = the Valour version; only asked when the Valour version would cancel more).
fn honour_guard_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    let Event::CancelDamage(c, n) = ev else {
        return false;
    };
    n > 0
        && mine_in_play(g, me, seat)
        && g.is_ready(me)
        && g.card(c).zone.in_play()
        && g.card(c).damage > 0
}

fn honour_guard_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    let Event::CancelDamage(c, n) = ev else {
        return;
    };
    let big = n.min(5).min(g.card(c).damage);
    let cont = Cont::new(me, 0).with(seat, c as i16, big);
    if g.valour(seat) && big > 1 {
        g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
        g.offer(Opt::Mode(0));
        g.offer(Opt::Mode(1));
        g.ask_script(cont);
    } else {
        honour_guard_resume(g, cont, Opt::Mode(0));
    }
}

fn honour_guard_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, c) = (cont.card, cont.a as CardId);
    g.exhaust(me);
    let n = if opt == Opt::Mode(1) {
        g.discard(me);
        cont.b
    } else {
        1
    };
    if g.card(c).zone.in_play() {
        cancel_damage(g, c, n);
    }
}

// ----------------------------------------------------------------- Raven-winged Helm (TWoE-005)

// On a hero with Sentinel (one per hero). Response: exhaust it to prevent 1 of the damage just
// dealt to its hero.
fn helm_attach(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    let code = &g.def_of(me).code;
    g.is_hero(t)
        && g.def_of(t).keywords.sentinel
        && !g.attachments(t).any(|a| &g.def_of(a).code == code)
}

fn helm_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::CancelDamage(c, n) = ev else {
        return false;
    };
    n > 0 && host(g, me) == Some(c) && g.is_ready(me) && g.card(c).damage > 0
}

fn helm_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    let Event::CancelDamage(c, _) = ev else {
        return;
    };
    g.exhaust(me);
    cancel_damage(g, c, 1);
}

// ----------------------------------------------------------------- Curious Brandybuck (TWoE-006)

// Forced: once the active location is explored, it goes to the bottom of its owner's deck.
// Response: after the players travel, it enters play from your hand; you pick which player
// controls it (prompt 0).
fn brandybuck_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Explored(_, true) = ev {
        if matches!(g.card(me).zone, Zone::Play(_)) {
            let owner = g.card(me).owner;
            g.move_card_bottom(me, Zone::Deck(owner));
            g.fire(Event::LeftPlay(me));
        }
    }
}

fn brandybuck_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Traveled(_)) && g.card(me).zone == Zone::Hand(seat)
}

fn brandybuck_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if !g.players[q as usize].eliminated {
            g.offer(Opt::Player(q));
        }
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn brandybuck_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Player(q) = opt else { return };
    if g.card(cont.card).zone == Zone::Hand(cont.player) {
        g.put_into_play(cont.card, q);
    }
}

// ----------------------------------------------------------------- Hobbit Pony (TWoE-007)

// On a Hobbit hero (restricted). Quest Action: if its hero is not committed, exhaust the pony and
// the hero to commit the hero to the quest.
fn pony_attach(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && g.has_trait(t, "Hobbit")
}

fn pony_can(g: &Game, me: CardId, _p: u8) -> bool {
    let Some(h) = host(g, me) else { return false };
    g.phase == Phase::Quest
        && matches!(g.card(h).zone, Zone::Play(_))
        && !g.card(h).questing
        && g.is_ready(me)
        && g.is_ready(h)
}

fn pony_act(g: &mut Game, me: CardId, _p: u8) {
    let Some(h) = host(g, me) else { return };
    g.exhaust(me);
    g.exhaust(h);
    g.card_mut(h).questing = true;
    if g.logging() {
        let line = format!(
            "  {} commits to the quest ({} WP)",
            g.title(h),
            g.stat(h, Stat::Willpower)
        );
        g.log_line(line);
    }
    g.fire(Event::Committed(h));
}

// ----------------------------------------------------------------- East Road Ranger (TWoE-008)

// Gains 2 Willpower while questing when the current quest is a side quest.
fn east_road_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on_side = target == me
        && s == Stat::Willpower
        && g.card(me).questing
        && g.phase == Phase::Quest
        && g.current_quest().is_some_and(|q| g.is_side_quest(q));
    on_side as i16 * 2
}

// ----------------------------------------------------------------- Scout Ahead (TWoE-009)

// Player side quest. Response when defeated: the first player looks at the top (players + 4)
// encounter cards and moves one that is not an objective and has no victory points to the
// victory display (prompt 0). Engine choice: the others stay in their order (any order is legal).
fn scout_ahead_target(g: &Game, c: CardId) -> bool {
    !matches!(
        g.ty(c),
        CardType::Objective
            | CardType::ObjectiveAlly
            | CardType::ObjectiveLocation
            | CardType::ObjectiveHero
    ) && g.def_of(c).victory == 0
}

fn scout_ahead_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::SideQuestDefeated(me) && !g.list(Zone::EncounterDeck).is_empty()
}

fn scout_ahead_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    let x = g.players_in_this_area() as usize + 4;
    let first = g.area_first();
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    let deck = g.list(Zone::EncounterDeck).len();
    for i in deck.saturating_sub(x)..deck {
        let c = g.list(Zone::EncounterDeck)[i];
        // The others stay where they are, known (`Game::look_at`).
        g.look_at(c, first);
        if scout_ahead_target(g, c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

fn scout_ahead_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    let Opt::Card(c) = opt else { return };
    if g.card(c).zone == Zone::EncounterDeck {
        g.move_card(c, Zone::Victory);
        if g.logging() {
            let line = format!("  {} is added to the victory display", g.title(c));
            g.log_line(line);
        }
    }
}

// ----------------------------------------------------------------- Ranger of Cardolan (TWoE-010)

// Response from hand: after an enemy engages you, if you control a Dúnedain hero, spend 1
// resource to put it into play; at the end of the round, if still in play, it is shuffled into
// its owner's deck.
fn cardolan_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Engaged(_, p) if p == seat)
        && g.card(me).zone == Zone::Hand(seat)
        && g.heroes(seat).any(|h| g.has_trait(h, "Dúnedain"))
        && g.available(seat, Sphere::Neutral) >= 1
}

fn cardolan_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    if g.card(me).zone != Zone::Hand(seat) {
        return;
    }
    g.pay(seat, Sphere::Neutral, 1);
    g.put_into_play(me, seat);
    g.add_lasting(me, Lasting::ShuffleIntoDeckAtEndOfRound, Until::EndOfRound);
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    pub(super) fn hobbit_pony_value(g: &Game, _p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        // Hobbit Pony: commit its hero after staging when the quest would fail otherwise.
        let host = match g.card(c).zone {
            Zone::Attached(h) => h,
            _ => NO_CARD,
        };
        (host != NO_CARD
            && g.before_quest_resolution()
            && g.stat(host, g.questing_stat()) > 0
            && g.questing_strength() <= g.staging_threat()) as i32
            * 30
    }

    pub(super) fn rallying_cry_value(g: &Game, p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        match ev {
            // Rallying Cry: recover a dear ally; as the Valour Action, before a dangerous combat.
            Some(Event::LeftPlay(a)) => (g.def_of(a).cost >= 3) as i32 * 30,
            None => {
                (phase == Phase::Combat && engaged > 0 && g.allies_of(p).count() >= 2) as i32 * 25
            }
            _ => 0,
        }
    }

    pub(super) fn merry_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            // Merry: threat relief worth the enemy's threat.
            Some(Event::Revealed(e, _)) => g.stat(e, Stat::Threat) as i32 * 10,
            _ => 0,
        }
    }

    pub(super) fn honour_guard_value(g: &Game, p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            // Honour Guard: save a character from dying, or spare a hero.
            Some(Event::CancelDamage(x, n)) => {
                let big = if g.valour(p) { n.min(5) } else { 1 };
                if g.remaining_hp(x) <= 0 && g.remaining_hp(x) + big > 0 {
                    45
                } else {
                    g.is_hero(x) as i32 * 15
                }
            }
            _ => 0,
        }
    }

    /// Honour Guard: the Valour version (discard it, cancel up to 5) only when cancelling 1
    /// would not save a character worth more than the Guard.
    pub(super) fn honour_guard_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let big = g.stack.iter().rev().find_map(|f| match *f {
                    crate::engine::Frame::Choice { cont } if cont.card != NO_CARD => {
                        let (me, x) = (cont.card, cont.a as CardId);
                        Some(g.remaining_hp(x) < 0 && char_value(g, x) > char_value(g, me))
                    }
                    _ => None,
                });
                find(o, Opt::Mode(big.unwrap_or(false) as u8))
            }
            _ => None,
        }
    }

    /// Curious Brandybuck: it quests for us.
    pub(super) fn curious_brandybuck_effect(
        _g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => find(o, Opt::Player(p)),
            _ => None,
        }
    }

    /// Scout Ahead: take out the worst card.
    pub(super) fn scout_ahead_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |c| encounter_harm(g, c)),
            _ => None,
        }
    }

    /// How much an encounter card still in the deck would hurt us (Scout Ahead removes one).
    pub(super) fn encounter_harm(g: &Game, c: CardId) -> i32 {
        match g.ty(c) {
            CardType::Enemy => danger(g, c),
            CardType::Location => {
                (g.stat(c, Stat::Threat) * 8 + g.stat(c, Stat::QuestPoints) * 2) as i32
            }
            CardType::Treachery => 30,
            CardType::EncounterSideQuest => 25,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::testkit::{actions, hero, options, sandbox};
    use crate::engine::{Event, Opt, Phase, Stat, Until, Zone, ENCOUNTER};

    #[test]
    fn merry() {
        let mut g = sandbox(&[&["TWoE-001"]]);
        let m = hero(&g, "TWoE-001");
        g.players[0].threat = 20;
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Staging); // Orc War Party, threat 3
        g.emit(Event::Revealed(e, true));
        assert!(options(&g).contains(&Opt::Activate(m)));
        g.answer(Opt::Activate(m));
        assert_eq!(g.players[0].threat, 17);
        assert!(!g.is_ready(m));
        // Not for a card that did not come from the encounter deck, nor for a location.
        let mut g = sandbox(&[&["TWoE-001"]]);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Staging);
        g.emit(Event::Revealed(e, false));
        assert!(g.pending().is_none());
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Staging);
        g.emit(Event::Revealed(l, true));
        assert!(g.pending().is_none());
    }

    #[test]
    fn ingold() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let i = g.spawn("TWoE-002", 0, Zone::Play(0));
        let hs = crate::cards::testkit::heroes(&g, 0);
        g.card_mut(hs[0]).resources = 2;
        g.card_mut(hs[1]).resources = 0;
        assert_eq!(g.stat(i, Stat::Willpower), 1);
        g.card_mut(hs[1]).resources = 1;
        assert_eq!(g.stat(i, Stat::Willpower), 2);
    }

    #[test]
    fn rallying_cry() {
        // Response: a destroyed ally goes back to hand.
        let mut g = sandbox(&[&["Core-002"]]);
        let h = hero(&g, "Core-002"); // Théodred: Leadership
        g.card_mut(h).resources = 2;
        let rc = g.spawn("TWoE-003", 0, Zone::Hand(0));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        g.discard(a);
        g.settle();
        assert!(options(&g).contains(&Opt::Activate(rc)));
        g.answer(Opt::Activate(rc));
        assert_eq!(g.card(a).zone, Zone::Hand(0));
        assert_eq!(g.card(rc).zone, Zone::Discard(0));
        assert_eq!(g.card(h).resources, 0);
        // The Valour Action needs threat 40.
        let mut g = sandbox(&[&["Core-002"]]);
        let h = hero(&g, "Core-002");
        g.card_mut(h).resources = 2;
        let rc = g.spawn("TWoE-003", 0, Zone::Hand(0));
        assert!(!actions(&mut g).contains(&Opt::Play(rc)));
        g.players[0].threat = 40;
        assert!(actions(&mut g).contains(&Opt::Play(rc)));
        g.act(0, Opt::Play(rc));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        let b = g.spawn("Core-013", 0, Zone::Play(0));
        g.discard(a);
        g.card_mut(b).damage = 5;
        g.settle();
        assert_eq!(g.card(a).zone, Zone::Hand(0));
        assert_eq!(g.card(b).zone, Zone::Hand(0), "destroyed allies too");
        g.expire(Until::EndOfPhase);
        let c = g.spawn("Core-013", 0, Zone::Play(0));
        g.discard(c);
        assert_eq!(
            g.card(c).zone,
            Zone::Discard(0),
            "only until the end of the phase"
        );
    }

    #[test]
    fn honour_guard() {
        let mut g = sandbox(&[&["Core-001"]]);
        let ar = hero(&g, "Core-001"); // 5 HP
        let hg = g.spawn("TWoE-004", 0, Zone::Play(0));
        g.card_mut(ar).damage = 3;
        g.deal_damage(ar, 2);
        g.settle();
        assert_eq!(
            g.card(ar).zone,
            Zone::Play(0),
            "not destroyed while the window is open"
        );
        assert!(options(&g).contains(&Opt::Activate(hg)));
        g.answer(Opt::Activate(hg));
        assert_eq!(g.card(ar).damage, 4);
        assert!(!g.is_ready(hg));
        assert_eq!(g.card(ar).zone, Zone::Play(0), "saved");
        // Without a response the character dies once the window closes.
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let ar = hero(&g, "Core-001");
        g.spawn("TWoE-004", 0, Zone::Play(0));
        g.card_mut(ar).damage = 3;
        g.deal_damage(ar, 2);
        g.settle();
        g.answer(Opt::Pass);
        assert_eq!(g.card(ar).zone, Zone::Discard(0));
    }

    #[test]
    fn honour_guard_valour() {
        let mut g = sandbox(&[&["Core-001"]]);
        let ar = hero(&g, "Core-001");
        let hg = g.spawn("TWoE-004", 0, Zone::Play(0));
        g.players[0].threat = 41;
        g.deal_damage(ar, 6);
        g.settle();
        g.answer(Opt::Activate(hg));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(1));
        assert_eq!(g.card(ar).damage, 1);
        assert_eq!(g.card(hg).zone, Zone::Discard(0));
        assert_eq!(g.card(ar).zone, Zone::Play(0));
    }

    #[test]
    fn raven_winged_helm() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let ar = hero(&g, "Core-001"); // Sentinel
        let th = hero(&g, "Core-002");
        let h = g.spawn("TWoE-005", 0, Zone::Hand(0));
        let targets: Vec<_> = g.attach_targets(h, 0).collect();
        assert_eq!(targets, vec![ar], "only a hero with sentinel");
        g.attach(h, ar, 0);
        let h2 = g.spawn("TWoE-005", 0, Zone::Hand(0));
        assert_eq!(g.attach_targets(h2, 0).count(), 0, "one per hero");
        g.deal_damage(ar, 2);
        g.settle();
        assert!(options(&g).contains(&Opt::Activate(h)));
        g.answer(Opt::Activate(h));
        assert_eq!(g.card(ar).damage, 1);
        assert!(!g.is_ready(h));
        // Two cancels never take off more than was dealt.
        let hg = g.spawn("TWoE-004", 0, Zone::Play(0));
        g.ready(h);
        g.card_mut(ar).damage = 2;
        g.deal_damage(ar, 1);
        g.settle();
        g.answer(Opt::Activate(h));
        assert_eq!(g.card(ar).damage, 2);
        assert!(
            g.pending().is_none(),
            "Honour Guard has nothing left to cancel"
        );
        assert!(g.is_ready(hg));
        // Not for another hero.
        g.ready(h);
        g.deal_damage(th, 1);
        g.settle();
        assert!(options(&g).contains(&Opt::Activate(hg)));
        assert!(!options(&g).contains(&Opt::Activate(h)));
    }

    #[test]
    fn curious_brandybuck() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        let b = g.spawn("TWoE-006", 0, Zone::Hand(0));
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Active); // Rugged Country, 3 quest points
        g.emit(Event::Traveled(l));
        assert!(options(&g).contains(&Opt::Activate(b)));
        g.answer(Opt::Activate(b));
        g.answer(Opt::Player(1));
        assert_eq!(g.card(b).zone, Zone::Play(1));
        // Explored active location: to the bottom of its owner's deck.
        g.card_mut(l).progress = 3;
        g.settle();
        assert_eq!(g.card(l).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(b).zone, Zone::Deck(0));
        assert_eq!(g.list(Zone::Deck(0))[0], b, "at the bottom");
        // A staging-area location explored does not trigger it.
        let b2 = g.spawn("TWoE-006", 0, Zone::Play(0));
        let s = g.spawn("TLR-047", ENCOUNTER, Zone::Staging);
        g.card_mut(s).progress = 3;
        g.settle();
        assert_eq!(g.card(s).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(b2).zone, Zone::Play(0));
    }

    #[test]
    fn hobbit_pony() {
        let mut g = sandbox(&[&["TWoE-001", "Core-001"]]);
        let m = hero(&g, "TWoE-001");
        let pony = g.spawn("TWoE-007", 0, Zone::Hand(0));
        let targets: Vec<_> = g.attach_targets(pony, 0).collect();
        assert_eq!(targets, vec![m], "a Hobbit hero only");
        g.attach(pony, m, 0);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(pony)),
            "quest phase only"
        );
        g.phase = Phase::Quest;
        assert!(actions(&mut g).contains(&Opt::Activate(pony)));
        g.act(0, Opt::Activate(pony));
        assert!(g.card(m).questing);
        assert!(!g.is_ready(m) && !g.is_ready(pony));
        assert_eq!(g.questing_strength(), 2);
        assert!(!actions(&mut g).contains(&Opt::Activate(pony)));
    }

    #[test]
    fn east_road_ranger() {
        let mut g = sandbox(&[&["Core-001"]]);
        let r = g.spawn("TWoE-008", 0, Zone::Play(0));
        let sq = g.spawn("TWoE-009", 0, Zone::Staging);
        g.phase = Phase::Quest;
        g.card_mut(r).questing = true;
        assert_eq!(g.stat(r, Stat::Willpower), 1, "main quest");
        g.add_lasting(
            sq,
            crate::engine::Lasting::CurrentQuest,
            crate::engine::Until::EndOfPhase,
        );
        assert_eq!(g.stat(r, Stat::Willpower), 3);
        g.card_mut(r).questing = false;
        assert_eq!(g.stat(r, Stat::Willpower), 1, "not committed");
    }

    #[test]
    fn scout_ahead() {
        let mut g = sandbox(&[&["Core-001"]]);
        let sq = g.spawn("TWoE-009", 0, Zone::Staging);
        // Top of the encounter deck: an enemy with no victory points.
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::EncounterDeck);
        let deck_before = g.list(Zone::EncounterDeck).len();
        g.card_mut(sq).progress = 4;
        g.settle();
        assert_eq!(g.card(sq).zone, Zone::Victory);
        assert!(options(&g).contains(&Opt::Activate(sq)));
        g.answer(Opt::Activate(sq));
        let opts = options(&g);
        assert!(opts.contains(&Opt::Card(e)));
        assert!(opts.len() <= 5, "1 player: top 5 cards");
        g.answer(Opt::Card(e));
        assert_eq!(g.card(e).zone, Zone::Victory);
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck_before - 1);
    }

    #[test]
    fn ranger_of_cardolan() {
        let mut g = sandbox(&[&["Core-001"]]); // Aragorn: Dúnedain
        let ar = hero(&g, "Core-001");
        g.card_mut(ar).resources = 1;
        let r = g.spawn("TWoE-010", 0, Zone::Hand(0));
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Staging);
        g.engage(e, 0);
        g.settle();
        assert!(options(&g).contains(&Opt::Activate(r)));
        g.answer(Opt::Activate(r));
        assert_eq!(g.card(r).zone, Zone::Play(0));
        assert_eq!(g.card(ar).resources, 0);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.card(r).zone, Zone::Play(0));
        g.expire(Until::EndOfRound);
        assert_eq!(
            g.card(r).zone,
            Zone::Deck(0),
            "shuffled back at the end of the round"
        );
        // No Dúnedain hero: no response.
        let mut g = sandbox(&[&["Core-002"]]);
        let th = hero(&g, "Core-002");
        g.card_mut(th).resources = 1;
        g.spawn("TWoE-010", 0, Zone::Hand(0));
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Staging);
        g.engage(e, 0);
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn merry_hint() {
        use crate::cards::hints::action_value;
        let mut g = sandbox(&[&["TWoE-001"]]);
        let m = g.heroes(0).next().unwrap();
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        let threat = g.stat(e, Stat::Threat) as i32;
        assert!(threat > 0);
        assert_eq!(
            action_value(&g, 0, m, Some(Event::Revealed(e, true))),
            threat * 10
        );
        assert_eq!(action_value(&g, 0, m, None), 0);
    }

    #[test]
    fn curious_brandybuck_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Opt, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TWoE-006", 0, Zone::Hand(0));
        assert_eq!(action_value(&g, 0, c, None), 40);
        let f = hint(&g, c).effect.unwrap();
        assert_eq!(
            f(&g, 0, c, 0, &[Opt::Player(1), Opt::Player(0)]),
            Some(1),
            "it quests for us"
        );
    }

    #[test]
    fn rallying_cry_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Event, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TWoE-003", 0, Zone::Hand(0));
        let cheap = g.spawn("Core-013", 0, Zone::Discard(0));
        let dear = g.spawn("Core-018", 0, Zone::Discard(0));
        assert_eq!(action_value(&g, 0, c, Some(Event::LeftPlay(cheap))), 0);
        assert_eq!(action_value(&g, 0, c, Some(Event::LeftPlay(dear))), 30);
    }
}
