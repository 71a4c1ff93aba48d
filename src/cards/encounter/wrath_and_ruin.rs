//! Wrath and Ruin: its quest cards and the Wrath and Ruin encounter set (Easterling Raiders
//! and City of Rhûn are in their own modules). Each script has a one-line summary in our own
//! words.
//!
//! The players take control of explored locations (RULES §8.12): both stages answer
//! `Rule::ExploredLocationsControlled`, and the engine's `control` module moves an explored
//! location into the first player's play area (`Game::take_control`) and back
//! (`Game::return_location`, `Event::LostControl`).
//!
//! Engine choices: among a player's locations tied for the most Threat, the oldest goes back;
//! digging through the encounter deck for a card of some type that empties the deck shuffles
//! the discard pile back in and goes on, stopping after one full pass without one (RULES
//! §5.30.3, in any phase); an enemy put into play from the discard pile
//! enters the staging area and then engages (so one that cannot be engaged stays there), with
//! `Event::EntersPlay`. A location added to the staging area by an effect is not revealed.

use super::easterling_raiders::is_easterling_enemy;
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Rule, Script, BLANK};
use crate::engine::*;
use crate::events;
use crate::record::Outcome;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Thane Ulchor and Gate of Dorwinion staged, a Makeshift Fortification
    // active, each player stages a location of a title not yet staged, then shuffle.
    Script {
        code: "WaR-025A",
        setup: Some(stage1a_setup),
        resume: Some(stage1a_resume),
        hint: Hint {
            effect: Some(bot::setup_location),
            ..NO_HINT
        },
        ..BLANK
    },
    // Stage 1B: +4 quest points per player; no player-card progress on staged locations;
    // explored locations go to the first player; defeated only at the end of a round while the
    // players control more locations than are staged.
    Script {
        code: "WaR-025B",
        modify: Some(stage_quest_points),
        rule: Some(both_stages_rule),
        rule_on: rules![
            CannotDefeat,
            ExploredLocationsControlled,
            PlayerCardsCannotPlaceProgress
        ],
        forced: Some(stage1b_forced),
        forced_on: events![QuestDefeated, RoundEnd],
        hint: Hint {
            control_race: true,
            ..NO_HINT
        },
        ..BLANK
    },
    // Stage 2A: each player returns his highest-Threat location; the discard pile is shuffled
    // in; each player in turn digs out an enemy and engages it.
    Script {
        code: "WaR-026A",
        when_revealed: Some(stage2a_revealed),
        ..BLANK
    },
    // Stage 2B: as 1B for progress and exploring; Gate of Dorwinion's travel needs more
    // controlled than staged locations (its travel hook); controlling it at the end of a
    // round wins.
    Script {
        code: "WaR-026B",
        rule: Some(both_stages_rule),
        rule_on: rules![
            CannotDefeat,
            ExploredLocationsControlled,
            PlayerCardsCannotPlaceProgress
        ],
        forced: Some(stage2b_forced),
        forced_on: events![RoundEnd],
        hint: Hint {
            control_race: true,
            ..NO_HINT
        },
        ..BLANK
    },
    // Thane Ulchor (immune, data): never leaves the staging area; after the active location is
    // explored the first player digs a location out of the deck into the staging area, or is
    // attacked by him.
    Script {
        code: ULCHOR,
        rule: Some(ulchor_rule),
        rule_on: rules![CannotBeEngaged, CannotBeOptionallyEngaged],
        forced: Some(ulchor_forced),
        forced_on: events![Explored],
        resume: Some(ulchor_resume),
        hint: Hint {
            effect: Some(bot::ulchor_choice),
            explore_attack: bot::STAGED_LOCATION_COST,
            ..NO_HINT
        },
        mode_names: &[
            (0, 0, "stage a location from the deck"),
            (0, 1, "be attacked by Thane Ulchor"),
        ],
        ..BLANK
    },
    // Champion of Rhûn: engaging a player, he returns one of his locations or is attacked at
    // once; shadow: 1 damage to a defender.
    Script {
        code: "WaR-012",
        forced: Some(champion_forced),
        forced_on: events![Engaged],
        resume: Some(champion_resume),
        shadow: Some(champion_shadow),
        hint: Hint {
            effect: Some(bot::return_or_attacked),
            // engage57: it may attack as it engages (the other branch returns a location).
            attacks_when_engaged: true,
            ..NO_HINT
        },
        mode_names: &[(0, 1, "be attacked at once")],
        ..BLANK
    },
    // Easterling Skirmisher (surge, archery: data): a character its attack destroys costs that
    // character's controller his highest-Threat location.
    Script {
        code: "WaR-013",
        forced: Some(skirmisher_forced),
        forced_on: events![EnemyAttackEnded],
        ..BLANK
    },
    // Gate of Dorwinion (immune, data): Threat 1 + controlled locations; travel only on 2B with
    // 12 progress and more controlled than staged locations; travel: Ulchor attacks everyone.
    Script {
        code: GATE,
        x: Some(gate_x),
        travel: Some(gate_travel),
        ..BLANK
    },
    // Contested Square (surge): staged, it gains 1 progress per enemy destroyed; controlled, a
    // destroyed character of its controller sends it back.
    Script {
        code: "WaR-015",
        forced: Some(contested_square_forced),
        forced_on: events![Destroyed],
        ..BLANK
    },
    // Ransacked House: any player may engage the newest enemy of the discard pile to take
    // control of it; controlled, it goes back when its controller loses another location.
    Script {
        code: "WaR-016",
        can_act: Some(ransacked_can_act),
        act: Some(ransacked_act),
        any_player: true,
        forced: Some(ransacked_forced),
        forced_on: events![LostControl],
        hint: Hint {
            play_value: Some(bot::ransacked_value),
            ..NO_HINT
        },
        ..BLANK
    },
    // Makeshift Fortification: archery 3 while active; taking control of it stages the newest
    // enemy of the discard pile.
    Script {
        code: FORTIFICATION,
        archery: Some(fortification_archery),
        forced: Some(fortification_forced),
        forced_on: events![EntersPlay, TookControl],
        ..BLANK
    },
    // Captured Tower: while active, encounter effects cannot be canceled; taking control of it
    // reshuffles the discard pile and digs out an enemy that engages the new controller.
    Script {
        code: "WaR-018",
        rule: Some(tower_rule),
        rule_on: rules![CannotBeCanceled],
        forced: Some(tower_forced),
        forced_on: events![TookControl],
        ..BLANK
    },
    // Fury (surge): joins the Easterling enemy with the lowest engagement cost without one; it
    // saves that enemy from destruction once (all damage healed, Fury discarded).
    Script {
        code: "WaR-019",
        when_revealed: Some(fury_revealed),
        rule: Some(fury_rule),
        rule_on: rules![SavedFromDestruction],
        ..BLANK
    },
    // Caught Off Guard: each player returns one of his locations or digs out an enemy that
    // engages him; shadow: the enemy attacks again.
    Script {
        code: "WaR-020",
        when_revealed: Some(caught_revealed),
        shadow: Some(caught_shadow),
        resume: Some(caught_resume),
        hint: Hint {
            effect: Some(bot::return_or_enemy),
            ..NO_HINT
        },
        mode_names: &[(0, 1, "an enemy engages instead")],
        ..BLANK
    },
    // Street Fighting: each player spreads 1 + (his locations) damage over his characters;
    // shadow: the defending player does.
    Script {
        code: "WaR-021",
        when_revealed: Some(street_revealed),
        shadow: Some(street_shadow),
        resume: Some(street_resume),
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        ..BLANK
    },
    // Under Siege: the staging area has 1 + (controlled locations) more threat this phase;
    // shadow: +1 Attack, and a character it kills costs the defender his top location.
    Script {
        code: "WaR-022",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            ..NO_HINT
        },
        when_revealed: Some(siege_revealed),
        shadow: Some(siege_shadow),
        resume: Some(siege_resume),
        ..BLANK
    },
    // Ulchor's Revenge (doomed 1, data): Thane Ulchor attacks each player who controls a
    // location; shadow: +1 Attack per location the defender controls.
    Script {
        code: "WaR-023",
        hint: Hint {
            reveal_attack: true,
            ..NO_HINT
        },
        when_revealed: Some(revenge_revealed),
        shadow: Some(revenge_shadow),
        ..BLANK
    },
];

