//! The Treachery of Rhudaur: its quest cards, the three Investigation side quests with their Clue
//! faces (RULES §8.9) and The Treachery of Rhudaur encounter set (Ruins of Arnor and Cursed Dead
//! are in their own modules; Amarthiúl in `amarthiul`). Each script has a one-line summary in
//! our own words.
//!
//! The engine pieces these scripts drive are in `engine/investigation.rs`: a side quest answering
//! `Rule::FlipsWhenDefeated` turns over to its Clue (`Game::flip_card`) instead of going to the
//! victory display; a Clue's Action claims it onto Amarthiúl or a hero (`Game::claim_clue`).
//!
//! Engine choices: Dark Covenant's progress loss, spread over the quest cards in play, takes it
//! from the side quests that are not the current quest first, then the main quest, then the
//! current quest. Centuries of Sorrow changes the current quest only during the quest phase
//! (outside it the main quest is always the current quest, §8.4.9). Quiet the Spirits' engagement
//! goes to the first player in turn order among those with the highest threat. Ghostly Ruins
//! returns one Undead enemy per reset of the encounter deck, however many copies are in play.

use super::amarthiul;
use crate::cards::common::{self, deal_damage_steps, Dealers};
use crate::cards::common::{code, log};
use crate::cards::hints::{Hint, NoClueShadow, NO_HINT};
use crate::cards::{Rule, Script, BLANK};
use crate::data::{CardType, Sphere};
use crate::engine::*;
use crate::events;
use crate::rules;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: The Great Hall active, Thaurdir set aside, the three side quests staged
    // quest side up, Ancient Causeway staged (two with 3+ players), Amarthiúl to the first
    // player.
    Script {
        code: "TToR-094A",
        setup: Some(stage1a_setup),
        ..BLANK
    },
    // Stage 1B (Time 5): never the current quest; with no Rhudaur side quest left, or when the
    // time runs out (removing those left), the players advance.
    Script {
        code: "TToR-094B",
        rule: Some(stage1b_rule),
        rule_on: rules![CannotBeCurrentQuest],
        when_revealed: Some(stage1b_revealed),
        forced: Some(stage1b_forced),
        forced_on: events![SideQuestDefeated, TimeRanOut],
        resume: Some(stage1b_resume),
        ..BLANK
    },
    // Stage 2A: Thaurdir is staged; each player stages an Undead enemy of his choice from the
    // encounter deck or discard pile; the deck is shuffled.
    Script {
        code: "TToR-095A",
        when_revealed: Some(stage2a_revealed),
        resume: Some(stage2a_resume),
        ..BLANK
    },
    // Stage 2B: 5 fewer quest points per claimed Clue; not defeated while Thaurdir has hit
    // points left; defeating it wins.
    Script {
        code: "TToR-095B",
        modify: Some(stage2b_modify),
        rule: Some(stage2b_rule),
        rule_on: rules![CannotDefeat],
        ..BLANK
    },
    // The Great Hall: when explored, each player mills 5 encounter cards and stages an Undead
    // enemy of his choice among them.
    Script {
        code: GREAT_HALL,
        forced: Some(great_hall_forced),
        forced_on: events![Explored],
        resume: Some(great_hall_resume),
        ..BLANK
    },
    // Thaurdir (indestructible, data): no attachments; after a Sorcery treachery is revealed
    // from the encounter deck he heals 3 and attacks the first player at once.
    Script {
        code: THAURDIR,
        hint: Hint {
            attacks_on_reveals: true,
            ..NO_HINT
        },
        rule: Some(thaurdir_rule),
        rule_on: rules![CannotHaveAttachments],
        forced: Some(thaurdir_forced),
        forced_on: events![Revealed],
        ..BLANK
    },
    // Wight of Rhudaur: surges if the current quest has progress, else doomed 2.
    Script {
        code: "TToR-099",
        rule: Some(wight_rule),
        rule_on: rules![GainsSurge],
        forced: Some(wight_forced),
        forced_on: events![Revealing],
        ..BLANK
    },
    // Traitorous Wight: engaging a player wipes 2 progress from every quest card; shadow: one
    // progress off every quest per damage the attack deals.
    Script {
        code: "TToR-100",
        forced: Some(traitorous_forced),
        forced_on: events![Engaged],
        shadow: Some(progress_per_damage_shadow),
        resume: Some(progress_per_damage_resume),
        ..BLANK
    },
    // Forbidden Descent: staged, it takes the first 2 progress meant for a quest each round;
    // leaving the staging area (explored there) raises each threat by 2.
    Script {
        code: "TToR-101",
        rule: Some(descent_rule),
        rule_on: rules![DivertsQuestProgress],
        forced: Some(descent_forced),
        forced_on: events![Explored],
        ..BLANK
    },
    // Eerie Halls: any player may take 1 threat to lower its Threat by 1 this phase; shadow:
    // without a Clue the defending player is attacked once more.
    Script {
        code: "TToR-102",
        hint: Hint {
            no_clue_shadow: NoClueShadow::AttacksAgain,
            ..NO_HINT
        },
        can_act: Some(eerie_can),
        act: Some(eerie_act),
        any_player: true,
        shadow: Some(eerie_shadow),
        resume: Some(eerie_resume),
        ..BLANK
    },
    // Ghostly Ruins: whenever the encounter deck resets, the newest Undead enemy of the discard
    // pile is staged first; travel: stage that enemy.
    Script {
        code: "TToR-103",
        hint: Hint {
            travel_penalty: 20,
            ..NO_HINT
        },
        rule: Some(ghostly_rule),
        rule_on: rules![UndeadBackOnEncounterReset],
        travel: Some(ghostly_travel),
        ..BLANK
    },
    // Decrepit Remains: staged, locations and quests in the staging area have +2 quest points;
    // shadow: one progress off every quest per damage the attack deals.
    Script {
        code: "TToR-104",
        modify: Some(decrepit_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::QuestPoints]),
        shadow: Some(progress_per_damage_shadow),
        resume: Some(progress_per_damage_resume),
        ..BLANK
    },
    // Centuries of Sorrow (surge, data): the first player picks another current quest; shadow:
    // undefended for a player without a Clue.
    Script {
        code: "TToR-105",
        hint: Hint {
            no_clue_shadow: NoClueShadow::Undefended,
            ..NO_HINT
        },
        when_revealed: Some(sorrow_revealed),
        resume: Some(sorrow_resume),
        shadow: Some(sorrow_shadow),
        ..BLANK
    },
    // Curse of the Years: 1 damage to each exhausted character; players at 35+ threat discard
    // their exhausted attachments; shadow: +1 Attack (+3 without a Clue).
    Script {
        code: "TToR-106",
        hint: Hint {
            no_clue_shadow: NoClueShadow::Attack(2),
            ..NO_HINT
        },
        when_revealed: Some(curse_revealed),
        shadow: Some(curse_shadow),
        ..BLANK
    },
    // Dark Covenant: mill 3 encounter cards; the first player loses their total threat in
    // progress from the quests or deals it as damage among his characters; shadow: a character
    // the attack kills raises its player's threat by its Willpower.
    Script {
        code: "TToR-107",
        hint: Hint {
            damage_prompts: &[(1, 1)],
            effect: Some(bot::dark_covenant_effect),
            ..NO_HINT
        },
        when_revealed: Some(covenant_revealed),
        resume: Some(covenant_resume),
        shadow: Some(covenant_shadow),
        mode_names: &[
            (0, 0, "remove progress from the quests"),
            (0, 1, "damage among your characters"),
        ],
        ..BLANK
    },
    // Haunting Fog: each player exhausts one of his characters; it attaches to the current quest
    // as a Condition giving it +6 quest points.
    Script {
        code: "TToR-108",
        when_revealed: Some(fog_revealed),
        resume: Some(fog_resume),
        modify: Some(fog_modify),
        ..BLANK
    },
    // Quiet the Spirits (side quest): while current, Undead enemies entering play engage the
    // highest-threat player and add their Threat this phase; each destroyed enemy puts 2 progress
    // here; defeated, it turns to its Clue.
    Script {
        code: "TToR-109",
        hint: Hint {
            side_quest_priority: 40,
            ..NO_HINT
        },
        rule: Some(flips_when_defeated),
        rule_on: rules![FlipsWhenDefeated],
        forced: Some(quiet_forced),
        forced_on: events![Destroyed, EntersPlay, Revealing],
        ..BLANK
    },
    // Daechanar's Brand (Clue): claimed by exhausting Amarthiúl or a hero; its holder has +1
    // Attack against Undead enemies.
    Script {
        code: "TToR-110",
        hint: Hint {
            play_value: Some(bot::claim_value),
            ..NO_HINT
        },
        can_act: Some(clue_can),
        act: Some(clue_act),
        any_player: true,
        resume: Some(clue_resume),
        modify: Some(brand_modify),
        ..BLANK
    },
    // Sift through the Debris (side quest): while current, staged locations have +1 Threat; each
    // explored location puts 2 progress here; defeated, it turns to its Clue.
    Script {
        code: "TToR-111",
        hint: Hint {
            side_quest_priority: 40,
            ..NO_HINT
        },
        rule: Some(flips_when_defeated),
        rule_on: rules![FlipsWhenDefeated],
        modify: Some(sift_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Threat]),
        forced: Some(sift_forced),
        forced_on: events![Explored],
        ..BLANK
    },
    // Heirloom of Iârchon (Clue): claimed by exhausting Amarthiúl or a hero; its holder has +1
    // Willpower.
    Script {
        code: "TToR-112",
        hint: Hint {
            play_value: Some(bot::claim_value),
            ..NO_HINT
        },
        can_act: Some(clue_can),
        act: Some(clue_act),
        any_player: true,
        resume: Some(clue_resume),
        modify: Some(heirloom_modify),
        ..BLANK
    },
    // Decipher Ancient Texts (side quest): while current, allies have -2 Willpower; any player
    // may pay 1 resource for 1 progress here, 3 times a round; defeated, it turns to its Clue.
    Script {
        code: "TToR-113",
        hint: Hint {
            side_quest_priority: 40,
            play_value: Some(bot::decipher_value),
            buys_progress: true,
            ..NO_HINT
        },
        rule: Some(flips_when_defeated),
        rule_on: rules![FlipsWhenDefeated],
        modify: Some(decipher_modify),
        global: true,
        global_on: crate::cards::GlobalScope::others(&[Stat::Willpower]),
        can_act: Some(decipher_can),
        act: Some(decipher_act),
        any_player: true,
        ..BLANK
    },
    // Orders from Angmar (Clue): claimed by exhausting Amarthiúl or a hero; its holder has +1
    // Defense against Undead enemies.
    Script {
        code: "TToR-114",
        hint: Hint {
            play_value: Some(bot::claim_value),
            ..NO_HINT
        },
        can_act: Some(clue_can),
        act: Some(clue_act),
        any_player: true,
        resume: Some(clue_resume),
        modify: Some(orders_modify),
        ..BLANK
    },
];

