//! Core Set, Leadership sphere (and the neutral Gandalf).
//!
//! Round flag bits (`PlayerState::round_flags`): Leadership owns bits 0–7; none are used yet.
//! Brok Ironfist (Core-019) responds from the hand (the engine offers hand Responses of non-event
//! cards without a cost).

use crate::cards::common::{all_characters, enemies_in_play, mine_in_play};
use crate::cards::common::{any_in_area_play, area_players};
use crate::cards::hints::{
    hero_swap_value, AttachKind, Hint, BOOST_ATTACK, BOOST_DEFENSE, NO_HINT,
};
use crate::cards::{Script, BLANK};
use crate::engine::{
    Ask, CardId, Cont, Event, Game, Lasting, Opt, Phase, SmallIds, Stat, Until, Zone,
};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "Core-001",
        hint: Hint {
            play_value: Some(bot::aragorn_value),
            ..NO_HINT
        },
        can_respond: Some(aragorn_can),
        respond_on: events![Committed],
        respond: Some(aragorn_respond),
        ..BLANK
    },
    Script {
        code: "Core-002",
        hint: Hint {
            play_value: Some(|_, _, _, _| 30),
            ..NO_HINT
        },
        can_respond: Some(theodred_can),
        respond_on: events![Committed],
        respond: Some(theodred_respond),
        resume: Some(theodred_resume),
        ..BLANK
    },
    Script {
        code: "Core-003",
        hint: Hint {
            play_value: Some(|_, _, _, _| 30),
            ..NO_HINT
        },
        can_respond: Some(gloin_can),
        respond_on: events![Damaged],
        respond: Some(gloin_respond),
        ..BLANK
    },
    Script {
        code: "Core-014",
        hint: Hint {
            play_value: Some(bot::faramir_value),
            ..NO_HINT
        },
        can_act: Some(faramir_can),
        act: Some(faramir_act),
        resume: Some(faramir_resume),
        ..BLANK
    },
    Script {
        code: "Core-015",
        can_respond: Some(son_of_arnor_can),
        respond_on: events![EntersPlay],
        respond: Some(son_of_arnor_respond),
        resume: Some(son_of_arnor_resume),
        ..BLANK
    },
    Script {
        code: "Core-016",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(snowbourn_can),
        respond_on: events![EntersPlay],
        respond: Some(snowbourn_respond),
        resume: Some(snowbourn_resume),
        ..BLANK
    },
    Script {
        code: "Core-018",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(orc_slayer_can),
        respond_on: events![EntersPlay],
        respond: Some(orc_slayer_respond),
        ..BLANK
    },
    Script {
        code: "Core-020",
        hint: Hint {
            play_value: Some(bot::ever_vigilant_value),
            readies: true,
            ready_target: Some(|g, _, x| g.is_ally(x)),
            ..NO_HINT
        },
        can_act: Some(ever_vigilant_can),
        act: Some(ever_vigilant_act),
        resume: Some(ever_vigilant_resume),
        ..BLANK
    },
    Script {
        code: "Core-021",
        hint: Hint {
            play_value: Some(hero_swap_value),
            swaps_ready_hero: true,
            readies: true,
            ready_target: Some(|g, _, x| g.is_hero(x)),
            ..NO_HINT
        },
        can_act: Some(common_cause_can),
        act: Some(common_cause_act),
        resume: Some(common_cause_resume),
        ..BLANK
    },
    Script {
        code: "Core-022",
        hint: Hint {
            play_value: Some(bot::for_gondor_value),
            phase_boost: BOOST_ATTACK | BOOST_DEFENSE,
            ..NO_HINT
        },
        can_act: Some(for_gondor_can),
        act: Some(for_gondor_act),
        ..BLANK
    },
    Script {
        code: "Core-023",
        hint: Hint {
            play_value: Some(bot::sneak_attack_value),
            ..NO_HINT
        },
        can_act: Some(sneak_attack_can),
        act: Some(sneak_attack_act),
        resume: Some(sneak_attack_resume),
        ..BLANK
    },
    Script {
        code: "Core-024",
        hint: Hint {
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        can_respond: Some(valiant_can),
        respond_on: events![LeftPlay],
        respond: Some(valiant_respond),
        ..BLANK
    },
    Script {
        code: "Core-025",
        hint: Hint {
            play_value: Some(bot::grim_resolve_value),
            readies: true,
            ..NO_HINT
        },
        can_act: Some(grim_resolve_can),
        act: Some(grim_resolve_act),
        ..BLANK
    },
    Script {
        code: "Core-019",
        can_respond: Some(brok_can),
        respond_on: events![LeftPlay],
        hand_response: true,
        respond: Some(brok_respond),
        ..BLANK
    },
    Script {
        code: "Core-026",
        hint: Hint {
            attach: Some((45, AttachKind::Resources)),
            play_value: Some(bot::steward_of_gondor_value),
            ..NO_HINT
        },
        attach_to: Some(any_hero),
        rule: Some(steward_rule),
        rule_on: crate::rules![GainsTrait],
        can_act: Some(steward_can),
        act: Some(steward_act),
        ..BLANK
    },
    Script {
        code: "Core-027",
        hint: Hint {
            attach: Some((35, AttachKind::Willpower)),
            ..NO_HINT
        },
        attach_to: Some(any_hero),
        modify: Some(celebrians_stone_modify),
        modify_static: true,
        rule: Some(celebrians_stone_rule),
        rule_on: crate::rules![GainsIcon],
        ..BLANK
    },
    Script {
        code: "Core-073",
        hint: Hint {
            play_value: Some(|_, _, _, _| 40),
            effect: Some(bot::gandalf_effect),
            enemy_damage: Some((1, 4)),
            enemy_damage_mode: Some((0, 1)),
            ..NO_HINT
        },
        forced: Some(gandalf_forced),
        forced_on: events![EntersPlay],
        can_respond: Some(gandalf_can),
        respond_on: events![EntersPlay],
        respond: Some(gandalf_respond),
        resume: Some(gandalf_resume),
        mode_names: &[
            (0, 0, "draw 3 cards"),
            (0, 1, "4 damage to an enemy"),
            (0, 2, "lower threat by 5"),
        ],
        ..BLANK
    },
];

// ----------------------------------------------------------------- shared helpers

