//! The Battle of Carn Dûm player cards (TBoCD-115..124).
//!
//! Each script has a one-line summary of what the card does (in our words, not the printed text).

use crate::cards::common::area_players;
use crate::cards::common::{damageable, host, mine_in_play};
use crate::cards::hints::{AttachKind, DeckNeed, Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Phase, Stat, Until, Zone, NO_CARD,
};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "TBoCD-115",
        rule: Some(amarthiul_rule),
        rule_on: crate::rules![ExtraResource, GainsIcon],
        ..BLANK
    },
    Script {
        code: "TBoCD-116",
        modify: Some(guardian_modify),
        ..BLANK
    },
    Script {
        code: "TBoCD-117",
        hint: Hint {
            valour_event: true,
            play_value: Some(bot::doom_hangs_still_value),
            fail_guard: bot::DOOM_GUARD,
            ..NO_HINT
        },
        can_act: Some(doom_can),
        act: Some(doom_act),
        resume: Some(doom_resume),
        mode_names: &[
            (0, 0, "a failed quest raises no threat"),
            (0, 1, "Valour: skip this round's quest phase"),
        ],
        ..BLANK
    },
    Script {
        code: "TBoCD-118",
        hint: Hint {
            play_value: Some(bot::beechbone_value),
            ..NO_HINT
        },
        rule: Some(beechbone_rule),
        rule_on: crate::rules![CannotHaveRestricted],
        forced: Some(beechbone_forced),
        forced_on: events![EntersPlay],
        can_respond: Some(beechbone_can),
        respond_on: events![AttackerDeclared],
        respond: Some(beechbone_respond),
        ..BLANK
    },
    Script {
        code: "TBoCD-119",
        hint: Hint {
            valour_event: true,
            play_value: Some(bot::hold_your_ground_value),
            readies: true,
            ready_target: Some(|g, _, x| g.def_of(x).keywords.sentinel),
            ..NO_HINT
        },
        can_act: Some(hold_can),
        act: Some(hold_act),
        resume: Some(hold_resume),
        mode_names: &[(0, 0, "Valour: ready every Sentinel")],
        ..BLANK
    },
    Script {
        code: "TBoCD-120",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(lindir_can),
        respond_on: events![EntersPlay],
        respond: Some(lindir_respond),
        ..BLANK
    },
    Script {
        code: "TBoCD-121",
        hint: Hint {
            play_value: Some(bot::lords_of_the_eldar_value),
            ..NO_HINT
        },
        rule: Some(from_discard_rule),
        rule_on: crate::rules![PlayFromDiscard],
        can_act: Some(lords_can),
        act: Some(lords_act),
        ..BLANK
    },
    Script {
        code: "TBoCD-122",
        hint: Hint {
            attach: Some((15, AttachKind::General)),
            effect: Some(bot::the_long_defeat_effect),
            ..NO_HINT
        },
        attach_to: Some(long_defeat_attach),
        forced: Some(long_defeat_forced),
        forced_on: events![QuestDefeated],
        resume: Some(long_defeat_resume),
        mode_names: &[(0, 0, "draw 2 cards"), (0, 1, "heal up to 5 damage")],
        ..BLANK
    },
    Script {
        code: "TBoCD-123",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroTrait(&["Dúnedain", "Ranger"])],
            play_value: Some(bot::quick_ears_value),
            effect: Some(bot::quick_ears_effect),
            ..NO_HINT
        },
        can_respond: Some(quick_ears_can),
        respond_on: events![Revealing],
        respond: Some(quick_ears_respond),
        resume: Some(quick_ears_resume),
        ..BLANK
    },
    Script {
        code: "TBoCD-124",
        hint: Hint {
            attach: Some((20, AttachKind::General)),
            threat_insurance: true,
            ..NO_HINT
        },
        attach_to: Some(favor_attach),
        forced: Some(favor_forced),
        forced_on: events![EntersPlay, ThreatElimination],
        ..BLANK
    },
];

/// Events that say they are played only from their owner's discard pile answer
/// `Rule::PlayFromDiscard` for themselves (the engine then offers them from there).
pub fn from_discard_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::PlayFromDiscard(me)
}

/// Number of enemies engaged with the player controlling `me` (0 if `me` is not in play).
fn engaged_with_controller(g: &Game, me: CardId) -> i16 {
    match g.card(me).zone {
        Zone::Play(p) => g.engaged(p).len() as i16,
        _ => 0,
    }
}

