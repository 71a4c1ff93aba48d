//! Across the Ettenmoors: its quest cards and the Across the Ettenmoors encounter set (Eriador
//! Wilds and Foul Weather are in their own modules; Amarthiúl in `amarthiul`). Each script has a
//! one-line summary in our own words.
//!
//! The Safe objective-locations are driven by the engine's Safe piece (`engine/safe.rs`, RULES
//! §8.8): their scripts answer `safe_rule` and add their own "after you travel here" benefit.
//!
//! Engine choices: the Responses printed on encounter cards (a Safe location's travel benefit,
//! Lie Low's and Forage for Food's "after this stage is defeated") always resolve, since they
//! only help the players; where they choose (Abandoned Camp's card, Lie Low's enemy) the choice
//! is theirs and passing is allowed. A side quest "revealed" by stage 1B at the beginning of the
//! quest phase is added to the staging area at once (so it can be chosen as the current quest
//! that phase), then its When Revealed resolves. Scavenge for Supplies' free play is of an ally
//! or an attachment from hand (events are played only in their own timing). The card search
//! effects (Troll-fells, Arador's Bane, Scavenge for Supplies) let the players pick one card of
//! each title. No Rest is attached by the player who revealed it. Forage for Food reads
//! resources paid for cards (`Event::ResourcesSpent`, fired by `Game::pay`); its damage lands once
//! the paid-for card has resolved.

use super::amarthiul;
use super::foul_weather::{damaged_count_shadow, is_weather_treachery};
use crate::cards::common::{self, enemies_in_play};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;
use rand::Rng;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: one random Ettenmoors side quest staged, guarding one random Safe
    // location; one Savage Trollspawn per player staged; Amarthiúl to the first player.
    Script {
        code: "AtE-064A",
        setup: Some(stage1a_setup),
        ..BLANK
    },
    // Stage 1B: with no encounter side quest in play at the start of the quest phase, one is
    // dug out of the encounter deck and revealed; a defeated side quest puts its quest points
    // of progress here.
    Script {
        code: "AtE-064B",
        hint: Hint {
            safe_wait_stage: true,
            ..NO_HINT
        },
        forced: Some(stage1b_forced),
        forced_on: events![PhaseBegin, SideQuestDefeated],
        ..BLANK
    },
    // Stage 2A: the discard pile goes back into the deck, then cards are discarded from the top
    // until a side quest turns up, which is revealed.
    Script {
        code: "AtE-065A",
        when_revealed: Some(fetch_side_quest_revealed),
        ..BLANK
    },
    // Stage 2B: one more encounter card in the staging step unless a Safe location is active.
    Script {
        code: "AtE-065B",
        forced: Some(stage2b_forced),
        forced_on: events![StagingEnded],
        ..BLANK
    },
    // Stage 3A: as stage 2A.
    Script {
        code: "AtE-066A",
        when_revealed: Some(fetch_side_quest_revealed),
        ..BLANK
    },
    // Stage 3B: damaged characters have -2 Willpower unless a Safe location is active;
    // defeating it wins (the last stage).
    Script {
        code: "AtE-066B",
        hint: Hint {
            punishes_damage: true,
            ..NO_HINT
        },
        modify: Some(stage3b_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Willpower]),
        ..BLANK
    },
    // Secluded Cave (Safe objective-location): traveling here, each player draws 3 cards.
    Script {
        code: "AtE-068",
        hint: SAFE_HINT,
        rule: Some(safe_rule),
        rule_on: rules![NoEngagementChecks],
        forced: Some(secluded_cave_forced),
        forced_on: events![Traveled],
        ..BLANK
    },
    // The Hoarwell (Safe objective-location): traveling here heals 1 damage from each character.
    Script {
        code: "AtE-069",
        hint: SAFE_HINT,
        rule: Some(safe_rule),
        rule_on: rules![NoEngagementChecks],
        forced: Some(hoarwell_forced),
        forced_on: events![Traveled],
        ..BLANK
    },
    // Abandoned Camp (Safe objective-location): traveling here, each player may take 1 card
    // from his discard pile back to his hand.
    Script {
        code: "AtE-070",
        hint: Hint {
            effect: Some(bot::abandoned_camp_effect),
            ..SAFE_HINT
        },
        rule: Some(safe_rule),
        rule_on: rules![NoEngagementChecks],
        forced: Some(abandoned_camp_forced),
        forced_on: events![Traveled],
        resume: Some(abandoned_camp_resume),
        ..BLANK
    },
    // Patch of Woods (Safe objective-location): traveling here, each hero gains 1 resource.
    Script {
        code: "AtE-071",
        hint: SAFE_HINT,
        rule: Some(safe_rule),
        rule_on: rules![NoEngagementChecks],
        forced: Some(patch_of_woods_forced),
        forced_on: events![Traveled],
        ..BLANK
    },
    // Savage Trollspawn: +1 Attack per damaged character of its engaged player; shadow: +1
    // Attack per damaged character of the defending player.
    Script {
        code: TROLLSPAWN,
        hint: Hint {
            punishes_damage: true,
            ..NO_HINT
        },
        modify: Some(trollspawn_modify),
        shadow: Some(damaged_count_shadow),
        ..BLANK
    },
    // Coldfell Giant: engaging you, 1 damage to each of 3 different characters you control;
    // shadow: a damaged defender means one more attack after this one.
    Script {
        code: "AtE-073",
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        forced: Some(coldfell_forced),
        forced_on: events![Engaged],
        shadow: Some(coldfell_shadow),
        resume: Some(coldfell_resume),
        ..BLANK
    },
    // Cruel Mountain-troll: each point of excess combat damage it deals removes 1 progress from
    // each quest card in play.
    Script {
        code: "AtE-074",
        forced: Some(cruel_troll_forced),
        forced_on: events![Damaged],
        ..BLANK
    },
    // Ruthless Hill-troll: +2 Attack and +2 Defense with 3+ damage; shadow: a Safe location
    // (not what guards it) is shuffled into the encounter deck.
    Script {
        code: "AtE-075",
        hint: Hint {
            effect: Some(bot::hill_troll_effect),
            hardens_when_damaged: true,
            ..NO_HINT
        },
        modify: Some(hill_troll_modify),
        shadow: Some(hill_troll_shadow),
        resume: Some(hill_troll_resume),
        ..BLANK
    },
    // Goblin Pursuer: damaged characters cannot attack or defend against it; shadow: +1 Attack
    // (+3 if undefended).
    Script {
        code: "AtE-076",
        hint: Hint {
            punishes_damage: true,
            ..NO_HINT
        },
        rule: Some(goblin_pursuer_rule),
        rule_on: crate::rules![CannotFightEnemy],
        shadow: Some(goblin_pursuer_shadow),
        ..BLANK
    },
    // Troll-fells: while active, Weather cards revealed gain Doomed 1; revealed other than as
    // a guard, it fetches a Safe location (deck or discard) to guard; shuffle.
    Script {
        code: "AtE-077",
        rule: Some(troll_fells_rule),
        rule_on: crate::rules![GainsDoomed],
        when_revealed: Some(troll_fells_revealed),
        resume: Some(troll_fells_resume),
        ..BLANK
    },
    // Barren Moorland: while staged, an ally entering play is exhausted or takes 1 damage (its
    // controller's pick); travel: 1 damage to each exhausted character.
    Script {
        code: "AtE-078",
        hint: Hint {
            preferred_mode: Some(0),
            travel_penalty: 15,
            travel_damages_exhausted: 1,
            ..NO_HINT
        },
        forced: Some(moorland_forced),
        forced_on: events![EntersPlay],
        travel: Some(moorland_travel),
        resume: Some(moorland_resume),
        mode_names: &[(0, 0, "exhaust the ally"), (0, 1, "1 damage to the ally")],
        ..BLANK
    },
    // Arador's Bane: each player engages a staged enemy costlier than his threat, or stages a
    // Troll or Giant fetched from the deck or discard; an enemy engaged so gets 2 shadow cards.
    Script {
        code: "AtE-079",
        hint: Hint {
            effect: Some(bot::aradors_bane_effect),
            ..NO_HINT
        },
        when_revealed: Some(aradors_bane_revealed),
        resume: Some(aradors_bane_resume),
        mode_names: &[(0, 1, "stage a Troll or Giant instead")],
        ..BLANK
    },
    // No Rest: attaches to an exhausted hero (a ready one if none): it cannot ready nor collect
    // resources; discarded when the players travel to a Safe location.
    Script {
        code: "AtE-080",
        hint: Hint {
            effect: Some(bot::no_rest_effect),
            ..NO_HINT
        },
        when_revealed: Some(no_rest_revealed),
        rule: Some(no_rest_rule),
        rule_on: crate::rules![CollectsNoResources, GainsTrait, ReadyReplaced],
        forced: Some(no_rest_forced),
        forced_on: events![Traveled],
        resume: Some(no_rest_resume),
        ..BLANK
    },
    // Lie Low (side quest): no progress on it in a round's quest phase gives every enemy -20
    // engagement cost that round; defeated, a staged enemy may be shuffled into the deck.
    Script {
        code: "AtE-081",
        hint: Hint {
            side_quest_priority: 20,
            effect: Some(bot::lie_low_effect),
            ..NO_HINT
        },
        forced: Some(lie_low_forced),
        forced_on: events![ProgressPlaced, PhaseEnd, SideQuestDefeated],
        resume: Some(lie_low_resume),
        ..BLANK
    },
    // Forage for Food (side quest): a hero that pays resources takes 1 damage; defeated, each
    // hero heals 1.
    Script {
        code: "AtE-082",
        hint: Hint {
            side_quest_priority: 20,
            payment_wounds: true,
            ..NO_HINT
        },
        forced: Some(forage_forced),
        forced_on: events![ResourcesSpent, SideQuestDefeated],
        resume: Some(forage_resume),
        ..BLANK
    },
    // Scavenge for Supplies (side quest): player cards cost 1 more; defeated, a Troll from the
    // deck or discard engages the highest-threat player, then each player may play an ally or
    // attachment from hand for free.
    Script {
        code: "AtE-083",
        hint: Hint {
            side_quest_priority: 20,
            defeat_engages_enemy: true,
            effect: Some(bot::scavenge_effect),
            ..NO_HINT
        },
        cost_mod: Some(scavenge_cost),
        forced: Some(scavenge_forced),
        forced_on: events![SideQuestDefeated],
        resume: Some(scavenge_resume),
        ..BLANK
    },
];