pub const THAURDIR: &str = "TToR-098";
const STAGE_2B: &str = "TToR-095B";
const GREAT_HALL: &str = "TToR-097";
const ANCIENT_CAUSEWAY: &str = "TLR-057";
/// The three Investigation side quests, quest side.
pub const SIDE_QUESTS: [&str; 3] = ["TToR-109", "TToR-111", "TToR-113"];

fn find_in(g: &Game, z: Zone, code_: &str) -> Option<CardId> {
    g.list(z)
        .iter()
        .rev()
        .copied()
        .find(|&c| code(g, c) == code_)
}

/// Thaurdir wherever he is (one copy).
pub fn find_thaurdir(g: &Game) -> Option<CardId> {
    (0..g.cards.len() as CardId).find(|&c| code(g, c) == THAURDIR)
}

/// Is `c` one of the three Investigation side quests, quest side up?
pub fn is_rhudaur_side_quest(g: &Game, c: CardId) -> bool {
    SIDE_QUESTS.contains(&code(g, c))
}

fn rhudaur_side_quests_in_play(g: &Game) -> bool {
    g.list(Zone::Staging)
        .iter()
        .any(|&c| is_rhudaur_side_quest(g, c))
}

/// Every quest card in play: the main quest, then the side quests in the staging area.
fn quest_cards(g: &Game) -> SmallIds {
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

fn remove_progress(g: &mut Game, q: CardId, n: i16) -> i16 {
    let k = n.min(g.card(q).progress).max(0);
    if k > 0 {
        g.card_mut(q).progress -= k;
        log(g, |g| format!("  {k} progress removed from {}", g.title(q)));
    }
    k
}

/// Remove `n` progress from each quest card in play.
fn remove_progress_each_quest(g: &mut Game, n: i16) {
    for &q in quest_cards(g).iter() {
        remove_progress(g, q, n);
    }
}

fn undead_enemy(g: &Game, c: CardId) -> bool {
    common::is_undead_enemy(g, c)
}

fn stage(g: &mut Game, e: CardId) {
    g.move_card(e, Zone::Staging);
    log(g, |g| {
        format!("  {} is added to the staging area", g.title(e))
    });
    g.fire(Event::EntersPlay(e));
}

/// Does the defending player of the current attack control a Clue?
fn defender_has_clue(g: &Game) -> bool {
    g.controls_clue(g.attack.player)
}

/// The attack goes undefended (its defenders, if any, stay exhausted but no longer count).
fn make_undefended(g: &mut Game) {
    if g.attack.n_defenders == 0 {
        return;
    }
    g.attack.n_defenders = 0;
    g.attack.undefended = true;
    log(g, |_| "  the attack is considered undefended".to_string());
}

// ------------------------------------------------------------------ quest

fn stage1a_setup(g: &mut Game, _me: CardId) {
    if let Some(h) = find_in(g, Zone::EncounterDeck, GREAT_HALL) {
        g.move_card(h, Zone::Active);
        log(g, |g| format!("  {} is the active location", g.title(h)));
    }
    if let Some(t) = find_in(g, Zone::EncounterDeck, THAURDIR) {
        g.move_card(t, Zone::SetAside);
    }
    for sq in SIDE_QUESTS {
        if let Some(s) = find_in(g, Zone::EncounterDeck, sq) {
            g.move_card(s, Zone::Staging);
            log(g, |g| format!("  {} is staged, quest side up", g.title(s)));
        }
    }
    let n = if g.n_players >= 3 { 2 } else { 1 };
    for _ in 0..n {
        if let Some(a) = find_in(g, Zone::EncounterDeck, ANCIENT_CAUSEWAY) {
            g.move_card(a, Zone::Staging);
            log(g, |g| {
                format!("  {} is added to the staging area", g.title(a))
            });
        }
    }
    amarthiul::to_first_player(g);
    g.shuffle(Zone::EncounterDeck);
}

fn stage1b_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotBeCurrentQuest(me) && g.card(me).zone == Zone::Quest
}

/// Advance once the current work is done (the stage may still be resolving an effect).
fn advance_later(g: &mut Game, me: CardId) {
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 1),
    });
}

fn stage1b_revealed(g: &mut Game, me: CardId, _by: u8) {
    if !rhudaur_side_quests_in_play(g) {
        advance_later(g, me);
    }
}

fn stage1b_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Quest {
        return;
    }
    match ev {
        Event::TimeRanOut(c) if c == me => {
            let mut left = SmallIds::new();
            for &c in g.list(Zone::Staging) {
                if is_rhudaur_side_quest(g, c) {
                    left.push(c);
                }
            }
            for &c in left.iter() {
                g.move_card(c, Zone::Removed);
                log(g, |g| format!("  {} is removed from the game", g.title(c)));
            }
            advance_later(g, me);
        }
        Event::SideQuestDefeated(_) if !rhudaur_side_quests_in_play(g) => advance_later(g, me),
        _ => {}
    }
}