// ----------------------------------------------------------------- Amarthiúl (TBoCD-115)
// Has the Tactics icon while his player is engaged with an enemy; with two or more engaged
// enemies he collects one extra resource in the resource phase.

fn amarthiul_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::GainsIcon(h, Sphere::Tactics) if h == me => engaged_with_controller(g, me) >= 1,
        Rule::ExtraResource(h) if h == me => engaged_with_controller(g, me) >= 2,
        _ => false,
    }
}

// ----------------------------------------------------------------- Guardian of Arnor (TBoCD-116)
// Sentinel; +1 Defense per enemy engaged with its controller.

fn guardian_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::Defense {
        engaged_with_controller(g, me)
    } else {
        0
    }
}

// ----------------------------------------------------------------- Doom Hangs Still (TBoCD-117)
// Planning action: failing the quest raises no threat this round. Valour planning action
// instead: every player raises his threat by 2 and the quest phase of this round is skipped.
// Mode 0 is the first ability, Mode 1 the Valour one.

fn doom_can(g: &Game, _me: CardId, _p: u8) -> bool {
    g.phase == Phase::Planning
}

fn doom_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    if g.valour(p) {
        g.offer(Opt::Mode(1));
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn doom_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match opt {
        Opt::Mode(1) => {
            for q in area_players(g) {
                g.raise_threat_by_player(q, 2);
            }
            g.add_lasting(me, Lasting::SkipQuestPhase, Until::EndOfRound);
        }
        _ => g.add_lasting(me, Lasting::NoQuestThreat, Until::EndOfRound),
    }
}

// ----------------------------------------------------------------- Beechbone (TBoCD-118)
// No restricted attachments; enters play exhausted. Response: when declared as an attacker, he
// takes 1 damage, then deals the enemy he attacks as much damage as he now has.

fn beechbone_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveRestricted(me)
}

fn beechbone_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EntersPlay(me) && matches!(g.card(me).zone, Zone::Play(_)) {
        g.exhaust(me);
    }
}

fn beechbone_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackerDeclared(a, _) if a == me)
        && mine_in_play(g, me, seat)
        && g.can_take_damage(me)
}

fn beechbone_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    let Event::AttackerDeclared(_, e) = ev else {
        return;
    };
    g.deal_damage(me, 1);
    let x = g.card(me).damage;
    if e != NO_CARD && g.card(e).zone.in_play() && damageable(g, e) {
        g.deal_damage(e, x);
    }
}

// ----------------------------------------------------------------- Hold Your Ground! (TBoCD-119)
// Action: ready one Sentinel character. Valour action (Mode 0): ready every Sentinel character.

fn exhausted_sentinels<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    crate::cards::common::all_characters(g)
        .filter(move |&c| g.def_of(c).keywords.sentinel && !g.is_ready(c))
}

fn hold_can(g: &Game, _me: CardId, _p: u8) -> bool {
    exhausted_sentinels(g).next().is_some()
}

fn hold_act(g: &mut Game, me: CardId, p: u8) {
    let targets: crate::engine::SmallIds = exhausted_sentinels(g).collect();
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    if g.valour(p) {
        g.offer(Opt::Mode(0));
    }
    for &c in targets.iter() {
        g.offer(Opt::Card(c));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn hold_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    match opt {
        Opt::Card(c) => g.ready(c),
        Opt::Mode(0) => {
            let all: crate::engine::SmallIds = crate::cards::common::all_characters(g)
                .filter(|&c| g.def_of(c).keywords.sentinel)
                .collect();
            for &c in all.iter() {
                g.ready(c);
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Lindir (TBoCD-120)
// Response: when he enters play, his controller draws up to 3 cards in hand.

fn lindir_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    ev == Event::EntersPlay(me)
        && mine_in_play(g, me, seat)
        && g.list(Zone::Hand(seat)).len() < 3
        && !g.list(Zone::Deck(seat)).is_empty()
}

fn lindir_respond(g: &mut Game, _me: CardId, seat: u8, _ev: Event) {
    let n = g.list(Zone::Hand(seat)).len();
    if n < 3 {
        g.draw_by_effect(seat, 3 - n);
    }
}

// ----------------------------------------------------------------- Lords of the Eldar (TBoCD-121)
// Played only from the discard pile. Action: it goes to the bottom of its owner's deck, then
// every Noldor character gets +1 Willpower, Attack and Defense until the end of the round.

fn lords_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Discard(p)
}

fn lords_act(g: &mut Game, me: CardId, _p: u8) {
    let owner = g.card(me).owner;
    g.move_card_bottom(me, Zone::Deck(owner));
    let noldor: crate::engine::SmallIds = crate::cards::common::all_characters(g)
        .filter(|&c| g.has_trait(c, "Noldor"))
        .collect();
    for &c in noldor.iter() {
        for s in [Stat::Willpower, Stat::Attack, Stat::Defense] {
            g.add_lasting(c, Lasting::Stat(s, 1), Until::EndOfRound);
        }
    }
}

// ----------------------------------------------------------------- The Long Defeat (TBoCD-122)
// Goes on a quest card (main quest or side quest; one copy per quest). After that quest card is
// defeated, each player in turn order chooses: draw 2 cards (Mode 0), or heal up to 5 damage
// among his characters (Mode 1, then one point at a time, Done to stop).
// Engine choice: the response only ever helps, so it is always used; it resolves right after the
// quest card leaves play (the attachment is then in the discard pile).

fn long_defeat_attach(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    let quest = match g.card(t).zone {
        Zone::Quest => g.ty(t) == CardType::Quest,
        Zone::Staging => g.is_side_quest(t),
        _ => false,
    };
    quest
        && !g
            .attachments(t)
            .any(|a| a != me && g.def_of(a).code == g.def_of(me).code)
}

fn long_defeat_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::QuestDefeated(q) = ev {
        if host(g, me) == Some(q) {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(0, 0, 0),
            });
        }
    }
}