const TROLLSPAWN: &str = "AtE-072";
const SIDE_QUESTS: [&str; 3] = ["AtE-081", "AtE-082", "AtE-083"];

/// A Safe location is worth travelling to for its own sake (it clears combat and the next
/// quest phase's treacheries).
const SAFE_HINT: Hint = Hint {
    travel_penalty: -40,
    safe_location: true,
    ..NO_HINT
};

fn is_troll(g: &Game, c: CardId) -> bool {
    g.is_enemy(c) && g.has_trait(c, "Troll")
}

fn is_troll_or_giant(g: &Game, c: CardId) -> bool {
    g.is_enemy(c) && (g.has_trait(c, "Troll") || g.has_trait(c, "Giant"))
}

/// A Safe objective-location.
pub(super) fn is_safe_location(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::ObjectiveLocation && g.is_safe(c)
}

fn safe_rule(g: &Game, me: CardId, r: Rule) -> bool {
    // The engine's Safe rule, its one question read here so that `rule_on` can name it.
    r == Rule::NoEngagementChecks && crate::engine::safe_rule(g, me, Rule::NoEngagementChecks)
}

/// Mill the encounter deck card by card, stopping at the first encounter side quest (or when
/// it runs out); that side quest, if any.
fn discard_until_side_quest(g: &mut Game) -> Option<CardId> {
    g.discard_encounter_until(|g, c| g.ty(c) == CardType::EncounterSideQuest)
}

fn side_quest_in_play(g: &Game) -> bool {
    g.list(Zone::Staging)
        .iter()
        .any(|&c| g.ty(c) == CardType::EncounterSideQuest)
}

/// The quest cards in play: the main quest and the side quests in the staging area.
pub(super) fn quest_cards(g: &Game) -> SmallIds {
    let mut out = SmallIds::new();
    if let Some(q) = g.main_quest() {
        out.push(q);
    }
    for &c in g.list(Zone::Staging) {
        if g.is_side_quest(c) {
            out.push(c);
        }
    }
    out
}

// ------------------------------------------------------------------ quest

fn stage1a_setup(g: &mut Game, _me: CardId) {
    // The side quests and the Trollspawn by definition, each code looked up once: a code names
    // one definition (the loader refuses duplicates), and a card shown as another face (a
    // Reanimated Dead) has that face's code, none of these (speed42: the string compares of
    // every encounter card cost ~0.3% of a game).
    let quest_defs = SIDE_QUESTS.map(|k| g.db.by_code(k));
    let troll_def = g.db.by_code(TROLLSPAWN);
    let of_kind = |g: &Game, c: CardId, defs: &[Option<crate::data::DefId>]| {
        let ci = g.card(c);
        !ci.reanimated && defs.contains(&Some(ci.def))
    };
    let mut quests = SmallIds::new();
    let mut safes = SmallIds::new();
    for &c in g.list(Zone::EncounterDeck) {
        if of_kind(g, c, &quest_defs) {
            quests.push(c);
        } else if is_safe_location(g, c) {
            safes.push(c);
        }
    }
    for &c in quests.iter().chain(safes.iter()) {
        g.move_card(c, Zone::SetAside);
    }
    if !quests.is_empty() {
        let q = quests[g.rng_encounter.gen_range(0..quests.len())];
        g.move_card(q, Zone::Staging);
        log(g, |g| {
            format!("  {} is added to the staging area", g.title(q))
        });
        if !safes.is_empty() {
            let s = safes[g.rng_encounter.gen_range(0..safes.len())];
            g.move_card(s, Zone::Attached(q));
            log(g, |g| format!("  {} guards {}", g.title(q), g.title(s)));
        }
    }
    let n = g.players_in_game();
    for _ in 0..n {
        let t = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| of_kind(g, c, &[troll_def]));
        if let Some(t) = t {
            g.move_card(t, Zone::Staging);
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(t))
            });
        }
    }
    for &c in quests.iter().chain(safes.iter()) {
        if g.card(c).zone == Zone::SetAside {
            g.move_card(c, Zone::EncounterDeck);
        }
    }
    amarthiul::to_first_player(g);
    g.shuffle(Zone::EncounterDeck);
}

fn stage1b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Quest {
        return;
    }
    match ev {
        Event::PhaseBegin(Phase::Quest) => reveal_side_quest_from_deck(g),
        Event::SideQuestDefeated(s) => {
            let n = g.def_of(s).quest_points;
            if n > 0 {
                g.add_progress(me, n);
            }
        }
        _ => {}
    }
}

/// Stage 1B (and the Nightmare stage 1B): with no encounter side quest in play, mill the
/// encounter deck until one turns up and reveal it into the staging area.
pub(super) fn reveal_side_quest_from_deck(g: &mut Game) {
    if side_quest_in_play(g) {
        return;
    }
    if let Some(s) = discard_until_side_quest(g) {
        g.move_card(s, Zone::Staging);
        log(g, |g| format!("  {} is revealed", g.title(s)));
        let by = g.first;
        g.stack.push(Frame::Reveal {
            card: s,
            by,
            stage: 1,
            from_deck: false,
        });
    }
}