/// Attachment target rule "a hero" (any player's, not immune).
pub fn any_hero(g: &Game, _me: CardId, _seat: u8, t: CardId) -> bool {
    g.is_hero(t) && !g.immune(t)
}

/// Gondor trait, printed or granted by Steward of Gondor.
pub fn is_gondor(g: &Game, c: CardId) -> bool {
    g.has_trait(c, "Gondor")
}

/// Steward of Gondor: its host gains the Gondor trait.
fn steward_rule(g: &Game, me: CardId, r: crate::cards::Rule) -> bool {
    matches!(r, crate::cards::Rule::GainsTrait(host, t)
        if g.card(me).zone == Zone::Attached(host) && t == g.db.trait_id("Gondor"))
}

// ----------------------------------------------------------------- Aragorn (Core-001)
// Response: after he commits to the quest, pay 1 resource from his own pool to ready him.

fn aragorn_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Committed(c) if c == me)
        && mine_in_play(g, me, seat)
        && g.card(me).resources >= 1
        && !g.is_ready(me)
}

fn aragorn_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    g.card_mut(me).resources -= 1;
    g.ready(me);
}

// ----------------------------------------------------------------- Théodred (Core-002)
// Response: after he commits to the quest, a questing hero (chosen) gains 1 resource.

fn theodred_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Committed(c) if c == me) && mine_in_play(g, me, seat)
}

fn theodred_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    let heroes: SmallIds = area_players(g)
        .flat_map(|p| g.heroes(p))
        .filter(|&h| g.card(h).questing)
        .collect();
    for h in heroes {
        g.offer(Opt::Card(h));
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
    }
}

fn theodred_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(h) = opt {
        g.gain_resources(h, 1);
    }
}

// ----------------------------------------------------------------- Glóin (Core-003)
// Response: after he is damaged, he gains 1 resource per damage just taken.

fn gloin_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Damaged(c, n) if c == me && n > 0) && mine_in_play(g, me, seat)
}

fn gloin_respond(g: &mut Game, me: CardId, _seat: u8, ev: Event) {
    if let Event::Damaged(_, n) = ev {
        g.gain_resources(me, n);
    }
}

// ----------------------------------------------------------------- Faramir (Core-014)
// Action: exhaust him; one chosen player's characters get +1 Willpower this phase.
// Engine choice: offered only in the quest phase while Willpower is the questing stat (the only
// time the bonus can matter).

fn faramir_can(g: &Game, me: CardId, seat: u8) -> bool {
    mine_in_play(g, me, seat)
        && g.is_ready(me)
        && g.phase == Phase::Quest
        && g.questing_stat() == Stat::Willpower
}

fn faramir_act(g: &mut Game, me: CardId, seat: u8) {
    g.exhaust(me);
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for p in area_players(g) {
        if !g.players[p as usize].eliminated && g.characters(p).next().is_some() {
            g.offer(Opt::Player(p));
        }
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn faramir_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Player(p) = opt {
        let chars: SmallIds = g.characters(p).collect();
        for c in chars {
            g.add_lasting(c, Lasting::Stat(Stat::Willpower, 1), Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Son of Arnor (Core-015)
// Response: after it enters play, engage a chosen enemy from the staging area or from another
// player's engagement area.

fn son_of_arnor_targets<'g>(g: &'g Game<'g>, seat: u8) -> impl Iterator<Item = CardId> + 'g {
    enemies_in_play(g).filter(move |&e| g.card(e).zone != Zone::Engaged(seat) && !g.immune(e))
}

fn son_of_arnor_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::EntersPlay(c) if c == me)
        && mine_in_play(g, me, seat)
        && son_of_arnor_targets(g, seat).next().is_some()
}

fn son_of_arnor_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let t: SmallIds = son_of_arnor_targets(g, seat).collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for e in t {
        g.offer(Opt::Card(e));
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn son_of_arnor_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        g.engage(e, cont.player);
    }
}

// ----------------------------------------------------------------- Snowbourn Scout (Core-016)
// Response: after it enters play, put 1 progress on a chosen location.

fn locations_in_play<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    g.list(Zone::Active)
        .iter()
        .chain(g.list(Zone::Staging).iter())
        .copied()
        .filter(move |&l| g.is_location(l) && !g.immune(l) && g.reaches(l))
}

fn snowbourn_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::EntersPlay(c) if c == me)
        && mine_in_play(g, me, seat)
        && locations_in_play(g).next().is_some()
}

fn snowbourn_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let t: SmallIds = locations_in_play(g).collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for l in t {
        g.offer(Opt::Card(l));
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn snowbourn_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(l) = opt {
        g.add_progress(l, 1);
    }
}

// ----------------------------------------------------------------- Longbeard Orc Slayer (Core-018)
// Response: after it enters play, 1 damage to every Orc enemy in play.

fn orc_targets<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    enemies_in_play(g)
        .filter(move |&e| g.has_trait(e, "Orc") && !g.immune(e) && g.can_take_damage(e))
}

fn orc_slayer_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::EntersPlay(c) if c == me)
        && mine_in_play(g, me, seat)
        && orc_targets(g).next().is_some()
}

fn orc_slayer_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    let t: SmallIds = orc_targets(g).collect();
    for e in t {
        g.deal_damage(e, 1);
    }
}

// ----------------------------------------------------------------- Ever Vigilant (Core-020)
// Action: ready a chosen ally.

/// An exhausted ally that player cards can target (the exhausted field first: the cheapest,
/// and Ever Vigilant asks at every action window while it is in hand).
fn is_exhausted_ally(g: &Game, a: CardId) -> bool {
    !g.is_ready(a) && g.is_ally(a) && !g.immune(a)
}

/// The exhausted allies in play that player cards can target, in play-area order.
fn exhausted_allies<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    area_players(g)
        .flat_map(move |p| g.list(Zone::Play(p)).iter().copied())
        .filter(move |&a| is_exhausted_ally(g, a))
}

fn ever_vigilant_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    // `exhausted_allies` is not empty, as plain nested scans (cheaper than the chain).
    any_in_area_play(g, |a| is_exhausted_ally(g, a))
}