/// Damaged characters of `p`.
fn damaged_characters(g: &Game, p: u8) -> crate::engine::SmallIds {
    g.characters(p).filter(|&c| g.card(c).damage > 0).collect()
}

/// Steps: 0 ask player offset `player` draw / heal; 1 his answer; 2 heal point answer
/// (`a` = points healed so far).
fn long_defeat_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match cont.step {
        0 => {
            // Next player (offset cont.player) still in the game.
            let mut o = cont.player;
            while o < g.n_players
                && (g.players[g.seat(o) as usize].eliminated || !g.in_this_area(g.seat(o)))
            {
                o += 1;
            }
            if o >= g.n_players {
                return;
            }
            let p = g.seat(o);
            g.begin_ask(p, Ask::Effect { card: me, what: 0 });
            g.offer(Opt::Mode(0));
            if !damaged_characters(g, p).is_empty() {
                g.offer(Opt::Mode(1));
            }
            g.ask_script(Cont::new(me, 1).with(o, 0, 0));
        }
        1 => {
            let p = g.seat(cont.player);
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(cont.player + 1, 0, 0),
            });
            match opt {
                Opt::Mode(1) => long_defeat_heal(g, me, cont.player, p, 0),
                _ => g.draw_by_effect(p, 2),
            }
        }
        _ => {
            let p = g.seat(cont.player);
            if let Opt::Card(c) = opt {
                if g.card(c).zone == Zone::Play(p) && g.card(c).damage > 0 {
                    g.heal(c, 1);
                    long_defeat_heal(g, me, cont.player, p, cont.a + 1);
                }
            }
        }
    }
}

fn long_defeat_heal(g: &mut Game, me: CardId, o: u8, p: u8, healed: i16) {
    if healed >= 5 {
        return;
    }
    let hurt = damaged_characters(g, p);
    if hurt.is_empty() {
        return;
    }
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    g.offer(Opt::Done);
    for &c in hurt.iter() {
        g.offer(Opt::Card(c));
    }
    g.ask_script(Cont::new(me, 2).with(o, healed, 0));
}

// ----------------------------------------------------------------- Quick Ears (TBoCD-123)
// Response: when an enemy card comes off the encounter deck, exhausting one of your Dúnedain or
// Ranger heroes cancels it: it is shuffled back into the encounter deck and the next
// encounter card is revealed in its place.

fn quick_ears_hero(g: &Game, h: CardId) -> bool {
    g.is_ready(h) && (g.has_trait(h, "Dúnedain") || g.has_trait(h, "Ranger"))
}

/// The reveal procedure of `c` from the encounter deck is still under way.
fn revealing_from_deck(g: &Game, c: CardId) -> bool {
    g.stack.iter().any(|f| {
        matches!(*f, Frame::Reveal { card, from_deck: true, stage, .. } if card == c && stage >= 1)
    })
}

fn quick_ears_can(g: &Game, _me: CardId, seat: u8, ev: Event) -> bool {
    let Event::Revealing(c, true) = ev else {
        return false;
    };
    g.is_enemy(c)
        && g.card(c).zone == Zone::Staging
        && revealing_from_deck(g, c)
        && g.heroes(seat).any(|h| quick_ears_hero(g, h))
}

