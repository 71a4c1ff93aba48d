//! Across the Ettenmoors Nightmare: the setup card, the Nightmare stage 1 and the Nightmare
//! encounter cards. Each script has a one-line summary in our own words.
//!
//! The setup card's side B only tells how to build the Nightmare encounter deck (the data does
//! that: `scenarios.csv` lists the Nightmare deck); side A lies in `Zone::Nightmare` all game.
//! Its Forced (stages 2A and 3A also dig out a Safe location for the new side quest to guard)
//! is run by those stages' When Revealed (`across_the_ettenmoors::fetch_side_quest_revealed`
//! asks `guard_new_side_quest`), since it changes how that effect resolves.
//!
//! Engine choices: the Nightmare stage 1A sets aside every encounter side quest of the deck
//! (its text says each side quest, not only the three Ettenmoors ones, so Make Camp, Isolated
//! and Rescue from the Trolls count too); its side quest is revealed (When Revealed, Surge)
//! before the rest of its text; the discarded non-enemies stay in the discard pile.
//! The Safe location dug out for a new side quest is attached to it before the side quest's
//! own reveal resolves. Barren and Desolate's side quest is chosen by the first player (RULES
//! FAQ 1.03); its -1 Willpower is read by the setup card's global modifier, since the engine
//! reads global modifiers of cards in play areas only (not of attachments).

use super::across_the_ettenmoors::{is_safe_location, quest_cards, reveal_side_quest_from_deck};
use super::amarthiul;
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;
use crate::rules;
use rand::Rng;

pub static SCRIPTS: &[Script] = &[
    // The setup card (side A): when stage 2A or 3A digs out a side quest, cards are also
    // discarded until a Safe location, which the new side quest guards.
    Script {
        code: SETUP_CARD,
        resume: Some(setup_card_resume),
        modify: Some(barren_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Willpower]),
        ..BLANK
    },
    // Nightmare stage 1A setup: one random side quest staged, guarding one random Safe
    // location; then the encounter deck is milled until one enemy per player is found, and
    // those enemies are staged; Amarthiúl to the first player.
    Script {
        code: "AtEN-002A",
        setup: Some(stage1a_setup),
        resume: Some(stage1a_resume),
        ..BLANK
    },
    // Nightmare stage 1B: with no encounter side quest in play at the start of the quest
    // phase, one is dug out of the encounter deck and revealed.
    Script {
        code: "AtEN-002B",
        forced: Some(stage1b_forced),
        forced_on: events![PhaseBegin],
        ..BLANK
    },
    // Hoarwell River Serpent: in the staging area, traveling to a Safe location costs the
    // first player engaging it; whoever engages it puts 1 damage on each of his damaged
    // characters (roll49: so damage costs more while it is in play, `Hint::punishes_damage`).
    Script {
        code: "AtEN-003",
        hint: Hint {
            punishes_damage: true,
            ..NO_HINT
        },
        safe_travel: Some(serpent_safe_travel),
        forced: Some(serpent_forced),
        forced_on: events![Engaged],
        ..BLANK
    },
    // Scavenging Stone-troll: no travel to a Safe location while it has no damage; in the
    // staging area, no card leaves a player's discard pile.
    Script {
        code: "AtEN-004",
        safe_travel: Some(stone_troll_safe_travel),
        rule: Some(stone_troll_rule),
        rule_on: rules![DiscardPileLocked],
        ..BLANK
    },
    // Giant Beetle: engaged, traveling to a Safe location costs an immediate attack on its
    // player; damaged characters cannot attack or defend against it (roll49: as Goblin
    // Pursuer, `Hint::punishes_damage`).
    Script {
        code: "AtEN-005",
        hint: Hint {
            punishes_damage: true,
            ..NO_HINT
        },
        safe_travel: Some(beetle_safe_travel),
        rule: Some(beetle_rule),
        rule_on: rules![CannotFightEnemy],
        ..BLANK
    },
    // Isolated (side quest, Surge): no player draws cards by card effects while it is in
    // play; once defeated each player draws 1 card. (Hint: worth questing first, as
    // `lookahead` does; nm48: `basic` +0.93 win points, 3,000 pairs, priority 30 against 0.)
    Script {
        code: "AtEN-010",
        hint: Hint {
            side_quest_priority: ISOLATED_PRIORITY,
            ..NO_HINT
        },
        rule: Some(isolated_rule),
        rule_on: rules![NoDrawByEffects],
        forced: Some(isolated_forced),
        forced_on: events![SideQuestDefeated],
        ..BLANK
    },
    // Rescue from the Trolls (side quest): revealed, each player's lowest-threat-cost hero
    // goes under it, out of play; each Troll destroyed puts 3 progress on it; once defeated,
    // the heroes under it return to their owners' control.
    Script {
        code: "AtEN-011",
        hint: Hint {
            side_quest_priority: 30,
            ..NO_HINT
        },
        when_revealed: Some(rescue_revealed),
        forced: Some(rescue_forced),
        forced_on: events![Destroyed, SideQuestDefeated],
        ..BLANK
    },
    // Rocky Foothills: the players must travel here when they can; +2 quest points for each
    // quest card in play; shadow: +1 Attack per damage on the defender.
    Script {
        code: "AtEN-006",
        modify: Some(foothills_modify),
        rule: Some(foothills_rule),
        rule_on: rules![MustTravelHere],
        shadow: Some(foothills_shadow),
        ..BLANK
    },
    // Vast Troll-fells: traveling to a Safe location costs each player 1 resource; heroes gain
    // no resources by card effects; shadow: +4 Attack if no side quest got progress this round.
    Script {
        code: "AtEN-007",
        hint: Hint {
            shadow_attack: Some(|g, _| (!g.side_quest_progress_this_round) as i16 * 4),
            punishes_idle_side_quests: true,
            ..NO_HINT
        },
        safe_travel: Some(vast_fells_safe_travel),
        rule: Some(vast_fells_rule),
        rule_on: rules![HeroesGainNoResources],
        shadow: Some(vast_fells_shadow),
        ..BLANK
    },
    // Crashing Thunder (Weather): each player spreads one damage per quest card in play among
    // his characters, then every damaged character exhausts; shadow: Weather cards of the
    // encounter discard pile are shuffled back into the deck.
    Script {
        code: "AtEN-008",
        hint: Hint {
            damage_prompts: &[(0, 1)],
            ..NO_HINT
        },
        when_revealed: Some(thunder_revealed),
        resume: Some(thunder_resume),
        shadow: Some(thunder_shadow),
        ..BLANK
    },
    // Barren and Desolate (Surge): attaches to a side quest (one per quest) as a Condition;
    // while that side quest is the current quest, characters have -1 Willpower.
    Script {
        code: "AtEN-009",
        hint: Hint {
            effect: Some(bot::barren_effect),
            ..NO_HINT
        },
        when_revealed: Some(barren_revealed),
        resume: Some(barren_resume),
        rule: Some(barren_rule),
        rule_on: rules![GainsTrait],
        ..BLANK
    },
];

