//! Core Set, Tactics sphere: Gimli, Legolas, Thalin and the Tactics player cards (Core-028..042).
//!
//! Each script has a one-line summary of what the card does (in our words, not the printed text).
//! Veteran Axehand and Horseback Archer have only numbers and keywords (see `cards::VANILLA`).
//! "Limit once per round" bits live in `PlayerState::round_flags`; Tactics uses bits 24–31.

use crate::cards::common::area_players;
use crate::cards::common::{
    all_characters, count_use, damageable, enemies_in_play, host, to_hero, unused_this_round,
};
use crate::cards::hints::{
    multi_defend_value, AttachKind, DeckNeed, Hint, BOOST_ATTACK, BOOST_DEFENSE, NO_HINT,
};
use crate::cards::{Rule, Script, BLANK};
use crate::data::Sphere;
use crate::engine::{
    Ask, CardId, Cont, Event, Frame, Game, Lasting, Opt, Phase, PlayerAttackCtx, SmallIds, Stat,
    Until, Zone, NO_CARD,
};
use crate::events;

pub static SCRIPTS: &[Script] = &[
    Script {
        code: "Core-004",
        modify: Some(gimli_modify),
        ..BLANK
    },
    Script {
        code: "Core-005",
        hint: Hint {
            play_value: Some(|_, _, _, _| 30),
            ..NO_HINT
        },
        can_respond: Some(legolas_can),
        respond_on: events![AttackDestroyed],
        respond: Some(legolas_respond),
        ..BLANK
    },
    Script {
        code: "Core-006",
        forced: Some(thalin_forced),
        forced_on: events![Revealing],
        ..BLANK
    },
    Script {
        code: "Core-029",
        can_respond: Some(spearman_can),
        respond_on: events![DefenderDeclared],
        respond: Some(spearman_respond),
        ..BLANK
    },
    Script {
        code: "Core-031",
        hint: Hint {
            phase_boost: BOOST_ATTACK,
            ..NO_HINT
        },
        can_act: Some(beorn_can),
        act: Some(beorn_act),
        ..BLANK
    },
    Script {
        code: "Core-032",
        hint: Hint {
            play_value: Some(bot::blade_mastery_value),
            effect: Some(bot::blade_mastery_effect),
            phase_boost: BOOST_ATTACK | BOOST_DEFENSE,
            ..NO_HINT
        },
        can_act: Some(mastery_can),
        act: Some(mastery_act),
        resume: Some(mastery_resume),
        ..BLANK
    },
    Script {
        code: "Core-033",
        hint: Hint {
            play_value: Some(crate::cards::hints::damage_each_engaged_value),
            damage_each_engaged: 1,
            ..NO_HINT
        },
        can_act: Some(rain_can),
        act: Some(rain_act),
        resume: Some(rain_resume),
        ..BLANK
    },
    Script {
        code: "Core-034",
        hint: Hint {
            play_value: Some(bot::feint_value),
            effect: Some(bot::feint_effect),
            cancels_attack: true,
            ..NO_HINT
        },
        can_act: Some(feint_can),
        act: Some(feint_act),
        resume: Some(feint_resume),
        ..BLANK
    },
    Script {
        code: "Core-035",
        hint: Hint {
            play_value: Some(bot::quick_strike_value),
            effect: Some(bot::quick_strike_effect),
            attacks_out_of_combat: true,
            ..NO_HINT
        },
        can_act: Some(quick_can),
        act: Some(quick_act),
        resume: Some(quick_resume),
        ..BLANK
    },
    Script {
        code: "Core-036",
        hint: Hint {
            deck_needs: &[DeckNeed::HeroesOfSphere(Sphere::Tactics, 3)],
            play_value: Some(bot::thicket_of_spears_value),
            ..NO_HINT
        },
        pay: Some(thicket_pay),
        can_act: Some(thicket_can),
        act: Some(thicket_act),
        resume: Some(thicket_resume),
        ..BLANK
    },
    Script {
        code: "Core-037",
        hint: Hint {
            play_value: Some(bot::swift_strike_value),
            ..NO_HINT
        },
        can_respond: Some(swift_can),
        respond_on: events![DefenderDeclared],
        respond: Some(swift_respond),
        ..BLANK
    },
    Script {
        code: "Core-038",
        hint: Hint {
            play_value: Some(multi_defend_value),
            multi_defend: true,
            ..NO_HINT
        },
        can_act: Some(together_can),
        act: Some(together_act),
        resume: Some(together_resume),
        ..BLANK
    },
    Script {
        code: "Core-039",
        hint: Hint {
            attach: Some((30, AttachKind::Weapon)),
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        modify: Some(gondolin_modify),
        can_respond: Some(gondolin_can),
        respond_on: events![AttackDestroyed],
        respond: Some(gondolin_respond),
        ..BLANK
    },
    Script {
        code: "Core-040",
        hint: Hint {
            attach: Some((30, AttachKind::Armor)),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        modify: Some(plate_modify),
        ..BLANK
    },
    Script {
        code: "Core-041",
        hint: Hint {
            attach: Some((30, AttachKind::Weapon)),
            attach_bonus_trait: Some("Dwarf"),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        modify: Some(axe_modify),
        ..BLANK
    },
    Script {
        code: "Core-042",
        hint: Hint {
            attach: Some((15, AttachKind::General)),
            play_value: Some(|_, _, _, _| 25),
            ..NO_HINT
        },
        attach_to: Some(to_hero),
        can_respond: Some(horn_can),
        respond_on: events![Destroyed],
        respond: Some(horn_respond),
        ..BLANK
    },
];

// ----------------------------------------------------------------- shared helpers

/// Is `c` one of the attackers of the current (or just finished) player attack?
fn attacking(g: &Game, c: CardId) -> bool {
    g.patk.attackers().contains(&c)
}

/// Could progress placed "on the current quest" land anywhere now: on the active location first,
/// else on the current quest within a per-round cap (Orc Rearguard)? (RULES §6.3.2)
fn quest_progress_possible(g: &Game) -> bool {
    g.active_location().is_some()
        || (g.current_quest().is_some()
            && (!g.rule(Rule::QuestProgressCap3) || g.quest_progress_this_round < 3))
}

/// Could enemy `e`, engaged with player `q`, still attack him this phase (for "cannot attack" effects)?
fn may_still_attack(g: &Game, e: CardId, q: u8) -> bool {
    let gen = g.card(e).gen;
    g.is_enemy(e)
        && !g.immune(e)
        && !g.card(e).attacked
        && !g
            .lasting
            .iter()
            .any(|l| l.card == e && l.gen == gen && l.what == Lasting::CannotAttack(q))
}

// ----------------------------------------------------------------- Gimli (Core-004)

// His Attack rises by the number of damage tokens he has.
fn gimli_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::Attack && target == me {
        g.card(me).damage
    } else {
        0
    }
}

// ----------------------------------------------------------------- Legolas (Core-005)

// Response: after an attack he took part in destroys an enemy, 2 progress on the current quest.
fn legolas_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackDestroyed(_)) && attacking(g, me) && quest_progress_possible(g)
}