fn quick_ears_respond(g: &mut Game, me: CardId, seat: u8, ev: Event) {
    let Event::Revealing(c, _) = ev else { return };
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let hs: crate::engine::SmallIds = g.heroes(seat).filter(|&h| quick_ears_hero(g, h)).collect();
    for &h in hs.iter() {
        g.offer(Opt::Card(h));
    }
    g.ask_if_offered(Cont::new(me, 0).with(seat, c as i16, 0));
}

fn quick_ears_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(h) = opt else { return };
    let c = cont.a as CardId;
    g.exhaust(h);
    if g.card(c).zone != Zone::Staging || !revealing_from_deck(g, c) {
        return;
    }
    // The rest of its reveal procedure is dropped; the replacement is revealed where it was.
    let mut by = g.first;
    let mut at = None;
    let mut i = 0;
    while i < g.stack.len() {
        if let Frame::Reveal { card, by: b, .. } = g.stack[i] {
            if card == c {
                by = b;
                g.stack.remove(i);
                at.get_or_insert(i);
                continue;
            }
        }
        i += 1;
    }
    g.move_card(c, Zone::EncounterDeck);
    g.shuffle(Zone::EncounterDeck);
    g.log_line(format!("  {} is canceled and shuffled back", g.title(c)));
    let at = at.unwrap_or(g.stack.len());
    g.stack.insert(at, Frame::RevealTop { by });
}

// ----------------------------------------------------------------- Favor of the Valar (TBoCD-124)
// Goes on a player's threat dial (one per player). Forced: instead of that player being
// eliminated by threat, it is discarded and his threat drops to 5 below the elimination level.
// Engine: played on one of the chosen player's heroes (standing for his threat dial), it moves
// at once to his play area, where it is no character.

/// Threat elimination level (RULES §4.2).
const ELIMINATION_LEVEL: i16 = 50;

fn favor_of(g: &Game, me: CardId, p: u8) -> bool {
    g.list(Zone::Play(p))
        .iter()
        .any(|&c| c != me && g.def_of(c).code == g.def_of(me).code)
}

fn favor_attach(g: &Game, me: CardId, _seat: u8, t: CardId) -> bool {
    match g.card(t).zone {
        Zone::Play(p) => {
            g.is_hero(t)
                && g.heroes(p).next() == Some(t)
                && !g.players[p as usize].eliminated
                && !favor_of(g, me, p)
        }
        _ => false,
    }
}