/// Stages 2A and 3A: the discard pile is shuffled back; cards are discarded from the top until
/// a side quest, which is revealed.
fn fetch_side_quest_revealed(g: &mut Game, _me: CardId, by: u8) {
    while let Some(&c) = g.list(Zone::EncounterDiscard).last() {
        g.move_card(c, Zone::EncounterDeck);
    }
    g.shuffle(Zone::EncounterDeck);
    if let Some(s) = discard_until_side_quest(g) {
        // Nightmare: the setup card also has a Safe location dug out for it to guard.
        if super::across_the_ettenmoors_nightmare::setup_card_active(g) {
            super::across_the_ettenmoors_nightmare::guard_new_side_quest(g, s);
        }
        g.stack.push(Frame::Reveal {
            card: s,
            by,
            stage: 0,
            from_deck: false,
        });
    }
}

fn stage2b_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::StagingEnded && g.card(me).zone == Zone::Quest && !g.safe_active() {
        let by = g.first;
        log(g, |_| {
            "  A Miserable Journey: one more encounter card".to_string()
        });
        g.stack.push(Frame::RevealTop { by });
    }
}

fn stage3b_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Willpower
        && g.card(me).zone == Zone::Quest
        && g.card(target).damage > 0
        && g.is_character(target)
        && g.card(target).zone.in_play()
        && !g.safe_active();
    -2 * on as i16
}

// ------------------------------------------------------------------ Safe locations

fn secluded_cave_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Traveled(me) {
        for &p in common::seats(g).iter() {
            g.draw_by_effect(p, 3);
        }
    }
}

fn hoarwell_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Traveled(me) {
        let mut chars = SmallIds::new();
        for p in 0..g.n_players {
            for c in g.characters(p) {
                if g.card(c).damage > 0 {
                    chars.push(c);
                }
            }
        }
        for &c in chars.iter() {
            g.heal(c, 1);
        }
    }
}

fn abandoned_camp_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Traveled(me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

/// Player k (offset, step k) may take one card of his discard pile back to his hand.
fn abandoned_camp_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.step;
    if let Opt::Card(c) = opt {
        let p = g.card(c).owner;
        g.move_card(c, Zone::Hand(p));
        log(g, |g| format!("  P{} takes back {}", p + 1, g.title(c)));
    }
    if cont.player == 1 {
        k += 1;
    }
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated && !g.list(Zone::Discard(p)).is_empty() {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            g.offer(Opt::Pass);
            for i in 0..g.list(Zone::Discard(p)).len() {
                let c = g.list(Zone::Discard(p))[i];
                g.offer(Opt::Card(c));
            }
            return g.ask_script(Cont::new(cont.card, k).with(1, 0, 0));
        }
        k += 1;
    }
}

fn patch_of_woods_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Traveled(me) {
        for p in 0..g.n_players {
            if g.players[p as usize].eliminated {
                continue;
            }
            let heroes: SmallIds = g.heroes(p).collect();
            for &h in heroes.iter() {
                g.gain_resources(h, 1);
            }
        }
        log(g, |_| "  each hero gains 1 resource".to_string());
    }
}

// ------------------------------------------------------------------ enemies

fn trollspawn_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target != me || s != Stat::Attack {
        return 0;
    }
    match g.card(me).zone {
        Zone::Engaged(p) => common::damaged_characters(g, p),
        _ => 0,
    }
}

fn coldfell_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(p, NO_CARD as i16, NO_CARD as i16),
            });
        }
    }
}

/// Steps 0..3: player `cont.player` puts 1 damage on a character of his not yet chosen
/// (`a`, `b`: the earlier picks); `AFTER_ATTACK`: the shadow's additional attack.
fn coldfell_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == AFTER_ATTACK {
        let e = g.attack.enemy;
        if g.card(e).zone.in_play() {
            let p = g.attack.player;
            let shadows: SmallIds = g.shadows_of(e).collect();
            for &s in shadows.iter() {
                g.move_card(s, Zone::EncounterDiscard);
            }
            g.stack.push(Frame::ImmediateAttack {
                enemy: e,
                player: p,
            });
        }
        return;
    }
    let p = cont.player;
    let (mut a, mut b) = (cont.a as CardId, cont.b as CardId);
    let mut step = cont.step;
    if let Opt::Card(c) = opt {
        g.deal_damage(c, 1);
        if step == 1 {
            a = c;
        } else if step == 2 {
            b = c;
        }
    }
    if step >= 3 || g.players[p as usize].eliminated {
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
        if g.is_character(c) && c != a && c != b && g.can_take_damage(c) && g.remaining_hp(c) > 0 {
            g.offer(Opt::Card(c));
        }
    }
    step += 1;
    g.ask_if_offered(Cont::new(cont.card, step).with(p, a as i16, b as i16));
}

fn coldfell_shadow(g: &mut Game, me: CardId) {
    let damaged = g.attack.defenders().iter().any(|&d| g.card(d).damage > 0);
    if damaged {
        g.attack.after = me;
    }
}

fn cruel_troll_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::Damaged(c, _) = ev else { return };
    let a = g.attack;
    if a.enemy != me || a.ended || a.damaged_card != c || a.excess_damage <= 0 {
        return;
    }
    g.attack.excess_damage = 0;
    let n = a.excess_damage;
    for &q in quest_cards(g).iter() {
        let ci = g.card_mut(q);
        ci.progress = (ci.progress - n).max(0);
    }
    log(g, |g| {
        format!(
            "  {} excess damage from {}: that much progress off each quest card",
            n,
            g.title(me)
        )
    });
}

fn hill_troll_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = target == me && matches!(s, Stat::Attack | Stat::Defense) && g.card(me).damage >= 3;
    2 * on as i16
}

/// Safe locations in play: staged, guarded (attached to their guard) or active.
fn safe_locations_in_play(g: &Game) -> SmallIds {
    let mut out = SmallIds::new();
    for z in [Zone::Staging, Zone::Active, Zone::Attached(0)] {
        for &c in g.list(z) {
            if is_safe_location(g, c) {
                out.push(c);
            }
        }
    }
    out
}

fn hill_troll_shadow(g: &mut Game, me: CardId) {
    let safes = safe_locations_in_play(g);
    if safes.is_empty() {
        return;
    }
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for &s in safes.iter() {
        g.offer(Opt::Card(s));
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn hill_troll_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    if let Opt::Card(s) = opt {
        log(g, |g| {
            format!("  {} is shuffled into the encounter deck", g.title(s))
        });
        g.move_card(s, Zone::EncounterDeck);
        g.shuffle(Zone::EncounterDeck);
    }
}

fn goblin_pursuer_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotFightEnemy(c, e) if e == me && g.card(c).damage > 0)
}

fn goblin_pursuer_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = if g.attack.defenders().is_empty() {
        3
    } else {
        1
    };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

// ------------------------------------------------------------------ locations

fn troll_fells_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::GainsDoomed(c)
        if g.card(me).zone == Zone::Active && is_weather_treachery(g, c))
}

fn troll_fells_revealed(g: &mut Game, me: CardId, by: u8) {
    let guarding = g.stack.iter().any(|f| {
        matches!(*f, Frame::Guard { objective, guard, .. }
            if guard == me && is_safe_location(g, objective))
    });
    if guarding {
        return;
    }
    g.begin_ask(by, Ask::Effect { card: me, what: 0 });
    common::offer_encounter_one_per_title(g, is_safe_location);
    if !g.ask_if_offered(Cont::new(me, 0).with(by, 0, 0)) {
        g.shuffle(Zone::EncounterDeck);
    }
}

