//! Escape from Mount Gram player cards (EfMG-028..037).
//!
//! Each script has a one-line summary of what the card does (in our words, not the printed text).

use crate::cards::common::area_players;
use crate::cards::common::{mine_in_play, shares_trait};
use crate::cards::hints::{DeckNeed, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::{Ask, CardId, Cont, Event, Game, Lasting, Opt, Stat, Until, Zone};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "EfMG-028",
        modify: Some(rossiel_modify),
        ..BLANK
    },
    Script {
        code: "EfMG-029",
        modify: Some(veteran_modify),
        ..BLANK
    },
    Script {
        code: "EfMG-030",
        hint: Hint {
            play_value: Some(bot::descendants_of_kings_value),
            readies: true,
            ready_target: Some(|g, _, x| g.has_trait(x, "Dúnedain")),
            ..NO_HINT
        },
        can_act: Some(descendants_can),
        act: Some(descendants_act),
        resume: Some(descendants_resume),
        ..BLANK
    },
    Script {
        code: "EfMG-031",
        hint: Hint {
            play_value: Some(bot::derndingle_warrior_value),
            ..NO_HINT
        },
        rule: Some(derndingle_rule),
        rule_on: crate::rules![CannotHaveRestricted],
        forced: Some(derndingle_forced),
        forced_on: events![EntersPlay],
        can_act: Some(derndingle_can),
        act: Some(derndingle_act),
        ..BLANK
    },
    Script {
        code: "EfMG-032",
        hint: Hint {
            deck_needs: &[DeckNeed::CharacterTrait(&["Ent"])],
            play_value: Some(bot::boomed_and_trumpeted_value),
            ..NO_HINT
        },
        can_respond: Some(boomed_can),
        respond_on: events![Damaged],
        respond: Some(boomed_respond),
        ..BLANK
    },
    Script {
        code: "EfMG-033",
        hint: Hint {
            spends_hand_cards: true,
            play_value: Some(bot::elven_jeweler_value),
            effect: Some(bot::elven_jeweler_effect),
            ..NO_HINT
        },
        hand_action: true,
        can_act: Some(jeweler_can),
        act: Some(jeweler_act),
        resume: Some(jeweler_resume),
        ..BLANK
    },
    Script {
        code: "EfMG-034",
        hint: Hint {
            play_value: Some(|_, _, _, _| 50),
            ..NO_HINT
        },
        can_respond: Some(double_back_can),
        respond_on: events![SideQuestDefeated],
        respond: Some(double_back_respond),
        ..BLANK
    },
    Script {
        code: "EfMG-035",
        hint: Hint {
            play_value: Some(|_, _, _, _| 20),
            ..NO_HINT
        },
        can_respond: Some(leave_no_trace_can),
        respond_on: events![Explored],
        respond: Some(leave_no_trace_respond),
        ..BLANK
    },
    Script {
        code: "EfMG-036",
        hint: Hint {
            deck_needs: &[DeckNeed::CharacterTrait(&["Ranger", "Scout"])],
            play_value: Some(bot::distant_stars_value),
            effect: Some(bot::distant_stars_effect),
            ..NO_HINT
        },
        can_act: Some(distant_stars_can),
        act: Some(distant_stars_act),
        resume: Some(distant_stars_resume),
        ..BLANK
    },
    Script {
        code: "EfMG-037",
        hint: Hint {
            play_value: Some(bot::keen_as_lances_value),
            effect: Some(bot::keen_as_lances_effect),
            ..NO_HINT
        },
        cost: Some(keen_cost),
        can_act: Some(keen_can),
        act: Some(keen_act),
        resume: Some(keen_resume),
        mode_names: &[
            (0, 0, "2 resources on a hero"),
            (0, 1, "draw 3 cards"),
            (0, 2, "lower threat by 4"),
        ],
        ..BLANK
    },
];

/// Does a card of type `ty` in the victory display share a trait with `c`?
fn victory_shares(g: &Game, c: CardId, ty: CardType) -> bool {
    g.list(Zone::Victory)
        .iter()
        .any(|&v| g.ty(v) == ty && shares_trait(g, c, v))
}

// ----------------------------------------------------------------- Rossiel (EfMG-028)

// +2 Willpower while the active location has a trait in common with a location in the victory
// display; +2 Defense while the attacking enemy has one in common with an enemy there.
fn rossiel_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target != me {
        return 0;
    }
    let on = match s {
        Stat::Willpower => g
            .active_location()
            .is_some_and(|l| victory_shares(g, l, CardType::Location)),
        Stat::Defense => g
            .attacking_enemy()
            .is_some_and(|e| victory_shares(g, e, CardType::Enemy)),
        _ => false,
    };
    on as i16 * 2
}

// ----------------------------------------------------------------- Veteran of Osgiliath (EfMG-029)