fn stage1b_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == 1 && g.main_quest() == Some(cont.card) {
        g.advance_stage();
    }
}

fn stage2a_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(t) = find_thaurdir(g).filter(|&t| !g.card(t).zone.in_play()) {
        stage(g, t);
    }
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0),
    });
}

/// Step PICK: the chosen enemy is staged. Steps 0..players: that player's search, then (past
/// the last) the encounter deck is shuffled.
const PICK: u8 = 100;

fn stage2a_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == PICK {
        if let Opt::Card(e) = opt {
            if matches!(g.card(e).zone, Zone::EncounterDeck | Zone::EncounterDiscard) {
                stage(g, e);
            }
        }
        return;
    }
    if cont.step >= g.n_players {
        g.shuffle(Zone::EncounterDeck);
        return;
    }
    let Some(p) = common::next_player_turn(g, cont.card, cont.step) else {
        return;
    };
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
        let cards: SmallIds = g.list(z).iter().copied().collect();
        common::offer_one_per_title(g, &cards, undead_enemy);
    }
    g.ask_if_offered(Cont::new(cont.card, PICK).with(p, 0, 0));
}

fn stage2b_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    if target == me && s == Stat::QuestPoints && g.card(me).zone == Zone::Quest {
        -5 * g.clues_claimed()
    } else {
        0
    }
}

fn stage2b_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotDefeat(me)
        && g.card(me).zone == Zone::Quest
        && find_thaurdir(g).is_some_and(|t| g.card(t).zone.in_play() && g.remaining_hp(t) > 0)
}

// ------------------------------------------------------------------ locations

fn great_hall_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::Explored(c, _) if c == me) {
        g.stack.push(Frame::Resume {
            cont: Cont::new(me, 0),
        });
    }
}

/// Steps 0..players: that player mills 5 and picks an Undead enemy among them (step PICK).
fn great_hall_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == PICK {
        if let Opt::Card(e) = opt {
            if g.card(e).zone == Zone::EncounterDiscard {
                stage(g, e);
            }
        }
        return;
    }
    let Some(p) = common::next_player_turn(g, cont.card, cont.step) else {
        return;
    };
    let mut milled = SmallIds::new();
    for _ in 0..5 {
        let Some(c) = g.top(Zone::EncounterDeck) else {
            break;
        };
        g.move_card(c, Zone::EncounterDiscard);
        log(g, |g| format!("  P{} discards {}", p + 1, g.title(c)));
        milled.push(c);
    }
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    common::offer_one_per_title(g, &milled, undead_enemy);
    g.ask_if_offered(Cont::new(cont.card, PICK).with(p, 0, 0));
}

fn descent_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::DivertsQuestProgress(x) if x == me || x == NO_CARD)
        && g.card(me).zone == Zone::Staging
}

fn descent_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Explored(me, false) {
        common::raise_each(g, 2);
    }
}

fn eerie_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Staging
        && g.stat(me, Stat::Threat) > 0
        && !g.players[p as usize].eliminated
}

fn eerie_act(g: &mut Game, me: CardId, p: u8) {
    g.raise_threat(p, 1);
    g.add_lasting(me, Lasting::Stat(Stat::Threat, -1), Until::EndOfPhase);
}

fn eerie_shadow(g: &mut Game, me: CardId) {
    if !defender_has_clue(g) {
        g.attack.after = me;
    }
}

fn eerie_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step != AFTER_ATTACK {
        return;
    }
    let e = g.attack.enemy;
    let p = g.attack.player;
    if g.card(e).zone.in_play() {
        log(g, |g| format!("  {} attacks again", g.title(e)));
        g.stack.push(Frame::ImmediateAttack {
            enemy: e,
            player: p,
        });
    }
}

fn ghostly_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::UndeadBackOnEncounterReset && g.card(me).zone.in_play()
}

fn ghostly_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    let found = common::top_of_encounter_discard(g, |c| undead_enemy(g, c));
    match found {
        Some(e) if pay => {
            stage(g, e);
            true
        }
        Some(_) => true,
        None => false,
    }
}

fn decrepit_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::QuestPoints
        && g.card(me).zone == Zone::Staging
        && g.card(target).zone == Zone::Staging
        && (g.is_location(target) || g.is_side_quest(target));
    2 * on as i16
}

// ------------------------------------------------------------------ enemies

fn thaurdir_rule(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::CannotHaveAttachments(me)
}

fn thaurdir_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Revealed(t, true) = ev {
        if g.card(me).zone.in_play() && g.ty(t) == CardType::Treachery && g.has_trait(t, "Sorcery")
        {
            g.heal(me, 3);
            let first = g.first;
            log(g, |g| format!("  {} attacks P{}", g.title(me), first + 1));
            g.stack.push(Frame::ImmediateAttack {
                enemy: me,
                player: first,
            });
        }
    }
}

fn current_progress(g: &Game) -> i16 {
    g.current_quest().map(|q| g.card(q).progress).unwrap_or(0)
}

fn wight_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::GainsSurge(me) && current_progress(g) > 0
}

fn wight_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::Revealing(me, true) && current_progress(g) == 0 {
        log(g, |_| "  doomed 2".to_string());
        common::raise_each(g, 2);
    }
}

fn traitorous_forced(g: &mut Game, me: CardId, ev: Event) {
    if matches!(ev, Event::Engaged(e, _) if e == me) {
        remove_progress_each_quest(g, 2);
    }
}

fn progress_per_damage_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

fn progress_per_damage_resume(g: &mut Game, cont: Cont, _opt: Opt) {
    if cont.step == AFTER_ATTACK {
        let n = g.attack.damage_dealt;
        remove_progress_each_quest(g, n);
    }
}

// ------------------------------------------------------------------ treacheries

fn sorrow_revealed(g: &mut Game, me: CardId, _by: u8) {
    if g.phase != Phase::Quest {
        return;
    }
    let first = g.first;
    let cur = g.current_quest().unwrap_or(NO_CARD);
    g.begin_ask(first, Ask::CurrentQuest);
    if let Some(m) = g.main_quest() {
        if m != cur && !g.rule(Rule::CannotBeCurrentQuest(m)) {
            g.offer(Opt::Card(m));
        }
    }
    for i in 0..g.list(Zone::Staging).len() {
        let c = g.list(Zone::Staging)[i];
        if c != cur && g.is_side_quest(c) {
            g.offer(Opt::Card(c));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, 0, 0));
}

fn sorrow_resume(g: &mut Game, _cont: Cont, opt: Opt) {
    let Opt::Card(q) = opt else { return };
    g.lasting.retain(|e| e.what != Lasting::CurrentQuest);
    if g.is_side_quest(q) {
        g.add_lasting(q, Lasting::CurrentQuest, Until::EndOfPhase);
    }
    log(g, |g| format!("  current quest: {}", g.title(q)));
}

fn sorrow_shadow(g: &mut Game, _me: CardId) {
    if !defender_has_clue(g) {
        make_undefended(g);
    }
}

fn curse_revealed(g: &mut Game, _me: CardId, _by: u8) {
    let mut hit = SmallIds::new();
    for p in 0..g.n_players {
        for c in g.characters(p) {
            if g.card(c).exhausted {
                hit.push(c);
            }
        }
    }
    for &c in hit.iter() {
        g.deal_damage(c, 1);
    }
    let mut gone = SmallIds::new();
    for &a in g.list(Zone::Attached(0)) {
        let ci = g.card(a);
        let p = ci.controller;
        if ci.owner != ENCOUNTER
            && ci.exhausted
            && (p as usize) < g.players.len()
            && g.players[p as usize].threat >= 35
        {
            gone.push(a);
        }
    }
    for &a in gone.iter() {
        g.discard(a);
    }
}