const SETUP_CARD: &str = "AtEN-001A";

/// Isolated's priority as the current quest (`Hint::side_quest_priority`): it blocks every draw
/// by card effects while it is in play, so it is worth clearing before the stage (nm48).
const ISOLATED_PRIORITY: i32 = 30;
const BARREN: &str = "AtEN-009";

// ------------------------------------------------------------------ setup card

/// Is the Nightmare setup card next to the quest deck?
pub fn setup_card_active(g: &Game) -> bool {
    g.list(Zone::Nightmare)
        .iter()
        .any(|&c| code(g, c) == SETUP_CARD)
}

/// The setup card's Forced, for stages 2A/3A: side quest `s` was just dug out (it is in the
/// encounter discard pile, about to be revealed); mill the encounter deck until a Safe location
/// turns up, which `s` will guard once its reveal has put it in the staging area. Call it before
/// pushing the side quest's `Frame::Reveal`.
///
/// A mill that empties the deck resets it from the discard pile once (RULES §5.30.3) — without
/// the side quest, which lies in that pile waiting for its reveal: it is set aside for the dig
/// and put back on top of the pile after it.
pub fn guard_new_side_quest(g: &mut Game, s: CardId) {
    let in_deck = g
        .list(Zone::EncounterDeck)
        .iter()
        .any(|&c| is_safe_location(g, c));
    let safe = if in_deck {
        g.discard_encounter_until(is_safe_location)
    } else {
        let from = g.card(s).zone;
        g.move_card(s, Zone::SetAside);
        let safe = g.discard_encounter_until(is_safe_location);
        g.move_card(s, from);
        safe
    };
    let (Some(l), Some(&me)) = (safe, g.list(Zone::Nightmare).first()) else {
        return;
    };
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0).with(0, s as i16, l as i16),
    });
}

/// After the side quest's reveal: the Safe location (still in the discard pile) becomes its
/// guarded objective.
fn setup_card_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    let (s, l) = (cont.a as CardId, cont.b as CardId);
    if g.card(s).zone == Zone::Staging && g.card(l).zone == Zone::EncounterDiscard {
        g.move_card(l, Zone::Attached(s));
        log(g, |g| {
            format!("  Nightmare: {} guards {}", g.title(s), g.title(l))
        });
    }
}

// ------------------------------------------------------------------ quest

/// The side quest is revealed (RULES §2.2.10: a card revealed during setup resolves its When
/// Revealed effect and Surge, e.g. Rescue from the Trolls, Isolated) before the rest of the text
/// (`stage1a_resume`) shuffles the other set-aside cards back and mills for enemies. Engine
/// choice: it counts as revealed from the encounter deck, which it was set aside from by this
/// very text a moment before (§5.1.2 keeps Surge to such reveals); the Safe location is only
/// added under it, as the text says of no effect of its own.
fn stage1a_setup(g: &mut Game, me: CardId) {
    let mut quests = SmallIds::new();
    let mut safes = SmallIds::new();
    for &c in g.list(Zone::EncounterDeck) {
        if g.ty(c) == CardType::EncounterSideQuest {
            quests.push(c);
        } else if is_safe_location(g, c) {
            safes.push(c);
        }
    }
    for &c in quests.iter().chain(safes.iter()) {
        g.move_card(c, Zone::SetAside);
    }
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0),
    });
    if !quests.is_empty() {
        let q = quests[g.rng_encounter.gen_range(0..quests.len())];
        if !safes.is_empty() {
            let s = safes[g.rng_encounter.gen_range(0..safes.len())];
            g.move_card(s, Zone::Attached(q));
            log(g, |g| format!("  {} guards {}", g.title(q), g.title(s)));
        }
        let by = g.first;
        g.stack.push(Frame::Reveal {
            card: q,
            by,
            stage: 0,
            from_deck: true,
        });
    }
}