fn legolas_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    g.place_progress_on_quest(2, true);
}

// ----------------------------------------------------------------- Thalin (Core-006)

// While he is questing, each enemy revealed from the encounter deck takes 1 damage as it is
// revealed (the engine's `Revealing` point: in the staging area, before its When Revealed).
fn thalin_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Revealing(e, true) = ev else {
        return;
    };
    if g.card(me).questing
        && matches!(g.card(me).zone, Zone::Play(_))
        && g.card(e).zone.in_play()
        && damageable(g, e)
    {
        g.deal_damage(e, 1);
    }
}

// ----------------------------------------------------------------- Gondorian Spearman (Core-029)

// Response: after it is declared as a defender, 1 damage to the attacking enemy.
fn spearman_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::DefenderDeclared(d, e) if d == me && g.card(e).zone.in_play() && damageable(g, e))
}

fn spearman_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    if let Event::DefenderDeclared(_, e) = ev {
        g.deal_damage(e, 1);
    }
}

// ----------------------------------------------------------------- Beorn (Core-031)

// Action: Attack +5 for this phase; when that phase ends he is shuffled back into his owner's deck.
// Once per round (per copy).
fn beorn_can(g: &Game, me: CardId, _p: u8) -> bool {
    unused_this_round(g, me)
}

fn beorn_act(g: &mut Game, me: CardId, _p: u8) {
    count_use(g, me);
    g.add_lasting(me, Lasting::Stat(Stat::Attack, 5), Until::EndOfPhase);
    g.add_lasting(me, Lasting::ShuffleIntoDeckAtEndOfPhase, Until::EndOfPhase);
}

// ----------------------------------------------------------------- Blade Mastery (Core-032)

// Action: one character gains +1 ATK and +1 DEF for this phase.

fn mastery_can(g: &Game, _me: CardId, _p: u8) -> bool {
    all_characters(g).next().is_some()
}

fn mastery_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        for i in 0..g.list(Zone::Play(q)).len() {
            let c = g.list(Zone::Play(q))[i];
            if g.is_character(c) && !g.immune(c) {
                g.offer(Opt::Card(c));
            }
        }
    }
    g.ask_script(Cont::new(me, 0).with(p, 0, 0));
}