fn curse_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = if defender_has_clue(g) { 1 } else { 3 };
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

/// Step 0: the first player's choice (Mode 0 progress, Mode 1 damage); step 1: damage picks.
fn covenant_revealed(g: &mut Game, me: CardId, _by: u8) {
    let mut x = 0;
    for _ in 0..3 {
        let Some(c) = g.top(Zone::EncounterDeck) else {
            break;
        };
        g.move_card(c, Zone::EncounterDiscard);
        x += g.def_of(c).threat.max(0);
        log(g, |g| format!("  {} is discarded", g.title(c)));
    }
    if x <= 0 {
        return;
    }
    let first = g.first;
    let progress: i16 = quest_cards(g).iter().map(|&q| g.card(q).progress).sum();
    let can_damage = g
        .characters(first)
        .any(|c| g.can_take_damage(c) && g.remaining_hp(c) > 0);
    g.begin_ask(first, Ask::Effect { card: me, what: 0 });
    if progress > 0 {
        g.offer(Opt::Mode(0));
    }
    if can_damage {
        g.offer(Opt::Mode(1));
    }
    g.ask_if_offered(Cont::new(me, 0).with(first, x, 0));
}

fn covenant_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (0, Opt::Mode(0)) => {
            let cur = g.current_quest().unwrap_or(NO_CARD);
            let mut order = SmallIds::new();
            for &q in quest_cards(g).iter() {
                if q != cur && Some(q) != g.main_quest() {
                    order.push(q);
                }
            }
            if let Some(m) = g.main_quest().filter(|&m| m != cur) {
                order.push(m);
            }
            if cur != NO_CARD && quest_cards(g).contains(&cur) {
                order.push(cur);
            }
            let mut left = cont.a;
            for &q in order.iter() {
                left -= remove_progress(g, q, left);
            }
        }
        (0, Opt::Mode(1)) => {
            let x = cont.a;
            deal_damage_steps(
                g,
                Cont::new(cont.card, 1).with(0, x, x),
                Opt::Pass,
                1,
                true,
                Dealers::Only(cont.player),
                common::own_character,
            );
        }
        (1, _) => {
            deal_damage_steps(
                g,
                cont,
                opt,
                1,
                true,
                Dealers::Only(g.first),
                common::own_character,
            );
        }
        (AFTER_ATTACK, _) => {
            let d = g.attack.destroyed;
            if d != NO_CARD {
                let wp = g.def_of(d).willpower.max(0);
                let p = g.attack.player;
                g.raise_threat(p, wp);
            }
        }
        _ => {}
    }
}

fn covenant_shadow(g: &mut Game, me: CardId) {
    g.attack.after = me;
}

/// Step k (0..players): that player exhausts one of his characters (step PICK).
fn fog_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(q) = g.current_quest().filter(|&q| g.card(q).zone.in_play()) {
        g.attach(me, q, ENCOUNTER);
        log(g, |g| {
            format!("  {} attached to {}", g.title(me), g.title(q))
        });
    }
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0),
    });
}

fn fog_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == PICK {
        if let Opt::Card(c) = opt {
            g.exhaust(c);
            log(g, |g| format!("  {} is exhausted", g.title(c)));
        }
        return;
    }
    let Some(p) = common::next_player_turn(g, cont.card, cont.step) else {
        return;
    };
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    common::offer_ready_characters(g, p);
    g.ask_if_offered(Cont::new(cont.card, PICK).with(p, 0, 0));
}

fn fog_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::QuestPoints && g.card(me).zone == Zone::Attached(target);
    6 * on as i16
}

// ------------------------------------------------------------------ the Investigation

fn flips_when_defeated(_g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::FlipsWhenDefeated(me)
}

fn is_current(g: &Game, me: CardId) -> bool {
    g.card(me).zone == Zone::Staging && g.current_quest() == Some(me)
}

fn quiet_forced(g: &mut Game, me: CardId, ev: Event) {
    if g.card(me).zone != Zone::Staging {
        return;
    }
    match ev {
        Event::Revealing(e, _) | Event::EntersPlay(e)
            if is_current(g, me) && g.card(e).zone == Zone::Staging && undead_enemy(g, e) =>
        {
            // The first player in turn order among those with the highest threat.
            let seats = common::seats(g);
            let top = seats.iter().map(|&q| g.players[q as usize].threat).max();
            let Some(p) = seats
                .iter()
                .copied()
                .find(|&q| Some(g.players[q as usize].threat) == top)
            else {
                return;
            };
            let t = g.stat(e, Stat::Threat);
            g.engage(e, p);
            if g.card(e).zone == Zone::Engaged(p) && t > 0 {
                g.add_lasting(e, Lasting::StagingThreat(t), Until::EndOfPhase);
            }
        }
        Event::Destroyed(e) if g.is_enemy(e) => g.add_progress(me, 2),
        _ => {}
    }
}

fn sift_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Threat
        && g.is_location(target)
        && g.card(target).zone == Zone::Staging
        && is_current(g, me);
    on as i16
}

fn sift_forced(g: &mut Game, me: CardId, ev: Event) {
    if let Event::Explored(c, _) = ev {
        if g.card(me).zone == Zone::Staging && g.is_location(c) {
            g.add_progress(me, 2);
        }
    }
}

/// Decipher Ancient Texts' -2 Willpower reaches every ally, the objective-ally Amarthiúl too
/// (an objective-ally is an ally, RULES §8.3.1).
fn decipher_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Willpower
        && (g.is_ally(target) || g.ty(target) == CardType::ObjectiveAlly)
        && g.card(target).zone.in_play()
        && is_current(g, me);
    -2 * on as i16
}

fn decipher_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Staging
        && g.card(me).uses_round < 3
        && g.can_pay(p, Sphere::Neutral, 1)
}

fn decipher_act(g: &mut Game, me: CardId, p: u8) {
    g.pay(p, Sphere::Neutral, 1);
    common::count_use(g, me);
    g.add_progress(me, 1);
}

fn clue_can(g: &Game, me: CardId, p: u8) -> bool {
    g.card(me).zone == Zone::Staging
        && g.list(Zone::Play(p))
            .iter()
            .any(|&h| g.can_claim_with(p, h))
}

fn clue_act(g: &mut Game, me: CardId, p: u8) {
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for i in 0..g.list(Zone::Play(p)).len() {
        let h = g.list(Zone::Play(p))[i];
        if g.can_claim_with(p, h) {
            g.offer(Opt::Card(h));
        }
    }
    g.ask_if_offered(Cont::new(me, 0).with(p, 0, 0));
}

fn clue_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if let Opt::Card(h) = opt {
        g.claim_clue(cont.player, cont.card, h);
    }
}

fn holder_is(g: &Game, me: CardId, target: CardId) -> bool {
    g.clue_holder(me) == Some(target)
}

fn brand_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Attack
        && holder_is(g, me, target)
        && g.patk.enemy != NO_CARD
        && undead_enemy(g, g.patk.enemy)
        && g.patk.attackers().contains(&target);
    on as i16
}

fn heirloom_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    (s == Stat::Willpower && holder_is(g, me, target)) as i16
}

fn orders_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = s == Stat::Defense
        && holder_is(g, me, target)
        && g.attacking_enemy().is_some_and(|e| undead_enemy(g, e))
        && g.attack.defenders[..g.attack.n_defenders as usize].contains(&target);
    on as i16
}

/// What the bots know about these cards (`Script::hint`).
mod bot {
    use crate::cards::hints::prelude::*;