/// Stage 1A's text after the side quest's reveal: the other set-aside side quests and Safe
/// locations go back into the encounter deck, Amarthiúl to the first player, and the deck is
/// milled until one enemy per player turns up; those enemies are staged.
fn stage1a_resume(g: &mut Game, _cont: Cont, _opt: Opt) {
    let back: SmallIds = g
        .list(Zone::SetAside)
        .iter()
        .copied()
        .filter(|&c| {
            g.card(c).owner == ENCOUNTER
                && (g.ty(c) == CardType::EncounterSideQuest || is_safe_location(g, c))
        })
        .collect();
    for &c in back.iter() {
        g.move_card(c, Zone::EncounterDeck);
    }
    // Amarthiúl is taken out of the deck before the mill (it is never milled).
    amarthiul::to_first_player(g);
    g.shuffle(Zone::EncounterDeck);
    let mut left = g.players_in_game();
    let mut found = SmallIds::new();
    while left > 0 {
        let Some(c) = g.top(Zone::EncounterDeck) else {
            break;
        };
        g.move_card(c, Zone::EncounterDiscard);
        if g.is_enemy(c) {
            found.push(c);
            left -= 1;
        }
    }
    for &e in found.iter() {
        g.move_card(e, Zone::Staging);
        log(g, |g| {
            format!("  {} is added to the staging area", g.title(e))
        });
    }
}

fn stage1b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone == Zone::Quest && ev == Event::PhaseBegin(Phase::Quest) {
        reveal_side_quest_from_deck(g);
    }
}

// ------------------------------------------------------------------ enemies

/// Engine choice: the cost is asked only while the Serpent is in the staging area (engaged, it
/// cannot be engaged again), and the first player engages it (RULES FAQ 1.03).
fn serpent_safe_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    if g.card(me).zone != Zone::Staging {
        return true;
    }
    if g.rule(Rule::CannotBeEngaged(me)) {
        return false;
    }
    if pay {
        let first = g.first;
        log(g, |g| {
            format!("  P{} engages {} to travel", first + 1, g.title(me))
        });
        g.engage(me, first);
    }
    true
}

fn serpent_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Engaged(e, p) = ev {
        if e == me {
            let hit: SmallIds = g.characters(p).filter(|&c| g.card(c).damage > 0).collect();
            for &c in hit.iter() {
                g.deal_damage(c, 1);
            }
        }
    }
}

fn stone_troll_safe_travel(g: &mut Game, me: CardId, _pay: bool) -> bool {
    g.card(me).damage > 0
}

/// The engine's discard-pile lock covers player card effects, the only ones that take cards
/// out of a player's discard pile in these scenarios.
fn stone_troll_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::DiscardPileLocked(_)) && g.card(me).zone == Zone::Staging
}

fn beetle_safe_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    if let (Zone::Engaged(p), true) = (g.card(me).zone, pay) {
        log(g, |g| {
            format!("  {} attacks to let the players travel", g.title(me))
        });
        g.stack.push(Frame::ImmediateAttack {
            enemy: me,
            player: p,
        });
    }
    true
}

fn beetle_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotFightEnemy(c, e) if e == me && g.card(c).damage > 0)
}

// ------------------------------------------------------------------ Isolated

fn isolated_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::NoDrawByEffects && g.card(me).zone == Zone::Staging
}

fn isolated_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        for p in 0..g.n_players {
            if !g.players[p as usize].eliminated {
                g.draw_by_effect(p, 1);
            }
        }
    }
}

// ------------------------------------------------------------------ Rescue from the Trolls

/// Engine choice: with several heroes of the lowest threat cost, the first in play order goes.
fn rescue_revealed(g: &mut Game, me: CardId, _by: u8) {
    for p in 0..g.n_players {
        if g.players[p as usize].eliminated {
            continue;
        }
        let mut pick: Option<CardId> = None;
        for h in g.heroes(p) {
            let t = g.def_of(h).threat_cost;
            if pick.is_none_or(|b| t < g.def_of(b).threat_cost) {
                pick = Some(h);
            }
        }
        if let Some(h) = pick {
            g.move_card(h, Zone::Under(me));
            let c = g.card_mut(h);
            c.damage = 0;
            c.resources = 0;
            c.exhausted = false;
            log(g, |g| {
                format!("  {} is taken under {}", g.title(h), g.title(me))
            });
        }
    }
}

/// The Response (3 progress when a Troll is destroyed) always resolves: it only helps.
fn rescue_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::Destroyed(e)
            if g.card(me).zone == Zone::Staging && g.is_enemy(e) && g.has_trait(e, "Troll") =>
        {
            g.add_progress(me, 3);
        }
        Event::SideQuestDefeated(c) if c == me => {
            let under: SmallIds = g.cards_under(me).collect();
            for &h in under.iter() {
                let owner = g.card(h).owner;
                if g.players[owner as usize].eliminated {
                    continue;
                }
                g.move_card(h, Zone::Play(owner));
                g.card_mut(h).controller = owner;
                log(g, |g| format!("  {} is rescued", g.title(h)));
            }
        }
        _ => {}
    }
}

// ------------------------------------------------------------------ Rocky Foothills

fn foothills_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target != me || s != Stat::QuestPoints {
        return 0;
    }
    2 * quest_cards(g).len() as i16
}

fn foothills_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::MustTravelHere(me)
}

fn foothills_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n: i16 = g.attack.defenders().iter().map(|&d| g.card(d).damage).sum();
    if n > 0 {
        g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
    }
}

// ------------------------------------------------------------------ Vast Troll-fells