// +1 Willpower, Attack and Defense while its controller's threat is 40 or more.
fn veteran_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = target == me
        && matches!(s, Stat::Willpower | Stat::Attack | Stat::Defense)
        && matches!(g.card(me).zone, Zone::Play(p) if g.valour(p));
    on as i16
}

// ----------------------------------------------------------------- Descendants of Kings (EfMG-030)

// Action: ready up to X exhausted Dúnedain characters you control, X = enemies engaged with you.
// Engine choice: when X covers them all they are all readied (readying never hurts); otherwise
// the player picks them one by one (prompt 0).
fn descendants_targets<'g>(g: &'g Game<'g>, p: u8) -> impl Iterator<Item = CardId> + 'g {
    g.characters(p)
        .filter(move |&c| !g.is_ready(c) && g.has_trait(c, "Dúnedain"))
}

fn engaged_enemies(g: &Game, p: u8) -> i16 {
    g.engaged(p).iter().filter(|&&e| g.is_enemy(e)).count() as i16
}

fn descendants_can(g: &Game, _me: CardId, p: u8) -> bool {
    engaged_enemies(g, p) > 0 && descendants_targets(g, p).next().is_some()
}

fn descendants_act(g: &mut Game, me: CardId, p: u8) {
    let x = engaged_enemies(g, p);
    descendants_resume(g, Cont::new(me, 0).with(p, x, 0), Opt::Pass);
}

fn descendants_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    let mut left = cont.a;
    if let Opt::Card(c) = opt {
        g.ready(c);
        left -= 1;
    }
    let n = descendants_targets(g, p).count() as i16;
    if left <= 0 || n == 0 {
        return;
    }
    if n <= left {
        let all: Vec<CardId> = descendants_targets(g, p).collect();
        for c in all {
            g.ready(c);
        }
        return;
    }
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_character(c) && !g.is_ready(c) && g.has_trait(c, "Dúnedain") {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_script(Cont::new(cont.card, 0).with(p, left, 0));
}

// ----------------------------------------------------------------- Derndingle Warrior (EfMG-031)

// Cannot have restricted attachments; enters play exhausted. While defending, Action (once per
// attack): deal 1 damage to it for +3 Defense during this attack.
fn derndingle_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveRestricted(me)
}

fn derndingle_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EntersPlay(me) {
        g.exhaust(me);
    }
}

const DERNDINGLE_BONUS: Lasting = Lasting::Stat(Stat::Defense, 3);

fn derndingle_can(g: &Game, me: CardId, p: u8) -> bool {
    let gen = g.card(me).gen;
    mine_in_play(g, me, p)
        && g.attacking_enemy().is_some()
        && g.attack.defenders().contains(&me)
        && g.can_take_damage(me)
        && !g.lasting.iter().any(|e| {
            e.card == me
                && e.gen == gen
                && e.what == DERNDINGLE_BONUS
                && e.until == Until::EndOfAttack
        })
}

fn derndingle_act(g: &mut Game, me: CardId, _p: u8) {
    g.add_lasting(me, DERNDINGLE_BONUS, Until::EndOfAttack);
    g.deal_damage(me, 1);
}

// ----------------------------------------------------------------- Boomed and Trumpeted (EfMG-032)

// Response: after an Ent character takes damage (and survives it), ready it; it gets +3 Attack
// until the end of the phase.
fn boomed_can(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::Damaged(c, n) = ev else {
        return false;
    };
    n > 0
        && g.is_character(c)
        && g.card(c).zone.in_play()
        && g.remaining_hp(c) > 0
        && g.has_trait(c, "Ent")
}

fn boomed_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    let Event::Damaged(c, _) = ev else { return };
    if g.card(c).zone.in_play() {
        g.ready(c);
        g.add_lasting(c, Lasting::Stat(Stat::Attack, 3), Until::EndOfPhase);
    }
}

// ----------------------------------------------------------------- Elven Jeweler (EfMG-033)

// Action from hand: discard 2 other cards from your hand to put it into play under your control
// (prompts 0 and 1: the cards to discard).
fn jeweler_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Hand(p) && g.list(Zone::Hand(p)).len() >= 3
}

fn jeweler_ask(g: &mut Game, me: CardId, p: u8, what: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what });
    for i in 0..g.list(Zone::Hand(p)).len() {
        let c = g.list(Zone::Hand(p))[i];
        if c != me {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_script(Cont::new(me, what).with(p, 0, 0));
}

fn jeweler_act(g: &mut Game, me: CardId, p: u8) {
    jeweler_ask(g, me, p, 0);
}

fn jeweler_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    let Opt::Card(c) = opt else { return };
    if g.card(c).zone != Zone::Hand(p) || g.card(me).zone != Zone::Hand(p) {
        return;
    }
    g.discard(c);
    if cont.step == 0 {
        jeweler_ask(g, me, p, 1);
    } else {
        g.put_into_play(me, p);
    }
}