fn troll_fells_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if let Opt::Card(s) = opt {
        if g.card(me).zone.in_play() {
            g.move_card(s, Zone::Attached(me));
            log(g, |g| format!("  {} guards {}", g.title(me), g.title(s)));
        }
    }
    g.shuffle(Zone::EncounterDeck);
}

fn moorland_forced(g: &mut Game, me: CardId, ev: Event) {
    let Event::EntersPlay(a) = ev else { return };
    if g.card(me).zone != Zone::Staging || g.ty(a) != CardType::Ally {
        return;
    }
    let Zone::Play(p) = g.card(a).zone else {
        return;
    };
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0).with(p, a as i16, 0),
    });
}

/// Step 0: the ally's controller picks Mode(0) exhaust (while it is ready) or Mode(1) damage;
/// step 1 applies it.
fn moorland_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let a = cont.a as CardId;
    if !g.card(a).zone.in_play() {
        return;
    }
    match (cont.step, opt) {
        (0, _) => {
            let p = cont.player;
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            if g.is_ready(a) {
                g.offer(Opt::Mode(0));
            }
            g.offer(Opt::Mode(1));
            g.ask_script(Cont::new(cont.card, 1).with(p, cont.a, 0));
        }
        (_, Opt::Mode(0)) => {
            g.exhaust(a);
            log(g, |g| {
                format!("  {} is exhausted (Barren Moorland)", g.title(a))
            });
        }
        (_, _) => g.deal_damage(a, 1),
    }
}

fn moorland_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        let mut hit = SmallIds::new();
        for p in 0..g.n_players {
            for c in g.characters(p) {
                if !g.is_ready(c) {
                    hit.push(c);
                }
            }
        }
        for &c in hit.iter() {
            g.deal_damage(c, 1);
        }
    }
    true
}

// ------------------------------------------------------------------ treacheries

fn aradors_bane_revealed(g: &mut Game, me: CardId, _by: u8) {
    aradors_bane_resume(g, Cont::new(me, 0), Opt::Pass);
}

/// Step k (< 100): player k (offset) engages the chosen enemy or picks `Opt::Mode(1)`; step
/// 100 + k: player k picks the Troll or Giant to stage. Then shuffle.
fn aradors_bane_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.step;
    match opt {
        Opt::Card(c) if k >= 100 => {
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(c))
            });
            g.move_card(c, Zone::Staging);
            g.shuffle(Zone::EncounterDeck);
            k -= 100;
            k += 1;
        }
        Opt::Card(e) => {
            let p = cont.player;
            g.engage(e, p);
            g.deal_shadow(e);
            g.deal_shadow(e);
            k += 1;
        }
        Opt::Mode(1) => {
            let p = cont.player;
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            common::offer_encounter_one_per_title(g, is_troll_or_giant);
            // (A search copy may have dealt the last one as a shadow card since.)
            if g.ask_if_offered(Cont::new(cont.card, 100 + k).with(p, 0, 0)) {
                return;
            }
            k += 1;
        }
        _ => {}
    }
    while k < g.n_players {
        let p = g.seat(k);
        if g.players[p as usize].eliminated {
            k += 1;
            continue;
        }
        let threat = g.players[p as usize].threat;
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        for i in 0..g.list(Zone::Staging).len() {
            let e = g.list(Zone::Staging)[i];
            if g.is_enemy(e)
                && g.stat(e, Stat::Engagement) > threat
                && !g.rule(Rule::CannotBeEngaged(e))
            {
                g.offer(Opt::Card(e));
            }
        }
        let any_troll = [Zone::EncounterDeck, Zone::EncounterDiscard]
            .iter()
            .any(|&z| g.list(z).iter().any(|&c| is_troll_or_giant(g, c)));
        if any_troll {
            g.offer(Opt::Mode(1));
        }
        if g.ask_if_offered(Cont::new(cont.card, k).with(p, 0, 0)) {
            return;
        }
        k += 1;
    }
}

fn no_rest_revealed(g: &mut Game, me: CardId, by: u8) {
    let free = |g: &Game, h: CardId| {
        g.is_hero(h)
            && !g.rule(Rule::CannotHaveAttachments(h))
            && !g.attachments(h).any(|a| code(g, a) == code(g, me))
    };
    let any_exhausted = (0..g.n_players)
        .flat_map(|p| g.heroes(p))
        .any(|h| free(g, h) && !g.is_ready(h));
    g.begin_ask(by, Ask::Effect { card: me, what: 0 });
    for &p in common::seats(g).iter() {
        for i in 0..g.list(Zone::Play(p)).len() {
            let h = g.list(Zone::Play(p))[i];
            if free(g, h) && g.is_ready(h) != any_exhausted {
                g.offer(Opt::Card(h));
            }
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(by, 0, 0));
}

fn no_rest_rule(g: &Game, me: CardId, r: Rule) -> bool {
    let Zone::Attached(h) = g.card(me).zone else {
        return false;
    };
    match r {
        Rule::ReadyReplaced(c) | Rule::CollectsNoResources(c) => c == h,
        Rule::GainsTrait(c, t) => c == me && t == g.db.trait_id("Condition"),
        _ => false,
    }
}

fn no_rest_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Traveled(l) = ev {
        if g.is_safe(l) && matches!(g.card(me).zone, Zone::Attached(_)) {
            log(g, |g| format!("  {} is discarded", g.title(me)));
            g.move_card(me, Zone::EncounterDiscard);
        }
    }
}

/// Step 0: attach to the chosen hero; `WOULD_READY`: the hero does not ready.
fn no_rest_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if cont.step == WOULD_READY {
        return;
    }
    if let Opt::Card(h) = opt {
        if g.card(me).zone == Zone::Resolving && g.card(h).zone.in_play() {
            g.attach(me, h, ENCOUNTER);
            log(g, |g| {
                format!("  {} attached to {}", g.title(me), g.title(h))
            });
        }
    }
}

// ------------------------------------------------------------------ side quests

fn lie_low_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::ProgressPlaced(c, n) if c == me && n > 0 => {
            g.card_mut(me).uses_round = 1;
        }
        Event::PhaseEnd(Phase::Quest)
            if g.card(me).zone == Zone::Staging && g.card(me).uses_round == 0 =>
        {
            let enemies: SmallIds = enemies_in_play(g).collect();
            for &e in enemies.iter() {
                g.add_lasting(e, Lasting::Stat(Stat::Engagement, -20), Until::EndOfRound);
            }
            log(g, |_| {
                "  Lie Low: every enemy -20 engagement cost this round".to_string()
            });
        }
        Event::SideQuestDefeated(c) if c == me => {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0),
            });
        }
        _ => {}
    }
}

/// Step 0: the first player may pick a staged enemy; step 1: it is shuffled into the deck.
fn lie_low_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if cont.step == 0 {
        let first = g.first;
        g.begin_ask(first, Ask::Effect { card: me, what: 0 });
        g.offer(Opt::Pass);
        for i in 0..g.list(Zone::Staging).len() {
            let e = g.list(Zone::Staging)[i];
            if g.is_enemy(e) {
                g.offer(Opt::Card(e));
            }
        }
        if g.n_offered() > 1 {
            g.ask_script(Cont::new(me, 1).with(first, 0, 0));
        }
        return;
    }
    if let Opt::Card(e) = opt {
        if g.card(e).zone == Zone::Staging {
            log(g, |g| {
                format!("  {} is shuffled into the encounter deck", g.title(e))
            });
            g.move_card(e, Zone::EncounterDeck);
            g.shuffle(Zone::EncounterDeck);
        }
    }
}