pub const ULCHOR: &str = "WaR-011";
pub const GATE: &str = "WaR-014";
pub const FORTIFICATION: &str = "WaR-017";
const DRIVE_THEM_OUT_B: &str = "WaR-026B";

fn find_in(g: &Game, z: Zone, code_: &str) -> Option<CardId> {
    g.list(z)
        .iter()
        .rev()
        .copied()
        .find(|&c| code(g, c) == code_)
}

/// Thane Ulchor, if he is in play.
pub fn ulchor(g: &Game) -> Option<CardId> {
    find_in(g, Zone::Staging, ULCHOR)
}

/// Put enemy `e` (out of play) into play engaged with player `p`.
pub fn engage_from_outside(g: &mut Game, e: CardId, p: u8) {
    g.move_card(e, Zone::Staging);
    log(g, |g| format!("  {} enters play", g.title(e)));
    g.fire(Event::EntersPlay(e));
    if g.card(e).zone == Zone::Staging {
        g.engage(e, p);
    }
}

/// Player `p` digs through the encounter deck (each card dug is discarded) for an enemy, which
/// comes into play engaged with him.
pub fn dig_enemy_for(g: &mut Game, p: u8) {
    if let Some(e) = g.discard_encounter_until(|g, c| g.is_enemy(c)) {
        engage_from_outside(g, e, p);
    }
}

/// The newest enemy of the encounter discard pile.
fn newest_discarded_enemy(g: &Game) -> Option<CardId> {
    common::top_of_encounter_discard(g, |c| g.is_enemy(c))
}

/// Player `p` sends his most threatening location (`Game::highest_threat_location`) back.
pub fn return_highest(g: &mut Game, p: u8) {
    if let Some(l) = g.highest_threat_location(p) {
        g.return_location(l);
    }
}

/// Is `c` a location in the staging area (what the stages keep player-card progress off)?
fn staged_location(g: &Game, c: CardId) -> bool {
    g.card(c).zone == Zone::Staging && g.is_location(c)
}

/// Offer player `p` each location he controls and `Opt::Mode(1)` (the other branch of a
/// choice); ask with `cont`. With no location he has no choice: false (nothing asked).
fn ask_return_or(g: &mut Game, p: u8, card: CardId, cont: Cont) -> bool {
    if g.controlled_locations(p).next().is_none() {
        return false;
    }
    g.begin_ask(p, Ask::Effect { card, what: 0 });
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_location(c) {
            g.offer(Opt::Card(c));
        }
    }
    g.offer(Opt::Mode(1));
    g.ask_script(cont);
    true
}

// ------------------------------------------------------------------ quest

fn stage1a_setup(g: &mut Game, me: CardId) {
    for c in [ULCHOR, GATE] {
        if let Some(x) = find_in(g, Zone::EncounterDeck, c) {
            g.move_card(x, Zone::Staging);
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(x))
            });
        }
    }
    if let Some(f) = find_in(g, Zone::EncounterDeck, FORTIFICATION) {
        g.move_card(f, Zone::Active);
        log(g, |g| format!("  {} is the active location", g.title(f)));
    }
    stage1a_resume(g, Cont::new(me, 0), Opt::Pass);
}

/// Step k: the k-th player in turn order picks a location to stage; then the shuffle.
fn stage1a_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(l) = opt {
        g.move_card(l, Zone::Staging);
        log(g, |g| {
            format!("  {} is added to the staging area", g.title(l))
        });
    }
    let mut k = cont.step;
    while k < g.n_players {
        let p = g.seat(k);
        k += 1;
        if g.players[p as usize].eliminated {
            continue;
        }
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        let deck: SmallIds = g.list(Zone::EncounterDeck).iter().copied().collect();
        common::offer_one_per_title(g, &deck, |g, c| {
            g.is_location(c)
                && !g
                    .list(Zone::Staging)
                    .iter()
                    .any(|&s| g.def_of(s).title == g.def_of(c).title)
        });
        if g.ask_if_offered(Cont::new(cont.card, k)) {
            return;
        }
    }
    g.shuffle(Zone::EncounterDeck);
}

fn stage_quest_points(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::QuestPoints && g.card(me).zone == Zone::Quest {
        4 * g.players_in_game() as i16
    } else {
        0
    }
}

/// The rules both stages share: explored locations are controlled, no player-card progress on
/// staged locations, and the stage is never defeated by progress alone.
fn both_stages_rule(g: &Game, me: CardId, r: Rule) -> bool {
    if g.card(me).zone != Zone::Quest {
        return false;
    }
    match r {
        Rule::ExploredLocationsControlled => true,
        Rule::PlayerCardsCannotPlaceProgress(c) => staged_location(g, c),
        Rule::CannotDefeat(q) => q == me,
        _ => false,
    }
}

fn stage1b_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::RoundEnd || g.card(me).zone != Zone::Quest {
        return;
    }
    if g.card(me).progress >= g.stat(me, Stat::QuestPoints)
        && g.locations_controlled() > g.locations_staged()
    {
        log(g, |g| format!("  quest stage {} defeated", g.title(me)));
        g.fire(Event::QuestDefeated(me));
        g.advance_stage();
    }
}

fn stage2a_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let seats = common::seats(g);
    for &p in seats.iter() {
        return_highest(g, p);
    }
    g.reset_encounter_deck();
    for &p in seats.iter() {
        dig_enemy_for(g, p);
    }
}