/// The hero of `p` with the most resources (the first such in play order), if any has one.
fn richest_hero(g: &Game, p: u8) -> Option<CardId> {
    let mut best: Option<CardId> = None;
    for h in g.heroes(p) {
        let r = g.card(h).resources;
        if r > 0 && best.is_none_or(|b| r > g.card(b).resources) {
            best = Some(h);
        }
    }
    best
}

/// Engine choice: each player spends the resource from his hero with the most resources.
fn vast_fells_safe_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    if g.card(me).zone != Zone::Staging {
        return true;
    }
    let players = (0..g.n_players).filter(|&p| !g.players[p as usize].eliminated);
    if !pay {
        return players.clone().all(|p| richest_hero(g, p).is_some());
    }
    let payers: SmallIds = players.filter_map(|p| richest_hero(g, p)).collect();
    for &h in payers.iter() {
        g.card_mut(h).resources -= 1;
        log(g, |g| {
            format!("  {} spends 1 resource to travel", g.title(h))
        });
    }
    true
}

fn vast_fells_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::HeroesGainNoResources && matches!(g.card(me).zone, Zone::Staging | Zone::Active)
}

fn vast_fells_shadow(g: &mut Game, _me: CardId) {
    if !g.side_quest_progress_this_round {
        let e = g.attack.enemy;
        g.add_lasting(e, Lasting::Stat(Stat::Attack, 4), Until::EndOfAttack);
    }
}

// ------------------------------------------------------------------ Crashing Thunder

fn thunder_revealed(g: &mut Game, me: CardId, _by: u8) {
    let n = quest_cards(g).len() as i16;
    thunder_resume(g, Cont::new(me, 0).with(0, n, n), Opt::Pass);
}

fn thunder_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if !deal_damage_steps(g, cont, opt, 0, true, Dealers::Each, common::own_character) {
        return;
    }
    for p in 0..g.n_players {
        for i in 0..g.list(Zone::Play(p)).len() {
            let c = g.list(Zone::Play(p))[i];
            if g.is_character(c) && g.card(c).damage > 0 && g.is_ready(c) {
                g.exhaust(c);
                log(g, |g| format!("  {} exhausts", g.title(c)));
            }
        }
    }
}

fn thunder_shadow(g: &mut Game, _me: CardId) {
    let mut n = 0;
    let mut i = 0;
    while i < g.list(Zone::EncounterDiscard).len() {
        let c = g.list(Zone::EncounterDiscard)[i];
        if g.has_trait(c, "Weather") {
            g.move_card(c, Zone::EncounterDeck);
            n += 1;
        } else {
            i += 1;
        }
    }
    if n > 0 {
        g.shuffle(Zone::EncounterDeck);
    }
    log(g, |_| {
        format!("  {n} Weather card(s) shuffled into the encounter deck")
    });
}

// ------------------------------------------------------------------ Barren and Desolate

fn barren_free(g: &Game, q: CardId) -> bool {
    g.is_side_quest(q)
        && g.card(q).zone == Zone::Staging
        && !g.attachments(q).any(|a| code(g, a) == BARREN)
}

fn barren_revealed(g: &mut Game, me: CardId, _by: u8) {
    let first = g.first;
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Staging).len() {
        let q = g.list(Zone::Staging)[i];
        if barren_free(g, q) {
            g.offer(Opt::Card(q));
        }
    }
    if !g.ask_if_offered(Cont::new(me, 0)) {
        log(g, |g| {
            format!("  {}: no side quest to attach to", g.title(me))
        });
    }
}

fn barren_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let me = cont.card;
    if let Opt::Card(q) = opt {
        if g.card(me).zone == Zone::Resolving && barren_free(g, q) {
            g.attach(me, q, ENCOUNTER);
            log(g, |g| {
                format!("  {} attached to {}", g.title(me), g.title(q))
            });
        }
    }
}

/// Barren and Desolate's -1 Willpower, carried by the setup card's global modifier (the engine
/// reads global modifiers of cards in play areas, not of attachments): while the current quest
/// has a Barren and Desolate attached, each character has -1 Willpower.
fn barren_modify(g: &Game, _me: CardId, target: CardId, s: Stat) -> i16 {
    if s != Stat::Willpower || !g.is_character(target) || !g.card(target).zone.in_play() {
        return 0;
    }
    let on = g
        .current_quest()
        .is_some_and(|q| g.is_side_quest(q) && g.attachments(q).any(|a| code(g, a) == BARREN));
    -(on as i16)
}

fn barren_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::GainsTrait(c, t) if c == me && t == g.db.trait_id("Condition"))
        && matches!(g.card(me).zone, Zone::Attached(_))
}

// ------------------------------------------------------------------ bot hints

pub mod bot {
    use crate::cards::hints::prelude::*;

    /// Barren and Desolate: put it on the side quest furthest from done (the least likely to be
    /// chosen as the current quest).
    pub fn barren_effect(g: &Game, _p: u8, _c: CardId, _what: u8, o: &[Opt]) -> Option<usize> {
        pick_min(o, |q| {
            -((g.stat(q, Stat::QuestPoints) - g.card(q).progress) as i32)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        clear_zone, drain, encounter_deck_of, heroes, options, reveal, reveal_resolving,
        sandbox_in, set_stage,
    };
    use crate::data::Mode;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];
    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const ROCKS: &str = "TLR-047"; // Rugged Country: no When Revealed, no surge
    const CAVE: &str = "AtE-068";
    const LIE_LOW: &str = "AtE-081";
    const FORAGE: &str = "AtE-082";
    const BITING_WIND: &str = "TLR-052"; // a Weather treachery
    const TROLLSPAWN: &str = "AtE-072";

    fn sandbox(seats: &[&[&str]]) -> Game<'static> {
        sandbox_in("across-the-ettenmoors", Mode::Nightmare, seats)
    }