fn mastery_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(c) = opt {
        if g.card(c).zone.in_play() {
            g.add_lasting(c, Lasting::Stat(Stat::Attack, 1), Until::EndOfPhase);
            g.add_lasting(c, Lasting::Stat(Stat::Defense, 1), Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Rain of Arrows (Core-033)

// Action: exhaust one of your Ranged characters; pick a player: each enemy engaged with him takes 1 damage.
fn ranged_ready(g: &Game, c: CardId) -> bool {
    g.is_ready(c) && g.def_of(c).keywords.ranged
}

fn rain_player(g: &Game, q: u8) -> bool {
    !g.players[q as usize].eliminated && g.engaged(q).iter().any(|&e| damageable(g, e))
}

fn rain_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.characters(p).any(|c| ranged_ready(g, c)) && area_players(g).any(|q| rain_player(g, q))
}

fn rain_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_character(c) && ranged_ready(g, c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn rain_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let p = cont.player;
    match (cont.step, opt) {
        (0, Opt::Card(c)) => {
            g.exhaust(c);
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            for q in area_players(g) {
                if rain_player(g, q) {
                    g.offer(Opt::Player(q));
                }
            }
            if g.n_offered() == 0 {
                return;
            }
            g.ask_script(Cont::new(me, 1).with(p, 0, 0));
        }
        (1, Opt::Player(q)) => {
            let targets: SmallIds = g
                .engaged(q)
                .iter()
                .copied()
                .filter(|&e| damageable(g, e))
                .collect();
            for e in targets {
                if g.card(e).zone == Zone::Engaged(q) {
                    g.deal_damage(e, 1);
                }
            }
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Feint (Core-034)

// Combat Action: an enemy engaged with a player cannot attack that player this phase.
fn feint_targets<'a>(g: &'a Game) -> impl Iterator<Item = CardId> + 'a {
    area_players(g).flat_map(move |q| {
        g.engaged(q)
            .iter()
            .copied()
            .filter(move |&e| may_still_attack(g, e, q))
    })
}

fn feint_can(g: &Game, _me: CardId, _p: u8) -> bool {
    g.phase == Phase::Combat && feint_targets(g).next().is_some()
}

fn feint_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        for i in 0..g.engaged(q).len() {
            let e = g.engaged(q)[i];
            if may_still_attack(g, e, q) {
                g.offer(Opt::Card(e));
            }
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn feint_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(e) = opt {
        if let Zone::Engaged(q) = g.card(e).zone {
            g.add_lasting(e, Lasting::CannotAttack(q), Until::EndOfPhase);
        }
    }
}

// ----------------------------------------------------------------- Quick Strike (Core-035)

// Action: exhaust one of your characters and resolve its attack at once against an enemy it could
// attack (engaged with you; another player's with Ranged; staging area for Dúnhere alone).
// Engine choice: immune enemies are not offered (the card chooses the enemy).
fn quick_target(g: &Game, c: CardId, e: CardId, p: u8) -> bool {
    if !g.is_enemy(e) || g.immune(e) {
        return false;
    }
    if g.phase == Phase::Combat && g.card(e).attacked_by & (1 << p) != 0 {
        return false;
    }
    match g.card(e).zone {
        Zone::Engaged(q) if q == p => true,
        Zone::Engaged(_) => g.def_of(c).keywords.ranged,
        Zone::Staging => g.rule(Rule::AttacksStagingAlone(c)),
        _ => false,
    }
}

fn quick_attacker(g: &Game, c: CardId, p: u8) -> bool {
    g.is_ready(c) && enemies_in_play(g).any(|e| quick_target(g, c, e, p))
}

fn quick_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.characters(p).any(|c| quick_attacker(g, c, p))
}

fn quick_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Play(p)).len() {
        let c = g.list(Zone::Play(p))[i];
        if g.is_character(c) && quick_attacker(g, c, p) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn quick_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    let p = cont.player;
    match (cont.step, opt) {
        (0, Opt::Card(c)) => {
            g.exhaust(c);
            g.begin_ask(p, Ask::Effect { card: me, what: 1 });
            let enemies: SmallIds = enemies_in_play(g)
                .filter(|&e| quick_target(g, c, e, p))
                .collect();
            for e in enemies {
                g.offer(Opt::Card(e));
            }
            if g.n_offered() == 0 {
                return;
            }
            g.ask_script(Cont::new(me, 1).with(p, c as i16, 0));
        }
        (1, Opt::Card(e)) => {
            let c = cont.a as CardId;
            if !g.card(e).zone.in_play() || !g.card(c).zone.in_play() {
                return;
            }
            if g.phase == Phase::Combat {
                g.card_mut(e).attacked_by |= 1 << p;
            }
            let mut attackers = [NO_CARD; 16];
            attackers[0] = c;
            g.patk = PlayerAttackCtx {
                enemy: e,
                player: p,
                attackers,
                n_attackers: 1,
            };
            g.stack.push(Frame::PlayerAttack { stage: 1 });
        }
        _ => {}
    }
}

// ----------------------------------------------------------------- Thicket of Spears (Core-036)

// Action (paid by 3 different heroes): a player's engaged enemies cannot attack him this phase.
// Offered only in the combat phase (the only phase in which the engine's enemies attack by turn).
// The engine pays event costs richest hero first before the script runs, so only the legality
// check (3 Tactics heroes with a resource each) follows the card, not which heroes pay.
fn tactics_payers(g: &Game, p: u8) -> usize {
    g.heroes(p)
        .filter(|&h| g.hero_matches(h, Sphere::Tactics) && g.card(h).resources > 0)
        .count()
}

/// Its cost is paid with one resource from each of three different Tactics heroes (the richest).
fn thicket_pay(g: &mut Game, _me: CardId, p: u8) {
    let mut payers: SmallIds = g
        .heroes(p)
        .filter(|&h| g.hero_matches(h, Sphere::Tactics) && g.card(h).resources > 0)
        .collect();
    payers.sort_by_key(|&h| std::cmp::Reverse(g.card(h).resources));
    for &h in payers.iter().take(3) {
        g.card_mut(h).resources -= 1;
    }
}

fn thicket_player(g: &Game, q: u8) -> bool {
    !g.players[q as usize].eliminated && g.engaged(q).iter().any(|&e| may_still_attack(g, e, q))
}

fn thicket_can(g: &Game, _me: CardId, p: u8) -> bool {
    g.phase == Phase::Combat
        && tactics_payers(g, p) >= 3
        && area_players(g).any(|q| thicket_player(g, q))
}

fn thicket_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if thicket_player(g, q) {
            g.offer(Opt::Player(q));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn thicket_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Player(q) = opt {
        for i in 0..g.engaged(q).len() {
            let e = g.engaged(q)[i];
            if g.is_enemy(e) && !g.immune(e) {
                g.add_lasting(e, Lasting::CannotAttack(q), Until::EndOfPhase);
            }
        }
    }
}

// ----------------------------------------------------------------- Swift Strike (Core-037)

// Response: after any character is declared as a defender, 2 damage to the attacking enemy.
fn swift_can(g: &Game, _me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::DefenderDeclared(_, e) if g.card(e).zone.in_play() && damageable(g, e))
}

fn swift_respond(g: &mut Game, _me: CardId, _seat: u8, ev: Event) {
    if let Event::DefenderDeclared(_, e) = ev {
        g.deal_damage(e, 2);
    }
}

// ----------------------------------------------------------------- Stand Together (Core-038)

// Action: a player may declare any number of defenders against each attack this phase.
// Offered only in the combat phase (the engine clears the permission at the end of combat).
fn together_player(g: &Game, q: u8) -> bool {
    let ps = &g.players[q as usize];
    !ps.eliminated
        && !ps.multi_defend
        && g.engaged(q)
            .iter()
            .any(|&e| g.is_enemy(e) && !g.card(e).attacked)
}

fn together_can(g: &Game, _me: CardId, _p: u8) -> bool {
    g.phase == Phase::Combat && area_players(g).any(|q| together_player(g, q))
}

fn together_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for q in area_players(g) {
        if together_player(g, q) {
            g.offer(Opt::Player(q));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn together_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Player(q) = opt {
        g.players[q as usize].multi_defend = true;
    }
}

// ----------------------------------------------------------------- Blade of Gondolin (Core-039)

// Hero attachment (Restricted): +1 Attack while attacking an Orc; Response: after the hero's attack
// destroys an enemy, 1 progress on the current quest.
fn gondolin_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Attack
        && host(g, me) == Some(target)
        && g.patk.enemy != NO_CARD
        && attacking(g, target)
        && g.has_trait(g.patk.enemy, "Orc");
    on as i16
}

fn gondolin_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::AttackDestroyed(_))
        && host(g, me).is_some_and(|h| attacking(g, h))
        && quest_progress_possible(g)
}

fn gondolin_respond(g: &mut Game, _me: CardId, _seat: u8, _ev: Event) {
    g.place_progress_on_quest(1, true);
}

// ----------------------------------------------------------------- Citadel Plate (Core-040)

// Hero attachment (Restricted): +4 hit points.
fn plate_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s == Stat::HitPoints && host(g, me) == Some(target) {
        4
    } else {
        0
    }
}

// ----------------------------------------------------------------- Dwarven Axe (Core-041)

// Hero attachment (Restricted): +1 Attack, or +2 on a Dwarf.
fn axe_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if s != Stat::Attack || host(g, me) != Some(target) {
        0
    } else if g.has_trait(target, "Dwarf") {
        2
    } else {
        1
    }
}

// ----------------------------------------------------------------- Horn of Gondor (Core-042)

// Hero attachment (Restricted). Response: after any character is destroyed, 1 resource to the hero.
fn horn_can(g: &Game, me: CardId, _seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Destroyed(c) if g.is_character(c)) && host(g, me).is_some()
}