// ----------------------------------------------------------------- Double Back (EfMG-034)

// Player side quest. Response when defeated: every player lowers his threat by 5.
fn double_back_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    ev == Event::SideQuestDefeated(me)
        && g.area_seats()
            .any(|q| g.players[q as usize].threat > 0 && !g.rule(Rule::CannotReduceThreat(q)))
}

fn double_back_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    for q in area_players(g) {
        if !g.players[q as usize].eliminated {
            g.reduce_threat(q, 5);
        }
    }
}

// ----------------------------------------------------------------- Leave No Trace (EfMG-035)

// Response: once a location that is not unique has been explored and sits in the encounter discard
// pile, this event and that location both go to the victory display. At most 3 copies of it may
// be there.
fn leave_no_trace_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::Explored(l, _) = ev else {
        return false;
    };
    let title = &g.def_of(me).title;
    let copies = g
        .list(Zone::Victory)
        .iter()
        .filter(|&&v| &g.def_of(v).title == title)
        .count();
    copies < 3 && !g.def_of(l).unique && !g.immune(l) && g.card(l).zone == Zone::EncounterDiscard
}

fn leave_no_trace_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    let Event::Explored(l, _) = ev else { return };
    g.move_card(me, Zone::Victory);
    if g.card(l).zone == Zone::EncounterDiscard {
        g.move_card(l, Zone::Victory);
        if g.logging() {
            let line = format!("  {} is added to the victory display", g.title(l));
            g.log_line(line);
        }
    }
}

// ----------------------------------------------------------------- Distant Stars (EfMG-036)

// Action: exhaust a Ranger or Scout character you control (prompt 0) to discard the non-unique
// active location; then pick a non-unique location from the encounter deck or discard pile
// (prompt 1) to become the active location; the encounter deck is shuffled.
fn ranger_or_scout(g: &Game, c: CardId) -> bool {
    g.is_ready(c) && (g.has_trait(c, "Ranger") || g.has_trait(c, "Scout"))
}

fn distant_stars_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.active_location()
        .is_some_and(|l| !g.def_of(l).unique && !g.immune(l))
        && g.characters(p).any(|c| ranger_or_scout(g, c))
}

fn distant_stars_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_character(c) && ranger_or_scout(g, c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn distant_stars_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    let Opt::Card(c) = opt else { return };
    if cont.step == 0 {
        g.exhaust(c);
        let Some(l) = g.active_location() else { return };
        if g.def_of(l).unique || g.immune(l) {
            return;
        }
        g.discard(l);
        g.begin_ask(p, Ask::Effect { card: me, what: 1 });
        for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
            for i in 0..g.list(z).len() {
                let x = g.list(z)[i];
                if g.is_location(x) && !g.def_of(x).unique {
                    g.offer(Opt::Card(x));
                }
            }
        }
        if !g.ask_if_offered(Cont::new(me, 1).with(p, 0, 0)) {
            g.shuffle(Zone::EncounterDeck);
        }
    } else {
        if matches!(g.card(c).zone, Zone::EncounterDeck | Zone::EncounterDiscard)
            && g.active_location().is_none()
        {
            g.move_card(c, Zone::Active);
            if g.logging() {
                let line = format!("  {} becomes the active location", g.title(c));
                g.log_line(line);
            }
        }
        g.shuffle(Zone::EncounterDeck);
    }
}

// ----------------------------------------------------------------- Keen as Lances (EfMG-037)

// Costs 1 less per card without victory points in the victory display. Action: put it in the
// victory display, then choose (prompt 0): Mode 0 = 2 resources on a hero (prompt 1: which),
// Mode 1 = draw 3 cards, Mode 2 = lower your threat by 4.
fn keen_cost(g: &Game, me: CardId, _p: u8) -> i16 {
    let free = g
        .list(Zone::Victory)
        .iter()
        .filter(|&&v| g.def_of(v).victory == 0)
        .count() as i16;
    g.def_of(me).cost.max(0) - free
}

fn keen_can(g: &Game, _me: CardId, p: u8) -> bool {
    area_players(g).any(|q| g.heroes(q).next().is_some()) || !g.list(Zone::Deck(p)).is_empty()
}