    /// An encounter deck of `n` Rugged Country and an empty discard pile.
    fn plain_deck(g: &mut Game, n: usize) {
        clear_zone(g, Zone::EncounterDiscard);
        encounter_deck_of(g, ROCKS, n);
    }

    /// Remove from the encounter deck every side quest whose code `keep` refuses.
    fn keep_side_quests(g: &mut Game, keep: impl Fn(&str) -> bool) {
        let out: Vec<CardId> = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .filter(|&c| g.ty(c) == CardType::EncounterSideQuest && !keep(code(g, c)))
            .collect();
        for c in out {
            g.move_card(c, Zone::Removed);
        }
    }

    /// Stage 1A reveals its side quest (RULES §2.2.10): Rescue from the Trolls' When Revealed
    /// takes each player's cheapest hero; Isolated surges.
    #[test]
    fn into_the_ettenmoors_reveals_its_side_quest() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let q = set_stage(&mut g, "AtEN-002A");
        plain_deck(&mut g, 3);
        g.spawn("AtEN-011", ENCOUNTER, Zone::EncounterDeck);
        g.spawn(CAVE, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(TROLLSPAWN, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(TROLLSPAWN, ENCOUNTER, Zone::EncounterDeck);
        g.revealed_this_round.clear();
        stage1a_setup(&mut g, q);
        drain(&mut g);
        let rescue = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == "AtEN-011")
            .expect("Rescue from the Trolls staged");
        let under: Vec<&str> = g
            .cards_under(rescue)
            .map(|h| g.def_of(h).code.as_str())
            .collect();
        assert_eq!(
            under,
            ["Core-002", "Core-005"],
            "each player's cheapest hero"
        );
        assert!(g.attachments(rescue).any(|l| is_safe_location(&g, l)));
        assert_eq!(g.revealed_this_round, [rescue]);
        assert_eq!(g.players_in_game(), 2);

        // A deck with no other surge: the surge reveals one plain card.
        let mut g = sandbox(&[HEROES]);
        let q = set_stage(&mut g, "AtEN-002A");
        plain_deck(&mut g, 3);
        g.spawn("AtEN-010", ENCOUNTER, Zone::EncounterDeck);
        g.spawn(CAVE, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(TROLLSPAWN, ENCOUNTER, Zone::EncounterDeck);
        g.revealed_this_round.clear();
        stage1a_setup(&mut g, q);
        drain(&mut g);
        let isolated = g.revealed_this_round[0];
        assert_eq!(code(&g, isolated), "AtEN-010");
        assert_eq!(g.card(isolated).zone, Zone::Staging);
        assert_eq!(
            g.revealed_this_round.len(),
            2,
            "Surge: one more card revealed"
        );
    }

    #[test]
    fn across_the_ettenmoors_nightmare() {
        // The Nightmare deck: the standard deck less the listed cards plus the Nightmare set.
        let count = |m: Mode, t: &str| {
            crate::cards::testkit::encounter_copies("across-the-ettenmoors", m, t)
        };
        for (t, removed) in [
            ("Shrouded Hills", 2),
            ("No Rest", 3),
            ("Arador's Bane", 2),
            ("Troll-fells", 1),
            ("Goblin Pursuer", 2),
            ("Cold from Angmar", 2),
        ] {
            assert_eq!(
                count(Mode::Nightmare, t),
                count(Mode::Standard, t).saturating_sub(removed),
                "{t}"
            );
        }
        for (t, n) in [
            ("Hoarwell River Serpent", 2),
            ("Scavenging Stone-troll", 2),
            ("Giant Beetle", 2),
            ("Rocky Foothills", 2),
            ("Vast Troll-fells", 2),
            ("Crashing Thunder", 3),
            ("Barren and Desolate", 3),
            ("Isolated", 1),
            ("Rescue from the Trolls", 1),
        ] {
            assert_eq!(count(Mode::Nightmare, t), n, "{t}");
        }
        // The setup card lies next to the quest deck in Nightmare only.
        let mut g = sandbox(&[HEROES]);
        let setup = g.list(Zone::Nightmare)[0];
        assert_eq!(g.def_of(setup).code, SETUP_CARD);
        assert!(setup_card_active(&g));
        let std = sandbox_in("across-the-ettenmoors", Mode::Standard, &[HEROES]);
        assert!(!setup_card_active(&std));
        // Its Forced: after the side quest, mill until a Safe location, which the side quest
        // guards in the staging area.
        plain_deck(&mut g, 2);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::EncounterDeck);
        let rocks = g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        let lie = g.spawn(LIE_LOW, ENCOUNTER, Zone::EncounterDiscard);
        guard_new_side_quest(&mut g, lie);
        g.push_run(Frame::Reveal {
            card: lie,
            by: 0,
            stage: 0,
            from_deck: false,
        });
        drain(&mut g);
        assert_eq!(g.card(lie).zone, Zone::Staging);
        assert_eq!(g.card(cave).zone, Zone::Attached(lie), "guarded");
        assert_eq!(g.card(rocks).zone, Zone::EncounterDiscard, "milled");
        assert_eq!(g.list(Zone::EncounterDeck).len(), 2, "the mill stops there");
        // Through stage 2A: the revealed side quest guards a Safe location (one side quest and
        // one Safe location in the deck, the side quest on top after the shuffle or not: the
        // Safe location is found below it, or was milled by the side quest search).
        plain_deck(&mut g, 0);
        let fq = g.spawn(FORAGE, ENCOUNTER, Zone::EncounterDiscard);
        let cave2 = g.spawn(CAVE, ENCOUNTER, Zone::EncounterDeck);
        let q = set_stage(&mut g, "AtE-065A");
        let f = g.script(q).and_then(|s| s.when_revealed).unwrap();
        f(&mut g, q, 0);
        drain(&mut g);
        assert_eq!(g.card(fq).zone, Zone::Staging);
        let guarded = g.card(cave2).zone == Zone::Attached(fq);
        let milled_first = g.card(cave2).zone == Zone::EncounterDiscard;
        assert!(guarded || milled_first, "{:?}", g.card(cave2).zone);
        // With no Safe location left in the deck, the mill resets it from the discard pile once
        // (RULES §5.30.3) and finds the one there; the side quest waiting in the pile for its
        // reveal is not shuffled in.
        plain_deck(&mut g, 2);
        let cave3 = g.spawn(CAVE, ENCOUNTER, Zone::EncounterDiscard);
        let lie2 = g.spawn(LIE_LOW, ENCOUNTER, Zone::EncounterDiscard);
        guard_new_side_quest(&mut g, lie2);
        assert_eq!(
            g.card(lie2).zone,
            Zone::EncounterDiscard,
            "kept out of the reset"
        );
        g.push_run(Frame::Reveal {
            card: lie2,
            by: 0,
            stage: 0,
            from_deck: false,
        });
        drain(&mut g);
        assert_eq!(g.card(lie2).zone, Zone::Staging);
        assert_eq!(
            g.card(cave3).zone,
            Zone::Attached(lie2),
            "found after the reset"
        );
    }