fn forage_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::ResourcesSpent(h) if g.card(me).zone == Zone::Staging => {
            g.stack.push(Frame::Resume {
                cont: Cont::new(me, 0).with(0, h as i16, 0),
            });
        }
        Event::SideQuestDefeated(c) if c == me => {
            for p in 0..g.n_players {
                let heroes: SmallIds = g.heroes(p).collect();
                for &h in heroes.iter() {
                    if g.card(h).damage > 0 {
                        g.heal(h, 1);
                    }
                }
            }
        }
        _ => {}
    }
}

/// The damage of a hero that paid, dealt once the paid-for card has resolved (engine choice:
/// a card choosing its targets never sees a hero this damage is about to destroy).
fn forage_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    let h = cont.a as CardId;
    if g.card(h).zone.in_play() {
        log(g, |g| {
            format!("  {} takes 1 damage (Forage for Food)", g.title(h))
        });
        g.deal_damage(h, 1);
    }
}

fn scavenge_cost(g: &Game, me: CardId, c: CardId) -> i16 {
    (g.card(me).zone == Zone::Staging && g.card(c).owner != ENCOUNTER) as i16
}

fn scavenge_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 200),
        });
    }
}

/// The player with the highest threat (the first of them in player order).
fn highest_threat_player(g: &Game) -> Option<u8> {
    let mut best: Option<(i16, u8)> = None;
    for &p in common::seats(g).iter() {
        let t = g.players[p as usize].threat;
        if best.map(|(b, _)| t > b).unwrap_or(true) {
            best = Some((t, p));
        }
    }
    best.map(|(_, p)| p)
}

/// May `p` put `c` from his hand into play at no cost (an ally or an attachment)?
fn free_playable(g: &Game, c: CardId, p: u8) -> bool {
    let ty = g.ty(c);
    (ty == CardType::Ally || ty == CardType::Attachment)
        && (g.script(c).is_some() || crate::cards::vanilla(g.db, g.def_id(c)))
        && !g.unique_in_play(c)
        && g.script(c)
            .and_then(|s| s.can_play)
            .map(|f| f(g, c, p))
            .unwrap_or(true)
        && (ty != CardType::Attachment || g.attach_targets(c, p).next().is_some())
}