fn ever_vigilant_act(g: &mut Game, me: CardId, seat: u8) {
    let t: SmallIds = exhausted_allies(g).collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for a in t {
        g.offer(Opt::Card(a));
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn ever_vigilant_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(a) = opt {
        g.ready(a);
    }
}

// ----------------------------------------------------------------- Common Cause (Core-021)
// Action: as a cost exhaust one of your heroes; then ready another (exhausted) hero.

/// An exhausted hero that player cards can target (the exhausted field first).
fn is_exhausted_hero(g: &Game, h: CardId) -> bool {
    !g.is_ready(h) && g.is_hero(h) && !g.immune(h)
}

/// The exhausted heroes in play that player cards can target, in play-area order.
fn exhausted_heroes<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    area_players(g)
        .flat_map(move |p| g.list(Zone::Play(p)).iter().copied())
        .filter(move |&h| is_exhausted_hero(g, h))
}

fn common_cause_can(g: &Game, _me: CardId, seat: u8) -> bool {
    // A ready hero of his (the ready field first) and `exhausted_heroes` not empty, as plain
    // nested scans (cheaper than the chain).
    g.list(Zone::Play(seat))
        .iter()
        .any(|&h| g.is_ready(h) && g.is_hero(h))
        && any_in_area_play(g, |h| is_exhausted_hero(g, h))
}