    #[test]
    fn into_the_ettenmoors() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let q = set_stage(&mut g, "AtEN-002A");
        // Only the three Ettenmoors side quests (no When Revealed, no Surge): see below for the
        // others.
        keep_side_quests(&mut g, |code| code.starts_with("AtE-"));
        stage1a_setup(&mut g, q);
        drain(&mut g);
        let staged: Vec<CardId> = g.list(Zone::Staging).to_vec();
        let quests: Vec<CardId> = staged
            .iter()
            .copied()
            .filter(|&c| g.ty(c) == CardType::EncounterSideQuest)
            .collect();
        assert_eq!(quests.len(), 1, "one side quest");
        let guarded: Vec<CardId> = g.attachments(quests[0]).collect();
        assert_eq!(guarded.len(), 1);
        assert!(is_safe_location(&g, guarded[0]), "guarding a Safe location");
        let enemies = staged.iter().filter(|&&c| g.is_enemy(c)).count();
        assert_eq!(enemies, 2, "one milled enemy per player");
        let discard = g.list(Zone::EncounterDiscard);
        assert!(
            discard.iter().all(|&c| !g.is_enemy(c)),
            "the enemies found are staged, the rest stays discarded"
        );
        assert!(amarthiul::in_play(&g).is_some());
        // 1B: no progress from a defeated side quest here...
        let q = set_stage(&mut g, "AtEN-002B");
        let sq = quests[0];
        g.move_card(sq, Zone::Victory);
        g.emit(Event::SideQuestDefeated(sq));
        assert_eq!(g.card(q).progress, 0);
        // ...but with no side quest in play, the quest phase digs one out of the deck.
        plain_deck(&mut g, 2);
        let lie = g.spawn(LIE_LOW, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDeck);
        g.emit(Event::PhaseBegin(Phase::Quest));
        drain(&mut g);
        assert_eq!(g.card(lie).zone, Zone::Staging);
        assert_eq!(g.list(Zone::EncounterDiscard).len(), 1, "the card above it");
        let before = g.list(Zone::EncounterDeck).len();
        g.emit(Event::PhaseBegin(Phase::Quest));
        assert_eq!(
            g.list(Zone::EncounterDeck).len(),
            before,
            "not with one in play"
        );
    }

    #[test]
    fn rocky_foothills() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        let rf = g.spawn("AtEN-006", ENCOUNTER, Zone::Staging);
        let other = g.spawn(ROCKS, ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(rf, Stat::QuestPoints), 2 + 2, "the main quest");
        let sq = g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(rf, Stat::QuestPoints), 2 + 4, "and a side quest");
        // The travel step: no choice but Rocky Foothills.
        g.push_run(Frame::Travel);
        drain(&mut g);
        assert_eq!(g.active_location(), Some(rf));
        assert_eq!(g.card(other).zone, Zone::Staging);
        g.move_card(sq, Zone::Removed);
        // Shadow: +1 Attack per damage on the defender.
        let e = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        g.card_mut(ally).damage = 2;
        let before = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        g.attack.defenders[0] = ally;
        g.attack.n_defenders = 1;
        foothills_shadow(&mut g, rf);
        assert_eq!(g.stat(e, Stat::Attack), before + 2);
    }

    #[test]
    fn rocky_foothills_leaves_other_travel_free() {
        let mut g = sandbox(&[HEROES]);
        let other = g.spawn(ROCKS, ENCOUNTER, Zone::Staging);
        g.push_run(Frame::Travel);
        assert!(options(&g).contains(&Opt::Pass), "travel stays optional");
        g.answer(Opt::Card(other));
        drain(&mut g);
        assert_eq!(g.active_location(), Some(other));
    }

    #[test]
    fn crashing_thunder() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging); // two quests in play
        let hs = heroes(&g, 0);
        let t = g.spawn("AtEN-008", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, t);
        let total: i16 = hs.iter().map(|&h| g.card(h).damage).sum();
        assert_eq!(total, 2, "one damage per quest in play");
        for &h in &hs {
            assert_eq!(
                g.is_ready(h),
                g.card(h).damage == 0,
                "damaged characters exhaust, the others do not"
            );
        }
        // Shadow: the Weather cards of the discard pile go back into the deck.
        plain_deck(&mut g, 2);
        let wind = g.spawn(BITING_WIND, ENCOUNTER, Zone::EncounterDiscard);
        let rocks = g.spawn(ROCKS, ENCOUNTER, Zone::EncounterDiscard);
        let t2 = g.spawn("AtEN-008", ENCOUNTER, Zone::EncounterDiscard);
        thunder_shadow(&mut g, t);
        assert_eq!(g.card(wind).zone, Zone::EncounterDeck);
        assert_eq!(g.card(t2).zone, Zone::EncounterDeck);
        assert_eq!(g.card(rocks).zone, Zone::EncounterDiscard);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 4);
    }

    #[test]
    fn barren_and_desolate() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        let lie = g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging);
        let fq = g.spawn(FORAGE, ENCOUNTER, Zone::Staging);
        let b = g.spawn(BARREN, ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, b);
        assert_eq!(options(&g), vec![Opt::Card(lie), Opt::Card(fq)]);
        g.answer(Opt::Card(fq));
        drain(&mut g);
        assert_eq!(g.card(b).zone, Zone::Attached(fq));
        assert!(g.has_trait(b, "Condition"));
        assert_eq!(g.list(Zone::EncounterDeck).len(), 2, "surge");
        // -1 Willpower only while its side quest is the current quest.
        let h = heroes(&g, 0)[0];
        let base = g.stat(h, Stat::Willpower);
        g.phase = Phase::Quest;
        g.add_lasting(fq, Lasting::CurrentQuest, Until::EndOfPhase);
        assert_eq!(g.current_quest(), Some(fq));
        assert_eq!(g.stat(h, Stat::Willpower), base - 1);
        g.lasting.retain(|e| e.what != Lasting::CurrentQuest);
        g.add_lasting(lie, Lasting::CurrentQuest, Until::EndOfPhase);
        assert_eq!(g.stat(h, Stat::Willpower), base);
        // Limit 1 per quest: a second copy goes to the other side quest only.
        plain_deck(&mut g, 3);
        let b2 = g.spawn(BARREN, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, b2);
        assert_eq!(g.card(b2).zone, Zone::Attached(lie));
        // A third finds no side quest: discarded without effect.
        let b3 = g.spawn(BARREN, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, b3);
        assert_eq!(g.card(b3).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn hoarwell_river_serpent() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 3);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Staging);
        let s = g.spawn("AtEN-003", ENCOUNTER, Zone::Staging);
        let hs = heroes(&g, 0);
        g.card_mut(hs[0]).damage = 1;
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(cave));
        drain(&mut g);
        assert_eq!(g.active_location(), Some(cave));
        assert_eq!(g.card(hs[0]).damage, 2, "engaging it hurt the damaged hero");
        assert_eq!(g.card(hs[1]).damage, 0, "not the others");
        // The Safe location sent it back to the staging area.
        assert_eq!(g.card(s).zone, Zone::Staging);
        // Engaged any other way, it hurts too.
        g.engage(s, 0);
        assert_eq!(g.card(hs[0]).damage, 3);
        // roll49: damage costs more while it is in play (`basic`'s `early_heal` bit 16,
        // `siege_wary` bit 2); it grows no stronger itself.
        let h = crate::cards::hints::hint(&g, s);
        assert!(h.punishes_damage && !h.hardens_when_damaged);
    }

    #[test]
    fn scavenging_stone_troll() {
        let mut g = sandbox(&[HEROES]);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Staging);
        let rocks = g.spawn(ROCKS, ENCOUNTER, Zone::Staging);
        let t = g.spawn("AtEN-004", ENCOUNTER, Zone::Staging);
        assert!(!g.can_travel_to(cave), "no damage on it: no Safe travel");
        assert!(g.can_travel_to(rocks), "other travel is free");
        assert!(!common::discard_pile_open(&g, 0), "discard piles locked");
        g.card_mut(t).damage = 1;
        assert!(g.can_travel_to(cave));
        g.move_card(t, Zone::Engaged(0));
        assert!(
            common::discard_pile_open(&g, 0),
            "only from the staging area"
        );
        // roll49: damage on it unlocks Safe travel; damage on characters costs nothing more.
        let h = crate::cards::hints::hint(&g, t);
        assert!(!h.punishes_damage && !h.hardens_when_damaged);
    }

    #[test]
    fn giant_beetle() {
        let mut g = sandbox(&[HEROES]);
        plain_deck(&mut g, 4);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Staging);
        let b = g.spawn("AtEN-005", ENCOUNTER, Zone::Engaged(0));
        let hs = heroes(&g, 0);
        g.card_mut(hs[0]).damage = 1;
        assert!(
            g.rule(Rule::CannotFightEnemy(hs[0], b)),
            "damaged: no fighting it"
        );
        assert!(!g.rule(Rule::CannotFightEnemy(hs[1], b)));
        // roll49: as Goblin Pursuer, damage costs more while it is in play.
        let h = crate::cards::hints::hint(&g, b);
        assert!(h.punishes_damage && !h.hardens_when_damaged);
        // Traveling to a Safe location: it attacks first, then the travel happens.
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(cave));
        let mut attacked = false;
        while let Some(d) = g.pending() {
            if matches!(d.ask, Ask::Defender { .. }) {
                attacked = true;
                assert_eq!(g.attack.enemy, b);
                assert!(g.attack.immediate);
                assert_eq!(
                    g.active_location(),
                    None,
                    "the cost comes before the travel"
                );
                assert!(
                    !options(&g).contains(&Opt::Card(hs[0])),
                    "a damaged character cannot defend"
                );
            }
            g.apply(0);
        }
        assert!(attacked);
        assert_eq!(g.active_location(), Some(cave));
        assert_eq!(g.card(b).zone, Zone::Staging);
    }

    #[test]
    fn vast_troll_fells() {
        let mut g = sandbox(&[HEROES, OTHER]);
        let cave = g.spawn(CAVE, ENCOUNTER, Zone::Staging);
        let vf = g.spawn("AtEN-007", ENCOUNTER, Zone::Staging);
        let (a, b) = (heroes(&g, 0), heroes(&g, 1));
        for &h in a.iter().chain(b.iter()) {
            g.card_mut(h).resources = 0;
        }
        g.card_mut(a[1]).resources = 2;
        assert!(!g.can_travel_to(cave), "the second player has no resource");
        g.card_mut(b[0]).resources = 1;
        assert!(g.can_travel_to(cave));
        assert!(g.can_travel_to(vf), "other travel is free");
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(cave));
        drain(&mut g);
        assert_eq!(g.active_location(), Some(cave));
        assert_eq!(g.card(a[1]).resources, 1);
        assert_eq!(g.card(b[0]).resources, 0);
        // Heroes gain no resources by card effects (allies could).
        g.gain_resources(a[0], 2);
        assert_eq!(g.card(a[0]).resources, 0);
        g.move_card(vf, Zone::Removed);
        g.gain_resources(a[0], 2);
        assert_eq!(g.card(a[0]).resources, 2);
        // Shadow: +4 Attack unless a side quest got progress this round.
        let e = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Engaged(0));
        let before = g.stat(e, Stat::Attack);
        g.attack = AttackCtx::new(e, 0, false);
        vast_fells_shadow(&mut g, vf);
        assert_eq!(g.stat(e, Stat::Attack), before + 4);
        g.clear_lasting();
        let sq = g.spawn(LIE_LOW, ENCOUNTER, Zone::Staging);
        g.add_progress(sq, 1);
        vast_fells_shadow(&mut g, vf);
        assert_eq!(g.stat(e, Stat::Attack), before);
    }

    #[test]
    fn isolated() {
        let mut g = sandbox(&[HEROES, OTHER]);
        plain_deck(&mut g, 3);
        let iso = g.spawn("AtEN-010", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, iso);
        assert_eq!(g.card(iso).zone, Zone::Staging);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 2, "surge");
        let hand = |g: &Game, p: u8| g.list(Zone::Hand(p)).len();
        let (h0, h1) = (hand(&g, 0), hand(&g, 1));
        g.draw_by_effect(0, 2);
        assert_eq!(hand(&g, 0), h0, "no draws by card effects");
        g.draw(0, 1);
        assert_eq!(
            hand(&g, 0),
            h0 + 1,
            "the resource phase's draw still happens"
        );
        // Defeated: each player draws 1.
        g.move_card(iso, Zone::Victory);
        g.emit(Event::SideQuestDefeated(iso));
        drain(&mut g);
        assert_eq!(hand(&g, 0), h0 + 2);
        assert_eq!(hand(&g, 1), h1 + 1);
    }

    #[test]
    fn rescue_from_the_trolls() {
        let mut g = sandbox(&[HEROES, OTHER]);
        plain_deck(&mut g, 3);
        let lowest = |g: &Game, p: u8| {
            let hs = heroes(g, p);
            let t = hs.iter().map(|&h| g.def_of(h).threat_cost).min().unwrap();
            hs.into_iter()
                .find(|&h| g.def_of(h).threat_cost == t)
                .unwrap()
        };
        let (l0, l1) = (lowest(&g, 0), lowest(&g, 1));
        let r = g.spawn("AtEN-011", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, r);
        assert_eq!(g.card(r).zone, Zone::Staging);
        assert_eq!(g.card(l0).zone, Zone::Under(r));
        assert_eq!(g.card(l1).zone, Zone::Under(r));
        assert_eq!(heroes(&g, 0).len(), 2);
        // A destroyed Troll puts 3 progress on it; other enemies do not.
        let t = g.spawn(TROLLSPAWN, ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::Destroyed(t));
        assert_eq!(g.card(r).progress, 3);
        let s = g.spawn("AtEN-005", ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::Destroyed(s));
        assert_eq!(g.card(r).progress, 3);
        // Defeated: the heroes come back to their owners.
        g.move_card(r, Zone::Victory);
        g.emit(Event::SideQuestDefeated(r));
        drain(&mut g);
        assert_eq!(g.card(l0).zone, Zone::Play(0));
        assert_eq!(g.card(l1).zone, Zone::Play(1));
        assert_eq!(heroes(&g, 1).len(), 3);
    }
}