fn stage2b_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::RoundEnd || g.card(me).zone != Zone::Quest {
        return;
    }
    let gate = (0..g.n_players).any(|p| g.controlled_locations(p).any(|l| code(g, l) == GATE));
    if gate {
        log(g, |_| "  the players control Gate of Dorwinion".to_string());
        g.end_game(Outcome::Win);
    }
}

// ------------------------------------------------------------------ enemies

fn ulchor_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotBeEngaged(c) | Rule::CannotBeOptionallyEngaged(c) if c == me)
}

fn ulchor_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::Explored(_, true)) && g.card(me).zone == Zone::Staging {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 1),
        });
    }
}

/// Step 1: the first player chooses (Mode 0: dig a location out, Mode 1: be attacked); step 2:
/// the answer.
fn ulchor_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    match cont.step {
        1 => {
            let first = g.first;
            g.begin_ask(first, Ask::Effect { card: me, what: 0 });
            g.offer(Opt::Mode(0));
            g.offer(Opt::Mode(1));
            g.ask_script(Cont::new(me, 2).with(first, 0, 0));
        }
        2 => match opt {
            Opt::Mode(0) => {
                if let Some(l) = g.discard_encounter_until(|g, c| g.is_location(c)) {
                    g.move_card(l, Zone::Staging);
                    log(g, |g| {
                        format!("  {} is added to the staging area", g.title(l))
                    });
                }
            }
            _ => g.stack.push(Frame::ImmediateAttack {
                enemy: me,
                player: cont.player,
            }),
        },
        _ => {}
    }
}

fn champion_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 1).with(p, 0, 0),
            });
        }
    }
}

/// Step 1: player `cont.player` returns a location or is attacked (no location: attacked);
/// step 2: his answer.
fn champion_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let (me, p) = (cont.card, cont.player);
    if !g.card(me).zone.in_play() {
        return;
    }
    let attack = match (cont.step, opt) {
        (1, _) => !ask_return_or(g, p, me, Cont::new(me, 2).with(p, 0, 0)),
        (2, Opt::Card(l)) => {
            g.return_location(l);
            false
        }
        (2, _) => true,
        _ => false,
    };
    if attack {
        g.stack.push(Frame::ImmediateAttack {
            enemy: me,
            player: p,
        });
    }
}

fn champion_shadow(g: &mut Game, _me: CardId) {
    if let Some(&d) = g.attack.defenders().first() {
        g.deal_damage(d, 1);
    }
}

fn skirmisher_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EnemyAttackEnded(me) && g.attack.destroyed_character {
        let c = g.attack.destroyed;
        if c != NO_CARD {
            let p = g.card(c).last_controller;
            if p < g.n_players {
                return_highest(g, p);
            }
        }
    }
}

// ------------------------------------------------------------------ locations

fn gate_x(g: &Game, _me: CardId) -> i16 {
    1 + g.locations_controlled()
}

fn gate_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if !pay {
        let stage_ok = g
            .main_quest()
            .is_some_and(|q| code(g, q) == DRIVE_THEM_OUT_B && g.card(q).progress >= 12);
        return stage_ok && g.locations_controlled() > g.locations_staged();
    }
    if let Some(u) = ulchor(g) {
        let seats = common::seats(g);
        for &p in seats.iter().rev() {
            g.stack.push(Frame::ImmediateAttack {
                enemy: u,
                player: p,
            });
        }
    }
    true
}

fn contested_square_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Destroyed(c) = ev else { return };
    match g.card(me).zone {
        Zone::Staging if g.is_enemy(c) => g.add_progress_by_encounter(me, 1),
        Zone::Play(p) if g.is_character(c) && g.card(c).last_controller == p => {
            g.return_location(me)
        }
        _ => {}
    }
}

fn ransacked_can_act(g: &Game, me: CardId, _p: u8) -> bool {
    matches!(g.card(me).zone, Zone::Staging | Zone::Active) && newest_discarded_enemy(g).is_some()
}

fn ransacked_act(g: &mut Game, me: CardId, p: u8) {
    if let Some(e) = newest_discarded_enemy(g) {
        engage_from_outside(g, e, p);
        g.take_control(me, p);
    }
}

fn ransacked_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::LostControl(l, p) = ev {
        if l != me && g.card(me).zone == Zone::Play(p) {
            g.return_location(me);
        }
    }
}

fn fortification_archery(g: &Game, me: CardId) -> i16 {
    if g.card(me).zone == Zone::Active {
        3
    } else {
        0
    }
}

fn fortification_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::TookControl(l, _) = ev {
        if l == me {
            if let Some(e) = newest_discarded_enemy(g) {
                g.move_card(e, Zone::Staging);
                log(g, |g| {
                    format!("  {} returns to the staging area", g.title(e))
                });
                g.fire(Event::EntersPlay(e));
            }
        }
    }
}

fn tower_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotBeCanceled(c) if g.card(me).zone == Zone::Active => {
            g.card(c).owner == ENCOUNTER
                && (!matches!(g.card(c).zone, Zone::Shadow(_))
                    || g.setup.options.night_shadows_uncancelable)
        }
        _ => false,
    }
}

fn tower_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::TookControl(l, p) = ev {
        if l == me {
            g.reset_encounter_deck();
            dig_enemy_for(g, p);
        }
    }
}

// ------------------------------------------------------------------ treacheries

/// Attach encounter card `a` to enemy `e`.
pub fn attach_to_enemy(g: &mut Game, a: CardId, e: CardId) {
    g.attach(a, e, ENCOUNTER);
    log(g, |g| {
        format!("  {} is attached to {}", g.title(a), g.title(e))
    });
}

/// Does enemy `e` carry an attachment with card code `code_`?
pub fn carries(g: &Game, e: CardId, code_: &str) -> bool {
    g.attachments(e).any(|a| code(g, a) == code_)
}

fn fury_revealed(g: &mut Game, me: CardId, _by: u8) {
    let mut best: Option<(i16, CardId)> = None;
    for e in common::enemies_in_play(g) {
        if is_easterling_enemy(g, e) && !carries(g, e, "WaR-019") {
            let k = g.stat(e, Stat::Engagement);
            if best.is_none_or(|(b, _)| k < b) {
                best = Some((k, e));
            }
        }
    }
    if let Some((_, e)) = best {
        attach_to_enemy(g, me, e);
    }
}

fn fury_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::SavedFromDestruction(e) if common::host(g, me) == Some(e))
}

fn caught_revealed(g: &mut Game, me: CardId, _by: u8) {
    caught_resume(g, Cont::new(me, 0), Opt::Pass);
}