/// Step 200: the Troll is chosen; step 0: it engages the highest-threat player; steps 1 + k: player k (offset,
/// asked with `cont.player == 1`) may play an ally or attachment from hand for free.
fn scavenge_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == 200 {
        // The first player picks the Troll (one per title).
        let (me, first) = (cont.card, g.first);
        g.begin_ask(first, Ask::Effect { card: me, what: 0 });
        common::offer_encounter_one_per_title(g, is_troll);
        if !g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0)) {
            scavenge_resume(g, Cont::new(me, 1), Opt::Pass);
        }
        return;
    }
    if cont.step == 0 {
        if let Opt::Card(t) = opt {
            g.move_card(t, Zone::Staging);
            g.shuffle(Zone::EncounterDeck);
            if let Some(p) = highest_threat_player(g) {
                log(g, |g| format!("  {} is found", g.title(t)));
                g.engage(t, p);
            }
        }
        return scavenge_resume(g, Cont::new(cont.card, 1), Opt::Pass);
    }
    let mut k = cont.step - 1;
    if cont.player == 1 {
        if let Opt::Card(c) = opt {
            let p = g.card(c).owner;
            log(g, |g| {
                format!("  P{} plays {} at no cost", p + 1, g.title(c))
            });
            if g.ty(c) == CardType::Ally {
                g.put_into_play(c, p);
                g.fire(Event::Played(c));
            } else {
                g.move_card(c, Zone::Resolving);
                g.stack.push(Frame::PlayAttachment { card: c, seat: p });
            }
        }
        k += 1;
    }
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            g.offer(Opt::Pass);
            for i in 0..g.list(Zone::Hand(p)).len() {
                let c = g.list(Zone::Hand(p))[i];
                if free_playable(g, c, p) {
                    g.offer(Opt::Card(c));
                }
            }
            if g.n_offered() > 1 {
                return g.ask_script(Cont::new(cont.card, 1 + k).with(1, 0, 0));
            }
        }
        k += 1;
    }
}

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Abandoned Camp: take back the costliest card that can be played again; never a
    /// destroyed hero (no way to bring it back from the hand: its threat cost was read as a
    /// price, and it was taken before any card in the pile, cards44), rather nothing.
    pub fn abandoned_camp_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        _what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        let hero = |c: CardId| g.def_of(c).ty == CardType::Hero;
        match pick_max(o, |c| if hero(c) { -1 } else { g.def_of(c).cost as i32 }) {
            Some(i) if matches!(o[i], Opt::Card(c) if hero(c)) => find(o, Opt::Pass).or(Some(i)),
            x => x,
        }
    }

    /// Ruthless Hill-troll's shadow: give up a guarded Safe location before a staged one, and
    /// that before the active one.
    pub fn hill_troll_effect(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |c| match g.card(c).zone {
            Zone::Attached(_) => 0,
            Zone::Staging => 1,
            _ => 2,
        })
    }

    /// Arador's Bane: stage a Troll or Giant rather than fight now, unless the weakest staged
    /// enemy is harmless; pick the least dangerous one.
    pub fn aradors_bane_effect(g: &Game, _p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        match what {
            0 => {
                let weak = pick_min(o, |e| danger(g, e));
                match weak {
                    Some(i) if matches!(o[i], Opt::Card(e) if g.stat(e, Stat::Attack) <= 2) => {
                        Some(i)
                    }
                    _ => find(o, Opt::Mode(1)).or(weak),
                }
            }
            _ => pick_min(o, |e| danger(g, e)),
        }
    }

    /// No Rest: on the least valuable hero.
    pub fn no_rest_effect(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |c| char_value(g, c))
    }

    /// Lie Low: shuffle away the most dangerous staged enemy.
    pub fn lie_low_effect(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_max(o, |e| danger(g, e))
    }

    /// Scavenge for Supplies: the least dangerous Troll; the costliest free card.
    pub fn scavenge_effect(g: &Game, _p: u8, _c: CardId, what: u8, o: &[Opt]) -> Option<usize> {
        match what {
            0 => pick_min(o, |e| danger(g, e)),
            _ => pick_max(o, |c| g.def_of(c).cost as i32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_with_shadow, clear_zone, drain, encounter_deck_of, options, reveal,
        reveal_resolving, sandbox_in, set_stage,
    };
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const ROCKS: &str = "TLR-047"; // Rugged Country: no When Revealed, no surge
    const CAVE: &str = "AtE-068";
    const GOBLIN: &str = "AtE-076";
    const LIE_LOW: &str = "AtE-081";

    fn sandbox(seats: &[&[&str]]) -> Game<'static> {
        sandbox_in("across-the-ettenmoors", Mode::Standard, seats)
    }

    /// An encounter deck of `n` Rugged Country.
    fn plain_deck(g: &mut Game, n: usize) {
        clear_zone(g, Zone::EncounterDiscard);
        encounter_deck_of(g, ROCKS, n);
    }

    /// Pass every pending Responses decision (players' cards that could respond).
    fn pass_responses(g: &mut Game) {
        while g
            .pending()
            .is_some_and(|d| matches!(d.ask, Ask::Response(_)))
        {
            g.answer(Opt::Pass);
        }
    }

    /// ett47: the bots' hints. The four Safe locations say so (`safe_hold`); stage 3B, Savage
    /// Trollspawn and Goblin Pursuer make damage cost more (`early_heal`), other cards do not.
    #[test]
    fn savage_trollspawn_goblin_pursuer_and_stage_3b_punish_damage_safe_locations_are_hinted() {
        let mut g = sandbox(&[HEROES]);
        let spawn_hint = |g: &mut Game, code: &str| {
            let c = g.spawn(code, ENCOUNTER, Zone::SetAside);
            crate::cards::hints::hint(g, c)
        };
        for code in ["AtE-066B", TROLLSPAWN, GOBLIN] {
            assert!(spawn_hint(&mut g, code).punishes_damage, "{code}");
        }
        for code in ["AtE-064B", "AtE-073", ROCKS, CAVE] {
            assert!(!spawn_hint(&mut g, code).punishes_damage, "{code}");
        }
        for code in [CAVE, "AtE-069", "AtE-070", "AtE-071"] {
            let h = spawn_hint(&mut g, code);
            assert!(h.safe_location && h.travel_penalty < 0, "{code}");
        }
        assert!(!spawn_hint(&mut g, ROCKS).safe_location);
        // gap59: Safe locations wait on stage 1B while no enemy is engaged
        // (`Hint::safe_wait_stage`, `safe_wait`); not on 2B or 3B, whose penalties lift while
        // one is active, nor on the Nightmare stage 1B.
        assert!(spawn_hint(&mut g, "AtE-064B").safe_wait_stage);
        for code in ["AtE-065B", "AtE-066B", "AtEN-002B", CAVE, ROCKS] {
            assert!(!spawn_hint(&mut g, code).safe_wait_stage, "{code}");
        }
        // ett48: Ruthless Hill-troll grows stronger once damaged (`siege_wary`); no other
        // enemy of the set says so.
        assert!(spawn_hint(&mut g, "AtE-075").hardens_when_damaged);
        for code in [TROLLSPAWN, GOBLIN, "AtE-073", "AtE-074"] {
            assert!(!spawn_hint(&mut g, code).hardens_when_damaged, "{code}");
        }
    }

    /// Travel to `l` through the travel step.
    fn travel_to(g: &mut Game, l: CardId) {
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(l));
        drain(g);
        assert_eq!(g.active_location(), Some(l));
    }

    #[test]
    fn into_the_ettenmoors() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let q = set_stage(&mut g, "AtE-064A");
        stage1a_setup(&mut g, q);
        let staged: Vec<CardId> = g.list(Zone::Staging).to_vec();
        let quests: Vec<CardId> = staged
            .iter()
            .copied()
            .filter(|&c| SIDE_QUESTS.contains(&code(&g, c)))
            .collect();
        assert_eq!(quests.len(), 1, "one Ettenmoors side quest");
        let guarded: Vec<CardId> = g.attachments(quests[0]).collect();
        assert_eq!(guarded.len(), 1);
        assert!(is_safe_location(&g, guarded[0]), "guarding a Safe location");
        let spawns = staged
            .iter()
            .filter(|&&c| code(&g, c) == TROLLSPAWN)
            .count();
        assert_eq!(spawns, 2, "one Savage Trollspawn per player");
        let in_deck = g
            .list(Zone::EncounterDeck)
            .iter()
            .filter(|&&c| is_safe_location(&g, c) || SIDE_QUESTS.contains(&code(&g, c)))
            .count();
        assert_eq!(in_deck, 5, "the others are shuffled back");
        assert!(amarthiul::in_play(&g).is_some());
        // 1B: a defeated side quest puts its quest points of progress here.
        let q = set_stage(&mut g, "AtE-064B");
        let sq = quests[0];
        let qp = g.def_of(sq).quest_points;
        g.move_card(sq, Zone::Victory);
        g.emit(Event::SideQuestDefeated(sq));
        assert_eq!(g.card(q).progress, qp);
        // With no side quest in play, the quest phase digs one out of the deck.
        plain_deck(&mut g, 2);
        let lie = g.spawn(LIE_LOW, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        g.emit(Event::PhaseBegin(Phase::Quest));
        drain(&mut g);
        assert_eq!(g.card(lie).zone, Zone::Staging);
        assert_eq!(g.list(Zone::EncounterDiscard).len(), 1, "the card above it");
        // Not while one is in play.
        let before = g.list(Zone::EncounterDeck).len();
        g.emit(Event::PhaseBegin(Phase::Quest));
        assert_eq!(g.list(Zone::EncounterDeck).len(), before);
        // A dig that empties the deck shuffles the discard pile back in and goes on (RULES
        // §5.30.3): the side quest in the discard pile is found.
        g.move_card(lie, Zone::Victory);
        while let Some(c) = g.top(Zone::EncounterDeck) {
            g.move_card(c, Zone::Removed);
        }
        while let Some(&c) = g.list(Zone::EncounterDiscard).last() {
            g.move_card(c, Zone::Removed);
        }
        let rocks = g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        let again = g.spawn(LIE_LOW, ENCOUNTER, Zone::EncounterDiscard);
        g.emit(Event::PhaseBegin(Phase::Quest));
        drain(&mut g);
        assert_eq!(
            g.card(again).zone,
            Zone::Staging,
            "found after the reshuffle"
        );
        assert!(matches!(
            g.card(rocks).zone,
            Zone::EncounterDeck | Zone::EncounterDiscard
        ));
    }

    #[test]
    fn a_miserable_journey() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        let lie = g.spawn(LIE_LOW, ENCOUNTER, Zone::EncounterDiscard);
        let q = set_stage(&mut g, "AtE-065A");
        fetch_side_quest_revealed(&mut g, q, 0);
        drain(&mut g);
        assert_eq!(
            g.card(lie).zone,
            Zone::Staging,
            "the discard pile went back in"
        );
        // 2B: one more card after staging, unless a Safe location is active.
        set_stage(&mut g, "AtE-065B");
        let deck = g.list(Zone::EncounterDeck).len();
        g.emit(Event::StagingEnded);
        drain(&mut g);
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck - 1);
        g.spawn(CAVE, ENCOUNTER, Zone::Active);
        assert!(g.safe_active());
        g.emit(Event::StagingEnded);
        drain(&mut g);
        assert_eq!(g.list(Zone::EncounterDeck).len(), deck - 1);
    }

    #[test]
    fn journeys_end() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 2);
        let sq = g.spawn("AtE-082", ENCOUNTER, Zone::EncounterDeck);
        let q = set_stage(&mut g, "AtE-066A");
        fetch_side_quest_revealed(&mut g, q, 0);
        drain(&mut g);
        assert_eq!(g.card(sq).zone, Zone::Staging);
        // 3B: damaged characters -2 Willpower unless a Safe location is active.
        let q = set_stage(&mut g, "AtE-066B");
        let h = g.heroes(0).next().unwrap();
        let wp = g.stat(h, Stat::Willpower);
        g.card_mut(h).damage = 1;
        assert_eq!(g.stat(h, Stat::Willpower), (wp - 2).max(0));
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Active);
        assert_eq!(g.stat(h, Stat::Willpower), wp);
        g.move_card(cave, Zone::Removed);
        // The last stage: defeating it wins.
        while let Some(&c) = g.list(Zone::QuestDeck).last() {
            g.move_card(c, Zone::Removed);
        }
        let qp = g.stat(q, Stat::QuestPoints);
        g.add_progress(q, qp);
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn secluded_cave() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Staging);
        assert!(g.is_location(cave) && g.is_safe(cave) && g.immune(cave));
        assert_eq!(g.threat_contribution(cave), 0, "no threat");
        let e0 = g.spawn(GOBLIN, ENCOUNTER, Zone::Engaged(0));
        let e1 = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Engaged(1));
        let hands = [g.list(Zone::Hand(0)).len(), g.list(Zone::Hand(1)).len()];
        travel_to(&mut g, cave);
        assert_eq!(
            g.card(e0).zone,
            Zone::Staging,
            "Safe: engaged enemies return"
        );
        assert_eq!(g.card(e1).zone, Zone::Staging);
        assert_eq!(g.list(Zone::Hand(0)).len(), hands[0] + 3);
        assert_eq!(g.list(Zone::Hand(1)).len(), hands[1] + 3);
        assert!(g.rule(Rule::NoEngagementChecks), "while active");
    }

    #[test]
    fn the_hoarwell() {
        let mut g = sandbox(&[HEROES]);
        let l = g.spawn("AtE-069", ENCOUNTER, Zone::Staging);
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.card_mut(hs[0]).damage = 2;
        g.card_mut(hs[1]).damage = 1;
        travel_to(&mut g, l);
        assert_eq!(g.card(hs[0]).damage, 1);
        assert_eq!(g.card(hs[1]).damage, 0);
        assert_eq!(g.card(hs[2]).damage, 0);
    }

    #[test]
    fn abandoned_camp() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let l = g.spawn("AtE-070", ENCOUNTER, Zone::Staging);
        let c = g.spawn("Core-013", 0, Zone::Discard(0));
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(l));
        assert!(options(&g).contains(&Opt::Pass), "it may");
        g.answer(Opt::Card(c));
        assert_eq!(g.card(c).zone, Zone::Hand(0));
        assert!(g.pending().is_none(), "P2 has nothing to take back");
    }

    #[test]
    fn abandoned_camp_hint() {
        // cards44 census (ent-moot, Across the Ettenmoors): `basic` took a destroyed hero back
        // to the hand (its threat cost read as the dearest card) instead of a playable card.
        let mut g = sandbox(&[HEROES]);
        let l = g.spawn("AtE-070", ENCOUNTER, Zone::Staging);
        let hero = g.heroes(0).next().unwrap();
        g.move_card(hero, Zone::Discard(0));
        let ally = g.spawn("Core-013", 0, Zone::Discard(0));
        let o = [Opt::Pass, Opt::Card(hero), Opt::Card(ally)];
        assert_eq!(bot::abandoned_camp_effect(&g, 0, l, 0, &o), Some(2));
        // Only the hero in the pile: take nothing.
        let o = [Opt::Pass, Opt::Card(hero)];
        assert_eq!(bot::abandoned_camp_effect(&g, 0, l, 0, &o), Some(0));
        // The dearest playable card first.
        let gandalf = g.spawn("Core-073", 0, Zone::Discard(0));
        let o = [
            Opt::Pass,
            Opt::Card(ally),
            Opt::Card(hero),
            Opt::Card(gandalf),
        ];
        assert_eq!(bot::abandoned_camp_effect(&g, 0, l, 0, &o), Some(3));
    }

    #[test]
    fn patch_of_woods() {
        let mut g = sandbox(&[HEROES]);
        let l = g.spawn("AtE-071", ENCOUNTER, Zone::Staging);
        let before: Vec<i16> = g.heroes(0).map(|h| g.card(h).resources).collect();
        travel_to(&mut g, l);
        let after: Vec<i16> = g.heroes(0).map(|h| g.card(h).resources).collect();
        for (b, a) in before.iter().zip(after.iter()) {
            assert_eq!(*a, b + 1);
        }
    }

    #[test]
    fn savage_trollspawn() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Staging);
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.card_mut(hs[0]).damage = 1;
        g.card_mut(hs[1]).damage = 1;
        assert_eq!(g.stat(t, Stat::Attack), 2, "only while engaged");
        g.engage(t, 0);
        g.settle();
        assert_eq!(g.stat(t, Stat::Attack), 4);
        // Shadow: +1 Attack per damaged character of the defending player.
        let e = g.spawn(GOBLIN, ENCOUNTER, Zone::Engaged(0));
        g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        damaged_count_shadow(&mut g, NO_CARD);
        assert_eq!(g.stat(e, Stat::Attack), 4);
    }

    #[test]
    fn coldfell_giant() {
        let mut g = sandbox(&[HEROES]);
        let giant = g.spawn("AtE-073", ENCOUNTER, Zone::Staging);
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.engage(giant, 0);
        g.settle();
        pass_responses(&mut g);
        g.answer(Opt::Card(hs[0]));
        pass_responses(&mut g);
        assert!(
            !options(&g).contains(&Opt::Card(hs[0])),
            "different characters"
        );
        g.answer(Opt::Card(hs[1]));
        drain(&mut g); // the last pick has one option: the engine makes it
        assert!(hs.iter().all(|&h| g.card(h).damage == 1));
        assert!(g.pending().is_none());
        // Shadow: a damaged defender means one more attack.
        plain_deck(&mut g, 4);
        let e = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.card_mut(ally).damage = 1;
        attack_with_shadow(&mut g, e, "AtE-073");
        let mut defends = 0;
        while let Some(d) = g.pending() {
            if matches!(d.ask, Ask::Defender { .. }) {
                defends += 1;
                if defends == 1 {
                    g.answer(Opt::Card(ally));
                    continue;
                }
            }
            g.apply(0);
        }
        assert_eq!(defends, 2, "two attacks");
    }

    #[test]
    fn cruel_mountain_troll() {
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 5;
        let sq = g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging);
        g.card_mut(sq).progress = 1;
        let e = g.spawn("AtE-074", ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0)); // 0 Defense, 2 hit points
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        drain(&mut g);
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        // 6 Attack - 0 Defense = 6 damage on 2 hit points: 4 excess.
        assert_eq!(g.card(q).progress, 1);
        assert_eq!(g.card(sq).progress, 0);
    }

    #[test]
    fn ruthless_hill_troll() {
        let mut g = sandbox(&[HEROES]);
        let t = g.spawn("AtE-075", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(t, Stat::Attack), 4);
        g.card_mut(t).damage = 3;
        assert_eq!(g.stat(t, Stat::Attack), 6);
        assert_eq!(g.stat(t, Stat::Defense), 3);
        // Shadow: a Safe location (guarded here: not its guard) goes into the deck.
        let sq = g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Attached(sq));
        let e = g.spawn(GOBLIN, ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        hill_troll_shadow(&mut g, t);
        drain(&mut g);
        assert_eq!(g.card(cave).zone, Zone::EncounterDeck);
        assert_eq!(g.card(sq).zone, Zone::Staging);
        g.check_invariants().unwrap();
    }

    #[test]
    fn goblin_pursuer() {
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn(GOBLIN, ENCOUNTER, Zone::Engaged(0));
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.card_mut(hs[0]).damage = 1;
        assert!(g.rule(Rule::CannotFightEnemy(hs[0], e)));
        assert!(!g.rule(Rule::CannotFightEnemy(hs[1], e)));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
        let o = options(&g);
        assert!(
            !o.contains(&Opt::Card(hs[0])),
            "a damaged character cannot defend"
        );
        assert!(o.contains(&Opt::Card(hs[1])));
        g.stack.clear();
        // Shadow: +1 Attack, +3 if undefended.
        g.card_mut(hs[0]).damage = 0;
        let other = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(other, 0, false);
        goblin_pursuer_shadow(&mut g, NO_CARD);
        assert_eq!(g.stat(other, Stat::Attack), 5);
    }

    #[test]
    fn troll_fells() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 2);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::EncounterDiscard);
        let tf = g.spawn("AtE-077", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, tf);
        assert_eq!(
            g.card(cave).zone,
            Zone::Attached(tf),
            "it fetches a Safe location"
        );
        // Revealed as the guard of a Safe location, it fetches none.
        let cave2 = g.spawn("AtE-069", ENCOUNTER, Zone::Staging);
        let tf2 = g.spawn("AtE-077", ENCOUNTER, Zone::EncounterDeck);
        let other = g.spawn("AtE-071", ENCOUNTER, Zone::EncounterDeck);
        g.stack.push(Frame::Guard {
            objective: cave2,
            guard: tf2,
            by: 0,
        });
        reveal(&mut g, tf2);
        drain(&mut g);
        assert_eq!(g.card(cave2).zone, Zone::Attached(tf2));
        assert_eq!(g.card(other).zone, Zone::EncounterDeck);
        // While active, Weather treacheries gain Doomed 1.
        g.move_card_keep(tf, Zone::Active);
        let w = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDeck);
        assert!(g.rule(Rule::GainsDoomed(w)));
        let r = g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        assert!(!g.rule(Rule::GainsDoomed(r)));
        let t = g.players[0].threat;
        reveal_resolving(&mut g, w);
        assert_eq!(g.players[0].threat, t + 1);
        // Explored, its guarded location returns to the staging area.
        let qp = g.stat(tf, Stat::QuestPoints);
        g.add_progress(tf, qp);
        g.settle();
        assert_eq!(g.card(cave).zone, Zone::Staging);
    }

    #[test]
    fn barren_moorland() {
        let mut g = sandbox(&[HEROES]);
        let l = g.spawn("AtE-078", ENCOUNTER, Zone::Staging);
        let a = g.spawn("Core-013", 0, Zone::Hand(0));
        g.put_into_play(a, 0);
        g.settle();
        pass_responses(&mut g);
        assert_eq!(options(&g), vec![Opt::Mode(0), Opt::Mode(1)]);
        g.answer(Opt::Mode(0));
        assert!(!g.is_ready(a));
        let b = g.spawn("Core-015", 0, Zone::Hand(0)); // Son of Arnor, 2 hit points
        g.put_into_play(b, 0);
        g.settle();
        pass_responses(&mut g);
        g.answer(Opt::Mode(1));
        assert_eq!(g.card(b).damage, 1);
        // Travel: 1 damage to each exhausted character.
        let h = g.heroes(0).next().unwrap();
        g.exhaust(h);
        travel_to(&mut g, l);
        assert_eq!(g.card(h).damage, 1);
        assert_eq!(g.card(a).damage, 1);
        assert_eq!(g.card(b).damage, 1, "ready: no more damage");
        // ett60: its travel cost is hinted as damage on each exhausted character
        // (`Hint::travel_damages_exhausted`, `basic`'s `wound_travel`); no other location of
        // the set carries it.
        assert_eq!(crate::cards::hints::hint(&g, l).travel_damages_exhausted, 1);
        for code in [CAVE, ROCKS, "AtE-069", "AtE-070", "AtE-071", "AtE-077"] {
            let c = g.spawn(code, ENCOUNTER, Zone::SetAside);
            assert_eq!(crate::cards::hints::hint(&g, c).travel_damages_exhausted, 0);
        }
    }

    #[test]
    fn aradors_bane() {
        let mut g = sandbox(&[HEROES, OTHER]);
        plain_deck(&mut g, 4);
        let far = g.spawn("AtE-074", ENCOUNTER, Zone::Staging); // engagement 46
        let troll = g.spawn("AtE-075", ENCOUNTER, Zone::EncounterDiscard);
        let bane = g.spawn("AtE-079", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, bane);
        while g
            .pending()
            .is_some_and(|d| d.player != 0 || !d.options.contains(&Opt::Mode(1)))
        {
            g.apply(0);
        }
        // P1 engages the far enemy, which gets 2 shadow cards.
        g.answer(Opt::Card(far));
        assert_eq!(g.card(far).zone, Zone::Engaged(0));
        assert_eq!(g.shadows_of(far).count(), 2);
        // P2 has nothing to engage: he stages the Troll (his only choices).
        drain(&mut g);
        assert_eq!(g.card(troll).zone, Zone::Staging);
    }

    #[test]
    fn no_rest() {
        let mut g = sandbox(&[HEROES]);
        let hs: Vec<CardId> = g.heroes(0).collect();
        g.exhaust(hs[1]);
        let nr = g.spawn("AtE-080", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, nr);
        drain(&mut g);
        assert_eq!(g.card(nr).zone, Zone::Attached(hs[1]), "the exhausted hero");
        assert!(g.has_trait(nr, "Condition"));
        g.ready(hs[1]);
        g.settle();
        assert!(!g.is_ready(hs[1]), "cannot ready");
        // No resources in the resource phase (asked of the hero's attachments).
        assert!(no_rest_rule(&g, nr, Rule::CollectsNoResources(hs[1])));
        assert!(!no_rest_rule(&g, nr, Rule::CollectsNoResources(hs[0])));
        // Travel to a Safe location discards it.
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Staging);
        travel_to(&mut g, cave);
        assert_eq!(g.card(nr).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn lie_low() {
        let mut g = sandbox(&[HEROES]);
        let sq = g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging);
        let e = g.spawn(GOBLIN, ENCOUNTER, Zone::Staging);
        g.emit(Event::PhaseEnd(Phase::Quest));
        assert_eq!(g.stat(e, Stat::Engagement), 0, "16 - 20, not below 0");
        g.expire(Until::EndOfRound);
        assert_eq!(g.stat(e, Stat::Engagement), 16);
        // With progress placed on it this round, nothing.
        g.add_progress(sq, 1);
        g.emit(Event::PhaseEnd(Phase::Quest));
        assert_eq!(g.stat(e, Stat::Engagement), 16);
        // Defeated: a staged enemy may be shuffled into the deck.
        g.add_progress(sq, 7);
        g.settle();
        assert_eq!(g.card(sq).zone, Zone::Victory);
        g.answer(Opt::Card(e));
        assert_eq!(g.card(e).zone, Zone::EncounterDeck);
    }

    #[test]
    fn forage_for_food() {
        let mut g = sandbox(&[HEROES]);
        let sq = g.spawn("AtE-082", ENCOUNTER, Zone::Staging);
        let h = g.heroes(0).next().unwrap();
        g.card_mut(h).resources = 2;
        let sphere = g.def_of(h).sphere;
        g.pay(0, sphere, 2);
        g.settle();
        assert_eq!(g.card(h).damage, 1, "once per payment");
        // ett49: the bots' hint (`basic`'s `pay_wound`).
        assert!(crate::cards::hints::hint(&g, sq).payment_wounds);
        // Defeated: each hero heals 1.
        let qp = g.def_of(sq).quest_points;
        g.add_progress(sq, qp);
        g.settle();
        assert_eq!(g.card(sq).zone, Zone::Victory);
        assert_eq!(g.card(h).damage, 0);
    }

    #[test]
    fn scavenge_for_supplies() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let ally = g.spawn("Core-013", 1, Zone::Hand(1));
        let base = g.cost_of(ally, 1);
        let sq = g.spawn("AtE-083", ENCOUNTER, Zone::Staging);
        assert_eq!(g.cost_of(ally, 1), base + 1);
        plain_deck(&mut g, 3);
        let troll = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::EncounterDeck);
        g.players[1].threat = 40;
        let qp = g.def_of(sq).quest_points;
        g.add_progress(sq, qp);
        g.settle();
        assert_eq!(g.card(troll).zone, Zone::Engaged(1), "highest threat");
        // Each player may put an ally from his hand into play for free.
        while g.pending().is_some_and(|d| d.player != 1) {
            g.answer(Opt::Pass);
        }
        g.answer(Opt::Card(ally));
        drain(&mut g);
        assert_eq!(g.card(ally).zone, Zone::Play(1));
    }
}