fn favor_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::EntersPlay(c) if c == me => {
            if let Some(h) = host(g, me) {
                if let Zone::Play(p) = g.card(h).zone {
                    g.move_card_keep(me, Zone::Play(p));
                }
            }
        }
        Event::ThreatElimination(p) if g.card(me).zone == Zone::Play(p) => {
            let t = g.players[p as usize].threat;
            if t >= ELIMINATION_LEVEL && g.reduce_threat(p, t - (ELIMINATION_LEVEL - 5)) {
                g.discard(me);
            }
        }
        _ => {}
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// The Long Defeat: heal when our heroes are hurt, else draw; heal the most hurt first.
    pub(super) fn the_long_defeat_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let want = if total_hero_damage(g, p) >= 2 { 1 } else { 0 };
                find(o, Opt::Mode(want)).or_else(|| find(o, Opt::Mode(0)))
            }
            1 => pick_max(o, |c| g.card(c).damage as i32 + g.is_hero(c) as i32 * 5),
            _ => None,
        }
    }

    /// Doom Hangs Still's score when the quest is expected to fail (`Hint::fail_guard`).
    pub(super) const DOOM_GUARD: i32 = 20;

    /// Doom Hangs Still: no threat for failing a quest we expect to fail.
    pub(super) fn doom_hangs_still_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let ready_wp = ready_stat_sum(g, p, g.questing_stat());
        (phase == Phase::Planning && g.staging_threat() > ready_wp) as i32 * DOOM_GUARD
    }

    /// Hold Your Ground!: ready sentinels for the enemy attacks.
    pub(super) fn hold_your_ground_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Combat && area_players(g).any(|q| !g.engaged(q).is_empty())) as i32 * 25
    }

    /// Beechbone: hit the enemy while he survives the point of damage.
    pub(super) fn beechbone_value(g: &Game, _p: u8, c: CardId, ev: Option<Event>) -> i32 {
        matches!(ev, Some(Event::AttackerDeclared(..))) as i32
            * (g.remaining_hp(c) >= 2) as i32
            * 25
    }

    /// Lords of the Eldar: before committing, with at least two Noldor characters.
    pub(super) fn lords_of_the_eldar_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let noldor = area_players(g)
            .flat_map(|q| g.characters(q))
            .filter(|&x| g.has_trait(x, "Noldor"))
            .count();
        (phase == Phase::Quest && !any_questing(g, p) && noldor >= 2) as i32 * 20
    }

    /// Quick Ears: cancel a dangerous enemy.
    pub(super) fn quick_ears_value(g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        match ev {
            Some(Event::Revealing(x, true)) if danger(g, x) >= 15 => 35,
            _ => 0,
        }
    }

    /// Quick Ears: exhaust the hero we need least.
    pub(super) fn quick_ears_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |c| char_value(g, c)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{actions, hero, options, sandbox};
    use crate::engine::{Step, ENCOUNTER};
    const DOOM_GUARD_SCORE: i32 = super::bot::DOOM_GUARD;

    #[test]
    fn amarthiul() {
        let mut g = sandbox(&[&["TBoCD-115"]]);
        let a = hero(&g, "TBoCD-115");
        assert!(g.hero_matches(a, Sphere::Leadership));
        assert!(!g.hero_matches(a, Sphere::Tactics), "no enemy engaged");
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert!(g.hero_matches(a, Sphere::Tactics));
        let before = g.card(a).resources;
        g.push_run(Frame::Step(Step::Gain));
        assert_eq!(g.card(a).resources, before + 1, "one enemy: no extra");
        let mut g = sandbox(&[&["TBoCD-115"]]);
        let a = hero(&g, "TBoCD-115");
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let before = g.card(a).resources;
        g.push_run(Frame::Step(Step::Gain));
        assert_eq!(g.card(a).resources, before + 2, "two enemies: one extra");
    }

    #[test]
    fn guardian_of_arnor() {
        let mut g = sandbox(&[&["Core-001"]]);
        let ga = g.spawn("TBoCD-116", 0, Zone::Play(0));
        assert_eq!(g.stat(ga, Stat::Defense), 1);
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(g.stat(ga, Stat::Defense), 3);
        assert!(g.def_of(ga).keywords.sentinel);
    }

    #[test]
    fn doom_hangs_still() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        g.cards[h as usize].resources = 5;
        let c = g.spawn("TBoCD-117", 0, Zone::Hand(0));
        g.players[0].threat = 30;
        g.act(0, Opt::Play(c));
        assert!(g.pending().is_none(), "no Valour choice under 40 threat");
        assert!(g.any_lasting(Lasting::NoQuestThreat));
        // Failing the quest raises no threat.
        g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        let mut q = g.clone();
        q.stack.clear();
        q.push_run(Frame::Step(Step::Resolve));
        assert_eq!(q.players[0].threat, 30);
        // Not in another phase.
        g.phase = Phase::Combat;
        let c2 = g.spawn("TBoCD-117", 0, Zone::Hand(0));
        g.cards[h as usize].resources = 5;
        assert!(!actions(&mut g).contains(&Opt::Play(c2)));
        // Valour: raise threat by 2 and skip the quest phase.
        let mut g = sandbox(&[&["Core-001"]]);
        let h = hero(&g, "Core-001");
        g.cards[h as usize].resources = 5;
        let c = g.spawn("TBoCD-117", 0, Zone::Hand(0));
        g.players[0].threat = 40;
        g.act(0, Opt::Play(c));
        g.answer(Opt::Mode(1));
        assert_eq!(g.players[0].threat, 42);
        g.stack.clear();
        g.push_run(Frame::Step(Step::QuestBegin));
        // The first commit decision is in the next round's quest phase.
        assert_eq!(
            (g.round, g.phase),
            (2, Phase::Quest),
            "round 1's quest phase is skipped"
        );
    }

    #[test]
    fn beechbone() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 3;
        let b = g.spawn("TBoCD-118", 0, Zone::Hand(0));
        g.act(0, Opt::Play(b));
        assert_eq!(g.card(b).zone, Zone::Play(0));
        assert!(!g.is_ready(b), "enters play exhausted");
        // Cannot have restricted attachments.
        let axe = g.spawn("Core-041", 0, Zone::Hand(0)); // Dwarven Axe (Restricted)
        assert!(!g.attach_targets(axe, 0).any(|t| t == b));
        g.ready(b);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0)); // DEF 2, HP 4
        g.deal_damage(b, 1);
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(b));
        g.answer(Opt::Done);
        assert!(options(&g).contains(&Opt::Activate(b)));
        g.answer(Opt::Activate(b));
        assert_eq!(g.card(b).damage, 2);
        assert_eq!(g.card(e).damage, 2, "X = damage on Beechbone");
    }

    #[test]
    fn hold_your_ground() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 2;
        let c = g.spawn("TBoCD-119", 0, Zone::Hand(0));
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "no exhausted sentinel"
        );
        let s1 = g.spawn("TBoCD-116", 0, Zone::Play(0));
        let s2 = g.spawn("TBoCD-116", 0, Zone::Play(0));
        g.exhaust(s1);
        g.exhaust(s2);
        g.exhaust(h);
        g.act(0, Opt::Play(c));
        assert_eq!(options(&g), vec![Opt::Card(s1), Opt::Card(s2)]);
        g.answer(Opt::Card(s2));
        assert!(g.is_ready(s2) && !g.is_ready(s1) && !g.is_ready(h));
        // Valour: all sentinels.
        g.players[0].threat = 40;
        g.exhaust(s2);
        let c = g.spawn("TBoCD-119", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        g.answer(Opt::Mode(0));
        assert!(g.is_ready(s1) && g.is_ready(s2) && !g.is_ready(h));
    }

    #[test]
    fn lindir() {
        let mut g = sandbox(&[&["Core-001"]]);
        while g.list(Zone::Hand(0)).len() > 1 {
            let c = g.list(Zone::Hand(0))[0];
            g.move_card(c, Zone::Discard(0));
        }
        let h = hero(&g, "Core-001");
        g.cards[h as usize].resources = 0;
        let l = g.spawn("TBoCD-120", 0, Zone::SetAside);
        g.put_into_play(l, 0);
        g.settle();
        g.answer(Opt::Activate(l));
        assert_eq!(g.list(Zone::Hand(0)).len(), 3);
        // A full hand: no response.
        let mut g = sandbox(&[&["Core-001"]]);
        let l = g.spawn("TBoCD-120", 0, Zone::SetAside);
        g.put_into_play(l, 0);
        g.settle();
        assert!(g.pending().is_none());
    }

    #[test]
    fn lords_of_the_eldar() {
        let mut g = sandbox(&[&["TDR-140", "Core-001"]]); // Arwen (Noldor), Aragorn
        let gl = hero(&g, "TDR-140");
        let ar = hero(&g, "Core-001");
        g.cards[gl as usize].resources = 3;
        let c = g.spawn("TBoCD-121", 0, Zone::Hand(0));
        assert!(!actions(&mut g).contains(&Opt::Play(c)), "not from hand");
        g.move_card(c, Zone::Discard(0));
        assert!(actions(&mut g).contains(&Opt::Play(c)));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(c).zone, Zone::Deck(0));
        assert_eq!(g.list(Zone::Deck(0))[0], c, "bottom of the deck");
        assert_eq!(g.card(gl).resources, 0);
        assert_eq!(g.stat(gl, Stat::Willpower), 4);
        assert_eq!(g.stat(gl, Stat::Attack), 2);
        assert_eq!(g.stat(gl, Stat::Defense), 3);
        assert_eq!(g.stat(ar, Stat::Willpower), 2, "not Noldor");
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(gl, Stat::Willpower), 4, "until the end of the round");
        g.expire(Until::EndOfRound);
        assert_eq!(g.stat(gl, Stat::Willpower), 3);
    }

    #[test]
    fn the_long_defeat() {
        let mut g = sandbox(&[&["Core-010"]]); // Denethor (Lore)
        let d = hero(&g, "Core-010");
        g.cards[d as usize].resources = 2;
        // Stage 1B cannot be defeated without Iârion: use a side quest.
        let main = g.main_quest().unwrap();
        let q = g.spawn("TLR-023", ENCOUNTER, Zone::Staging); // Orc Rearguard
        let c = g.spawn("TBoCD-122", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(options(&g), vec![Opt::Card(main), Opt::Card(q)]);
        g.answer(Opt::Card(q));
        assert_eq!(g.card(c).zone, Zone::Attached(q));
        let c2 = g.spawn("TBoCD-122", 0, Zone::Hand(0));
        assert!(
            !g.attach_targets(c2, 0).any(|t| t == q),
            "one copy per quest"
        );
        g.cards[d as usize].damage = 2;
        let hand = g.list(Zone::Hand(0)).len();
        let qp = g.stat(q, Stat::QuestPoints);
        g.add_progress(q, qp);
        g.settle();
        // Draw 2 or heal.
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        let mut g2 = g.clone();
        g.answer(Opt::Mode(0));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 2);
        g2.answer(Opt::Mode(1));
        g2.answer(Opt::Card(d));
        g2.answer(Opt::Card(d));
        assert_eq!(g2.card(d).damage, 0);
        assert!(g2.pending().is_none());
    }

    #[test]
    fn quick_ears() {
        let mut g = sandbox(&[&["Core-001", "Core-010"]]); // Aragorn: Dúnedain Ranger
        let a = hero(&g, "Core-001");
        let d = hero(&g, "Core-010");
        g.cards[d as usize].resources = 1;
        let c = g.spawn("TBoCD-123", 0, Zone::Hand(0));
        while let Some(x) = g.top(Zone::EncounterDeck) {
            g.move_card(x, Zone::Removed);
        }
        let next = g.spawn("TLR-047", ENCOUNTER, Zone::EncounterDeck);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::EncounterDeck); // on top
        g.phase = Phase::Quest;
        g.push_run(Frame::RevealTop { by: 0 });
        assert!(options(&g).contains(&Opt::Activate(c)));
        g.answer(Opt::Activate(c));
        assert!(!g.is_ready(a));
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert_eq!(
            g.list(Zone::Staging).len(),
            1,
            "one replacement card revealed"
        );
        assert_eq!(
            g.list(Zone::EncounterDeck).len(),
            1,
            "the enemy was shuffled back"
        );
        let mut both = [g.list(Zone::Staging)[0], g.list(Zone::EncounterDeck)[0]];
        both.sort();
        let mut want = [next, e];
        want.sort();
        assert_eq!(both, want);
        // Not for a location.
        let mut g = sandbox(&[&["Core-001", "Core-010"]]);
        let d = hero(&g, "Core-010");
        g.cards[d as usize].resources = 1;
        let c = g.spawn("TBoCD-123", 0, Zone::Hand(0));
        let l = g.spawn("TLR-047", ENCOUNTER, Zone::EncounterDeck);
        g.move_card(l, Zone::EncounterDeck);
        g.push_run(Frame::RevealTop { by: 0 });
        assert!(!options(&g).contains(&Opt::Activate(c)));
    }

    #[test]
    fn favor_of_the_valar() {
        let mut g = sandbox(&[&["Core-001"]]);
        let a = hero(&g, "Core-001");
        g.cards[a as usize].resources = 3;
        let f = g.spawn("TBoCD-124", 0, Zone::Hand(0));
        g.act(0, Opt::Play(f));
        assert_eq!(g.card(f).zone, Zone::Play(0), "on the threat dial");
        let f2 = g.spawn("TBoCD-124", 0, Zone::Hand(0));
        assert!(g.attach_targets(f2, 0).next().is_none(), "one per player");
        g.players[0].threat = 49;
        g.raise_threat(0, 3);
        g.settle();
        assert!(!g.players[0].eliminated);
        assert_eq!(g.players[0].threat, 45);
        assert_eq!(g.card(f).zone, Zone::Discard(0));
        g.raise_threat(0, 5);
        g.settle();
        assert!(g.players[0].eliminated || g.is_over(), "only once");
    }

    /// Whole games with decks full of these two packs' cards, both bots, 1 and 2 players:
    /// invariants hold at every decision and every game ends.
    #[test]
    fn carn_dum_and_dread_realm_decks_play_out() {
        use crate::bots;
        use crate::deck::Deck;
        use crate::engine::{GameSetup, RuleOptions};
        let db = crate::cards::testkit::db();
        let codes = [
            "TBoCD-116",
            "TBoCD-117",
            "TBoCD-118",
            "TBoCD-119",
            "TBoCD-120",
            "TBoCD-121",
            "TBoCD-122",
            "TBoCD-123",
            "TBoCD-124",
            "TDR-141",
            "TDR-142",
            "TDR-143",
            "TDR-144",
            "TDR-145",
            "TDR-146",
            "TDR-147",
            "TDR-149",
            "TDR-148",
        ];
        let cards: Vec<_> = codes
            .iter()
            .flat_map(|c| std::iter::repeat_n(db.by_code(c).unwrap(), 3))
            .collect();
        let deck = |heroes: &[&str]| Deck {
            name: "angmar".into(),
            heroes: heroes.iter().map(|c| db.by_code(c).unwrap()).collect(),
            cards: cards.clone(),
            loot: Vec::new(),
        };
        for players in 1..=2 {
            let setup: &'static GameSetup = Box::leak(Box::new(GameSetup {
                scenario: db.scenario("intruders-in-chetwood").unwrap(),
                mode: crate::data::Mode::Standard,
                decks: [
                    deck(&["TBoCD-115", "TDR-140", "Core-010"]),
                    deck(&["Core-001", "Core-005", "Core-011"]),
                ][..players]
                    .to_vec(),
                options: RuleOptions::default(),
                max_rounds: 30,
                allow_unimplemented: false,
            }));
            for bot in ["random", "basic"] {
                let mut g = Game::new(db, setup);
                let mut bs: Vec<_> = (0..players).map(|_| bots::make(bot).unwrap()).collect();
                for i in 0..60 {
                    for (seat, b) in bs.iter_mut().enumerate() {
                        b.new_game(i * 10 + seat as u64);
                    }
                    g.start(7, i);
                    let mut steps = 0;
                    loop {
                        if let Err(e) = g.check_invariants() {
                            panic!("game {i} ({bot}, {players}p) step {steps}: {e}");
                        }
                        let Some(d) = g.pending() else { break };
                        let k = bs[d.player as usize].choose(&g, d);
                        g.apply(k);
                        steps += 1;
                        assert!(steps < 200_000, "game {i} does not terminate");
                    }
                    assert!(g.outcome().is_some());
                    assert_eq!(g.record().unimplemented_plays, 0);
                }
            }
        }
    }

    #[test]
    fn doom_hangs_still_hint() {
        use crate::cards::hints::{action_value, hint};
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TBoCD-117", 0, Zone::Hand(0));
        assert!(hint(&g, c).valour_event);
        g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        let hs: Vec<CardId> = g.heroes(0).collect();
        for h in hs {
            g.cards[h as usize].exhausted = true;
        }
        g.phase = Phase::Combat;
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "only in the planning phase"
        );
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 20, "the quest will fail");
    }

    /// mp59, two seats sharing one staging area: seat 0's only hero is exhausted (its own
    /// ready willpower 0, below the staged Marauder's threat) while seat 1's Glorfindel and
    /// Éowyn (7 ready willpower) cover it. The card's own value (its seat alone) plays Doom
    /// Hangs Still; `basic` with `table_guard` (on) reads the table and passes, and plays it
    /// once seat 1 is exhausted too.
    #[test]
    fn doom_hangs_still_reads_every_seats_willpower_at_two_seats() {
        use crate::cards::hints::action_value;
        let mut g = sandbox(&[&["Core-001"], &["Core-011", "Core-007"]]);
        g.phase = Phase::Planning;
        let ar = hero(&g, "Core-001");
        g.cards[ar as usize].resources = 5;
        g.cards[ar as usize].exhausted = true;
        let c = g.spawn("TBoCD-117", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Staging);
        assert!(g.staging_threat() > 0 && g.staging_threat() < 7);
        assert_eq!(
            action_value(&g, 0, c, None),
            DOOM_GUARD_SCORE,
            "own seat alone"
        );
        let pick = |g: &Game, spec: &str| crate::cards::testkit::planning_pick(g, c, spec);
        assert_eq!(pick(&g, "basic"), Opt::Pass, "the table covers the quest");
        assert_eq!(pick(&g, "basic:table_guard=0"), Opt::Play(c));
        for h in crate::cards::testkit::heroes(&g, 1) {
            g.cards[h as usize].exhausted = true;
        }
        assert_eq!(pick(&g, "basic"), Opt::Play(c), "nobody can cover it");
        // The staged threat gone: neither plays it.
        g.move_card(e, Zone::EncounterDiscard);
        assert_eq!(pick(&g, "basic:table_guard=0"), Opt::Pass);
        assert_eq!(pick(&g, "basic"), Opt::Pass);
    }

    #[test]
    fn hold_your_ground_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TBoCD-119", 0, Zone::Hand(0));
        assert!(hint(&g, c).valour_event);
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0, "no enemy engaged");
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 25);
    }

    #[test]
    fn quick_ears_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Event, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("TBoCD-123", 0, Zone::Hand(0));
        let party = g.spawn("TLR-017", ENCOUNTER, Zone::Resolving);
        assert_eq!(
            action_value(&g, 0, c, Some(Event::Revealing(party, true))),
            35
        );
        assert_eq!(action_value(&g, 0, c, None), 0);
    }
}