/// Step k < 10: the turn of the player at offset k (each player's choice resolves, with what
/// it sets off, before the next player's turn); step 10 + k: that player's answer (a location
/// to return, or `Mode(1)`: dig out an enemy); with no location he digs out an enemy.
/// `AFTER_ATTACK`: the shadow's attack.
fn caught_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if cont.step == AFTER_ATTACK {
        let e = g.attack.enemy;
        if g.card(e).zone.in_play() {
            let p = g.attack.player;
            attack_again(g, e, p);
        }
        return;
    }
    if cont.step >= 10 {
        let p = g.seat(cont.step - 10);
        match opt {
            Opt::Card(l) => g.return_location(l),
            _ => dig_enemy_for(g, p),
        }
        return;
    }
    let mut k = cont.step;
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, k + 1),
            });
            if !ask_return_or(g, p, me, Cont::new(me, 10 + k)) {
                dig_enemy_for(g, p);
            }
            return;
        }
        k += 1;
    }
}

fn caught_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

/// Discard enemy `e`'s shadow cards, then queue an immediate attack against `p`.
fn attack_again(g: &mut Game, e: CardId, p: u8) {
    while let Some(s) = {
        let x = g.shadows_of(e).next();
        x
    } {
        g.move_card(s, Zone::EncounterDiscard);
    }
    g.stack.push(Frame::ImmediateAttack {
        enemy: e,
        player: p,
    });
}

fn street_revealed(g: &mut Game, me: CardId, _by: u8) {
    street_resume(g, Cont::new(me, 20), Opt::Pass);
}

fn street_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    street_resume(g, Cont::new(me, 30 + p), Opt::Pass);
}

/// Damage 1 + (his locations) for one player, one point per decision. Steps 20 + k: the player
/// at offset k (then the next); step 30 + p: player p only (the shadow).
fn street_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let (mut k, only) = if cont.step >= 30 {
        (cont.step - 30, true)
    } else {
        (cont.step - 20, false)
    };
    let mut cont = cont;
    let mut opt = opt;
    loop {
        let p = if only { k } else { g.seat(k) };
        if cont.b == 0 {
            // First visit for this player: the amount.
            let x = 1 + g.controlled_locations(p).count() as i16;
            cont = Cont::new(me, cont.step).with(0, x, x);
        }
        if g.players[p as usize].eliminated
            || deal_damage_steps(
                g,
                cont,
                opt,
                0,
                true,
                Dealers::Only(p),
                common::own_character,
            )
        {
            if only {
                return;
            }
            k += 1;
            if k >= g.n_players {
                return;
            }
            cont = Cont::new(me, 20 + k);
            opt = Opt::Pass;
            continue;
        }
        return;
    }
}

fn siege_revealed(g: &mut Game, me: CardId, _by: u8) {
    let x = 1 + g.locations_controlled();
    g.add_lasting(me, Lasting::StagingThreat(x), Until::EndOfPhase);
}

fn siege_shadow(g: &mut Game, me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.after = me;
}

fn siege_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK && g.attack.destroyed_character {
        let p = g.attack.player;
        return_highest(g, p);
    }
}

fn revenge_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let Some(u) = ulchor(g) else { return };
    let seats = common::seats(g);
    for &p in seats.iter().rev() {
        if g.controlled_locations(p).next().is_some() {
            g.stack.push(Frame::ImmediateAttack {
                enemy: u,
                player: p,
            });
        }
    }
}

fn revenge_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = g.controlled_locations(g.attack.player).count() as i16;
    if n > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
    }
}