fn keen_act(g: &mut Game, me: CardId, p: u8) {
    g.move_card(me, Zone::Victory);
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    if area_players(g).any(|q| g.heroes(q).next().is_some()) {
        g.offer(Opt::Mode(0));
    }
    if !g.list(Zone::Deck(p)).is_empty() {
        g.offer(Opt::Mode(1));
    }
    if g.players[p as usize].threat > 0 && !g.rule(Rule::CannotReduceThreat(p)) {
        g.offer(Opt::Mode(2));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn keen_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    match (cont.step, opt) {
        (0, Opt::Mode(0)) => {
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            for q in area_players(g) {
                for i in 0..g.list(Zone::Play(q)).len() {
                    let h = g.list(Zone::Play(q))[i];
                    if g.is_hero(h) {
                        g.offer(Opt::Card(h));
                    }
                }
            }
            g.ask_if_offered(Cont::new(me, 1).with(p, 0, 0));
        }
        (0, Opt::Mode(1)) => g.draw_by_effect(p, 3),
        (0, Opt::Mode(2)) => {
            g.reduce_threat(p, 4);
        }
        (1, Opt::Card(h)) if g.card(h).zone.in_play() => g.gain_resources(h, 2),
        _ => {}
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Descendants of Kings
    pub(super) fn descendants_of_kings_value(
        g: &Game,
        p: u8,
        _c: CardId,
        _ev: Option<Event>,
    ) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        (phase == Phase::Combat && engaged > 0) as i32 * 30
    }

    pub(super) fn derndingle_warrior_value(g: &Game, _p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        // Derndingle Warrior: 1 damage for +3 Defense when the attack would hurt it.
        let e = g.attack.enemy;
        let def = defenders_defense(g);
        (e != NO_CARD && g.stat(e, Stat::Attack) - def >= 2 && g.remaining_hp(c) > 1) as i32 * 30
    }

    /// Boomed and Trumpeted
    pub(super) fn boomed_and_trumpeted_value(
        g: &Game,
        _p: u8,
        _c: CardId,
        _ev: Option<Event>,
    ) -> i32 {
        let phase = g.phase;
        15 + (phase == Phase::Combat) as i32 * 10
    }

    /// Elven Jeweler
    pub(super) fn elven_jeweler_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let hand_n = hand(g, p).len();
        (phase == Phase::Planning && hand_n >= 6) as i32 * 15
    }

    /// Éowyn / Protector of Lórien / Elven Jeweler: discard the least useful card in hand.
    pub(super) fn elven_jeweler_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        pick_min(o, |c| hand_card_value(g, p, c))
    }

    pub(super) fn distant_stars_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        distant_stars_gain(g, p)
    }

    /// Distant Stars: exhaust the least valuable Ranger/Scout; the shortest location.
    pub(super) fn distant_stars_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| char_value(g, c)),
            1 => pick_min(o, |l| {
                (g.stat(l, Stat::QuestPoints) * 10 + g.stat(l, Stat::Threat)) as i32
            }),
            _ => None,
        }
    }

    /// Distant Stars: swap the active location for a much shorter one while questing; or
    /// (cards44, as `lookahead` played it) discard an active location holding cards of `p`
    /// captured underneath, which rescues them, in the resource or planning phase, where a
    /// rescued ally can still be played this round.
    pub(super) fn distant_stars_gain(g: &Game, p: u8) -> i32 {
        let Some(l) = g.active_location() else {
            return 0;
        };
        let captives = g.cards_under(l).any(|x| g.card(x).owner == p);
        if captives && matches!(g.phase, Phase::Resource | Phase::Planning) {
            return 25;
        }
        let left = g.stat(l, Stat::QuestPoints) - g.card(l).progress;
        let best = [Zone::EncounterDeck, Zone::EncounterDiscard]
            .iter()
            .flat_map(|&z| g.list(z).iter().copied())
            .filter(|&x| g.is_location(x) && !g.def_of(x).unique)
            .map(|x| g.stat(x, Stat::QuestPoints))
            .min()
            .unwrap_or(i16::MAX);
        (g.phase == Phase::Quest && any_questing(g, p) && best.saturating_add(2) <= left) as i32
            * 20
    }

    /// Keen as Lances: at cost 2 or less whenever it can be played; dearer (cards42), in the
    /// planning phase after every other play (lowest value), with resources no other card in
    /// hand needs (`keen_spare`): a draw of 3, or threat relief when the threat is high.
    pub(super) fn keen_as_lances_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        if g.cost_of(c, p) <= 2 {
            return 30;
        }
        (g.phase == Phase::Planning && keen_spare(g, p, c) >= 0) as i32 * 2
    }

    /// Resources of `p` (any sphere: the card is neutral) left after paying for `c` and for
    /// the dearest other card in hand.
    fn keen_spare(g: &Game, p: u8, c: CardId) -> i16 {
        let need = hand(g, p)
            .iter()
            .filter(|&&x| x != c)
            .map(|&x| g.cost_of(x, p))
            .max()
            .unwrap_or(0);
        g.available(p, Sphere::Neutral) - g.cost_of(c, p).max(0) - need.max(0)
    }

    /// Keen as Lances: threat relief when high, resources with a large hand, else cards.
    pub(super) fn keen_as_lances_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                // (cards42) Resources back only with a large hand to pay for: a card played
                // with spare resources draws.
                let want = if g.players[p as usize].threat >= 35 {
                    2
                } else if hand(g, p).len() >= 6 {
                    0
                } else {
                    1
                };
                find(o, Opt::Mode(want))
                    .or_else(|| o.iter().position(|x| matches!(x, Opt::Mode(_))))
            }
            1 => pick_max(o, |h| {
                let n = hand(g, p)
                    .iter()
                    .filter(|&&x| g.def_of(x).sphere == g.def_of(h).sphere)
                    .count() as i32;
                (g.controller(h) == p) as i32 * 1000 + n * 10
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::testkit::{actions, hero, options, sandbox};
    use crate::engine::{AttackCtx, Opt, Phase, Stat, Until, Zone, ENCOUNTER};

    #[test]
    fn rossiel() {
        let mut g = sandbox(&[&["EfMG-028"]]);
        let r = hero(&g, "EfMG-028");
        assert_eq!(g.stat(r, Stat::Willpower), 2);
        // Active Chetwood Forest (Arnor, Forest); Rugged Country (Arnor) in the victory display.
        g.spawn("TLR-018", ENCOUNTER, Zone::Active);
        assert_eq!(g.stat(r, Stat::Willpower), 2);
        g.spawn("TLR-047", ENCOUNTER, Zone::Victory);
        assert_eq!(g.stat(r, Stat::Willpower), 4);
        // An Orc attacks while an Orc enemy is in the victory display.
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        assert_eq!(
            g.stat(r, Stat::Defense),
            2,
            "no Orc in the victory display yet"
        );
        g.spawn("TLR-043", ENCOUNTER, Zone::Victory);
        assert_eq!(g.stat(r, Stat::Defense), 4);
        g.attack.ended = true;
        assert_eq!(g.stat(r, Stat::Defense), 2, "only while the enemy attacks");
    }

    #[test]
    fn veteran_of_osgiliath() {
        let mut g = sandbox(&[&["Core-001"]]);
        let v = g.spawn("EfMG-029", 0, Zone::Play(0));
        g.players[0].threat = 39;
        assert_eq!(g.stat(v, Stat::Attack), 2);
        g.players[0].threat = 40;
        assert_eq!(g.stat(v, Stat::Willpower), 2);
        assert_eq!(g.stat(v, Stat::Attack), 3);
        assert_eq!(g.stat(v, Stat::Defense), 2);
        assert_eq!(g.stat(v, Stat::HitPoints), 2);
    }

    #[test]
    fn descendants_of_kings() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let ar = hero(&g, "Core-001");
        let th = hero(&g, "Core-002");
        g.card_mut(th).resources = 1;
        let r1 = g.spawn("TWoE-008", 0, Zone::Play(0)); // East Road Ranger: Dúnedain
        let d = g.spawn("EfMG-030", 0, Zone::Hand(0));
        g.exhaust(ar);
        g.exhaust(r1);
        g.exhaust(th);
        assert!(!actions(&mut g).contains(&Opt::Play(d)), "no enemy engaged");
        g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        assert!(actions(&mut g).contains(&Opt::Play(d)));
        g.act(0, Opt::Play(d));
        // X = 1, two exhausted Dúnedain: a choice.
        assert_eq!(options(&g), vec![Opt::Card(ar), Opt::Card(r1)]);
        g.answer(Opt::Card(ar));
        assert!(g.is_ready(ar));
        assert!(!g.is_ready(r1));
        assert!(!g.is_ready(th), "not Dúnedain");
        assert!(g.pending().is_none());
    }

    #[test]
    fn derndingle_warrior() {
        let mut g = sandbox(&[&["Core-001", "TWoE-001"]]);
        let ar = hero(&g, "Core-001");
        let w = g.spawn("EfMG-031", 0, Zone::Hand(0));
        g.put_into_play(w, 0);
        g.settle();
        assert!(!g.is_ready(w), "enters play exhausted");
        // No restricted attachments (`attach_targets` asks this rule for restricted ones).
        assert!(g.rule(crate::cards::Rule::CannotHaveRestricted(w)));
        assert!(!g.rule(crate::cards::Rule::CannotHaveRestricted(ar)));
        // While defending: 1 damage for +3 Defense, once per attack.
        g.ready(w);
        let e = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        assert!(
            !actions(&mut g).contains(&Opt::Activate(w)),
            "not defending"
        );
        g.attack = AttackCtx::new(e, 0, false);
        g.attack.defenders[0] = w;
        g.attack.n_defenders = 1;
        assert!(actions(&mut g).contains(&Opt::Activate(w)));
        g.act(0, Opt::Activate(w));
        assert_eq!(g.card(w).damage, 1);
        assert_eq!(g.stat(w, Stat::Defense), 5);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(w)),
            "once per attack"
        );
        g.expire(Until::EndOfAttack);
        assert_eq!(g.stat(w, Stat::Defense), 2);
    }

    #[test]
    fn boomed_and_trumpeted() {
        let mut g = sandbox(&[&["Core-004"]]); // Gimli: Tactics
        let gi = hero(&g, "Core-004");
        g.card_mut(gi).resources = 1;
        let b = g.spawn("EfMG-032", 0, Zone::Hand(0));
        let w = g.spawn("EfMG-031", 0, Zone::Play(0)); // Ent, 3 HP
        g.exhaust(w);
        g.deal_damage(w, 1);
        g.settle();
        assert!(options(&g).contains(&Opt::Activate(b)));
        g.answer(Opt::Activate(b));
        assert!(g.is_ready(w));
        assert_eq!(g.stat(w, Stat::Attack), 4);
        assert_eq!(g.card(b).zone, Zone::Discard(0));
        // Not for a character that is not an Ent.
        let mut g = sandbox(&[&["Core-004"]]);
        let gi = hero(&g, "Core-004");
        g.card_mut(gi).resources = 1;
        g.spawn("EfMG-032", 0, Zone::Hand(0));
        g.deal_damage(gi, 1);
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn elven_jeweler() {
        let mut g = sandbox(&[&["Core-001"]]);
        let j = g.spawn("EfMG-033", 0, Zone::Hand(0));
        let hand: Vec<_> = g.list(Zone::Hand(0)).to_vec();
        assert!(actions(&mut g).contains(&Opt::Activate(j)));
        g.act(0, Opt::Activate(j));
        assert!(!options(&g).contains(&Opt::Card(j)));
        g.answer(Opt::Card(hand[0]));
        g.answer(Opt::Card(hand[1]));
        assert_eq!(g.card(j).zone, Zone::Play(0));
        assert_eq!(g.card(hand[0]).zone, Zone::Discard(0));
        assert_eq!(g.card(hand[1]).zone, Zone::Discard(0));
        // In play it has no action.
        assert!(!actions(&mut g).contains(&Opt::Activate(j)));
    }

    #[test]
    fn double_back() {
        let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
        g.players[0].threat = 30;
        g.players[1].threat = 3;
        let sq = g.spawn("EfMG-034", 0, Zone::Staging);
        g.card_mut(sq).progress = 4;
        g.settle();
        assert_eq!(g.card(sq).zone, Zone::Victory);
        assert!(options(&g).contains(&Opt::Activate(sq)));
        g.answer(Opt::Activate(sq));
        assert_eq!(g.players[0].threat, 25);
        assert_eq!(g.players[1].threat, 0);
    }

    #[test]
    fn leave_no_trace() {
        let mut g = sandbox(&[&["Core-012"]]); // Beravor: Lore
        let b = hero(&g, "Core-012");
        g.card_mut(b).resources = 1;
        let lnt = g.spawn("EfMG-035", 0, Zone::Hand(0));
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Active);
        g.card_mut(l).progress = 3;
        g.settle();
        assert!(options(&g).contains(&Opt::Activate(lnt)));
        g.answer(Opt::Activate(lnt));
        assert_eq!(g.card(l).zone, Zone::Victory);
        assert_eq!(g.card(lnt).zone, Zone::Victory);
        // Not for a unique location (Amon Forn goes to the victory display by itself anyway).
        let mut g = sandbox(&[&["Core-012"]]);
        let b = hero(&g, "Core-012");
        g.card_mut(b).resources = 1;
        g.spawn("EfMG-035", 0, Zone::Hand(0));
        let l = g.spawn("TLR-026", ENCOUNTER, Zone::Active);
        g.card_mut(l).progress = 6;
        g.settle();
        assert!(g.pending().is_none());
        // At most 3 copies in the victory display.
        let mut g = sandbox(&[&["Core-012"]]);
        let b = hero(&g, "Core-012");
        g.card_mut(b).resources = 1;
        g.spawn("EfMG-035", 0, Zone::Hand(0));
        for _ in 0..3 {
            g.spawn("EfMG-035", 0, Zone::Victory);
        }
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::Active);
        g.card_mut(l).progress = 3;
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn distant_stars() {
        let mut g = sandbox(&[&["Core-012", "Core-002"]]); // Beravor: Lore, Ranger
        let ar = hero(&g, "Core-012");
        let ds = g.spawn("EfMG-036", 0, Zone::Hand(0));
        assert!(
            !actions(&mut g).contains(&Opt::Play(ds)),
            "no active location"
        );
        let l = g.spawn("TLR-018", ENCOUNTER, Zone::Active);
        let new = g.spawn("TLR-047", ENCOUNTER, Zone::EncounterDiscard);
        g.card_mut(ar).resources = 0;
        assert!(actions(&mut g).contains(&Opt::Play(ds)));
        g.act(0, Opt::Play(ds));
        assert!(!g.is_ready(ar));
        assert_eq!(g.card(l).zone, Zone::EncounterDiscard);
        assert!(options(&g).contains(&Opt::Card(new)));
        g.answer(Opt::Card(new));
        assert_eq!(g.active_location(), Some(new));
        assert_eq!(g.card(ds).zone, Zone::Discard(0));
    }

    #[test]
    fn distant_stars_hint() {
        // cards44: a card of ours captured under the active location makes Distant Stars worth
        // playing before the planning phase ends (discarding the location rescues it).
        let mut g = sandbox(&[&["Core-012", "Core-002"]]);
        let ds = g.spawn("EfMG-036", 0, Zone::Hand(0));
        let l = g.spawn("TLR-018", ENCOUNTER, Zone::Active);
        g.spawn("TLR-047", ENCOUNTER, Zone::EncounterDiscard);
        g.phase = Phase::Resource;
        assert_eq!(
            super::bot::distant_stars_value(&g, 0, ds, None),
            0,
            "nothing captured"
        );
        let ally = g.spawn("Core-013", 0, Zone::Under(l));
        assert_eq!(super::bot::distant_stars_value(&g, 0, ds, None), 25);
        g.phase = Phase::Planning;
        assert_eq!(super::bot::distant_stars_value(&g, 0, ds, None), 25);
        g.phase = Phase::Combat;
        assert_eq!(
            super::bot::distant_stars_value(&g, 0, ds, None),
            0,
            "too late to play it"
        );
        // Another player's card under it: not ours to rescue.
        g.phase = Phase::Resource;
        g.card_mut(ally).owner = 1;
        assert_eq!(super::bot::distant_stars_value(&g, 0, ds, None), 0);
    }

    #[test]
    fn keen_as_lances() {
        let mut g = sandbox(&[&["Core-001"]]);
        let ar = hero(&g, "Core-001");
        let k = g.spawn("EfMG-037", 0, Zone::Hand(0));
        g.card_mut(ar).resources = 3;
        assert!(!actions(&mut g).contains(&Opt::Play(k)), "costs 5");
        g.spawn("TLR-047", ENCOUNTER, Zone::Victory); // no victory points
        g.spawn("TLR-026", ENCOUNTER, Zone::Victory); // Amon Forn: victory 3, does not count
        g.spawn("EfMG-035", 0, Zone::Victory);
        assert_eq!(g.cost_of(k, 0), 3);
        assert!(actions(&mut g).contains(&Opt::Play(k)));
        g.players[0].threat = 30;
        g.act(0, Opt::Play(k));
        assert_eq!(g.card(ar).resources, 0);
        assert_eq!(g.card(k).zone, Zone::Victory);
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1), Opt::Mode(2)]);
        g.answer(Opt::Mode(2));
        assert_eq!(g.players[0].threat, 26);
        // Resources mode; its own copy in the victory display now lowers the next one's cost.
        let k2 = g.spawn("EfMG-037", 0, Zone::Hand(0));
        assert_eq!(g.cost_of(k2, 0), 2);
        g.card_mut(ar).resources = 2;
        g.act(0, Opt::Play(k2));
        g.answer(Opt::Mode(0));
        assert_eq!(g.card(ar).resources, 2);
    }

    /// cards42: `basic` plays Keen as Lances at full cost in the planning phase when no other
    /// card in hand needs the resources (the draw mode), and holds it when one does.
    #[test]
    fn keen_as_lances_with_spare_resources() {
        use crate::bots::basic::BasicBot;
        use crate::bots::Bot;
        use crate::cards::hints::action_value;
        use crate::engine::{Ask, Decision, Game};
        let mut g = sandbox(&[&["Core-001"]]);
        let ar = hero(&g, "Core-001");
        for c in g.list(Zone::Hand(0)).to_vec() {
            g.move_card(c, Zone::Discard(0));
        }
        let k = g.spawn("EfMG-037", 0, Zone::Hand(0));
        g.card_mut(ar).resources = 5;
        g.phase = Phase::Planning;
        let choose = |g: &Game| {
            let dec = Decision {
                player: 0,
                ask: Ask::Action(Phase::Planning),
                options: vec![Opt::Pass, Opt::Play(k)],
            };
            dec.options[BasicBot::new().choose(g, &dec)]
        };
        assert!(action_value(&g, 0, k, None) > 0);
        assert_eq!(choose(&g), Opt::Play(k), "nothing else to pay for");
        // Another card in hand (a 2-cost ally) needs 2 of the 5: kept.
        let a = g.spawn("Core-013", 0, Zone::Hand(0));
        assert_eq!(choose(&g), Opt::Pass, "the ally needs the resources");
        g.move_card(a, Zone::Discard(0));
        // Not in the combat phase; the draw mode with a small hand, threat relief when high.
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, k, None), 0);
        g.phase = Phase::Planning;
        g.act(0, Opt::Play(k));
        let o = options(&g);
        let pick = |g: &Game| {
            let d = g.pending().unwrap().clone();
            d.options[BasicBot::new().choose(g, &d)]
        };
        assert_eq!(o.len(), 3);
        assert_eq!(pick(&g), Opt::Mode(1), "draw 3 with a small hand");
        g.players[0].threat = 40;
        assert_eq!(pick(&g), Opt::Mode(2), "threat relief when high");
    }

    /// Two decks full of this pack's and The Wastes of Eriador's player cards play whole games
    /// of Intruders in Chetwood with both bots, the engine's invariants holding at every decision.
    #[test]
    fn angmar_player_cards_play_whole_games() {
        use crate::bots;
        use crate::data::Mode;
        use crate::deck::Deck;
        use crate::engine::{Game, GameSetup, RuleOptions};
        let db = crate::cards::testkit::db();
        let ids = |codes: &[(&str, usize)]| -> Vec<u16> {
            codes
                .iter()
                .flat_map(|&(c, n)| std::iter::repeat_n(db.by_code(c).expect("code"), n))
                .collect()
        };
        let deck1 = Deck {
            name: "woe".into(),
            heroes: ids(&[("TWoE-001", 1), ("Core-001", 1), ("EfMG-028", 1)]),
            cards: ids(&[
                ("TWoE-002", 3),
                ("TWoE-003", 3),
                ("TWoE-004", 3),
                ("TWoE-005", 3),
                ("TWoE-006", 3),
                ("TWoE-007", 3),
                ("TWoE-008", 3),
                ("TWoE-009", 1),
                ("TWoE-010", 3),
                ("EfMG-029", 3),
                ("EfMG-030", 3),
                ("EfMG-035", 3),
            ]),
            loot: Vec::new(),
        };
        let deck2 = Deck {
            name: "mg".into(),
            heroes: ids(&[("Core-012", 1), ("Core-004", 1), ("Core-007", 1)]),
            cards: ids(&[
                ("EfMG-031", 3),
                ("EfMG-032", 3),
                ("EfMG-033", 3),
                ("EfMG-034", 1),
                ("EfMG-035", 3),
                ("EfMG-036", 3),
                ("EfMG-037", 3),
                ("TWoE-004", 3),
                ("Core-013", 6),
            ]),
            loot: Vec::new(),
        };
        let setup = GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: Mode::Standard,
            decks: vec![deck1, deck2],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        };
        let mut g = Game::new(db, &setup);
        for bot in ["basic", "random"] {
            let mut bs: Vec<_> = (0..2).map(|_| bots::make(bot).unwrap()).collect();
            for i in 0..60 {
                for (seat, b) in bs.iter_mut().enumerate() {
                    b.new_game(i * 2 + seat as u64);
                }
                g.start(7, i);
                let mut steps = 0;
                while let Some(d) = g.pending() {
                    g.check_invariants()
                        .unwrap_or_else(|e| panic!("{bot} game {i} step {steps}: {e}"));
                    let k = bs[d.player as usize].choose(&g, d);
                    g.apply(k);
                    steps += 1;
                    assert!(steps < 200_000, "game {i} does not end");
                }
                assert!(g.outcome().is_some());
            }
        }
    }

    #[test]
    fn keen_as_lances_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("EfMG-037", 0, Zone::Hand(0));
        let f = hint(&g, c).effect.unwrap();
        let modes = [Opt::Mode(0), Opt::Mode(1), Opt::Mode(2)];
        g.players[0].threat = 20;
        assert_eq!(
            f(&g, 0, c, 0, &modes),
            Some(0),
            "resources with a full hand"
        );
        while g.list(Zone::Hand(0)).len() > 3 {
            let x = g.list(Zone::Hand(0))[0];
            g.discard(x);
        }
        assert_eq!(f(&g, 0, c, 0, &modes), Some(1), "cards when short");
        g.players[0].threat = 35;
        assert_eq!(f(&g, 0, c, 0, &modes), Some(2), "threat relief when high");
    }

    #[test]
    fn descendants_of_kings_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("EfMG-030", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0);
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 30);
    }

    #[test]
    fn boomed_and_trumpeted_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("EfMG-032", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 15);
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 25);
    }

    #[test]
    fn elven_jeweler_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("EfMG-033", 0, Zone::Hand(0));
        g.phase = Phase::Planning;
        assert!(g.list(Zone::Hand(0)).len() >= 6);
        assert_eq!(action_value(&g, 0, c, None), 15, "a full hand");
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, c, None), 0);
    }
}