fn common_cause_act(g: &mut Game, me: CardId, seat: u8) {
    let cost: SmallIds = g.heroes(seat).filter(|&h| g.is_ready(h)).collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for h in cost {
        g.offer(Opt::Card(h));
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn common_cause_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let Opt::Card(h) = opt else { return };
    match cont.step {
        0 => {
            g.exhaust(h);
            let t: SmallIds = exhausted_heroes(g).filter(|&x| x != h).collect();
            if t.is_empty() {
                return;
            }
            g.begin_ask(
                cont.player,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            for x in t {
                g.offer(Opt::Card(x));
            }
            g.ask_script(Cont::new(cont.card, 1).with(cont.player, 0, 0));
        }
        _ => g.ready(h),
    }
}

// ----------------------------------------------------------------- For Gondor! (Core-022)
// Action: this phase every character gets +1 Attack, and Gondor characters +1 Defense too.
// Offered in every action window (while a character can get the bonus): attacks happen outside
// the combat phase too (Quick Strike in any window; immediate attacks such as Sudden Assault's
// during staging, or on engagement), and Battle/Siege quests use Attack/Defense to quest.

fn for_gondor_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    // `all_characters` holds one that is not immune, as a plain scan.
    (0..g.n_players).any(|p| {
        g.in_this_area(p)
            && g.list(Zone::Play(p))
                .iter()
                .any(|&c| g.is_character(c) && !g.immune(c))
    })
}

fn for_gondor_act(g: &mut Game, _me: CardId, _seat: u8) {
    let chars: SmallIds = all_characters(g).filter(|&c| !g.immune(c)).collect();
    for c in chars {
        g.add_lasting(c, Lasting::Stat(Stat::Attack, 1), Until::EndOfPhase);
        if is_gondor(g, c) {
            g.add_lasting(c, Lasting::Stat(Stat::Defense, 1), Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Sneak Attack (Core-023)
// Action: one of your allies in hand enters play now and goes back to hand when this phase ends.

/// An ally in hand that Sneak Attack may put into play: not a unique card already in play,
/// and one the engine can play.
#[inline(always)]
fn is_sneak_target(g: &Game, c: CardId) -> bool {
    g.is_ally(c)
        && !g.unique_in_play(c)
        && (g.script(c).is_some()
            || g.setup.allow_unimplemented
            || crate::cards::vanilla(g.db, g.def_id(c)))
}

fn sneak_targets<'g>(g: &'g Game<'g>, seat: u8) -> impl Iterator<Item = CardId> + 'g {
    g.list(Zone::Hand(seat))
        .iter()
        .copied()
        .filter(move |&c| is_sneak_target(g, c))
}

fn sneak_attack_can(g: &Game, _me: CardId, seat: u8) -> bool {
    // `sneak_targets` is not empty, as a plain scan (asked at every action window while the
    // event is in hand: the iterator's filter was an out-of-line call per card). speed30: no
    // scan at all while no card of the hand shows an ally face (the count the engine keeps).
    if !g.may_hold_ally(Zone::Hand(seat)) {
        return false;
    }
    for &c in g.list(Zone::Hand(seat)) {
        if is_sneak_target(g, c) {
            return true;
        }
    }
    false
}

fn sneak_attack_act(g: &mut Game, me: CardId, seat: u8) {
    let t: SmallIds = sneak_targets(g, seat).collect();
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for a in t {
        g.offer(Opt::Card(a));
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn sneak_attack_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(a) = opt {
        if g.card(a).zone == Zone::Hand(cont.player) {
            g.put_into_play(a, cont.player);
            g.add_lasting(a, Lasting::ReturnToHandAtEndOfPhase, Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Valiant Sacrifice (Core-024)
// Response: after an ally leaves play, its controller draws 2 cards.
// Engine note: the card is already out of play, so its owner stands in for its last controller.

fn valiant_can(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    let Event::LeftPlay(c) = ev else { return false };
    // The controller it had when it left play draws.
    let o = g.card(c).last_controller;
    g.is_ally(c)
        && (o as usize) < g.n_players as usize
        && !g.players[o as usize].eliminated
        && g.in_this_area(o)
        && !g.list(Zone::Deck(o)).is_empty()
}

fn valiant_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    if let Event::LeftPlay(c) = ev {
        let o = g.card(c).last_controller;
        g.draw_by_effect(o, 2);
    }
}

// ----------------------------------------------------------------- Grim Resolve (Core-025)
// Action: ready every character in play.

fn grim_resolve_can(g: &Game, _me: CardId, _seat: u8) -> bool {
    // `all_characters` holds an exhausted one, as plain nested scans with the exhausted field
    // read first (the iterator chain cost ~155 instructions an ask, asked at every action
    // window while the event is in hand; speed41).
    (0..g.n_players).any(|p| {
        g.in_this_area(p)
            && g.list(Zone::Play(p))
                .iter()
                .any(|&c| !g.is_ready(c) && g.is_character(c))
    })
}

fn grim_resolve_act(g: &mut Game, _me: CardId, _seat: u8) {
    let chars: SmallIds = all_characters(g).collect();
    for c in chars {
        g.ready(c);
    }
}

// ----------------------------------------------------------------- Brok Ironfist (Core-019)
// From hand, after a Dwarf hero of yours leaves play: put Brok into play (no cost).

fn brok_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::LeftPlay(h)
        if g.is_hero(h) && g.card(h).owner == seat && g.has_trait(h, "Dwarf"))
        && g.card(me).zone == Zone::Hand(seat)
        && !g.unique_in_play(me)
}

fn brok_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    g.put_into_play(me, seat);
}

// ----------------------------------------------------------------- Steward of Gondor (Core-026)
// Hero attachment; the host counts as Gondor (see `is_gondor`). Action: exhaust it to give the
// host 2 resources.

fn steward_can(g: &Game, me: CardId, seat: u8) -> bool {
    g.controller(me) == seat && g.is_ready(me) && matches!(g.card(me).zone, Zone::Attached(_))
}

fn steward_act(g: &mut Game, me: CardId, _seat: u8) {
    if let Zone::Attached(h) = g.card(me).zone {
        g.exhaust(me);
        g.gain_resources(h, 2);
    }
}

// ----------------------------------------------------------------- Celebrían's Stone (Core-027)
// Restricted hero attachment: +2 Willpower; on Aragorn it also gives him a Spirit icon.

fn celebrians_stone_rule(g: &Game, me: CardId, r: crate::cards::Rule) -> bool {
    matches!(r, crate::cards::Rule::GainsIcon(h, crate::data::Sphere::Spirit)
        if g.card(me).zone == Zone::Attached(h) && g.title(h) == "Aragorn")
}

fn celebrians_stone_modify(_g: &Game, _me: CardId, _target: CardId, s: Stat) -> i16 {
    if s == Stat::Willpower {
        2
    } else {
        0
    }
}

// ----------------------------------------------------------------- Gandalf (Core-073)
// Leaves play at the end of the round. Response on entering play, pick one: draw 3, 4 damage to
// one enemy in play, or threat -5.

fn gandalf_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::EntersPlay(c) if c == me) && g.card(me).zone.in_play() {
        g.add_lasting(me, Lasting::DiscardAtEndOfRound, Until::EndOfRound);
    }
}

fn gandalf_enemies<'g>(g: &'g Game<'g>) -> impl Iterator<Item = CardId> + 'g {
    enemies_in_play(g).filter(move |&e| !g.immune(e) && g.can_take_damage(e))
}

/// Gandalf's modes: draw (a card in the deck), damage (an enemy that can take it), threat
/// (the threat can go down).
fn gandalf_modes(g: &Game, seat: u8) -> [bool; 3] {
    [
        gandalf_can_draw(g, seat),
        gandalf_enemies(g).next().is_some(),
        gandalf_can_lower_threat(g, seat),
    ]
}

fn gandalf_can_draw(g: &Game, seat: u8) -> bool {
    !g.list(Zone::Deck(seat)).is_empty()
}

fn gandalf_can_lower_threat(g: &Game, seat: u8) -> bool {
    g.players[seat as usize].threat > 0 && !g.rule(crate::cards::Rule::CannotReduceThreat(seat))
}

fn gandalf_can(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    // Some mode of `gandalf_modes` is open, the cheap tests first (the enemy scan last).
    matches!(ev, Event::EntersPlay(c) if c == me)
        && mine_in_play(g, me, seat)
        && (gandalf_can_draw(g, seat)
            || gandalf_can_lower_threat(g, seat)
            || gandalf_enemies(g).next().is_some())
}

fn gandalf_respond(g: &mut Game, me: CardId, seat: u8, _ev: Event) {
    let modes = gandalf_modes(g, seat);
    g.begin_ask(seat, Ask::Effect { card: me, what: 0 });
    for (i, ok) in modes.iter().enumerate() {
        if *ok {
            g.offer(Opt::Mode(i as u8));
        }
    }
    g.ask_script(Cont::new(me, 0).with(seat, 0, 0));
}

fn gandalf_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let p = cont.player;
    match (cont.step, opt) {
        (0, Opt::Mode(0)) => g.draw_by_effect(p, 3),
        (0, Opt::Mode(1)) => {
            let t: SmallIds = gandalf_enemies(g).collect();
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            for e in t {
                g.offer(Opt::Card(e));
            }
            if g.n_offered() > 0 {
                g.ask_script(Cont::new(cont.card, 1).with(p, 0, 0));
            }
        }
        (0, Opt::Mode(2)) => {
            g.reduce_threat(p, 5);
        }
        (1, Opt::Card(e)) => g.deal_damage(e, 4),
        _ => {}
    }
}

// ----------------------------------------------------------------- tests

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Steward
    pub(super) fn steward_of_gondor_value(g: &Game, _p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (matches!(phase, Phase::Planning | Phase::Resource)) as i32 * 50
    }

    /// Aragorn ready
    pub(super) fn aragorn_value(_g: &Game, _p: u8, c: CardId, ev: Option<Event>) -> i32 {
        matches!(ev, Some(Event::Committed(x)) if x == c)
            .then_some(30)
            .unwrap_or(0)
    }

    pub(super) fn faramir_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        (phase == Phase::Quest && g.characters(p).filter(|&x| g.card(x).questing).count() >= 2)
            as i32
            * 25
    }

    pub(super) fn ever_vigilant_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        // (sense40: not an ally whose lone defence of the attack under way destroys it.)
        // (The allies are scanned only in combat with an enemy engaged.)
        let target = || {
            g.allies_of(p)
                .any(|x| !ready(g, x) && !crate::cards::hints::dies_defending(g, x))
        };
        (phase == Phase::Combat && engaged > 0 && target()) as i32 * 20
    }

    /// For Gondor!
    pub(super) fn for_gondor_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        // probe40: +1 Defense on a Gondor defender it keeps alive (or a hero it keeps unhurt).
        let saves = best_defense_boost(g, p, 1, |d| g.has_trait(d, "Gondor"));
        ((phase == Phase::Combat && engaged >= 2) as i32 * 15).max(saves)
    }

    pub(super) fn sneak_attack_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        // Sneak Attack: Gandalf for 1 before committing or before combat, only a Gandalf it
        // can put into play (not while a copy of him is already in play: he is unique).
        // (The moment first: the hand is scanned only when it is one; the type before the code.)
        let pre_quest = phase == Phase::Quest && !any_questing(g, p);
        let moment = pre_quest || (phase == Phase::Combat && engaged > 0);
        let gandalf = || {
            hand(g, p)
                .iter()
                .any(|&x| g.is_ally(x) && known_code(g, x) == "Core-073" && !g.unique_in_play(x))
        };
        (moment && gandalf()) as i32 * 35
    }

    /// Grim Resolve
    pub(super) fn grim_resolve_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let phase = g.phase;
        let engaged = g.engaged(p).len();
        let exhausted_chars = g.characters(p).filter(|&x| !ready(g, x)).count();
        (phase == Phase::Combat && engaged > 0 && exhausted_chars >= 3) as i32 * 30
    }

    /// Gandalf: threat relief when high, a kill when possible, else cards.
    pub(super) fn gandalf_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        if !o.iter().any(|x| matches!(x, Opt::Mode(_))) {
            return None;
        }
        let want = {
            let killable = area_players(g)
                .flat_map(|q| g.engaged(q).iter().copied())
                .chain(staged(g))
                .any(|e| g.is_enemy(e) && g.remaining_hp(e) <= 4 && !g.immune(e));
            if g.players[p as usize].threat >= 30 {
                2
            } else if killable {
                1
            } else {
                0
            }
        };
        if let Some(i) = find(o, Opt::Mode(want)) {
            return Some(i);
        }
        o.iter().position(|x| matches!(x, Opt::Mode(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{heroes, options};

    #[test]
    fn brok_ironfist() {
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let brok = g.spawn("Core-019", 0, Zone::Hand(0));
        let gloin = g.heroes(0).find(|&h| g.title(h) == "Glóin").unwrap();
        // A non-Dwarf hero leaving play does not offer Brok.
        let aragorn = g.heroes(0).find(|&h| g.title(h) == "Aragorn").unwrap();
        g.deal_damage(aragorn, 5);
        g.settle();
        assert!(g.pending().is_none());
        // Glóin (a Dwarf) dies: Brok may enter play for free.
        let theodred = g.heroes(0).find(|&h| g.title(h) == "Théodred").unwrap();
        g.card_mut(theodred).resources = 2;
        g.deal_damage(gloin, 4);
        g.settle();
        g.answer(Opt::Activate(brok));
        assert_eq!(g.card(brok).zone, Zone::Play(0));
        assert_eq!(g.card(theodred).resources, 2, "no cost is paid");
    }
    use crate::cards::testkit::sandbox;
    use crate::data::Sphere;
    use crate::engine::ENCOUNTER;

    #[test]
    fn aragorn() {
        let mut g = sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let a = heroes(&g, 0)[0];
        g.cards[a as usize].resources = 2;
        g.cards[a as usize].exhausted = true;
        g.cards[a as usize].questing = true;
        g.emit(Event::Committed(a));
        assert!(options(&g).contains(&Opt::Activate(a)));
        g.answer(Opt::Activate(a));
        assert!(g.is_ready(a));
        assert_eq!(g.card(a).resources, 1);
    }

    #[test]
    fn aragorn_not_offered_without_resources() {
        let mut g = sandbox(&[&["Core-001"]]);
        let a = heroes(&g, 0)[0];
        g.cards[a as usize].exhausted = true;
        g.emit(Event::Committed(a));
        assert!(g.pending().is_none());
    }

    #[test]
    fn theodred() {
        let mut g = sandbox(&[&["Core-002", "Core-001", "Core-003"]]);
        let h = heroes(&g, 0);
        let (t, ar, gl) = (h[0], h[1], h[2]);
        for c in [t, ar] {
            g.cards[c as usize].exhausted = true;
            g.cards[c as usize].questing = true;
        }
        g.emit(Event::Committed(t));
        g.answer(Opt::Activate(t));
        let o = options(&g);
        assert!(
            o.contains(&Opt::Card(t)) && o.contains(&Opt::Card(ar)) && !o.contains(&Opt::Card(gl))
        );
        g.answer(Opt::Card(ar));
        assert_eq!(g.card(ar).resources, 1);
        assert_eq!(g.card(t).resources, 0);
    }

    #[test]
    fn gloin() {
        let mut g = sandbox(&[&["Core-003"]]);
        let gl = heroes(&g, 0)[0];
        g.deal_damage(gl, 2);
        g.settle();
        g.answer(Opt::Activate(gl));
        assert_eq!(g.card(gl).resources, 2);
        assert_eq!(g.card(gl).damage, 2);
    }

    #[test]
    fn guard_of_the_citadel() {
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("Core-013", 0, Zone::Play(0));
        assert_eq!(
            [
                g.stat(c, Stat::Willpower),
                g.stat(c, Stat::Attack),
                g.stat(c, Stat::Defense),
                g.stat(c, Stat::HitPoints)
            ],
            [1, 1, 0, 2]
        );
        assert!(is_gondor(&g, c));
        assert!(crate::cards::vanilla(g.db, g.def_id(c)));
    }

    #[test]
    fn faramir() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let h = heroes(&g, 0);
        let f = g.spawn("Core-014", 0, Zone::Play(0));
        // Not useful in the planning phase: not offered.
        assert!(!faramir_can(&g, f, 0));
        g.phase = Phase::Quest;
        assert!(faramir_can(&g, f, 0));
        g.act(0, Opt::Activate(f));
        assert!(!g.is_ready(f));
        assert_eq!(g.stat(h[0], Stat::Willpower), 3);
        assert_eq!(g.stat(f, Stat::Willpower), 3);
        g.expire(Until::EndOfPhase);
        assert_eq!(g.stat(h[0], Stat::Willpower), 2);
    }

    #[test]
    fn son_of_arnor() {
        let mut g = sandbox(&[&["Core-001"]]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let s = g.spawn("Core-015", 0, Zone::Hand(0));
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 3;
        g.act(0, Opt::Play(s));
        g.answer(Opt::Activate(s));
        assert_eq!(g.card(e).zone, Zone::Engaged(0));
        assert_eq!(g.card(h).resources, 0);
    }

    #[test]
    fn snowbourn_scout() {
        let mut g = sandbox(&[&["Core-001"]]);
        let l = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        let s = g.spawn("Core-016", 0, Zone::Hand(0));
        let h0 = heroes(&g, 0)[0];
        g.cards[h0 as usize].resources = 1;
        g.act(0, Opt::Play(s));
        g.answer(Opt::Activate(s));
        assert_eq!(g.card(l).progress, 1);
    }

    #[test]
    fn silverlode_archer() {
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("Core-017", 0, Zone::Play(0));
        assert!(g.def_of(c).keywords.ranged);
        assert_eq!(g.stat(c, Stat::Attack), 2);
        assert!(crate::cards::vanilla(g.db, g.def_id(c)));
    }

    #[test]
    fn longbeard_orc_slayer() {
        let mut g = sandbox(&[&["Core-001"]]);
        let o1 = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
        let o2 = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        let u = g.spawn("TLR-061", ENCOUNTER, Zone::Staging);
        let s = g.spawn("Core-018", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(s));
        g.answer(Opt::Activate(s));
        assert_eq!(
            (g.card(o1).damage, g.card(o2).damage, g.card(u).damage),
            (1, 1, 0)
        );
    }

    #[test]
    fn longbeard_orc_slayer_not_offered_without_orcs() {
        let mut g = sandbox(&[&["Core-001"]]);
        g.spawn("TLR-061", ENCOUNTER, Zone::Staging);
        let s = g.spawn("Core-018", 0, Zone::Play(0));
        g.emit(Event::EntersPlay(s));
        assert!(g.pending().is_none());
    }

    #[test]
    fn ever_vigilant() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let e = g.spawn("Core-020", 0, Zone::Hand(0));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        assert!(!ever_vigilant_can(&g, e, 0));
        g.exhaust(a);
        assert!(ever_vigilant_can(&g, e, 0));
        g.act(0, Opt::Play(e));
        assert!(g.is_ready(a));
        assert_eq!(g.card(e).zone, Zone::Discard(0));
    }

    #[test]
    fn ever_vigilant_readies_an_objective_ally() {
        // RULES.md §8.3.1: an objective-ally (Iârion) is an ally that player cards affect.
        use crate::cards::testkit::codes::IARION;
        use crate::engine::ENCOUNTER;
        let mut g = sandbox(&[&["Core-001"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let e = g.spawn("Core-020", 0, Zone::Hand(0));
        let iarion = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
        assert!(g.is_ally(iarion));
        assert!(!ever_vigilant_can(&g, e, 0));
        g.exhaust(iarion);
        assert!(ever_vigilant_can(&g, e, 0));
        g.act(0, Opt::Play(e));
        assert!(g.is_ready(iarion));
    }

    #[test]
    fn common_cause() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let h = heroes(&g, 0);
        let e = g.spawn("Core-021", 0, Zone::Hand(0));
        assert!(!common_cause_can(&g, e, 0));
        g.exhaust(h[1]);
        g.act(0, Opt::Play(e));
        assert!(!g.is_ready(h[0]));
        assert!(g.is_ready(h[1]));
    }

    #[test]
    fn for_gondor() {
        let mut g = sandbox(&[&["Core-001", "Core-010"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 2;
        let e = g.spawn("Core-022", 0, Zone::Hand(0));
        let guard = g.spawn("Core-013", 0, Zone::Play(0));
        g.phase = Phase::Combat;
        g.act(0, Opt::Play(e));
        assert_eq!(g.stat(h[0], Stat::Attack), 4);
        assert_eq!(g.stat(h[0], Stat::Defense), 2);
        assert_eq!(g.stat(h[1], Stat::Defense), 4); // Denethor is Gondor
        assert_eq!(
            (g.stat(guard, Stat::Attack), g.stat(guard, Stat::Defense)),
            (2, 1)
        );
    }

    /// For Gondor! is not limited to the combat phase: in a Willpower quest phase a Gondor
    /// character can still defend an immediate attack (Sudden Assault) with the bonus.
    #[test]
    fn for_gondor_outside_combat() {
        let mut g = sandbox(&[&["Core-001", "Core-010"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 2;
        let e = g.spawn("Core-022", 0, Zone::Hand(0));
        g.phase = Phase::Quest;
        assert_eq!(g.questing_stat(), Stat::Willpower);
        assert!(for_gondor_can(&g, e, 0));
        g.act(0, Opt::Play(e));
        assert_eq!(
            g.stat(h[1], Stat::Defense),
            4,
            "Denethor (Gondor) +1 Defense"
        );
        // Also in a planning-phase action window, offered as a play.
        let mut g = sandbox(&[&["Core-001"]]);
        let a = heroes(&g, 0)[0];
        g.cards[a as usize].resources = 2;
        let e = g.spawn("Core-022", 0, Zone::Hand(0));
        g.push_run(crate::engine::Frame::Window {
            phase: Phase::Planning,
            seat: 0,
            passes: 0,
        });
        assert!(options(&g).contains(&Opt::Play(e)));
    }

    /// speed30: Sneak Attack's test skips the hand scan while the engine counts no ally face in
    /// the hand; the count follows an ally (a vanilla one: no script) into and out of the hand.
    #[test]
    fn sneak_attack_needs_an_ally_in_hand() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let e = g.spawn("Core-023", 0, Zone::Hand(0));
        let can = |g: &Game| sneak_attack_can(g, e, 0);
        // The sandbox's starting hand comes from a deck of allies: the count says whether one
        // is there; then the hand is emptied but for the event.
        let hand = g.list(Zone::Hand(0));
        assert_eq!(
            g.may_hold_ally(Zone::Hand(0)),
            hand.iter().any(|&c| g.is_ally(c))
        );
        let others: Vec<CardId> = hand.iter().copied().filter(|&c| c != e).collect();
        for c in others {
            g.move_card(c, Zone::Discard(0));
        }
        assert!(!g.may_hold_ally(Zone::Hand(0)));
        assert!(!can(&g));
        // Silverlode Archer has no script; Faramir has one.
        for code in ["Core-017", "Core-014"] {
            let a = g.spawn(code, 0, Zone::Deck(0));
            assert!(!g.may_hold_ally(Zone::Hand(0)) && !can(&g));
            g.move_card(a, Zone::Hand(0));
            assert!(g.may_hold_ally(Zone::Hand(0)) && can(&g));
            g.move_card(a, Zone::Discard(0));
            assert!(!g.may_hold_ally(Zone::Hand(0)) && !can(&g));
        }
        // A hero in hand is no ally face.
        let x = g.spawn("Core-001", 0, Zone::Hand(0));
        assert!(!g.may_hold_ally(Zone::Hand(0)) && !can(&g));
        g.move_card(x, Zone::Discard(0));
        g.check_invariants().unwrap();
    }

    #[test]
    fn sneak_attack() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 1;
        let e = g.spawn("Core-023", 0, Zone::Hand(0));
        let a = g.spawn("Core-014", 0, Zone::Hand(0));
        g.act(0, Opt::Play(e));
        // Several Guards of the Citadel and Faramir in hand: choose.
        g.answer(Opt::Card(a));
        assert_eq!(g.card(a).zone, Zone::Play(0));
        g.expire(Until::EndOfPhase);
        assert_eq!(g.card(a).zone, Zone::Hand(0));
    }

    #[test]
    fn valiant_sacrifice() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h0 = heroes(&g, 0)[0];
        g.cards[h0 as usize].resources = 1;
        let v = g.spawn("Core-024", 0, Zone::Hand(0));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        let hand = g.list(Zone::Hand(0)).len();
        g.discard(a);
        g.settle();
        g.answer(Opt::Activate(v));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand - 1 + 2);
        assert_eq!(g.card(v).zone, Zone::Discard(0));
    }

    #[test]
    fn valiant_sacrifice_draws_for_the_last_controller() {
        // An ally owned by P1 but controlled by P2 (e.g. a Wandering Took handed over) dies:
        // P2 draws.
        let mut g = sandbox(&[&["Core-001"], &["Core-004"]]);
        let h0 = heroes(&g, 0)[0];
        g.cards[h0 as usize].resources = 1;
        let v = g.spawn("Core-024", 0, Zone::Hand(0));
        let a = g.spawn("Core-013", 0, Zone::Play(1));
        let (hand0, hand1) = (g.list(Zone::Hand(0)).len(), g.list(Zone::Hand(1)).len());
        g.discard(a);
        g.settle();
        g.answer(Opt::Activate(v));
        assert_eq!(g.list(Zone::Hand(1)).len(), hand1 + 2);
        assert_eq!(g.list(Zone::Hand(0)).len(), hand0 - 1);
    }

    #[test]
    fn valiant_sacrifice_answers_only_its_staging_area_while_split() {
        // P2 (alone in area 1) holds it; P1's ally (area 0) leaves play: no response for P2.
        let mut g = sandbox(&[&["Core-004"], &["Core-001"]]);
        g.split_areas();
        let h1 = heroes(&g, 1)[0];
        g.cards[h1 as usize].resources = 1;
        let v = g.spawn("Core-024", 1, Zone::Hand(1));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        g.focus(0);
        g.discard(a);
        g.settle();
        assert!(g.pending().is_none(), "P2 cannot answer across areas");
        assert_eq!(g.card(v).zone, Zone::Hand(1));
        // His own area's ally: he may.
        let b = g.spawn("Core-013", 1, Zone::Play(1));
        g.focus(1);
        g.discard(b);
        g.settle();
        g.check_invariants().unwrap();
        g.answer(Opt::Activate(v));
        assert_eq!(g.card(v).zone, Zone::Discard(1));
    }

    #[test]
    fn grim_resolve() {
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 5;
        let e = g.spawn("Core-025", 0, Zone::Hand(0));
        assert!(!grim_resolve_can(&g, e, 0));
        let a = g.spawn("Core-013", 0, Zone::Play(0));
        g.exhaust(a);
        g.exhaust(h[1]);
        g.act(0, Opt::Play(e));
        assert!(g.is_ready(a) && g.is_ready(h[1]));
        assert_eq!(g.card(h[0]).resources, 0);
    }

    #[test]
    fn steward_of_gondor() {
        let mut g = sandbox(&[&["Core-001", "Core-003"]]);
        let h = heroes(&g, 0);
        g.cards[h[0] as usize].resources = 2;
        let s = g.spawn("Core-026", 0, Zone::Hand(0));
        g.act(0, Opt::Play(s));
        g.answer(Opt::Card(h[1]));
        assert_eq!(g.card(s).zone, Zone::Attached(h[1]));
        assert!(is_gondor(&g, h[1]));
        g.act(0, Opt::Activate(s));
        assert_eq!(g.card(h[1]).resources, 2);
        assert!(!steward_can(&g, s, 0));
    }

    #[test]
    fn celebrians_stone() {
        let mut g = sandbox(&[&["Core-001"]]);
        let a = heroes(&g, 0)[0];
        let s = g.spawn("Core-027", 0, Zone::Hand(0));
        g.cards[a as usize].resources = 2;
        g.act(0, Opt::Play(s));
        assert_eq!(g.card(s).zone, Zone::Attached(a));
        assert_eq!(g.stat(a, Stat::Willpower), 4);
        assert!(g.hero_matches(a, Sphere::Spirit));
    }

    #[test]
    fn gandalf() {
        let mut g = sandbox(&[&["Core-001"]]);
        let h = heroes(&g, 0)[0];
        g.cards[h as usize].resources = 5;
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        let gd = g.spawn("Core-073", 0, Zone::Hand(0));
        g.act(0, Opt::Play(gd));
        g.answer(Opt::Activate(gd));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1), Opt::Mode(2)]);
        // The trace names each mode (`Script::mode_names`).
        assert_eq!(g.opt_name(Opt::Mode(0)), "draw 3 cards (mode 0)");
        assert_eq!(g.opt_name(Opt::Mode(2)), "lower threat by 5 (mode 2)");
        g.answer(Opt::Mode(1));
        assert_eq!(g.card(e).damage, 4);
        g.expire(Until::EndOfRound);
        assert_eq!(g.card(gd).zone, Zone::Discard(0));
    }

    #[test]
    fn gandalf_threat_and_draw() {
        let mut g = sandbox(&[&["Core-001"]]);
        let gd = g.spawn("Core-073", 0, Zone::Play(0));
        let t = g.players[0].threat;
        g.emit(Event::EntersPlay(gd));
        g.answer(Opt::Activate(gd));
        // No enemy in play: damage is not offered.
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(2)]);
        g.answer(Opt::Mode(2));
        assert_eq!(g.players[0].threat, t - 5);
        let gd2 = g.spawn("Core-073", 0, Zone::Play(0));
        let hand = g.list(Zone::Hand(0)).len();
        g.emit(Event::EntersPlay(gd2));
        g.answer(Opt::Activate(gd2));
        g.answer(Opt::Mode(0));
        assert_eq!(g.list(Zone::Hand(0)).len(), hand + 3);
    }

    #[test]
    fn gandalf_hint() {
        use crate::cards::hints::hint;
        use crate::engine::{Opt, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("Core-073", 0, Zone::Play(0));
        let f = hint(&g, c).effect.unwrap();
        let modes = [Opt::Mode(0), Opt::Mode(1), Opt::Mode(2)];
        g.players[0].threat = 20;
        assert_eq!(
            f(&g, 0, c, 0, &modes),
            Some(0),
            "cards when nothing is urgent"
        );
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(f(&g, 0, c, 0, &modes), Some(1), "a kill");
        g.players[0].threat = 30;
        assert_eq!(f(&g, 0, c, 0, &modes), Some(2), "threat relief first");
        assert_eq!(
            f(&g, 0, c, 1, &[Opt::Card(e)]),
            None,
            "targets: the bot's rule"
        );
    }

    #[test]
    fn sneak_attack_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("Core-023", 0, Zone::Hand(0));
        g.phase = Phase::Quest;
        assert_eq!(action_value(&g, 0, c, None), 0, "no Gandalf to bring in");
        g.spawn("Core-073", 0, Zone::Hand(0));
        assert_eq!(
            action_value(&g, 0, c, None),
            35,
            "Gandalf before committing"
        );
    }

    /// Sneak Attack with a second Gandalf in hand while the first is in play (cards37 census:
    /// the unique Gandalf cannot come in, so the event brought in another ally for nothing).
    #[test]
    fn sneak_attack_hint_needs_a_gandalf_it_can_play() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001"]]);
        let c = g.spawn("Core-023", 0, Zone::Hand(0));
        g.phase = Phase::Quest;
        g.spawn("Core-073", 0, Zone::Play(0));
        g.spawn("Core-073", 0, Zone::Hand(0));
        g.spawn("TLR-004", 0, Zone::Hand(0)); // another ally it could bring in
        let ar = crate::cards::testkit::heroes(&g, 0)[0];
        g.card_mut(ar).resources = 1;
        let acts = crate::cards::testkit::actions(&mut g);
        assert!(acts.contains(&Opt::Play(c)), "playable on the other ally");
        assert_eq!(action_value(&g, 0, c, None), 0, "Gandalf already in play");
    }

    #[test]
    fn aragorn_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::Event;
        let g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let hs: Vec<_> = g.heroes(0).collect();
        let c = hs[0];
        assert_eq!(
            action_value(&g, 0, c, Some(Event::Committed(c))),
            30,
            "ready after committing"
        );
        assert_eq!(action_value(&g, 0, c, Some(Event::Committed(hs[1]))), 0);
    }

    #[test]
    fn for_gondor_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-022", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "one enemy");
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 15, "two enemies");
    }

    #[test]
    fn grim_resolve_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-025", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let hs: Vec<_> = g.heroes(0).collect();
        g.cards[hs[0] as usize].exhausted = true;
        g.cards[hs[1] as usize].exhausted = true;
        assert_eq!(action_value(&g, 0, c, None), 0, "two exhausted");
        g.cards[hs[2] as usize].exhausted = true;
        assert_eq!(action_value(&g, 0, c, None), 30, "three exhausted");
    }

    #[test]
    fn steward_of_gondor_hint() {
        use crate::cards::hints::{action_value, hint};
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-026", 0, Zone::Hand(0));
        assert_eq!(
            hint(&g, c).attach,
            Some((45, crate::cards::hints::AttachKind::Resources))
        );
        g.phase = Phase::Planning;
        assert_eq!(action_value(&g, 0, c, None), 50);
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0);
    }

    #[test]
    fn faramir_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-014", 0, Zone::Play(0));
        g.phase = Phase::Quest;
        let hs: Vec<_> = g.heroes(0).collect();
        g.cards[hs[0] as usize].questing = true;
        assert_eq!(action_value(&g, 0, c, None), 0, "one questing");
        g.cards[hs[1] as usize].questing = true;
        assert_eq!(action_value(&g, 0, c, None), 25, "two questing");
    }

    /// probe40: For Gondor! is played during an attack when its +1 Defense keeps a Gondor
    /// defender alive (before, only with two enemies engaged, for the Attack).
    #[test]
    fn probe40_for_gondor_defense_saves_a_gondor_defender() {
        use crate::bots::basic::BasicBot;
        use crate::bots::Bot;
        use crate::cards::testkit::codes::{FOR_GONDOR, ORC_WAR_PARTY};
        use crate::engine::{Ask, AttackCtx, Decision, ENCOUNTER};
        let choose = |attack: bool| {
            let mut g = sandbox(&[&["Core-001", "Core-010"]]);
            let h = heroes(&g, 0);
            g.cards[h[0] as usize].resources = 1;
            let fg = g.spawn(FOR_GONDOR, 0, Zone::Hand(0));
            let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
            g.phase = Phase::Combat;
            if attack {
                // Denethor (3 Defense, 3 hit points) defends 6 Attack: +1 keeps him alive.
                g.attack = AttackCtx::new(e, 0, false);
                g.card_mut(e).attacked = true;
                g.attack.defenders[0] = h[1];
                g.attack.n_defenders = 1;
                g.exhaust(h[1]);
            }
            let dec = Decision {
                player: 0,
                ask: Ask::Action(Phase::Combat),
                options: vec![Opt::Pass, Opt::Play(fg)],
            };
            dec.options[BasicBot::new().choose(&g, &dec)]
        };
        assert_eq!(choose(false), Opt::Pass, "one enemy, no attack yet: kept");
        assert!(matches!(choose(true), Opt::Play(_)), "saves Denethor");
    }
}