    /// Claiming a Clue: once the enemies engaged with us have attacked (the claimer's exhaustion
    /// then costs little); and on stage 2, where each claimed Clue takes 5 quest points off the
    /// stage at once, in the planning phase while a second hero stays ready.
    pub(super) fn claim_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        let attacked = g.engaged(p).iter().all(|&e| g.card(e).attacked);
        if g.phase == Phase::Combat && attacked || claim_before_quest(g, p) {
            60
        } else {
            0
        }
    }

    /// Stage 2B's planning phase with two or more ready heroes: a Clue left unclaimed there
    /// (the time ran out or no window came with a ready hero) is claimed before the quest.
    fn claim_before_quest(g: &Game, p: u8) -> bool {
        g.phase == Phase::Planning
            && g.main_quest()
                .is_some_and(|q| known_code(g, q) == super::STAGE_2B)
            && g.heroes(p).filter(|&h| ready(g, h)).count() >= 2
    }

    /// Decipher Ancient Texts' progress for a resource: with resources left over in the refresh
    /// phase (they would only carry over).
    pub(super) fn decipher_value(g: &Game, p: u8, _c: CardId, _ev: Option<Event>) -> i32 {
        if g.phase == Phase::Refresh && g.available(p, Sphere::Neutral) > 0 {
            25
        } else {
            0
        }
    }

    /// Dark Covenant: lose the progress (Mode 0) unless the damage (Mode 1) is small enough for
    /// our characters to take without a loss.
    pub(super) fn dark_covenant_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        if what != 0 {
            return None;
        }
        let spare: i16 = g
            .characters(p)
            .map(|c| (g.remaining_hp(c) - 1).max(0))
            .sum();
        let progress: i16 = g
            .list(Zone::Staging)
            .iter()
            .chain(g.list(Zone::Quest).iter())
            .map(|&q| g.card(q).progress)
            .sum();
        let take_damage = progress >= 4 && spare >= 6;
        find(o, Opt::Mode(if take_damage { 1 } else { 0 })).or_else(|| find(o, Opt::Mode(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{
        attack_with_shadow, drain, encounter_deck_of, heroes, reveal, reveal_resolving, sandbox_in,
        set_stage,
    };
    use crate::data::Mode;
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    /// engage57: Thaurdir attacks when a Sorcery treachery is revealed
    /// (`Hint::attacks_on_reveals`): while he is in play a Defense boost counts in the quest
    /// phase before staging.
    #[test]
    fn thaurdir_attacks_on_reveals_hint() {
        use crate::cards::hints::{boost_is_idle, hint};
        use crate::cards::testkit::defense_boost_window;
        let mut g = sandbox_in("the-treachery-of-rhudaur", Mode::Standard, &[HEROES]);
        let fg = defense_boost_window(&mut g, Phase::Quest);
        let before = boost_is_idle(&g, fg);
        let c = g.spawn(THAURDIR, ENCOUNTER, Zone::Engaged(0));
        assert!(hint(&g, c).attacks_on_reveals);
        assert!(!boost_is_idle(&g, fg), "in play");
        g.move_card(c, Zone::Removed);
        assert_eq!(boost_is_idle(&g, fg), before, "out of play");
        assert!(before, "nothing else attacks at staging");
    }
    const OTHER: &[&str] = &["Core-004", "Core-005", "Core-006"];
    const CURSED_DEAD: &str = "TLR-061";
    const CAUSEWAY: &str = "TLR-057";

    fn game(players: &[&[&str]]) -> Game<'static> {
        sandbox_in("the-treachery-of-rhudaur", Mode::Standard, players)
    }

    /// An encounter deck of `n` Ancient Causeways (threat 3, no When Revealed).
    fn plain_deck(g: &mut Game, n: usize) {
        encounter_deck_of(g, CAUSEWAY, n);
    }

    fn current(g: &mut Game, q: CardId) {
        g.phase = Phase::Quest;
        g.add_lasting(q, Lasting::CurrentQuest, Until::EndOfPhase);
    }

    #[test]
    fn secrets_of_rhudaur() {
        let mut g = game(&[HEROES, OTHER, OTHER]);
        let q = set_stage(&mut g, "TToR-094A");
        stage1a_setup(&mut g, q);
        assert_eq!(code(&g, g.active_location().unwrap()), GREAT_HALL);
        assert_eq!(g.card(find_thaurdir(&g).unwrap()).zone, Zone::SetAside);
        let staged: Vec<&str> = g.list(Zone::Staging).iter().map(|&c| code(&g, c)).collect();
        for sq in SIDE_QUESTS {
            assert!(staged.contains(&sq), "{sq} staged");
        }
        assert_eq!(
            staged.iter().filter(|&&c| c == CAUSEWAY).count(),
            2,
            "3 players"
        );
        let a = amarthiul::in_play(&g).unwrap();
        assert_eq!(g.card(a).zone, Zone::Play(0));
        // 1B: Time 5; never the current quest: only side quests are offered.
        g.flip_quest(q);
        assert_eq!(g.card(q).time, 5);
        assert!(g.rule(Rule::CannotBeCurrentQuest(q)));
        g.phase = Phase::Quest;
        g.push_run(Frame::Step(Step::QuestBegin));
        let opts = crate::cards::testkit::options(&g);
        assert_eq!(opts.len(), 3);
        assert!(!opts.contains(&Opt::Card(q)));
        // The time runs out: the side quests left are removed and the players advance.
        let sq = g.list(Zone::Staging)[0];
        let mut g2 = game(&[HEROES]);
        let q2 = set_stage(&mut g2, "TToR-094A");
        stage1a_setup(&mut g2, q2);
        g2.flip_quest(q2);
        g2.emit(Event::TimeRanOut(q2));
        drain(&mut g2);
        assert_eq!(code(&g2, g2.main_quest().unwrap()), "TToR-095B");
        assert!(!rhudaur_side_quests_in_play(&g2));
        let _ = sq;
        // With every side quest defeated (turned to its Clue) the players advance at once.
        let mut g3 = game(&[HEROES]);
        let q3 = set_stage(&mut g3, "TToR-094A");
        stage1a_setup(&mut g3, q3);
        g3.flip_quest(q3);
        let sqs: Vec<CardId> = g3
            .list(Zone::Staging)
            .iter()
            .copied()
            .filter(|&c| is_rhudaur_side_quest(&g3, c))
            .collect();
        for &s in &sqs {
            g3.card_mut(s).progress = 30;
            drain(&mut g3);
        }
        assert!(sqs.iter().all(|&s| g3.is_clue(s)));
        assert_eq!(code(&g3, g3.main_quest().unwrap()), "TToR-095B");
    }

    #[test]
    fn thaurdirs_pursuit() {
        let mut g = game(&[HEROES, OTHER]);
        let t = find_thaurdir(&g).unwrap();
        g.move_card(t, Zone::SetAside);
        let cd = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == CURSED_DEAD)
            .unwrap();
        let q = set_stage(&mut g, "TToR-095A");
        stage2a_revealed(&mut g, q, 0);
        assert_eq!(g.card(t).zone, Zone::Staging);
        drain(&mut g);
        let undead = g
            .list(Zone::Staging)
            .iter()
            .filter(|&&c| c != t && undead_enemy(&g, c))
            .count();
        assert_eq!(undead, 2, "one per player");
        let _ = cd;
        // 2B: 30 quest points, -5 per claimed Clue; not defeated while Thaurdir has hit points.
        let q = set_stage(&mut g, "TToR-095B");
        while let Some(&n) = g.list(Zone::QuestDeck).last() {
            g.move_card(n, Zone::Removed);
        }
        assert_eq!(g.stat(q, Stat::QuestPoints), 30);
        let clue = g.spawn("TToR-112", ENCOUNTER, Zone::Staging);
        let h = heroes(&g, 0)[0];
        g.claim_clue(0, clue, h);
        assert_eq!(g.stat(q, Stat::QuestPoints), 25);
        g.card_mut(q).progress = 25;
        g.settle();
        assert_eq!(g.outcome(), None, "Thaurdir still stands");
        g.deal_damage(t, 9);
        g.settle();
        assert_eq!(g.card(t).zone, Zone::Staging, "indestructible");
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn the_great_hall() {
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 3);
        let w = g.spawn("TToR-099", ENCOUNTER, Zone::EncounterDeck);
        let w2 = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDeck);
        let h = g.spawn(GREAT_HALL, ENCOUNTER, Zone::Active);
        g.add_progress(h, 8);
        g.settle();
        assert_eq!(g.card(h).zone, Zone::EncounterDiscard);
        // Five milled; the player picks one Undead enemy among them.
        assert_eq!(g.list(Zone::EncounterDeck).len(), 0);
        g.answer(Opt::Card(w));
        drain(&mut g);
        assert_eq!(g.card(w).zone, Zone::Staging);
        assert_eq!(g.card(w2).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn thaurdir() {
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 5);
        let t = g.spawn(THAURDIR, ENCOUNTER, Zone::Staging);
        assert!(g.rule(Rule::CannotHaveAttachments(t)));
        g.card_mut(t).damage = 5;
        // A Sorcery treachery from the deck: he heals 3 and attacks the first player.
        let s = g.spawn("TToR-108", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        let mut attacked = false;
        while let Some(d) = g.pending() {
            attacked |= matches!(d.ask, Ask::Defender { enemy } if enemy == t);
            g.apply(0);
        }
        assert_eq!(g.card(t).damage, 2);
        assert!(attacked, "an attack against the first player");
        // Not for a treachery without the trait.
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 5);
        let t = g.spawn(THAURDIR, ENCOUNTER, Zone::Staging);
        g.card_mut(t).damage = 5;
        let s = g.spawn("TToR-105", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert_eq!(g.card(t).damage, 5);
    }

    #[test]
    fn wight_of_rhudaur() {
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 5);
        let t = g.players[0].threat;
        let w = g.spawn("TToR-099", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(g.players[0].threat, t + 2, "doomed 2 at 0 progress");
        assert_eq!(g.list(Zone::EncounterDeck).len(), 5, "no surge");
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 1;
        let w = g.spawn("TToR-099", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, w);
        assert_eq!(g.players[0].threat, t + 2);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 4, "surge");
    }

    #[test]
    fn traitorous_wight() {
        let mut g = game(&[HEROES]);
        let q = g.main_quest().unwrap();
        let sq = g.spawn("TToR-109", ENCOUNTER, Zone::Staging);
        g.card_mut(q).progress = 3;
        g.card_mut(sq).progress = 1;
        let w = g.spawn("TToR-100", ENCOUNTER, Zone::Staging);
        g.engage(w, 0);
        drain(&mut g);
        assert_eq!(g.card(q).progress, 1);
        assert_eq!(g.card(sq).progress, 0);
        // Shadow: one progress off each quest per damage dealt.
        g.card_mut(q).progress = 5;
        g.card_mut(sq).progress = 5;
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToR-100");
        g.answer(Opt::Undefended);
        let h = heroes(&g, 0)[1];
        g.answer(Opt::Card(h));
        drain(&mut g);
        assert_eq!(g.card(h).damage, 3);
        assert_eq!(g.card(q).progress, 2);
        assert_eq!(g.card(sq).progress, 2);
    }

    #[test]
    fn forbidden_descent() {
        let mut g = game(&[HEROES]);
        let q = g.main_quest().unwrap();
        let d = g.spawn("TToR-101", ENCOUNTER, Zone::Staging);
        let t = g.players[0].threat;
        g.add_progress(q, 3);
        assert_eq!(g.card(d).progress, 2);
        assert_eq!(g.card(q).progress, 1);
        g.add_progress(q, 3);
        assert_eq!(g.card(d).progress, 2, "only the first 2 each round");
        assert_eq!(g.card(q).progress, 4);
        // A location takes its progress as usual.
        let l = g.spawn(CAUSEWAY, ENCOUNTER, Zone::Active);
        g.card_mut(d).uses_round = 0;
        g.add_progress(l, 1);
        assert_eq!(g.card(l).progress, 1);
        // Explored in the staging area: +2 threat each.
        g.add_progress(d, 4);
        g.settle();
        assert_eq!(g.card(d).zone, Zone::EncounterDiscard);
        assert_eq!(g.players[0].threat, t + 2);
    }

    /// Two staged copies: by default each takes its own first 2 progress of the round; with
    /// `diversion_per_copy` off, the round's first 2 are diverted once in all.
    #[test]
    fn forbidden_descent_two_copies() {
        for (per_copy, left) in [(true, 1), (false, 3)] {
            let mut g = game(&[HEROES]);
            let mut setup = g.setup.clone();
            setup.options.diversion_per_copy = per_copy;
            g.setup = Box::leak(Box::new(setup));
            let q = g.main_quest().unwrap();
            let a = g.spawn("TToR-101", ENCOUNTER, Zone::Staging);
            let b = g.spawn("TToR-101", ENCOUNTER, Zone::Staging);
            g.add_progress(q, 5);
            assert_eq!(g.card(q).progress, left, "per copy: {per_copy}");
            assert_eq!(g.card(a).progress + g.card(b).progress, 5 - left);
        }
    }

    #[test]
    fn eerie_halls() {
        let mut g = game(&[HEROES]);
        let e = g.spawn("TToR-102", ENCOUNTER, Zone::Staging);
        let t = g.players[0].threat;
        g.phase = Phase::Quest;
        g.act(0, Opt::Activate(e));
        assert_eq!(g.players[0].threat, t + 1);
        assert_eq!(g.stat(e, Stat::Threat), 4);
        // Shadow: without a Clue the enemy attacks once more.
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 3);
        let en = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, en, "TToR-102");
        g.answer(Opt::Undefended);
        let hs = heroes(&g, 0);
        g.answer(Opt::Card(hs[1]));
        assert!(matches!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy }) if enemy == en));
        // With a Clue, no second attack.
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let clue = g.spawn("TToR-110", ENCOUNTER, Zone::Staging);
        g.claim_clue(0, clue, hs[0]);
        let en = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, en, "TToR-102");
        g.answer(Opt::Undefended);
        g.answer(Opt::Card(hs[1]));
        drain(&mut g);
        assert_eq!(g.card(hs[1]).damage, 3);
    }

    /// rhc52: Eerie Halls' hint says its shadow brings one more attack without a Clue.
    #[test]
    fn eerie_halls_hint_no_clue_shadow() {
        let g = game(&[HEROES]);
        let e = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == "TToR-102");
        let e = e.expect("a copy in the Standard encounter deck");
        let h = crate::cards::hints::hint(&g, e);
        assert_eq!(h.no_clue_shadow, NoClueShadow::AttacksAgain);
        assert!(g.may_hint(crate::cards::hints::hint_set::NO_CLUE_SHADOW));
    }

    #[test]
    fn ghostly_ruins() {
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 0);
        let cd = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDiscard);
        g.spawn(CAUSEWAY, ENCOUNTER, Zone::EncounterDiscard);
        let r = g.spawn("TToR-103", ENCOUNTER, Zone::Staging);
        g.reset_encounter_deck();
        assert_eq!(g.card(cd).zone, Zone::Staging);
        // Travel: the newest Undead enemy of the discard pile is staged; none, no travel.
        let cd2 = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDiscard);
        assert!(ghostly_travel(&mut g, r, true));
        assert_eq!(g.card(cd2).zone, Zone::Staging);
        assert!(!ghostly_travel(&mut g, r, false));
    }

    #[test]
    fn decrepit_remains() {
        let mut g = game(&[HEROES]);
        let l = g.spawn(CAUSEWAY, ENCOUNTER, Zone::Staging);
        let sq = g.spawn("TToR-113", ENCOUNTER, Zone::Staging);
        let d = g.spawn("TToR-104", ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(l, Stat::QuestPoints), 4);
        assert_eq!(g.stat(sq, Stat::QuestPoints), 16);
        assert_eq!(g.stat(d, Stat::QuestPoints), 5);
        g.move_card(d, Zone::Active);
        assert_eq!(g.stat(l, Stat::QuestPoints), 2);
        // Shadow: one progress off each quest per damage dealt.
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 4;
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToR-104");
        g.answer(Opt::Undefended);
        let h = heroes(&g, 0)[1];
        g.answer(Opt::Card(h));
        drain(&mut g);
        assert_eq!(g.card(q).progress, 1);
    }

    #[test]
    fn centuries_of_sorrow() {
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 3);
        let a = g.spawn("TToR-109", ENCOUNTER, Zone::Staging);
        let b = g.spawn("TToR-111", ENCOUNTER, Zone::Staging);
        current(&mut g, a);
        let s = g.spawn("TToR-105", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        // The main quest (stage 1B) cannot be chosen, nor the current one: only b.
        g.settle();
        assert_eq!(g.current_quest(), Some(b));
        drain(&mut g);
        assert_eq!(g.list(Zone::EncounterDeck).len(), 2, "surge");
        // Shadow: undefended for a player without a Clue.
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToR-105");
        g.answer(Opt::Card(hs[0]));
        g.answer(Opt::Card(hs[2]));
        drain(&mut g);
        assert_eq!(g.card(hs[0]).damage, 0, "the defender takes nothing");
        assert_eq!(g.card(hs[2]).damage, 3);
    }

    /// rhc52: Centuries of Sorrow's hint says its shadow makes the attack undefended without a
    /// Clue.
    #[test]
    fn centuries_of_sorrow_hint_no_clue_shadow() {
        let mut g = game(&[HEROES]);
        let s = g.spawn("TToR-105", ENCOUNTER, Zone::EncounterDiscard);
        let h = crate::cards::hints::hint(&g, s);
        assert_eq!(h.no_clue_shadow, NoClueShadow::Undefended);
    }

    #[test]
    fn curse_of_the_years() {
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        g.exhaust(hs[0]);
        let w = g.spawn("Core-010", 0, Zone::Hand(0));
        g.attach(w, hs[0], 0);
        g.exhaust(w);
        let t = g.spawn("TToR-106", ENCOUNTER, Zone::Resolving);
        curse_revealed(&mut g, t, 0);
        assert_eq!(g.card(hs[0]).damage, 1);
        assert_eq!(g.card(hs[1]).damage, 0);
        assert_eq!(g.card(w).zone, Zone::Attached(hs[0]), "threat below 35");
        g.players[0].threat = 35;
        curse_revealed(&mut g, t, 0);
        assert_eq!(g.card(w).zone, Zone::Discard(0));
        // Shadow: +3 Attack without a Clue (Cursed Dead 3 + 3 against Aragorn's 2 Defense).
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToR-106");
        g.answer(Opt::Card(hs[0]));
        drain(&mut g);
        assert_eq!(g.card(hs[0]).damage, 4);
        // +1 only with a Clue.
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let c = g.spawn("TToR-112", ENCOUNTER, Zone::Staging);
        g.claim_clue(0, c, hs[1]);
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TToR-106");
        g.answer(Opt::Card(hs[0]));
        drain(&mut g);
        assert_eq!(g.card(hs[0]).damage, 2);
    }

    /// rhc52: Curse of the Years' hint says its shadow adds 2 more Attack without a Clue (the
    /// card's test above: 2 damage with a Clue, 4 without); the other shadows of the set carry
    /// no such hint.
    #[test]
    fn curse_of_the_years_hint_no_clue_shadow() {
        let mut g = game(&[HEROES]);
        let s = g.spawn("TToR-106", ENCOUNTER, Zone::EncounterDiscard);
        let h = crate::cards::hints::hint(&g, s);
        assert_eq!(h.no_clue_shadow, NoClueShadow::Attack(2));
        let other = g.spawn("TToR-107", ENCOUNTER, Zone::EncounterDiscard);
        let h = crate::cards::hints::hint(&g, other);
        assert_eq!(h.no_clue_shadow, NoClueShadow::None);
    }

    /// rhc52: the Attack points of the no-Clue shadows still unseen count the copies in the
    /// encounter deck (Standard: two Eerie Halls, two Centuries of Sorrow, three Curse of the
    /// Years, 2·4 + 2·3 + 3·2; Easy: one of each) and drop as a copy is seen.
    #[test]
    fn no_clue_shadows_left_count_eerie_halls_centuries_of_sorrow_and_curse_of_the_years() {
        use crate::cards::hints::no_clue_harm_left;
        let mut g = game(&[HEROES]);
        assert_eq!(no_clue_harm_left(&g), 20);
        let e = g
            .list(Zone::EncounterDeck)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == "TToR-102");
        g.move_card(e.unwrap(), Zone::EncounterDiscard);
        assert_eq!(no_clue_harm_left(&g), 16);
        let easy = sandbox_in("the-treachery-of-rhudaur", Mode::Easy, &[HEROES]);
        assert_eq!(no_clue_harm_left(&easy), 9);
        let other = sandbox_in("intruders-in-chetwood", Mode::Standard, &[HEROES]);
        assert_eq!(no_clue_harm_left(&other), 0);
    }

    #[test]
    fn dark_covenant() {
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 3);
        let q = g.main_quest().unwrap();
        g.card_mut(q).progress = 10;
        let d = g.spawn("TToR-107", ENCOUNTER, Zone::Resolving);
        covenant_revealed(&mut g, d, 0);
        g.settle();
        g.answer(Opt::Mode(0));
        assert_eq!(g.card(q).progress, 1, "3 Causeways: X = 9");
        // Damage instead: 9 points among the first player's characters.
        let mut g = game(&[HEROES]);
        plain_deck(&mut g, 3);
        let hs = heroes(&g, 0);
        let d = g.spawn("TToR-107", ENCOUNTER, Zone::Resolving);
        covenant_revealed(&mut g, d, 0);
        g.settle();
        // No progress to lose: damage is the only choice, so it is not asked.
        assert!(!crate::cards::testkit::options(&g).contains(&Opt::Mode(0)));
        for i in 0..9 {
            g.answer(Opt::Card(hs[i % 3]));
        }
        let total: i16 = hs.iter().map(|&h| g.card(h).damage).sum();
        assert_eq!(total, 9);
        // Shadow: a character killed by the attack raises its player's threat by its Willpower.
        let mut g = game(&[HEROES]);
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        let t = g.players[0].threat;
        attack_with_shadow(&mut g, e, "TToR-107");
        g.answer(Opt::Card(ally));
        drain(&mut g);
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert_eq!(g.players[0].threat, t + 1);
    }

    #[test]
    fn haunting_fog() {
        let mut g = game(&[HEROES, OTHER]);
        let q = g.main_quest().unwrap();
        let sq = g.spawn("TToR-111", ENCOUNTER, Zone::Staging);
        current(&mut g, sq);
        let f = g.spawn("TToR-108", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, f);
        assert_eq!(g.card(f).zone, Zone::Attached(sq));
        assert_eq!(g.stat(sq, Stat::QuestPoints), 24);
        let _ = q;
        for p in 0..2 {
            let ex = g.characters(p).filter(|&c| g.card(c).exhausted).count();
            assert_eq!(ex, 1, "each player exhausts one character");
        }
        // Defeated, the side quest turns over and the Fog is discarded.
        g.card_mut(sq).progress = 24;
        drain(&mut g);
        assert!(g.is_clue(sq));
        assert_eq!(g.card(f).zone, Zone::EncounterDiscard);
    }

    #[test]
    fn quiet_the_spirits() {
        let mut g = game(&[HEROES, OTHER]);
        plain_deck(&mut g, 3);
        let sq = g.spawn("TToR-109", ENCOUNTER, Zone::Staging);
        current(&mut g, sq);
        g.players[1].threat = 40;
        let cd = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, cd);
        assert_eq!(g.card(cd).zone, Zone::Engaged(1), "the highest threat");
        assert_eq!(g.staging_threat(), 1, "it still counts its Threat");
        // A destroyed enemy puts 2 progress here.
        g.deal_damage(cd, 5);
        g.settle();
        assert_eq!(g.card(sq).progress, 2);
        // Defeated: it turns to Daechanar's Brand and stays staged.
        g.card_mut(sq).progress = 16;
        drain(&mut g);
        assert_eq!(code(&g, sq), "TToR-110");
        assert_eq!(g.card(sq).zone, Zone::Staging);
        assert_eq!(g.card(sq).progress, 0);
        assert!(g.list(Zone::Victory).is_empty());
        g.check_invariants().unwrap();
    }

    /// Cursed Dead put back into play from the encounter discard pile enter play too, so under
    /// Quiet the Spirits each copy engages the highest-threat player (session 51: they used to
    /// stay staged).
    #[test]
    fn quiet_the_spirits_engages_cursed_dead_put_into_play_from_the_discard_pile() {
        let mut g = game(&[HEROES, OTHER]);
        plain_deck(&mut g, 3);
        let sq = g.spawn("TToR-109", ENCOUNTER, Zone::Staging);
        current(&mut g, sq);
        g.players[1].threat = 40;
        let a = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDiscard);
        let b = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDiscard);
        let cd = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, cd);
        for c in [cd, a, b] {
            assert_eq!(
                g.card(c).zone,
                Zone::Engaged(1),
                "each copy engages the highest threat"
            );
        }
        assert_eq!(
            g.staging_threat(),
            3,
            "each still counts its Threat this phase"
        );
        g.check_invariants().unwrap();
    }

    #[test]
    fn daechanars_brand() {
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let b = g.spawn("TToR-110", ENCOUNTER, Zone::Staging);
        let a = g.spawn(amarthiul::AMARTHIUL, ENCOUNTER, Zone::Play(0));
        g.phase = Phase::Combat;
        assert!(crate::cards::testkit::actions(&mut g).contains(&Opt::Activate(b)));
        g.act(0, Opt::Activate(b));
        let opts = crate::cards::testkit::options(&g);
        assert!(opts.contains(&Opt::Card(a)) && opts.contains(&Opt::Card(hs[0])));
        g.answer(Opt::Card(a));
        assert_eq!(g.card(b).zone, Zone::Attached(a));
        assert!(g.card(a).exhausted);
        assert!(g.controls_clue(0));
        // +1 Attack while attacking an Undead enemy.
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        assert_eq!(g.stat(a, Stat::Attack), 3);
        g.patk.enemy = e;
        g.patk.attackers[0] = a;
        g.patk.n_attackers = 1;
        assert_eq!(g.stat(a, Stat::Attack), 4);
        // Its holder leaves play: the Clue goes back to the staging area.
        g.patk.enemy = NO_CARD;
        g.patk.n_attackers = 0;
        let h = hs[0];
        let c2 = g.spawn("TToR-114", ENCOUNTER, Zone::Staging);
        g.claim_clue(0, c2, h);
        g.deal_damage(h, 20);
        g.settle();
        assert_eq!(g.card(c2).zone, Zone::Staging);
    }

    #[test]
    fn sift_through_the_debris() {
        let mut g = game(&[HEROES]);
        let sq = g.spawn("TToR-111", ENCOUNTER, Zone::Staging);
        let l = g.spawn(CAUSEWAY, ENCOUNTER, Zone::Staging);
        assert_eq!(g.stat(l, Stat::Threat), 3);
        current(&mut g, sq);
        assert_eq!(g.stat(l, Stat::Threat), 4);
        let a = g.spawn(CAUSEWAY, ENCOUNTER, Zone::Active);
        assert_eq!(g.stat(a, Stat::Threat), 3, "only staged locations");
        g.add_progress(a, 2);
        g.settle();
        assert_eq!(g.card(sq).progress, 2);
        g.card_mut(sq).progress = 18;
        drain(&mut g);
        assert_eq!(code(&g, sq), "TToR-112");
    }

    #[test]
    fn heirloom_of_iarchon() {
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let c = g.spawn("TToR-112", ENCOUNTER, Zone::Staging);
        let wp = g.stat(hs[1], Stat::Willpower);
        g.act(0, Opt::Activate(c));
        g.answer(Opt::Card(hs[1]));
        assert_eq!(g.stat(hs[1], Stat::Willpower), wp + 1);
        assert!(g.card(hs[1]).exhausted);
        assert_eq!(g.clues_claimed(), 1);
    }

    #[test]
    fn decipher_ancient_texts() {
        let mut g = game(&[HEROES]);
        let sq = g.spawn("TToR-113", ENCOUNTER, Zone::Staging);
        let ally = g.spawn("Core-014", 0, Zone::Play(0));
        let hs = heroes(&g, 0);
        let wp = g.stat(hs[0], Stat::Willpower);
        assert_eq!(g.stat(ally, Stat::Willpower), 2);
        current(&mut g, sq);
        assert_eq!(g.stat(ally, Stat::Willpower), 0);
        assert_eq!(g.stat(hs[0], Stat::Willpower), wp, "heroes untouched");
        // 1 resource, 1 progress; three times a round.
        for &h in &hs {
            g.card_mut(h).resources = 2;
        }
        for _ in 0..3 {
            g.act(0, Opt::Activate(sq));
        }
        assert_eq!(g.card(sq).progress, 3);
        assert_eq!(g.available(0, Sphere::Neutral), 3);
        assert!(!crate::cards::testkit::actions(&mut g).contains(&Opt::Activate(sq)));
        // The bots read that its Action buys progress with resources (rh49's `bank_progress`).
        assert!(g.script(sq).unwrap().hint.buys_progress);
        g.card_mut(sq).progress = 14;
        drain(&mut g);
        assert_eq!(code(&g, sq), "TToR-114");
    }

    #[test]
    fn clue_claimed_in_planning_on_thaurdirs_pursuit() {
        // An unclaimed Clue on stage 2B: worth claiming in the planning phase while two heroes
        // are ready; not on stage 1B's planning phase, nor with one ready hero.
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let c = g.spawn("TToR-112", ENCOUNTER, Zone::Staging);
        g.phase = Phase::Planning;
        set_stage(&mut g, "TToR-094B");
        assert_eq!(bot::claim_value(&g, 0, c, None), 0);
        set_stage(&mut g, "TToR-095B");
        assert_eq!(bot::claim_value(&g, 0, c, None), 60);
        g.exhaust(hs[0]);
        g.exhaust(hs[1]);
        assert_eq!(bot::claim_value(&g, 0, c, None), 0);
    }

    #[test]
    fn decipher_ancient_texts_lowers_amarthiul() {
        // The objective-ally Amarthiúl is an ally: 1 Willpower, 0 while Decipher is current.
        let mut g = game(&[HEROES]);
        let sq = g.spawn("TToR-113", ENCOUNTER, Zone::Staging);
        let a = g.spawn(amarthiul::AMARTHIUL, ENCOUNTER, Zone::Play(0));
        assert_eq!(g.stat(a, Stat::Willpower), 1);
        current(&mut g, sq);
        assert_eq!(g.stat(a, Stat::Willpower), 0);
    }

    #[test]
    fn orders_from_angmar() {
        let mut g = game(&[HEROES]);
        let hs = heroes(&g, 0);
        let c = g.spawn("TToR-114", ENCOUNTER, Zone::Staging);
        g.claim_clue(0, c, hs[2]);
        let def = g.stat(hs[2], Stat::Defense);
        let e = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
        g.attack = AttackCtx::new(e, 0, false);
        g.attack.defenders[0] = hs[2];
        g.attack.n_defenders = 1;
        assert_eq!(g.stat(hs[2], Stat::Defense), def + 1);
        g.attack.n_defenders = 0;
        assert_eq!(g.stat(hs[2], Stat::Defense), def);
    }
}