/// What the bots know of these cards (read through `Script::hint`).
pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Stage 1A: stage the location whose title costs least (lowest Threat, then fewest quest
    /// points: the quickest to explore and control).
    pub fn setup_location(g: &Game, _p: u8, _c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |c| {
            10 * g.printed(c, Stat::Threat) as i32 + g.printed(c, Stat::QuestPoints) as i32
        })
    }

    /// Can one of `p`'s ready characters take an attack of `atk` and survive?
    fn can_absorb(g: &Game, p: u8, atk: i16) -> bool {
        g.characters(p)
            .any(|c| ready(g, c) && g.stat(c, Stat::Defense) + g.remaining_hp(c) > atk.max(0))
    }

    /// The controlled location worth least to keep: the lowest Threat (it adds least to the
    /// staging area when it returns).
    fn cheapest_location(g: &Game, o: &[Opt]) -> Option<usize> {
        pick_min(o, |c| g.stat(c, Stat::Threat) as i32)
    }

    /// What one more location in the staging area costs us (damage-cost units): a few rounds of
    /// its Threat, and a step back from controlling more locations than are staged, which both
    /// stages need — about the life of a cheap ally (a chump block).
    pub const STAGED_LOCATION_COST: i32 = 20 * THREAT_UNIT;

    /// Is taking an attack of `atk` (one more for its shadow card) now cheaper for `p` than
    /// `limit`: a ready character survives it, or its cheapest defence (a chump block by an
    /// ally) costs at most `limit`?
    fn attack_affordable(g: &Game, p: u8, atk: i16, limit: i32) -> bool {
        can_absorb(g, p, atk) || best_defence(g, p, atk + 1) <= limit
    }

    /// Thane Ulchor: take his attack when a ready character survives it or an ally can block
    /// it for less than a staged location costs; else stage a location (which undoes the
    /// control just gained by exploring). When the staged location would lose the control race
    /// at the end of this round ([`race_lead`] 1 with the stage's progress complete), any
    /// ally's chump block is worth it ([`RACE_DEFENCE_COST`]).
    pub fn ulchor_choice(g: &Game, p: u8, c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        let limit = if race_lead(g) == Some(1) {
            RACE_DEFENCE_COST
        } else {
            STAGED_LOCATION_COST
        };
        let want = if attack_affordable(g, p, g.stat(c, Stat::Attack), limit) {
            1
        } else {
            0
        };
        find(o, Opt::Mode(want))
    }

    /// While the main quest is a control race (`Hint::control_race`: 1B, 2B) and its progress
    /// is complete: the locations the players control less those staged (the stage falls, or
    /// the Gate opens, once this is at least 1); `None` otherwise.
    pub fn race_lead(g: &Game) -> Option<i16> {
        let q = g.main_quest()?;
        let full = g.card(q).progress >= g.stat(q, Stat::QuestPoints).max(0);
        (hint(g, q).control_race && full).then(|| g.locations_controlled() - g.locations_staged())
    }

    /// What a defence may cost when it wins the control race this round: any ally's chump
    /// block (not a hero's life: a hero's death costs 5,000 and more).
    pub const RACE_DEFENCE_COST: i32 = 2_000;

    /// Champion of Rhûn: return the cheapest location unless his attack is affordable (a
    /// returned location counts twice: one less controlled, one more staged).
    pub fn return_or_attacked(g: &Game, p: u8, c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        if attack_affordable(g, p, g.stat(c, Stat::Attack), 2 * STAGED_LOCATION_COST) {
            find(o, Opt::Mode(1))
        } else {
            cheapest_location(g, o)
        }
    }

    /// Caught Off Guard: keep the locations (take the enemy) while engaged with at most one
    /// enemy; otherwise return the cheapest location.
    pub fn return_or_enemy(g: &Game, p: u8, _c: CardId, _w: u8, o: &[Opt]) -> Option<usize> {
        if g.engaged(p).len() <= 1 {
            find(o, Opt::Mode(1))
        } else {
            cheapest_location(g, o)
        }
    }

    /// Ransacked House: take control in the planning phase when the enemy it brings is weak
    /// (Attack 2 or less) and the player is engaged with nothing; or in the refresh phase
    /// (the enemy attacks only next round) when taking it wins the control race at the end of
    /// this round ([`race_won_by_taking`]).
    pub fn ransacked_value(g: &Game, p: u8, c: CardId, _ev: Option<Event>) -> i32 {
        if race_won_by_taking(g, c) {
            return 100;
        }
        let e = g
            .list(Zone::EncounterDiscard)
            .iter()
            .rev()
            .copied()
            .find(|&x| g.is_enemy(x));
        match e {
            Some(e)
                if g.phase == Phase::Planning
                    && g.engaged(p).is_empty()
                    && g.printed(e, Stat::Attack) <= 2 =>
            {
                20
            }
            _ => 0,
        }
    }

    /// In the refresh phase, does taking control of location `l` (staged: one more controlled
    /// and one fewer staged; active: one more controlled) bring the control race to a lead of
    /// at least 1 from below, with the stage's progress complete?
    pub fn race_won_by_taking(g: &Game, l: CardId) -> bool {
        if g.phase != Phase::Refresh {
            return false;
        }
        let gain = match g.card(l).zone {
            Zone::Staging => 2,
            Zone::Active => 1,
            _ => return false,
        };
        race_lead(g).is_some_and(|lead| lead < 1 && lead + gain >= 1)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cards::testkit::attack_with_shadow;
    pub use crate::cards::testkit::{drain, set_stage};
    use crate::cards::testkit::{options, sandbox_in};
    use crate::data::Mode;

    pub const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    pub const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];

    /// engage57: Ulchor's Revenge may make an immediate attack when it is revealed
    /// (`Hint::reveal_attack`): while a copy is in the encounter deck a Defense boost counts
    /// in the quest phase before staging; with none there it does not.
    #[test]
    fn ulchors_revenge_reveal_attack_hint() {
        let mut g = sandbox_in("wrath-and-ruin", Mode::Standard, &[HEROES]);
        crate::cards::testkit::check_reveal_attack_hint(&mut g, "WaR-023");
    }

    /// engage57: Champion of Rhûn may attack as it engages a player (the other branch returns
    /// a location): `Hint::attacks_when_engaged`, so in the encounter phase before the
    /// engagements a Defense boost counts while it is staged, not once it is engaged (it then
    /// attacks in combat only).
    #[test]
    fn champion_of_rhun_attacks_when_engaged_hint() {
        let mut g = sandbox_in("wrath-and-ruin", Mode::Standard, &[HEROES]);
        crate::cards::testkit::check_attacks_when_engaged_hint(&mut g, "WaR-012");
    }
    pub const SQUARE: &str = "WaR-015";
    pub const HOUSE: &str = "WaR-016";
    pub const TOWER: &str = "WaR-018";
    pub const CHAMPION: &str = "WaR-012";
    pub const RAIDER: &str = "ASitE-020";
    const FURY: &str = "WaR-019";

    pub fn sandbox(seats: &[&[&str]]) -> Game<'static> {
        sandbox_in("wrath-and-ruin", Mode::Standard, seats)
    }

    /// Empty the encounter deck and discard pile, then put `codes` in the deck (the last on top).
    pub fn deck_of(g: &mut Game, codes: &[&str]) -> Vec<CardId> {
        for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
            while let Some(&c) = g.list(z).last() {
                g.move_card(c, Zone::Removed);
            }
        }
        codes
            .iter()
            .map(|c| g.spawn(c, ENCOUNTER, Zone::EncounterDeck))
            .collect()
    }

    #[test]
    fn inside_the_walls() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let q = set_stage(&mut g, "WaR-025A");
        stage1a_setup(&mut g, q);
        let u = ulchor(&g).unwrap();
        assert_eq!(g.card(u).zone, Zone::Staging);
        assert!(find_in(&g, Zone::Staging, GATE).is_some());
        assert_eq!(code(&g, g.active_location().unwrap()), FORTIFICATION);
        // P1 then P2 stage a location each, of different titles.
        let d = g.pending().unwrap().clone();
        assert_eq!(d.player, 0);
        assert!(d
            .options
            .iter()
            .all(|&o| matches!(o, Opt::Card(c) if g.is_location(c))));
        let Opt::Card(first) = d.options[0] else {
            panic!()
        };
        g.apply(0);
        assert_eq!(g.card(first).zone, Zone::Staging);
        let d = g.pending().unwrap().clone();
        assert_eq!(d.player, 1);
        assert!(!d
            .options
            .iter()
            .any(|&o| matches!(o, Opt::Card(c) if g.def_of(c).title == g.def_of(first).title)));
        g.apply(0);
        assert!(g.pending().is_none());
        assert_eq!(g.locations_staged(), 3);

        // 1B: 4 + 4 per player quest points; explored locations come under the first player.
        let q = set_stage(&mut g, "WaR-025B");
        assert_eq!(g.stat(q, Stat::QuestPoints), 12);
        assert!(g.rule(Rule::ExploredLocationsControlled));
        // No player-card progress on staged locations; an encounter effect still places it.
        g.add_progress(first, 1);
        assert_eq!(g.card(first).progress, 0);
        g.add_progress_by_encounter(first, 1);
        assert_eq!(g.card(first).progress, 1);
        let f = g.active_location().unwrap();
        g.card_mut(f).progress = 3;
        drain(&mut g);
        assert_eq!(g.card(f).zone, Zone::Play(0));
        assert_eq!(g.card(f).progress, 0);
        assert_eq!(g.locations_controlled(), 1);
        // Enough progress is not enough while the staged locations are as many or more.
        g.card_mut(q).progress = 12;
        assert!(g.rule(Rule::CannotDefeat(q)));
        drain(&mut g);
        g.emit(Event::RoundEnd);
        drain(&mut g);
        assert_eq!(g.card(q).zone, Zone::Quest, "1 controlled vs 3 staged");
        // Controlling more than are staged: at the end of the round the stage is defeated.
        for l in [GATE, SQUARE, HOUSE] {
            g.spawn(l, ENCOUNTER, Zone::Play(1));
        }
        let staged: Vec<CardId> = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .filter(|&c| g.is_location(c))
            .collect();
        for c in staged {
            g.move_card(c, Zone::Removed);
        }
        deck_of(&mut g, &[RAIDER, RAIDER]);
        g.emit(Event::RoundEnd);
        drain(&mut g);
        assert_eq!(g.def_of(g.main_quest().unwrap()).stage, 2);
        // A player's elimination returns his locations, without progress.
        let l = g.controlled_locations(1).next().unwrap();
        g.card_mut(l).progress = 2;
        g.eliminate(1, true);
        assert_eq!(g.card(l).zone, Zone::Staging);
        assert_eq!(g.card(l).progress, 0);
        g.check_invariants().unwrap();
    }

    #[test]
    fn drive_them_out() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let square = g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        let tower = g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        let deck = deck_of(&mut g, &[RAIDER, SQUARE, RAIDER, SQUARE]);
        let fury = g.spawn(FURY, ENCOUNTER, Zone::EncounterDiscard);
        let q = set_stage(&mut g, "WaR-026A");
        stage2a_revealed(&mut g, q, 0);
        drain(&mut g);
        // The highest-Threat location went back; the discard pile was shuffled in; each player
        // engaged an enemy dug out of the deck.
        assert_eq!(g.card(tower).zone, Zone::Staging);
        assert_eq!(g.card(square).zone, Zone::Play(0));
        // Shuffled in: only what the digging discarded is in the discard pile, no enemy.
        assert!(g
            .list(Zone::EncounterDiscard)
            .iter()
            .all(|&c| !g.is_enemy(c)));
        assert_ne!(g.card(fury).zone, Zone::Removed);
        let raiders: Vec<CardId> = vec![deck[0], deck[2]];
        assert_eq!(g.engaged(0).len(), 1);
        assert_eq!(g.engaged(1).len(), 1);
        assert!(raiders
            .iter()
            .all(|&r| g.card(r).zone != Zone::EncounterDeck));
        // 2B: progress rules as 1B; controlling Gate of Dorwinion at the end of a round wins.
        let q = set_stage(&mut g, "WaR-026B");
        assert!(g.rule(Rule::ExploredLocationsControlled));
        assert!(g.rule(Rule::CannotDefeat(q)));
        g.emit(Event::RoundEnd);
        assert!(g.outcome().is_none());
        g.spawn(GATE, ENCOUNTER, Zone::Play(1));
        g.emit(Event::RoundEnd);
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn thane_ulchor() {
        let mut g = sandbox(&[HEROES]);
        let u = g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::CannotBeEngaged(u)));
        g.engage(u, 0);
        assert_eq!(g.card(u).zone, Zone::Staging);
        let deck = deck_of(&mut g, &[SQUARE, RAIDER, RAIDER]);
        // After the active location is explored: dig out a location ...
        g.emit(Event::Explored(deck[1], true));
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        assert_eq!(
            g.opt_name(Opt::Mode(1)),
            "be attacked by Thane Ulchor (mode 1)"
        );
        g.answer(Opt::Mode(0));
        assert_eq!(g.card(deck[0]).zone, Zone::Staging);
        assert_eq!(g.card(deck[2]).zone, Zone::EncounterDiscard);
        // ... or be attacked by him.
        g.emit(Event::Explored(deck[1], true));
        g.answer(Opt::Mode(1));
        assert_eq!(g.attack.enemy, u);
        assert!(matches!(
            g.pending().map(|d| d.ask),
            Some(Ask::Defender { enemy }) if enemy == u
        ));
        // A staged location explored is not the active location: nothing.
        let mut g = sandbox(&[HEROES]);
        g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        let sq = g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        g.emit(Event::Explored(sq, false));
        assert!(g.pending().is_none());
    }

    #[test]
    fn thane_ulchor_digs_on_through_the_reshuffled_discard_pile() {
        // RULES §5.30.3: a "discard until" that empties the encounter deck shuffles the discard
        // pile back in and goes on (it used to stop, staging nothing: easier than printed).
        let mut g = sandbox(&[HEROES]);
        g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        let deck = deck_of(&mut g, &[RAIDER]);
        let old = g.spawn(SQUARE, ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::Explored(deck[0], true));
        g.answer(Opt::Mode(0));
        assert_eq!(g.card(old).zone, Zone::Staging);
        // One full pass without a location: it stops, everything discarded.
        let deck = deck_of(&mut g, &[RAIDER]);
        let other = g.spawn(RAIDER, ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::Explored(deck[0], true));
        g.answer(Opt::Mode(0));
        assert!(g.pending().is_none());
        assert_eq!(g.card(deck[0]).zone, Zone::EncounterDiscard);
        assert_eq!(g.card(other).zone, Zone::EncounterDiscard);
        assert!(g.list(Zone::EncounterDeck).is_empty());
    }

    #[test]
    fn champion_of_rhun() {
        let mut g = sandbox(&[HEROES]);
        let c = g.spawn(CHAMPION, ENCOUNTER, Zone::Staging);
        let l = g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        g.card_mut(l).progress = 1;
        g.engage(c, 0);
        g.settle();
        assert_eq!(options(&g), vec![Opt::Card(l), Opt::Mode(1)]);
        g.answer(Opt::Card(l));
        assert_eq!(g.card(l).zone, Zone::Staging);
        assert_eq!(g.card(l).progress, 0);
        // No location: he attacks at once.
        g.return_to_staging(c);
        g.engage(c, 0);
        g.settle();
        assert_eq!(g.attack.enemy, c);
        assert!(g.attack.immediate);
        // Shadow: 1 damage to the defender.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        let h = g.heroes(0).next().unwrap();
        g.attack = AttackCtx::new(e, 0, false);
        g.attack.defenders[0] = h;
        g.attack.n_defenders = 1;
        champion_shadow(&mut g, c);
        assert_eq!(g.card(h).damage, 1);
    }

    #[test]
    fn easterling_skirmisher() {
        let mut g = sandbox(&[HEROES]);
        let s = g.spawn("WaR-013", ENCOUNTER, Zone::Engaged(0));
        let low = g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        let high = g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.attack = AttackCtx::new(s, 0, false);
        g.emit(Event::EnemyAttackEnded(s));
        assert_eq!(g.card(high).zone, Zone::Play(0), "nothing destroyed");
        g.discard(ally);
        g.attack.destroyed_character = true;
        g.attack.destroyed = ally;
        g.emit(Event::EnemyAttackEnded(s));
        assert_eq!(g.card(high).zone, Zone::Staging);
        assert_eq!(g.card(low).zone, Zone::Play(0));
    }

    #[test]
    fn gate_of_dorwinion() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let gate = g.spawn(GATE, ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(gate, Stat::Threat), 1);
        g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        g.spawn(TOWER, ENCOUNTER, Zone::Play(1));
        assert_eq!(g.stat(gate, Stat::Threat), 3);
        // Not on stage 1; on 2B only with 12 progress and more controlled than staged.
        assert!(!g.can_travel_to(gate));
        let q = set_stage(&mut g, DRIVE_THEM_OUT_B);
        assert!(!g.can_travel_to(gate));
        g.card_mut(q).progress = 12;
        assert!(g.can_travel_to(gate), "2 controlled vs 1 staged");
        let extra = g.spawn(HOUSE, ENCOUNTER, Zone::Staging);
        assert!(!g.can_travel_to(gate), "2 controlled vs 2 staged");
        g.move_card(extra, Zone::Removed);
        // Travel: Ulchor makes one attack per player, first player first.
        let u = g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        gate_travel(&mut g, gate, true);
        let n = g.stack.len();
        assert_eq!(
            g.stack[n - 1],
            Frame::ImmediateAttack {
                enemy: u,
                player: 0
            }
        );
        assert_eq!(
            g.stack[n - 2],
            Frame::ImmediateAttack {
                enemy: u,
                player: 1
            }
        );
    }

    #[test]
    fn contested_square() {
        let mut g = sandbox(&[HEROES]);
        set_stage(&mut g, "WaR-025B");
        let sq = g.spawn(SQUARE, ENCOUNTER, Zone::Staging);
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::Destroyed(e));
        assert_eq!(g.card(sq).progress, 1, "despite the stage's rule");
        // Explored in the staging area: the first player takes control of it.
        g.card_mut(sq).progress = 3;
        drain(&mut g);
        assert_eq!(g.card(sq).zone, Zone::Play(0));
        // Controlled: one of its controller's characters destroyed sends it back.
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.discard(ally);
        g.emit(Event::Destroyed(ally));
        assert_eq!(g.card(sq).zone, Zone::Staging);
    }

    #[test]
    fn ransacked_house() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let h = g.spawn(HOUSE, ENCOUNTER, Zone::Staging);
        assert!(!ransacked_can_act(&g, h, 1), "no enemy in the discard pile");
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::EncounterDiscard);
        assert!(ransacked_can_act(&g, h, 1));
        g.act(1, Opt::Activate(h));
        assert_eq!(g.card(e).zone, Zone::Engaged(1));
        assert_eq!(g.card(h).zone, Zone::Play(1));
        // Losing control of another location sends it back too.
        let sq = g.spawn(SQUARE, ENCOUNTER, Zone::Play(1));
        g.return_location(sq);
        g.settle();
        assert_eq!(g.card(h).zone, Zone::Staging);
    }

    #[test]
    fn makeshift_fortification() {
        let mut g = sandbox(&[HEROES]);
        let f = g.spawn(FORTIFICATION, ENCOUNTER, Zone::Active);
        let archery = g.script(f).unwrap().archery.unwrap();
        assert_eq!(archery(&g, f), 3);
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::EncounterDiscard);
        g.take_control(f, 0);
        g.settle();
        assert_eq!(archery(&g, f), 0);
        assert_eq!(g.card(e).zone, Zone::Staging);
    }

    #[test]
    fn captured_tower() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn(TOWER, ENCOUNTER, Zone::Active);
        let treachery = g.spawn("WaR-021", ENCOUNTER, Zone::Resolving);
        assert!(g.rule(Rule::CannotBeCanceled(treachery)));
        let deck = deck_of(&mut g, &[SQUARE]);
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::EncounterDiscard);
        g.take_control(t, 0);
        g.settle();
        assert!(!g.rule(Rule::CannotBeCanceled(treachery)));
        assert_eq!(
            g.card(e).zone,
            Zone::Engaged(0),
            "shuffled in, then dug out"
        );
        assert_ne!(g.card(deck[0]).zone, Zone::Removed);
    }

    #[test]
    fn fury() {
        let mut g = sandbox(&[HEROES]);
        let cheap = g.spawn("WaR-013", ENCOUNTER, Zone::Staging); // engagement 30
        let dear = g.spawn(RAIDER, ENCOUNTER, Zone::Staging); // engagement 28
        let f = g.spawn(FURY, ENCOUNTER, Zone::Resolving);
        fury_revealed(&mut g, f, 0);
        assert_eq!(g.card(f).zone, Zone::Attached(dear));
        let _ = cheap;
        // Lethal damage: healed instead, and Fury is discarded.
        g.card_mut(dear).damage = 5;
        drain(&mut g);
        assert_eq!(g.card(dear).zone, Zone::Staging);
        assert_eq!(g.card(dear).damage, 0);
        assert_eq!(g.card(f).zone, Zone::EncounterDiscard);
        g.card_mut(dear).damage = 5;
        drain(&mut g);
        assert_eq!(g.card(dear).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn caught_off_guard() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let l = g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        let deck = deck_of(&mut g, &[RAIDER, SQUARE, RAIDER]);
        let c = g.spawn("WaR-020", ENCOUNTER, Zone::Resolving);
        caught_revealed(&mut g, c, 0);
        g.settle();
        // P1 chooses between his location and an enemy.
        assert_eq!(options(&g), vec![Opt::Card(l), Opt::Mode(1)]);
        g.answer(Opt::Card(l));
        assert_eq!(g.card(l).zone, Zone::Staging);
        // P2 has no location: an enemy engages him.
        g.settle();
        assert_eq!(g.card(deck[2]).zone, Zone::Engaged(1));
        assert_eq!(g.card(deck[0]).zone, Zone::EncounterDeck);
        // Shadow: another attack after this one, against the same player.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        let s = attack_with_shadow(&mut g, e, "WaR-020");
        while g.attack.after != s && g.pending().is_some() {
            g.apply(0);
        }
        assert_eq!(g.attack.after, s);
        g.stack.clear();
        caught_resume(&mut g, Cont::new(s, AFTER_ATTACK), Opt::Pass);
        assert_eq!(
            g.stack.last(),
            Some(&Frame::ImmediateAttack {
                enemy: e,
                player: 0
            })
        );
    }

    #[test]
    fn street_fighting() {
        let mut g = sandbox(&[HEROES, OTHER]);
        g.spawn(TOWER, ENCOUNTER, Zone::Play(1));
        let s = g.spawn("WaR-021", ENCOUNTER, Zone::Resolving);
        street_revealed(&mut g, s, 0);
        let mut dealt = [0i16; 2];
        while let Some(d) = g.pending().cloned() {
            if d.ask == (Ask::Effect { card: s, what: 0 }) {
                dealt[d.player as usize] += 1;
            }
            g.apply(0);
        }
        assert_eq!(dealt, [1, 2], "1 + locations controlled each");
        let total: i16 = (0..2)
            .flat_map(|p| g.characters(p).collect::<Vec<_>>())
            .map(|c| g.card(c).damage)
            .sum();
        assert_eq!(total, 3);
        // Shadow: the defending player only.
        let mut g = sandbox(&[HEROES]);
        g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        let s = g.spawn("WaR-021", ENCOUNTER, Zone::Removed);
        g.attack = AttackCtx::new(NO_CARD, 0, false);
        street_shadow(&mut g, s);
        let mut n = 0;
        while let Some(d) = g.pending().cloned() {
            n += (d.ask == (Ask::Effect { card: s, what: 0 })) as i32;
            g.apply(0);
        }
        assert_eq!(n, 3);
    }

    #[test]
    fn under_siege() {
        let mut g = sandbox(&[HEROES]);
        g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        let before = g.staging_threat();
        let s = g.spawn("WaR-022", ENCOUNTER, Zone::Resolving);
        siege_revealed(&mut g, s, 0);
        assert_eq!(g.staging_threat(), before + 2);
        // Shadow: +1 Attack; a character killed costs the defender his top location.
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(0));
        let atk = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        siege_shadow(&mut g, s);
        assert_eq!(g.stat(e, Stat::Attack), atk + 1);
        assert_eq!(g.attack.after, s);
        g.attack.destroyed_character = true;
        siege_resume(&mut g, Cont::new(s, AFTER_ATTACK), Opt::Pass);
        assert_eq!(g.locations_controlled(), 0);
    }

    #[test]
    fn ulchors_revenge() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let u = g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        g.spawn(TOWER, ENCOUNTER, Zone::Play(1));
        let r = g.spawn("WaR-023", ENCOUNTER, Zone::Resolving);
        revenge_revealed(&mut g, r, 0);
        assert_eq!(
            g.stack.last(),
            Some(&Frame::ImmediateAttack {
                enemy: u,
                player: 1
            })
        );
        assert_eq!(g.stack.len(), 1, "P1 controls no location");
        g.stack.clear();
        // Shadow: +1 Attack per location the defender controls.
        let e = g.spawn(RAIDER, ENCOUNTER, Zone::Engaged(1));
        let atk = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 1, false);
        revenge_shadow(&mut g, r);
        assert_eq!(g.stat(e, Stat::Attack), atk + 1);
    }

    #[test]
    fn wrath_and_ruin_bots_choose() {
        // The hints: Ulchor's choice depends on a defender able to survive him.
        let mut g = sandbox(&[HEROES]);
        let u = g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        let o = [Opt::Mode(0), Opt::Mode(1)];
        let heroes: Vec<CardId> = g.heroes(0).collect();
        for &h in &heroes {
            g.exhaust(h);
        }
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(0));
        // Returning a location: the lowest Threat, when nobody can take the attack.
        let sq = g.spawn(SQUARE, ENCOUNTER, Zone::Play(0));
        let t = g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        let c = g.spawn(CHAMPION, ENCOUNTER, Zone::Engaged(0));
        let o2 = [Opt::Card(t), Opt::Card(sq), Opt::Mode(1)];
        assert_eq!(bot::return_or_attacked(&g, 0, c, 0, &o2), Some(1));
        // Aragorn (Defense 2, 5 hit points) ready survives Ulchor's 6 and the Champion's 5.
        g.ready(heroes[0]);
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(1));
        assert_eq!(bot::return_or_attacked(&g, 0, c, 0, &o2), Some(2));
    }

    /// A stage-1B board with its progress complete, `controlled` locations in P1's play area and
    /// `staged` in the staging area (Thane Ulchor aside), every hero exhausted.
    fn race_board(controlled: usize, staged: usize) -> (Game<'static>, CardId) {
        let mut g = sandbox(&[HEROES]);
        let q = set_stage(&mut g, "WaR-025B");
        g.card_mut(q).progress = g.stat(q, Stat::QuestPoints);
        let u = g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        for _ in 0..controlled {
            g.spawn(TOWER, ENCOUNTER, Zone::Play(0));
        }
        for _ in 0..staged {
            g.spawn(SQUARE, ENCOUNTER, Zone::Staging);
        }
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.exhaust(h);
        }
        (g, u)
    }

    #[test]
    fn thane_ulchor_attack_taken_when_it_wins_the_control_race() {
        use crate::cards::testkit::codes::GANDALF;
        let o = [Opt::Mode(0), Opt::Mode(1)];
        // A wounded Gandalf (2 hit points left) dies blocking, which costs more than a staged
        // location: with the race not at stake (2 controlled, 2 staged: staging leaves it lost
        // anyway), the location.
        let (mut g, u) = race_board(2, 2);
        let gandalf = g.spawn(GANDALF, 0, Zone::Play(0));
        g.card_mut(gandalf).damage = 2;
        assert_eq!(bot::race_lead(&g), Some(0));
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(0));
        // 2 controlled, 1 staged: staging would tie the race at the end of the round; Gandalf
        // blocks.
        let (mut g, u) = race_board(2, 1);
        let gandalf = g.spawn(GANDALF, 0, Zone::Play(0));
        g.card_mut(gandalf).damage = 2;
        assert_eq!(bot::race_lead(&g), Some(1));
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(1));
        // Progress short of the stage's quest points: no race this round.
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress -= 1;
        assert_eq!(bot::race_lead(&g), None);
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(0));
        // No hero dies for it: with Gandalf exhausted, the location.
        g.card_mut(q).progress += 1;
        g.exhaust(gandalf);
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(0));
    }

    #[test]
    fn ransacked_house_taken_in_the_refresh_phase_to_win_the_control_race() {
        // 1 controlled, 2 staged (one the House): taking the House makes it 2 to 1.
        let (mut g, _) = race_board(1, 1);
        let house = g.spawn(HOUSE, ENCOUNTER, Zone::Staging);
        g.spawn(RAIDER, ENCOUNTER, Zone::EncounterDiscard);
        g.engage(g.list(Zone::EncounterDiscard)[0], 0);
        assert!(
            !g.engaged(0).is_empty(),
            "engaged: the planning rule says no"
        );
        g.phase = Phase::Refresh;
        assert!(bot::race_won_by_taking(&g, house));
        assert_eq!(bot::ransacked_value(&g, 0, house, None), 100);
        // Not before the refresh phase, nor when the race is won without it or out of reach.
        g.phase = Phase::Combat;
        assert_eq!(bot::ransacked_value(&g, 0, house, None), 0);
        g.phase = Phase::Refresh;
        g.spawn(SQUARE, ENCOUNTER, Zone::Staging);
        assert!(
            !bot::race_won_by_taking(&g, house),
            "1 against 3: 2 against 2"
        );
        let (mut g, _) = race_board(3, 1);
        let house = g.spawn(HOUSE, ENCOUNTER, Zone::Staging);
        g.phase = Phase::Refresh;
        assert!(!bot::race_won_by_taking(&g, house), "already 3 against 2");
    }

    #[test]
    fn thane_ulchor_chump_block_over_staged_location() {
        // With every hero exhausted, a ready cheap ally (Snowbourn Scout) blocks Ulchor's attack
        // rather than a location joining the staging area; without it, the location.
        let mut g = sandbox(&[HEROES]);
        let u = g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
        let o = [Opt::Mode(0), Opt::Mode(1)];
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.exhaust(h);
        }
        let scout = g.spawn("Core-016", 0, Zone::Play(0));
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(1));
        g.exhaust(scout);
        assert_eq!(bot::ulchor_choice(&g, 0, u, 0, &o), Some(0));
    }
}