fn horn_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    if let Some(h) = host(g, me) {
        g.gain_resources(h, 1);
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Blade Mastery: +1 Attack before committing to a quest resolved with Attack, or the last
    /// point of a kill.
    pub(super) fn blade_mastery_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        if g.phase == Phase::Quest && g.questing_stat() == Stat::Attack && !any_questing(g, p) {
            return 20;
        }
        if g.phase != Phase::Combat {
            return 0;
        }
        // probe40: +1 Defense on a defender it keeps alive (or a hero it keeps unhurt).
        if g.attacking_enemy().is_some() {
            return best_defense_boost(g, p, 1, |_| true);
        }
        match attack_in_progress(g, p) {
            Some((strength, needed, _)) => (strength + 1 == needed) as i32 * 25,
            None => 0,
        }
    }

    /// Blade Mastery: the attacker, or before committing our strongest ready character.
    pub(super) fn blade_mastery_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        if what != 0 {
            return None;
        }
        if g.attacking_enemy().is_some() && best_defense_boost(g, p, 1, |_| true) > 0 {
            return pick_max(o, |c| defense_boost_value(g, p, c, 1));
        }
        if attack_in_progress(g, p).is_some() {
            let atk = g.patk.attackers();
            return pick_max(o, |c| atk.contains(&c) as i32);
        }
        pick_max(o, |c| {
            (g.controller(c) == p && ready(g, c)) as i32 * 100 + g.stat(c, Stat::Attack) as i32
        })
    }

    /// Can `c` kill engaged enemy `e` alone?
    fn kills_alone(g: &Game, c: CardId, e: CardId) -> bool {
        g.stat(c, Stat::Attack) - g.stat(e, Stat::Defense) >= g.remaining_hp(e)
    }

    /// Quick Strike: in combat, a ready character of ours kills alone an engaged enemy with 3+
    /// Attack before it attacks, while enough others stay ready to defend the rest.
    pub(super) fn quick_strike_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        // An attack in progress (not the context an ended attack leaves behind): no strike.
        if g.phase != Phase::Combat || g.attacking_enemy().is_some() {
            return 0;
        }
        // Someone must still be left to defend the other attackers.
        let attackers = unattacked_engaged(g, p).count();
        let ready_n = g.characters(p).filter(|&c| ready(g, c)).count();
        let kill = ready_n > attackers
            && unattacked_engaged(g, p).any(|e| {
                g.stat(e, Stat::Attack) >= 3
                    && g.characters(p).any(|c| ready(g, c) && kills_alone(g, c, e))
            });
        kill as i32 * 30
    }

    /// Quick Strike: the cheapest character that kills an enemy alone, then the most dangerous
    /// enemy it kills.
    pub(super) fn quick_strike_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |x| {
                let kills = unattacked_engaged(g, p).any(|e| kills_alone(g, x, e));
                (!kills) as i32 * 100_000 + char_value(g, x)
            }),
            // The striker was just exhausted: prefer an enemy one of our exhausted
            // characters kills alone.
            1 => pick_max(o, |e| {
                let killed = g
                    .characters(p)
                    .any(|x| !ready(g, x) && kills_alone(g, x, e));
                killed as i32 * 1000 + danger(g, e)
            }),
            _ => None,
        }
    }

    /// The enemies engaged with `p` whose attack is still to come this phase: not attacked yet,
    /// not already kept from attacking him, and not the enemy attacking now ("cannot attack"
    /// does not stop an attack under way, e.g. an immediate attack on engagement).
    fn attacks_to_come<'a>(g: &'a Game<'a>, p: u8) -> impl Iterator<Item = CardId> + 'a {
        let now = g.attacking_enemy();
        g.engaged(p)
            .iter()
            .copied()
            .filter(move |&e| Some(e) != now && super::may_still_attack(g, e, p))
    }

    /// Feint: in combat, while an engaged enemy of 3+ Attack has its attack still to come.
    pub(super) fn feint_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let worth =
            g.phase == Phase::Combat && attacks_to_come(g, p).any(|e| g.stat(e, Stat::Attack) >= 3);
        worth as i32 * 25
    }

    /// Feint: the strongest enemy whose attack is still to come (never the one attacking now).
    pub(super) fn feint_effect(g: &Game, p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        if what != 0 {
            return None;
        }
        let now = g.attacking_enemy();
        pick_max(o, |e| {
            if Some(e) == now {
                i32::MIN / 2
            } else {
                (g.stat(e, Stat::Attack) + shadow_count(g, e)) as i32
                    + (g.engaged(p).contains(&e) as i32) * 100
            }
        })
    }

    /// Thicket of Spears: in combat, while 2+ engaged enemies, or 5+ Attack, are still to attack.
    pub(super) fn thicket_of_spears_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        if g.phase != Phase::Combat {
            return 0;
        }
        let (n, atk) =
            attacks_to_come(g, p).fold((0, 0), |(n, a), e| (n + 1, a + g.stat(e, Stat::Attack)));
        (n >= 2 || atk >= 5) as i32 * 30
    }

    /// Swift Strike
    pub(super) fn swift_strike_value(_g: &Game, _p: u8, _c: CardId, ev: Option<Event>) -> i32 {
        matches!(ev, Some(Event::DefenderDeclared(..))) as i32 * 30
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::testkit::{actions, hero, options};
    use crate::cards::testkit::{db, sandbox};
    use crate::engine::{
        AttackCtx, CardId, Event, Frame, Opt, Phase, Stat, Until, Zone, ENCOUNTER,
    };

    #[test]
    fn gimli() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        assert_eq!(g.stat(h, Stat::Attack), 2);
        g.deal_damage(h, 2);
        assert_eq!(g.stat(h, Stat::Attack), 4);
    }

    #[test]
    fn legolas() {
        let mut g = sandbox(&[&["Core-005"]]);
        let h = hero(&g, "Core-005");
        let q = g.main_quest().unwrap();
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0)); // DEF 1, HP 2
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(h));
        assert_ne!(
            g.card(e).zone,
            Zone::Engaged(0),
            "3 ATK against 1 DEF destroys it"
        );
        assert!(options(&g).contains(&Opt::Activate(h)));
        g.answer(Opt::Activate(h));
        assert_eq!(g.card(q).progress, 2);
    }

    #[test]
    fn legolas_not_offered_when_no_progress_can_be_placed() {
        let mut g = sandbox(&[&["Core-005"]]);
        let h = hero(&g, "Core-005");
        g.spawn("TLR-023", ENCOUNTER, Zone::Staging); // Orc Rearguard: 3 progress a round at most
        g.quest_progress_this_round = 3;
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0)); // DEF 1, HP 2
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(h));
        assert_ne!(g.card(e).zone, Zone::Engaged(0));
        assert!(
            !options(&g).contains(&Opt::Activate(h)),
            "no active location and the quest's cap is reached: nothing would change"
        );
    }

    #[test]
    fn thalin() {
        let mut g = sandbox(&[&["Core-006"]]);
        let h = hero(&g, "Core-006");
        let e1 = g.spawn("TLR-044", ENCOUNTER, Zone::EncounterDeck);
        g.push_run(Frame::RevealTop { by: 0 });
        assert_eq!(g.card(e1).zone, Zone::Staging);
        assert_eq!(g.card(e1).damage, 0, "Thalin is not questing");
        g.cards[h as usize].questing = true;
        let e2 = g.spawn("TLR-044", ENCOUNTER, Zone::EncounterDeck);
        g.push_run(Frame::RevealTop { by: 0 });
        assert_eq!(g.card(e2).zone, Zone::Staging);
        assert_eq!(g.card(e2).damage, 1);
    }

    #[test]
    fn thalin_damages_an_enemy_before_its_when_revealed_effect() {
        let mut g = sandbox(&[&["Core-006"]]);
        let h = hero(&g, "Core-006");
        g.cards[h as usize].questing = true;
        let ally = g.spawn("Core-028", 0, Zone::Play(0));
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::EncounterDeck); // Angmar Orc, HP 3
        g.push_run(Frame::RevealTop { by: 0 });
        // Its When Revealed asks (discard an ally or reveal another card): Thalin has struck already.
        assert!(options(&g).contains(&Opt::Card(ally)));
        assert_eq!(g.card(orc).damage, 1);
        g.answer(Opt::Card(ally));
        assert_eq!(
            g.card(orc).damage,
            1,
            "damaged once, not again after it was revealed"
        );
        assert!(g.pending().is_none());
        // Not for an enemy revealed from elsewhere than the encounter deck.
        let other = g.spawn("TLR-043", ENCOUNTER, Zone::SetAside);
        g.push_run(Frame::Reveal {
            card: other,
            by: 0,
            stage: 0,
            from_deck: false,
        });
        assert_eq!(g.card(other).damage, 0);
    }

    #[test]
    fn veteran_axehand() {
        let mut g = sandbox(&[&["Core-004"]]);
        let a = g.spawn("Core-028", 0, Zone::Play(0));
        let s = [
            Stat::Willpower,
            Stat::Attack,
            Stat::Defense,
            Stat::HitPoints,
        ]
        .map(|s| g.stat(a, s));
        assert_eq!(s, [0, 2, 1, 2]);
        assert!(crate::cards::vanilla(db(), g.def_id(a)));
        assert!(g.script(a).is_none());
    }

    #[test]
    fn gondorian_spearman() {
        let mut g = sandbox(&[&["Core-004"]]);
        let sp = g.spawn("Core-029", 0, Zone::Play(0));
        assert!(g.def_of(sp).keywords.sentinel);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(sp));
        assert!(options(&g).contains(&Opt::Activate(sp)));
        g.answer(Opt::Activate(sp));
        assert_eq!(g.card(e).damage, 1);
    }

    #[test]
    fn horseback_archer() {
        let mut g = sandbox(&[&["Core-004"]]);
        let a = g.spawn("Core-030", 0, Zone::Play(0));
        let s = [
            Stat::Willpower,
            Stat::Attack,
            Stat::Defense,
            Stat::HitPoints,
        ]
        .map(|s| g.stat(a, s));
        assert_eq!(s, [0, 2, 1, 2]);
        assert!(g.def_of(a).keywords.ranged);
        assert!(crate::cards::vanilla(db(), g.def_id(a)));
    }

    #[test]
    fn beorn() {
        let mut g = sandbox(&[&["Core-004"]]);
        let b = g.spawn("Core-031", 0, Zone::Play(0));
        assert!(actions(&mut g).contains(&Opt::Activate(b)));
        g.act(0, Opt::Activate(b));
        assert_eq!(g.stat(b, Stat::Attack), 8);
        assert!(
            !actions(&mut g).contains(&Opt::Activate(b)),
            "once per round"
        );
        g.expire(Until::EndOfPhase);
        assert_eq!(g.card(b).zone, Zone::Deck(0));
    }

    #[test]
    fn beorn_limit_is_per_copy() {
        let mut g = sandbox(&[&["Core-004"]]);
        let a = g.spawn("Core-031", 0, Zone::Play(0));
        g.act(0, Opt::Activate(a));
        g.expire(Until::EndOfPhase);
        assert_eq!(g.card(a).zone, Zone::Deck(0));
        // Another copy put into play the same round still has its use.
        let b = g.spawn("Core-031", 0, Zone::Play(0));
        assert!(actions(&mut g).contains(&Opt::Activate(b)));
        g.act(0, Opt::Activate(b));
        assert_eq!(g.stat(b, Stat::Attack), 8);
        assert!(!actions(&mut g).contains(&Opt::Activate(b)));
    }

    #[test]
    fn blade_mastery() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-032", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!((g.stat(h, Stat::Attack), g.stat(h, Stat::Defense)), (3, 3));
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        g.expire(Until::EndOfPhase);
        assert_eq!((g.stat(h, Stat::Attack), g.stat(h, Stat::Defense)), (2, 2));
    }

    #[test]
    fn rain_of_arrows() {
        let mut g = sandbox(&[&["Core-005", "Core-004"]]);
        let leg = hero(&g, "Core-005");
        let gim = hero(&g, "Core-004");
        g.cards[gim as usize].resources = 1;
        let c = g.spawn("Core-033", 0, Zone::Hand(0));
        let e1 = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let e2 = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        g.exhaust(leg);
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "no ready Ranged character"
        );
        g.ready(leg);
        g.act(0, Opt::Play(c));
        assert!(!g.is_ready(leg));
        assert_eq!((g.card(e1).damage, g.card(e2).damage), (1, 1));
    }

    #[test]
    fn feint() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-034", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "combat action only"
        );
        g.phase = Phase::Combat;
        g.act(0, Opt::Play(c));
        g.push_run(Frame::EnemyAttacks { seat: 0 });
        assert!(g.pending().is_none(), "the enemy cannot attack");
        assert!(!g.card(e).attacked);
        assert_eq!(g.card(h).damage, 0);
    }

    #[test]
    fn quick_strike() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-035", 0, Zone::Hand(0));
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "no enemy to attack"
        );
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0)); // DEF 2, HP 4
        g.deal_damage(h, 1); // Gimli: 3 ATK
        g.act(0, Opt::Play(c));
        assert!(!g.is_ready(h));
        assert_eq!(g.card(e).damage, 1);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert!(g.pending().is_none());
    }

    #[test]
    fn quick_strike_resolves_a_whole_attack() {
        let mut g = sandbox(&[&["Core-005"]]);
        let leg = hero(&g, "Core-005"); // 3 ATK
        g.cards[leg as usize].resources = 1;
        let c = g.spawn("Core-035", 0, Zone::Hand(0));
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Engaged(0)); // DEF 1, HP 2
        g.phase = Phase::Combat;
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(e).zone, Zone::EncounterDiscard);
        // The attack ends with its "after ... destroys" responses, while Quick Strike resolves.
        assert!(options(&g).contains(&Opt::Activate(leg)));
        assert_eq!(g.card(c).zone, Zone::Resolving);
        g.answer(Opt::Activate(leg));
        assert_eq!(g.card(g.main_quest().unwrap()).progress, 2);
        // Pass the windows of the attack until Quick Strike is done.
        while g.pending().is_some() {
            g.answer(Opt::Pass);
        }
        assert_eq!(g.card(c).zone, Zone::Discard(0));
        assert_eq!(g.patk.enemy, crate::engine::NO_CARD);
    }

    #[test]
    fn quick_strike_dunhere_against_the_staging_area() {
        let mut g = sandbox(&[&["Core-009", "Core-004"]]);
        let d = hero(&g, "Core-009");
        let gim = hero(&g, "Core-004");
        g.cards[gim as usize].resources = 1;
        let c = g.spawn("Core-035", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Staging); // DEF 2, HP 4
        g.act(0, Opt::Play(c));
        // Only Dunhere may attack the staging area (single choices are answered by the engine).
        assert!(!g.is_ready(d));
        assert!(g.is_ready(gim));
        assert_eq!(
            g.card(e).damage,
            1,
            "2 ATK + 1 alone against the staging area, minus 2 DEF"
        );
    }

    #[test]
    fn thicket_of_spears() {
        let mut g = sandbox(&[&["Core-004", "Core-005", "Core-006"]]);
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.cards[hs[0] as usize].resources = 3;
        let c = g.spawn("Core-036", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        assert!(
            !actions(&mut g).contains(&Opt::Play(c)),
            "3 resources on one hero are not enough"
        );
        for &h in &hs {
            g.cards[h as usize].resources = 1;
        }
        assert!(actions(&mut g).contains(&Opt::Play(c)));
        g.act(0, Opt::Play(c));
        assert!(hs.iter().all(|&h| g.card(h).resources == 0));
        g.push_run(Frame::EnemyAttacks { seat: 0 });
        assert!(g.pending().is_none(), "engaged enemies cannot attack");
        assert!(!g.card(e).attacked);
        // With 3 resources on one hero and 1 on each other: one from each of the three.
        let c2 = g.spawn("Core-036", 0, Zone::Hand(0));
        g.cards[hs[0] as usize].resources = 3;
        g.cards[hs[1] as usize].resources = 1;
        g.cards[hs[2] as usize].resources = 1;
        g.act(0, Opt::Play(c2));
        let left: Vec<i16> = hs.iter().map(|&h| g.card(h).resources).collect();
        assert_eq!(
            left,
            vec![2, 0, 0],
            "one resource from each of three heroes"
        );
    }

    #[test]
    fn swift_strike() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        let c = g.spawn("Core-037", 0, Zone::Hand(0));
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.cards[h as usize].resources = 1;
        g.emit(Event::DefenderDeclared(h, e));
        assert!(g.pending().is_none(), "cost 2 not affordable");
        g.cards[h as usize].resources = 2;
        g.emit(Event::DefenderDeclared(h, e));
        g.answer(Opt::Activate(c));
        assert_eq!(g.card(e).damage, 2);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn stand_together() {
        let mut g = sandbox(&[&["Core-004"]]);
        let c = g.spawn("Core-038", 0, Zone::Hand(0));
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        assert!(actions(&mut g).contains(&Opt::Play(c)));
        g.act(0, Opt::Play(c));
        assert!(g.players[0].multi_defend);
        assert_eq!(g.card(c).zone, Zone::Discard(0));
    }

    #[test]
    fn blade_of_gondolin() {
        let mut g = sandbox(&[&["Core-006"]]);
        let h = hero(&g, "Core-006"); // Thalin, 2 ATK
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-039", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.card(c).zone, Zone::Attached(h));
        assert_eq!(
            g.stat(h, Stat::Attack),
            2,
            "bonus only when attacking an Orc"
        );
        let e = attack_wounded_orc(&mut g, h);
        assert_eq!(
            g.card(e).zone,
            Zone::EncounterDiscard,
            "3 ATK against 2 DEF finishes it"
        );
        g.answer(Opt::Activate(c));
        assert_eq!(g.card(g.main_quest().unwrap()).progress, 1);
    }

    /// An engaged Orc (TLR-044: 2 Defense, 4 hit points) with 3 damage, attacked by `h` alone
    /// in the combat phase: the Orc.
    fn attack_wounded_orc(g: &mut crate::engine::Game, h: CardId) -> CardId {
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.cards[e as usize].damage = 3;
        g.phase = Phase::Combat;
        g.push_run(Frame::PlayerAttacks { seat: 0 });
        g.answer(Opt::Card(e));
        g.answer(Opt::Card(h));
        e
    }

    /// two46: more cards responding to one kill than the response window records (a two-player
    /// game hung when two players' heroes and three Blades of Gondolin all answered one Orc's
    /// death): each responds once, and the window then closes instead of offering the same
    /// Blade forever.
    #[test]
    fn blade_of_gondolin_many_blades_on_one_kill_each_respond_once() {
        let mut g = sandbox(&[&["Core-006"]]);
        let h = hero(&g, "Core-006"); // Thalin, 2 ATK
        let n = crate::engine::RESPONSE_SLOTS + 2;
        let blades: Vec<CardId> = (0..n)
            .map(|_| g.spawn("Core-039", 0, Zone::Attached(h)))
            .collect();
        let e = attack_wounded_orc(&mut g, h);
        assert_eq!(g.card(e).zone, Zone::EncounterDiscard);
        let mut responded = 0;
        for &b in &blades {
            if !options(&g).contains(&Opt::Activate(b)) {
                break;
            }
            g.answer(Opt::Activate(b));
            responded += 1;
        }
        // The slots fill, then one more response closes the window.
        assert_eq!(responded, crate::engine::RESPONSE_SLOTS + 1);
        assert_eq!(
            g.card(g.main_quest().unwrap()).progress,
            responded as i16,
            "one progress per Blade that responded"
        );
        assert!(
            !blades
                .iter()
                .any(|&b| options(&g).contains(&Opt::Activate(b))),
            "no Blade is offered again for the same kill"
        );
    }

    #[test]
    fn citadel_plate() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 4;
        let c = g.spawn("Core-040", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.stat(h, Stat::HitPoints), 9);
    }

    #[test]
    fn dwarven_axe() {
        let mut g = sandbox(&[&["Core-004", "Core-005"]]);
        let gim = hero(&g, "Core-004");
        let leg = hero(&g, "Core-005");
        g.cards[gim as usize].resources = 4;
        let a = g.spawn("Core-041", 0, Zone::Hand(0));
        g.act(0, Opt::Play(a));
        g.answer(Opt::Card(gim));
        let b = g.spawn("Core-041", 0, Zone::Hand(0));
        g.act(0, Opt::Play(b));
        g.answer(Opt::Card(leg));
        assert_eq!(g.stat(gim, Stat::Attack), 4, "Dwarf: +2");
        assert_eq!(g.stat(leg, Stat::Attack), 4, "non-Dwarf: +1");
    }

    #[test]
    fn horn_of_gondor() {
        let mut g = sandbox(&[&["Core-004"]]);
        let h = hero(&g, "Core-004");
        g.cards[h as usize].resources = 1;
        let c = g.spawn("Core-042", 0, Zone::Hand(0));
        g.act(0, Opt::Play(c));
        assert_eq!(g.cards[h as usize].resources, 0);
        let ally = g.spawn("Core-028", 0, Zone::Play(0));
        g.deal_damage(ally, 2);
        g.settle();
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        g.answer(Opt::Activate(c));
        assert_eq!(g.cards[h as usize].resources, 1);
    }

    #[test]
    fn feint_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("Core-034", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        assert_eq!(action_value(&g, 0, c, None), 0, "no enemy engaged");
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "an attack of 2 is not worth it"
        );
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 25);
        // Fault class: Feint played on the enemy whose (immediate) attack is already under
        // way does not stop that attack; it is worth nothing then, and its target is another.
        g.attack = crate::engine::AttackCtx::new(e, 0, true);
        assert_eq!(
            action_value(&g, 0, c, None),
            0,
            "the 3-Attack enemy attacks now"
        );
        let e2 = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(
            action_value(&g, 0, c, None),
            25,
            "another one is still to attack"
        );
        let o = [Opt::Card(e), Opt::Card(e2)];
        let f = crate::cards::hints::hint(&g, c).effect.unwrap();
        assert_eq!(f(&g, 0, c, 0, &o), Some(1), "not the enemy attacking now");
        g.card_mut(e2).attacked = true;
        assert_eq!(action_value(&g, 0, c, None), 0, "the other has attacked");
    }

    #[test]
    fn blade_mastery_hint() {
        use crate::cards::hints::action_value;
        // Before committing: only when the quest is resolved with Attack (Battle).
        for battle in [false, true] {
            let mut g = sandbox(&[&["Core-004", "Core-005"]]);
            if battle {
                // Accursed Battlefield active: the quest is resolved with Attack.
                g.spawn("TBoCD-132", ENCOUNTER, Zone::Active);
            }
            let c = g.spawn("Core-032", 0, Zone::Hand(0));
            g.phase = Phase::Quest;
            let want = if battle { 20 } else { 0 };
            assert_eq!(action_value(&g, 0, c, None), want, "battle {battle}");
            let gim = hero(&g, "Core-004");
            let leg = hero(&g, "Core-005");
            let o = [Opt::Card(gim), Opt::Card(leg)];
            let f = crate::cards::hints::hint(&g, c).effect.unwrap();
            assert_eq!(f(&g, 0, c, 0, &o), Some(1), "the strongest attacker");
        }
    }

    #[test]
    fn quick_strike_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::Lasting;
        let mut g = sandbox(&[&["Core-004", "Core-005"]]);
        let gim = hero(&g, "Core-004");
        let leg = hero(&g, "Core-005");
        let c = g.spawn("Core-035", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0)); // DEF 2, HP 4
        assert_eq!(action_value(&g, 0, c, None), 0, "nobody kills it alone");
        g.add_lasting(leg, Lasting::Stat(Stat::Attack, 3), Until::EndOfPhase);
        assert_eq!(action_value(&g, 0, c, None), 30, "Legolas kills it first");
        let f = crate::cards::hints::hint(&g, c).effect.unwrap();
        let o = [Opt::Card(gim), Opt::Card(leg)];
        assert_eq!(f(&g, 0, c, 0, &o), Some(1), "the one that kills");
        g.exhaust(leg);
        assert_eq!(f(&g, 0, c, 1, &[Opt::Card(e)]), Some(0));
        g.exhaust(gim);
        assert_eq!(action_value(&g, 0, c, None), 0, "no ready striker");
    }

    #[test]
    fn swift_strike_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Event, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-037", 0, Zone::Hand(0));
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let d = g.heroes(0).next().unwrap();
        assert_eq!(
            action_value(&g, 0, c, Some(Event::DefenderDeclared(d, e))),
            30
        );
        assert_eq!(action_value(&g, 0, c, None), 0);
    }

    #[test]
    fn thicket_of_spears_hint() {
        use crate::cards::hints::action_value;
        use crate::engine::{Phase, Zone, ENCOUNTER};
        let mut g = crate::cards::testkit::sandbox(&[&["Core-001", "Core-002", "Core-003"]]);
        let c = g.spawn("Core-036", 0, Zone::Hand(0));
        g.phase = Phase::Combat;
        g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "one weak enemy");
        g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 30, "two enemies");
    }

    /// Rain of Arrows (`Hint::damage_each_engaged`) is worth playing when its damage destroys
    /// an engaged enemy, 30 per enemy destroyed.
    #[test]
    fn rain_of_arrows_hint() {
        use crate::cards::hints::{action_value, hint};
        let mut g = sandbox(&[&["Core-005", "Core-004"]]);
        let c = g.spawn("Core-033", 0, Zone::Hand(0));
        assert_eq!(hint(&g, c).damage_each_engaged, 1);
        let e1 = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let e2 = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        assert_eq!(action_value(&g, 0, c, None), 0, "it destroys nothing");
        g.cards[e1 as usize].damage = g.remaining_hp(e1) - 1;
        assert_eq!(action_value(&g, 0, c, None), 30, "one enemy destroyed");
        g.cards[e2 as usize].damage = g.remaining_hp(e2) - 1;
        assert_eq!(action_value(&g, 0, c, None), 60, "two");
    }

    /// Blade Mastery's boards: an Angmar Marauder (3 Attack) engaged with the Tactics heroes
    /// attacks, Thalin has 1 resource and Blade Mastery in hand; `defender(g, thalin)` makes the
    /// board's last changes and names the declared defender, which gets `wounds` damage.
    /// Returns (game, Blade Mastery, the enemy, the defender).
    fn marauder_attacks(
        wounds: i16,
        defender: impl FnOnce(&mut crate::engine::Game<'static>, CardId) -> CardId,
    ) -> (crate::engine::Game<'static>, CardId, CardId, CardId) {
        use crate::cards::testkit::codes::{ANGMAR_MARAUDER, BLADE_MASTERY, TACTICS_HEROES};
        let mut g = sandbox(&[TACTICS_HEROES]);
        let thalin = hero(&g, "Core-006");
        g.cards[thalin as usize].resources = 1;
        let bm = g.spawn(BLADE_MASTERY, 0, Zone::Hand(0));
        let e = g.spawn(ANGMAR_MARAUDER, ENCOUNTER, Zone::Engaged(0));
        let d = defender(&mut g, thalin);
        g.cards[d as usize].damage = wounds;
        g.phase = Phase::Combat;
        g.attack = AttackCtx::new(e, 0, false);
        g.card_mut(e).attacked = true;
        g.attack.defenders[0] = d;
        g.attack.n_defenders = 1;
        g.exhaust(d);
        (g, bm, e, d)
    }

    /// probe40: Blade Mastery's +1 Defense is played on a declared defender when it keeps the
    /// defender alive or a point of damage off a hero, not on an ally that dies either way.
    #[test]
    fn probe40_blade_mastery_defense_saves_a_defender() {
        use crate::bots::basic::BasicBot;
        use crate::bots::Bot;
        use crate::cards::testkit::codes::GONDORIAN_SPEARMAN;
        use crate::engine::{Ask, Decision};
        // Angmar Marauder (3 Attack) attacks; `defender` is declared; `wounds` on it before.
        let choose = |ally: bool, wounds: i16| {
            let (g, bm, _, d) = marauder_attacks(wounds, |g, thalin| {
                if ally {
                    g.spawn(GONDORIAN_SPEARMAN, 0, Zone::Play(0))
                } else {
                    thalin
                }
            });
            let dec = Decision {
                player: 0,
                ask: Ask::Action(Phase::Combat),
                options: vec![Opt::Pass, Opt::Play(bm)],
            };
            let pick = dec.options[BasicBot::new().choose(&g, &dec)];
            (
                pick,
                super::bot::blade_mastery_effect(&g, 0, bm, 0, &[Opt::Card(d)]),
            )
        };
        // Thalin (2 Defense, 4 hit points) with 3 damage: 1 more destroys him; +1 saves him.
        let (pick, target) = choose(false, 3);
        assert!(matches!(pick, Opt::Play(_)), "saves Thalin");
        assert_eq!(target, Some(0));
        // Unhurt Thalin: one point of damage kept off a hero.
        assert!(matches!(choose(false, 0).0, Opt::Play(_)));
        // Gondorian Spearman (1 Defense, 1 hit point) dies either way: kept.
        assert_eq!(choose(true, 0).0, Opt::Pass);
    }

    /// cards41: Blade Mastery's +1 Defense waits for the attack's shadow card to resolve: in
    /// the window after the defender is declared (a face-down shadow card, stage 10) it is
    /// kept; in the window after the shadow cards (stage 2) a resolved shadow card no longer
    /// counts as +1 Attack, and the boost is played where it still helps.
    #[test]
    fn cards41_blade_mastery_waits_for_shadow_cards() {
        use crate::bots::basic::BasicBot;
        use crate::bots::Bot;
        use crate::cards::hints::{resolved_shadows, shadow_count, shadows_pending};
        use crate::cards::testkit::codes::ANGMAR_MARAUDER;
        use crate::engine::{Ask, Decision};
        // Angmar Marauder (3 Attack) with one shadow card attacks Thalin (2 Defense, 4 hit
        // points, `wounds` damage); the attack's next stage is `stage`.
        let choose = |stage: u8, wounds: i16| {
            let (mut g, bm, e, _) = marauder_attacks(wounds, |g, thalin| {
                let e = g.engaged(0)[0];
                g.spawn(ANGMAR_MARAUDER, ENCOUNTER, Zone::Shadow(e));
                thalin
            });
            g.stack.push(Frame::Attack { stage });
            let counts = (
                shadow_count(&g, e),
                resolved_shadows(&g),
                shadows_pending(&g),
            );
            let dec = Decision {
                player: 0,
                ask: Ask::Action(Phase::Combat),
                options: vec![Opt::Pass, Opt::Play(bm)],
            };
            (dec.options[BasicBot::new().choose(&g, &dec)], counts)
        };
        // Before the shadow card: 3 + 1 (shadow) - 2 = 2 would destroy Thalin at 2 hit points
        // left, but the window after the shadow card comes first: kept.
        let (pick, counts) = choose(10, 2);
        assert_eq!(pick, Opt::Pass);
        assert_eq!(counts, (1, 0, true));
        // Shadow card 0 turned, not yet resolved (stage 11): still pending.
        assert_eq!(choose(11, 2).1, (1, 0, true));
        // After it (stage 2): 3 - 2 = 1 point, Thalin survives either way; the boost keeps a
        // point off a hero and is played.
        let (pick, counts) = choose(2, 2);
        assert!(matches!(pick, Opt::Play(_)));
        assert_eq!(counts.0, 0);
        assert!(!counts.2);
    }
}
