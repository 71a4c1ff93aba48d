//! Intruders in Chetwood: its quest card, and the Intruders in Chetwood, Iârion, Eriador Wilds
//! and Angmar Orcs encounter sets. Each script has a one-line summary in our own words.

use crate::cards::hints::{Hint, LOST, NO_HINT, SHADOW_ATTACK_1};
use crate::cards::{Rule, Script, BLANK};
use crate::data::CardType;
use crate::engine::*;
use crate::events;

pub static SCRIPTS: &[Script] = &[
    // Stage 1A setup: Iârion into play, an Orc War Party and one location per player to the
    // staging area, then shuffle.
    Script {
        code: "TLR-068A",
        setup: Some(stage1a_setup),
        resume: Some(stage1a_resume),
        ..BLANK
    },
    // Stage 1B: no engagement checks; threat +1 per staging enemy at the end of each refresh
    // phase; cannot be defeated unless the first player controls Iârion; defeating it wins.
    Script {
        code: "TLR-068B",
        rule: Some(stage1b_rule),
        rule_on: crate::rules![CannotDefeat, NoEngagementChecks],
        forced: Some(stage1b_forced),
        forced_on: events![PhaseEnd],
        ..BLANK
    },
    // Iârion: X = quest cards in play; follows the first player; readies after a side quest is
    // revealed; the players lose if he leaves play.
    Script {
        code: "TLR-016",
        x: Some(quest_cards_x),
        forced: Some(iarion_forced),
        forced_on: events![FirstPlayerChanged, LeftPlay],
        can_respond: Some(iarion_can_respond),
        respond_on: events![Revealed],
        respond: Some(iarion_respond),
        ..BLANK
    },
    // Orc War Party: no attachments; while staged, staged enemies cannot take damage; the players
    // cannot win while it is in play.
    Script {
        code: "TLR-017",
        rule: Some(orc_war_party_rule),
        rule_on: crate::rules![CannotHaveAttachments, CannotTakeDamage, CannotWin],
        ..BLANK
    },
    // Chetwood Forest: travelling costs an enemy engagement; shadow: exhaust a hero or the
    // attacker goes back to the staging area after the attack.
    Script {
        code: "TLR-018",
        hint: Hint {
            travel_engages_enemy: true,
            effect: Some(bot::chetwood_forest_effect),
            ..NO_HINT
        },
        travel: Some(chetwood_travel),
        shadow: Some(chetwood_shadow),
        resume: Some(chetwood_resume),
        mode_names: &[(1, 0, "return the attacker to the staging area")],
        ..BLANK
    },
    // Borders of Bree-land: while staged, pulls one engaged enemy back at the start of the quest
    // phase; shadow: the defender loses 1 Defense per quest stage.
    Script {
        code: "TLR-019",
        hint: Hint {
            effect: Some(bot::borders_of_bree_land_effect),
            ..NO_HINT
        },
        forced: Some(borders_forced),
        forced_on: events![PhaseBegin],
        shadow: Some(borders_shadow),
        resume: Some(borders_resume),
        ..BLANK
    },
    // Outlying Homestead: while staged, no threat reduction; travelling reveals an encounter card.
    Script {
        code: "TLR-020",
        hint: Hint {
            travel_reveals: 1,
            blocks_threat_reduction: true,
            ..NO_HINT
        },
        rule: Some(homestead_rule),
        rule_on: crate::rules![CannotReduceThreat],
        travel: Some(homestead_travel),
        ..BLANK
    },
    // Sudden Assault (cannot be canceled): a winning quest makes every staged enemy attack the
    // first player; if nothing attacks, an Orc War Party is fetched into the staging area.
    Script {
        code: "TLR-021",
        hint: Hint {
            reveal_attack: true,
            ..NO_HINT
        },
        when_revealed: Some(sudden_assault),
        uncancelable: true,
        ..BLANK
    },
    // Surprising Speed: each player sends one engaged enemy back; if none went back it surges and
    // raises threat by 1; shadow: +1 Attack and the attacker goes back after the attack.
    Script {
        code: "TLR-022",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            effect: Some(bot::borders_of_bree_land_effect),
            ..NO_HINT
        },
        when_revealed: Some(surprising_speed),
        shadow: Some(surprising_speed_shadow),
        resume: Some(surprising_speed_resume),
        ..BLANK
    },
    // Orc Rearguard: at most 3 progress on the current quest each round; as the current quest it
    // reveals one more card after staging.
    Script {
        code: "TLR-023",
        hint: Hint {
            side_quest_priority: 50,
            side_quest_harm: Some(1),
            side_quest_reveals_more: true,
            ..NO_HINT
        },
        rule: Some(rearguard_rule),
        rule_on: crate::rules![QuestProgressCap3],
        forced: Some(rearguard_forced),
        forced_on: events![StagingEnded],
        ..BLANK
    },
    // Rescue Iârion (Time 4): Iârion goes under it; defeating it gives him back exhausted; when
    // time runs out Iârion is discarded (and the players lose).
    Script {
        code: "TLR-024",
        hint: Hint {
            side_quest_priority: 100,
            side_quest_harm: Some(4),
            deadline_harm: LOST,
            ..NO_HINT
        },
        when_revealed: Some(rescue_revealed),
        forced: Some(rescue_forced),
        forced_on: events![SideQuestDefeated, TimeRanOut],
        ..BLANK
    },
    // Angmar Orc: discard an ally or reveal one more card; shadow: +1 Attack, and back to the
    // staging area if the attack kills an ally.
    Script {
        code: "TLR-043",
        hint: Hint {
            shadow_attack: SHADOW_ATTACK_1,
            effect: Some(bot::angmar_orc_effect),
            ..NO_HINT
        },
        when_revealed: Some(angmar_orc),
        shadow: Some(angmar_orc_shadow),
        resume: Some(angmar_orc_resume),
        mode_names: &[(0, 0, "reveal another encounter card")],
        ..BLANK
    },
    // Angmar Marauder: back to the staging area after its attack kills an ally; shadow: +1 Attack
    // per ally of the defending player.
    Script {
        code: "TLR-044",
        forced: Some(marauder_forced),
        forced_on: events![EnemyAttackEnded],
        shadow: Some(marauder_shadow),
        ..BLANK
    },
    // Angmar Captain: after its attack kills an ally, mill the defender's top card; an ally milled
    // means another attack.
    Script {
        code: "TLR-045",
        forced: Some(captain_forced),
        forced_on: events![EnemyAttackEnded],
        ..BLANK
    },
    // Orc Ambush: Orc enemies get +1 Threat/Attack/Defense; each player fetches an Orc enemy and
    // engages it.
    Script {
        code: "TLR-046",
        hint: Hint {
            side_quest_priority: 60,
            side_quest_harm: Some(2),
            ..NO_HINT
        },
        modify: Some(orc_ambush_modify),
        global: true,
        global_on: crate::cards::GlobalScope::enemies(&[Stat::Threat, Stat::Attack, Stat::Defense]),
        when_revealed: Some(orc_ambush),
        resume: Some(orc_ambush_resume),
        ..BLANK
    },
    // Rugged Country: +2 Threat while a side quest is the current quest; shadow: +1 Attack per
    // quest card in play.
    Script {
        code: "TLR-047",
        hint: Hint {
            shadow_attack: Some(|g, _| g.quest_cards_in_play()),
            ..NO_HINT
        },
        modify: Some(rugged_modify),
        shadow: Some(rugged_shadow),
        ..BLANK
    },
    // Shrouded Hills: threat X = quest cards in play; surges while only one quest card is in play.
    Script {
        code: "TLR-048",
        x: Some(quest_cards_x),
        rule: Some(shrouded_rule),
        rule_on: crate::rules![GainsSurge],
        ..BLANK
    },
    // Pressing Needs: fetch and reveal an encounter side quest, or switch the current quest;
    // shuffle.
    Script {
        code: "TLR-049",
        hint: Hint {
            effect: Some(bot::pressing_needs_effect),
            ..NO_HINT
        },
        when_revealed: Some(pressing_needs),
        resume: Some(pressing_needs_resume),
        mode_names: &[(0, 0, "search the encounter deck for a side quest")],
        ..BLANK
    },
    // Weight of Responsibility: reveal one card per quest card in play; shadow: the defending
    // player discards one attachment per quest card in play.
    Script {
        code: "TLR-050",
        hint: Hint {
            effect: Some(bot::weight_of_responsibility_effect),
            ..NO_HINT
        },
        when_revealed: Some(weight_revealed),
        shadow: Some(weight_shadow),
        resume: Some(weight_resume),
        ..BLANK
    },
    // Lost in the Wilderness: every hand goes underneath it until it is defeated.
    Script {
        code: "TLR-051",
        hint: Hint {
            side_quest_priority: 40,
            side_quest_harm: Some(3),
            ..NO_HINT
        },
        when_revealed: Some(lost_revealed),
        forced: Some(lost_forced),
        forced_on: events![SideQuestDefeated],
        ..BLANK
    },
];

const IARION: &str = "TLR-016";
const ORC_WAR_PARTY: &str = "TLR-017";

fn quest_cards_x(g: &Game, _me: CardId) -> i16 {
    g.quest_cards_in_play()
}

fn code<'g>(g: &'g Game, c: CardId) -> &'g str {
    &g.def_of(c).code
}

/// Iârion wherever he is.
fn find_iarion(g: &Game) -> Option<CardId> {
    let all = || (0..g.cards.len() as CardId).filter(|&c| is_iarion(g, c));
    all()
        .find(|&c| g.card(c).zone.in_play())
        .or_else(|| all().find(|&c| matches!(g.card(c).zone, Zone::Under(_))))
        .or_else(|| all().next())
}

/// `find_iarion` when he is in play (the lowest card id among the copies in play), else
/// `None`: the cards in play only, not every card of the game (asked at every state-based
/// check while stage 1B has its quest points). The type test first, the code only for
/// objective-allies (a card shown as another face, a Reanimated Dead, is not of his code).
fn iarion_in_play(g: &Game) -> Option<CardId> {
    // (Plain nested loops over the lists of `in_play_cards`: asked at every state-based check.)
    let mut min: Option<CardId> = None;
    for l in g.in_play_slices() {
        for &c in l {
            if g.ty(c) == CardType::ObjectiveAlly
                && code(g, c) == IARION
                && min.is_none_or(|m| c < m)
            {
                min = Some(c);
            }
        }
    }
    min
}

/// Iârion (the type test first: a code is compared only for objective-allies; the encounter
/// piles are searched by it at setup).
fn is_iarion(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::ObjectiveAlly && code(g, c) == IARION
}

/// The Orc War Party (the type test first, as `is_iarion`).
fn is_orc_war_party(g: &Game, c: CardId) -> bool {
    g.ty(c) == CardType::Enemy && code(g, c) == ORC_WAR_PARTY
}

/// Cards in the encounter deck, then the discard pile, matching `f` (search order).
fn search_encounter(g: &Game, f: impl Fn(CardId) -> bool) -> Option<CardId> {
    let deck = g.list(Zone::EncounterDeck).iter().rev();
    let discard = g.list(Zone::EncounterDiscard).iter().rev();
    deck.chain(discard).copied().find(|&c| f(c))
}

// ------------------------------------------------------------------ quest stage 1

fn stage1a_setup(g: &mut Game, me: CardId) {
    if let Some(i) = search_encounter(g, |c| is_iarion(g, c)) {
        let first = g.first;
        g.move_card(i, Zone::Play(first));
        g.card_mut(i).controller = first;
    }
    if let Some(w) = search_encounter(g, |c| is_orc_war_party(g, c)) {
        g.move_card(w, Zone::Staging);
    }
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, 0),
    });
}

/// Step 0 + k: player k (offset from the first player) adds a location with a title no other
/// player added; step 100 shuffles.
fn stage1a_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step >= 100 {
        g.shuffle(Zone::EncounterDeck);
        return;
    }
    let k = cont.step;
    if let Opt::Card(l) = opt {
        if cont.a == 1 {
            g.move_card(l, Zone::Staging);
        }
    }
    if cont.a == 1 || k >= g.n_players {
        // Next player (or done).
        let next = if cont.a == 1 { k + 1 } else { k };
        if next >= g.n_players {
            g.shuffle(Zone::EncounterDeck);
            return;
        }
        return stage1a_ask(g, cont.card, next);
    }
    stage1a_ask(g, cont.card, k)
}

// (The titles offered so far scanned in place: `contains` was an out-of-line call, speed22.)
#[allow(clippy::manual_contains)]
fn stage1a_ask(g: &mut Game, me: CardId, k: u8) {
    let p = g.seat(k);
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    let mut titles: [u16; 16] = [u16::MAX; 16];
    let mut n = 0;
    for i in (0..g.list(Zone::EncounterDeck).len()).rev() {
        let c = g.list(Zone::EncounterDeck)[i];
        if !g.is_location(c) {
            continue;
        }
        let def = g.card(c).def;
        let staged = g
            .list(Zone::Staging)
            .iter()
            .any(|&s| g.def_of(s).title == g.def_of(c).title);
        if staged || titles[..n].iter().any(|&t| t == def) || n >= titles.len() {
            continue;
        }
        titles[n] = def;
        n += 1;
        g.offer(Opt::Card(c));
    }
    if n == 0 {
        g.shuffle(Zone::EncounterDeck);
        return;
    }
    g.ask_script(Cont::new(me, k).with(p, 1, 0));
}

fn stage1b_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::NoEngagementChecks => true,
        Rule::CannotDefeat(q) if q == me => {
            let first = g.first;
            !iarion_in_play(g)
                .map(|i| g.card(i).zone == Zone::Play(first) && g.controller(i) == first)
                .unwrap_or(false)
        }
        _ => false,
    }
}

fn stage1b_forced(g: &mut Game, _me: CardId, ev: Event) {
    if matches!(ev, Event::PhaseEnd(Phase::Refresh)) {
        let n = g
            .list(Zone::Staging)
            .iter()
            .filter(|&&c| g.is_enemy(c))
            .count() as i16;
        for p in 0..g.n_players {
            g.raise_threat(p, n);
        }
    }
}

// ------------------------------------------------------------------ Iârion

fn iarion_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::FirstPlayerChanged(p) => {
            if let Zone::Play(q) = g.card(me).zone {
                if q != p && !g.players[p as usize].eliminated {
                    g.move_card_keep(me, Zone::Play(p));
                    g.card_mut(me).controller = p;
                }
            }
        }
        Event::LeftPlay(c) if c == me => g.end_game(crate::record::Outcome::LossScenario),
        _ => {}
    }
}

fn iarion_can_respond(g: &Game, me: CardId, seat: u8, ev: Event) -> bool {
    matches!(ev, Event::Revealed(s, true) if g.is_side_quest(s))
        && g.card(me).zone == Zone::Play(seat)
        && !g.is_ready(me)
}

fn iarion_respond(g: &mut Game, me: CardId, _seat: u8, _ev: Event) {
    g.ready(me);
}

// ------------------------------------------------------------------ Intruders in Chetwood set

fn orc_war_party_rule(g: &Game, me: CardId, r: Rule) -> bool {
    match r {
        Rule::CannotHaveAttachments(c) => c == me,
        Rule::CannotWin => true,
        Rule::CannotTakeDamage(t) => {
            g.card(me).zone == Zone::Staging && g.card(t).zone == Zone::Staging && g.is_enemy(t)
        }
        _ => false,
    }
}

fn chetwood_travel(g: &mut Game, me: CardId, pay: bool) -> bool {
    let any = g.list(Zone::Staging).iter().any(|&c| g.is_enemy(c));
    if pay && any {
        // "One player" engages: the first player decides which player (§7.1.2), who then picks
        // the enemy.
        let first = g.first;
        g.begin_ask(first, Ask::Effect { card: me, what: 2 });
        for o in 0..g.n_players {
            let q = g.seat(o);
            if !g.players[q as usize].eliminated {
                g.offer(Opt::Player(q));
            }
        }
        g.ask_script(Cont::new(me, 2).with(first, 0, 0));
    }
    any
}

fn chetwood_shadow(g: &mut Game, me: CardId) {
    let p = g.attack.player;
    g.begin_ask(p, Ask::Effect { card: me, what: 1 });
    g.offer(Opt::Mode(0));
    for i in 0..g.list(Zone::Play(p)).len() {
        let h = g.list(Zone::Play(p))[i];
        if g.is_hero(h) && g.is_ready(h) {
            g.offer(Opt::Card(h));
        }
    }
    g.ask_script(Cont::new(me, 1).with(p, 0, 0));
}

fn chetwood_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (2, Opt::Player(q)) => {
            g.begin_ask(
                q,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            for i in 0..g.list(Zone::Staging).len() {
                let c = g.list(Zone::Staging)[i];
                if g.is_enemy(c) {
                    g.offer(Opt::Card(c));
                }
            }
            if g.n_offered() > 0 {
                g.ask_script(Cont::new(cont.card, 0).with(q, 0, 0));
            }
        }
        (0, Opt::Card(e)) => g.engage(e, cont.player),
        (1, Opt::Card(h)) => g.exhaust(h),
        (1, _) => g.attack.return_enemy = true,
        _ => {}
    }
}

fn borders_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev != Event::PhaseBegin(Phase::Quest) || g.card(me).zone != Zone::Staging {
        return;
    }
    // Asked when its frame comes up: another Forced effect of the quest phase's start (a
    // second Borders) or the choice of the current quest may be asking now.
    g.stack.push(Frame::Resume {
        cont: Cont::new(me, BORDERS_ASK),
    });
}

/// `borders_resume`'s step that asks which engaged enemy goes back.
const BORDERS_ASK: u8 = 1;

fn borders_ask(g: &mut Game, me: CardId) {
    let p = g.first;
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    for o in 0..g.n_players {
        let q = g.seat(o);
        for i in 0..g.engaged(q).len() {
            let e = g.engaged(q)[i];
            g.offer(Opt::Card(e));
        }
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(me, 0));
    }
}

fn borders_resume(g: &mut Game, cont: Cont, opt: Opt) {
    if cont.step == BORDERS_ASK {
        return borders_ask(g, cont.card);
    }
    if let Opt::Card(e) = opt {
        g.return_to_staging(e);
    }
}

fn borders_shadow(g: &mut Game, _me: CardId) {
    let stages = g.list(Zone::Quest).len() as i16;
    for i in 0..g.attack.n_defenders as usize {
        let d = g.attack.defenders[i];
        g.add_lasting(d, Lasting::Stat(Stat::Defense, -stages), Until::EndOfAttack);
    }
}

fn homestead_rule(g: &Game, me: CardId, r: Rule) -> bool {
    matches!(r, Rule::CannotReduceThreat(_)) && g.card(me).zone == Zone::Staging
}

fn homestead_travel(g: &mut Game, _me: CardId, pay: bool) -> bool {
    if pay {
        let by = g.first;
        g.stack.push(Frame::RevealTop { by });
    }
    true
}

fn sudden_assault(g: &mut Game, _me: CardId, _by: u8) {
    let mut attacks = 0;
    if g.questing_strength() > g.staging_threat() {
        let first = g.first;
        let n = g.list(Zone::Staging).len();
        for i in (0..n).rev() {
            let e = g.list(Zone::Staging)[i];
            if g.is_enemy(e) && !g.rule(Rule::CannotAttack(e)) {
                g.stack.push(Frame::ImmediateAttack {
                    enemy: e,
                    player: first,
                });
                attacks += 1;
            }
        }
    }
    if attacks == 0 {
        if let Some(w) = search_encounter(g, |c| is_orc_war_party(g, c)) {
            g.move_card(w, Zone::Staging);
        }
    }
    g.shuffle(Zone::EncounterDeck);
}

fn surprising_speed(g: &mut Game, me: CardId, _by: u8) {
    surprising_speed_resume(g, Cont::new(me, 0).with(0, 0, 0), Opt::Pass)
}

/// Step k: player k (offset) returns one engaged enemy; `a` counts enemies returned.
fn surprising_speed_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut returned = cont.a;
    if let Opt::Card(e) = opt {
        g.return_to_staging(e);
        returned += 1;
    }
    let mut k = if cont.b == 1 {
        cont.step + 1
    } else {
        cont.step
    };
    while k < g.n_players {
        let p = g.seat(k);
        if !g.players[p as usize].eliminated && !g.engaged(p).is_empty() {
            g.begin_ask(
                p,
                Ask::Effect {
                    card: cont.card,
                    what: 0,
                },
            );
            for i in 0..g.engaged(p).len() {
                let e = g.engaged(p)[i];
                g.offer(Opt::Card(e));
            }
            return g.ask_script(Cont::new(cont.card, k).with(p, returned, 1));
        }
        k += 1;
    }
    if returned == 0 {
        g.surge_pending += 1;
        for p in 0..g.n_players {
            g.raise_threat(p, 1);
        }
    }
}

fn surprising_speed_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.return_enemy = true;
}

fn rearguard_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::QuestProgressCap3 && g.card(me).zone == Zone::Staging
}

fn rearguard_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::StagingEnded && g.current_quest() == Some(me) {
        let by = g.first;
        g.stack.push(Frame::RevealTop { by });
    }
}

fn rescue_revealed(g: &mut Game, me: CardId, _by: u8) {
    if let Some(i) = find_iarion(g) {
        if g.card(i).zone.in_play() {
            if g.logging() {
                g.log_line("  Iârion is placed facedown under Rescue Iârion".to_string());
            }
            g.move_card(i, Zone::Under(me));
            if !g.setup.options.iarion_under_side_quest_is_safe {
                // Reading RULES §8.3.4 the other way: he left play, the players lose.
                g.end_game(crate::record::Outcome::LossScenario);
            }
        }
    }
}

fn rescue_forced(g: &mut Game, me: CardId, ev: Event) {
    match ev {
        Event::SideQuestDefeated(c) if c == me => {
            if let Some(i) = find_iarion(g).filter(|&i| g.card(i).zone == Zone::Under(me)) {
                let p = g.first;
                g.move_card(i, Zone::Play(p));
                g.card_mut(i).controller = p;
                g.exhaust(i);
            }
        }
        Event::TimeRanOut(c) if c == me => {
            // Iârion is discarded: the players lose (RULES §8.3.4).
            if let Some(i) = find_iarion(g) {
                g.move_card(i, Zone::EncounterDiscard);
            }
            g.end_game(crate::record::Outcome::LossScenario);
        }
        _ => {}
    }
}

// ------------------------------------------------------------------ Angmar Orcs

fn angmar_orc(g: &mut Game, me: CardId, by: u8) {
    // The players of the staging area it is revealed in (RULES §7.6.4, §7.6.8).
    let p = g.area_first();
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    g.offer(Opt::Mode(0));
    for o in 0..g.n_players {
        let q = g.seat(o);
        if !g.in_this_area(q) {
            continue;
        }
        for i in 0..g.list(Zone::Play(q)).len() {
            let c = g.list(Zone::Play(q))[i];
            if g.ty(c) == CardType::Ally {
                g.offer(Opt::Card(c));
            }
        }
    }
    g.ask_script(Cont::new(me, 0).with(by, 0, 0));
}

fn angmar_orc_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match opt {
        Opt::Card(a) => g.discard(a),
        _ => g.stack.push(Frame::RevealTop { by: cont.player }),
    }
}

fn angmar_orc_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, 1), Until::EndOfAttack);
    g.attack.return_if_destroys_ally = true;
}

fn marauder_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EnemyAttackEnded(me) && g.attack.enemy == me && g.attack.destroyed_ally {
        g.return_to_staging(me);
    }
}

fn marauder_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    // Objective-allies are allies too (RULES §8.3.1): Iârion counts.
    let p = g.attack.player;
    let n = g
        .characters(p)
        .filter(|&c| matches!(g.ty(c), CardType::Ally | CardType::ObjectiveAlly))
        .count() as i16;
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

fn captain_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::EnemyAttackEnded(me) && g.attack.enemy == me && g.attack.destroyed_ally {
        let p = g.attack.player;
        if let Some(top) = g.top(Zone::Deck(p)) {
            g.discard(top);
            if g.ty(top) == CardType::Ally && g.card(me).zone.in_play() {
                // An additional attack: its earlier shadow cards go first (§3.6.3.3).
                while let Some(s) = {
                    let x = g.shadows_of(me).next();
                    x
                } {
                    g.move_card(s, Zone::EncounterDiscard);
                }
                g.stack.push(Frame::ImmediateAttack {
                    enemy: me,
                    player: p,
                });
            }
        }
    }
}

fn orc_ambush_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let on = g.card(me).zone == Zone::Staging
        && g.is_enemy(target)
        && matches!(s, Stat::Threat | Stat::Attack | Stat::Defense)
        && g.has_trait(target, "Orc");
    on as i16
}

fn orc_ambush(g: &mut Game, me: CardId, _by: u8) {
    orc_ambush_resume(g, Cont::new(me, 0), Opt::Pass)
}

/// Step k: player k (offset) picks an Orc enemy from the encounter deck / discard pile.
fn orc_ambush_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut k = cont.step;
    if let Opt::Card(e) = opt {
        g.engage(e, cont.player);
        k += 1;
    }
    while k < g.n_players {
        let p = g.seat(k);
        // Each player of the staging area it is revealed in (RULES §7.6.4).
        if g.players[p as usize].eliminated || !g.in_this_area(p) {
            k += 1;
            continue;
        }
        g.begin_ask(
            p,
            Ask::Effect {
                card: cont.card,
                what: 0,
            },
        );
        let n = crate::cards::common::offer_encounter_one_per_title(g, |g, c| {
            g.is_enemy(c) && g.has_trait(c, "Orc")
        });
        if n == 0 {
            break;
        }
        return g.ask_script(Cont::new(cont.card, k).with(p, 0, 0));
    }
    g.shuffle(Zone::EncounterDeck);
}

// ------------------------------------------------------------------ Eriador Wilds

fn rugged_modify(g: &Game, me: CardId, target: CardId, s: Stat) -> i16 {
    let side = g
        .current_quest()
        .map(|q| g.is_side_quest(q))
        .unwrap_or(false);
    if target == me && s == Stat::Threat && side {
        2
    } else {
        0
    }
}

fn rugged_shadow(g: &mut Game, _me: CardId) {
    let e = g.attack.enemy;
    let n = g.quest_cards_in_play();
    g.add_lasting(e, Lasting::Stat(Stat::Attack, n), Until::EndOfAttack);
}

fn shrouded_rule(g: &Game, me: CardId, r: Rule) -> bool {
    r == Rule::GainsSurge(me) && g.quest_cards_in_play() == 1
}

fn pressing_needs(g: &mut Game, me: CardId, by: u8) {
    let p = g.first;
    g.begin_ask(p, Ask::Effect { card: me, what: 0 });
    if search_encounter(g, |c| g.ty(c) == CardType::EncounterSideQuest).is_some() {
        g.offer(Opt::Mode(0));
    }
    let current = g.current_quest();
    if let Some(m) = g.main_quest() {
        if Some(m) != current {
            g.offer(Opt::Card(m));
        }
    }
    for i in 0..g.list(Zone::Staging).len() {
        let c = g.list(Zone::Staging)[i];
        if g.is_side_quest(c) && Some(c) != current {
            g.offer(Opt::Card(c));
        }
    }
    if g.n_offered() == 0 {
        g.shuffle(Zone::EncounterDeck);
        return;
    }
    g.ask_script(Cont::new(me, 0).with(by, 0, 0));
}

fn pressing_needs_resume(g: &mut Game, cont: Cont, opt: Opt) {
    match (cont.step, opt) {
        (0, Opt::Mode(0)) => {
            // Choose which side quest (by title) to reveal.
            g.begin_ask(
                g.first,
                Ask::Effect {
                    card: cont.card,
                    what: 1,
                },
            );
            crate::cards::common::offer_encounter_one_per_title(g, |g, c| {
                g.ty(c) == CardType::EncounterSideQuest
            });
            g.ask_script(Cont::new(cont.card, 1).with(cont.player, 0, 0));
        }
        (0, Opt::Card(q)) => {
            g.lasting.retain(|e| e.what != Lasting::CurrentQuest);
            if g.is_side_quest(q) {
                g.add_lasting(q, Lasting::CurrentQuest, Until::EndOfPhase);
            }
            g.shuffle(Zone::EncounterDeck);
        }
        (1, Opt::Card(s)) => {
            let from_deck = g.card(s).zone == Zone::EncounterDeck;
            g.shuffle(Zone::EncounterDeck);
            g.stack.push(Frame::Reveal {
                card: s,
                by: cont.player,
                stage: 0,
                from_deck,
            });
        }
        _ => g.shuffle(Zone::EncounterDeck),
    }
}

fn weight_revealed(g: &mut Game, _me: CardId, by: u8) {
    for _ in 0..g.quest_cards_in_play() {
        g.stack.push(Frame::RevealTop { by });
    }
}

fn weight_shadow(g: &mut Game, me: CardId) {
    let n = g.quest_cards_in_play();
    weight_resume(g, Cont::new(me, 0).with(g.attack.player, n, 0), Opt::Pass);
}

/// `a` = attachments still to discard by the defending player.
fn weight_resume(g: &mut Game, cont: Cont, opt: Opt) {
    let mut left = cont.a;
    if let Opt::Card(a) = opt {
        g.discard(a);
        left -= 1;
    }
    if left <= 0 {
        return;
    }
    let p = cont.player;
    g.begin_ask(
        p,
        Ask::Effect {
            card: cont.card,
            what: 0,
        },
    );
    for i in 0..g.list(Zone::Attached(0)).len() {
        let a = g.list(Zone::Attached(0))[i];
        // Permanent attachments cannot be discarded (§5.18.3).
        if g.controller(a) == p && g.card(a).owner != ENCOUNTER && !g.def_of(a).keywords.permanent {
            g.offer(Opt::Card(a));
        }
    }
    if g.n_offered() > 0 {
        g.ask_script(Cont::new(cont.card, 0).with(p, left, 0));
    }
}

fn lost_revealed(g: &mut Game, me: CardId, _by: u8) {
    if g.logging() {
        g.log_line("  every hand goes facedown under Lost in the Wilderness".to_string());
    }
    for p in 0..g.n_players {
        while let Some(&c) = g.list(Zone::Hand(p)).last() {
            g.move_card(c, Zone::Under(me));
        }
    }
}

fn lost_forced(g: &mut Game, me: CardId, ev: Event) {
    if ev == Event::SideQuestDefeated(me) {
        while let Some(c) = {
            let x = g.cards_under(me).next();
            x
        } {
            // (An eliminated owner's card leaves the game instead: `move_card` redirects it.)
            let owner = g.card(c).owner;
            g.move_card(c, Zone::Hand(owner));
        }
    }
}

/// What the bots know about these cards (`Script::hint`): the value of using each now and
/// how to answer its prompts.
mod bot {
    use crate::cards::hints::prelude::*;

    /// Chetwood Forest shadow: exhaust a ready hero (Card) or the attacker returns to the
    /// staging area (Mode 0). Exhaust the hero whose attack matters least.
    /// Chetwood Forest's travel cost: the player best able to defend an enemy engages it.
    pub(super) fn chetwood_forest_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            2 => {
                let mut best: Option<(i32, usize)> = None;
                for (i, opt) in o.iter().enumerate() {
                    let Opt::Player(q) = *opt else { continue };
                    let def: i32 = g
                        .characters(q)
                        .filter(|&c| ready(g, c))
                        .map(|c| g.stat(c, Stat::Defense) as i32 * 10 + g.remaining_hp(c) as i32)
                        .max()
                        .unwrap_or(0)
                        - g.players[q as usize].threat as i32;
                    if best.map(|(b, _)| def > b).unwrap_or(true) {
                        best = Some((def, i));
                    }
                }
                best.map(|(_, i)| i)
            }
            1 => pick_min(o, |c| {
                g.stat(c, Stat::Attack) as i32 * 10 + g.stat(c, Stat::Defense) as i32
            })
            .or_else(|| find(o, Opt::Mode(0))),
            _ => None,
        }
    }

    /// Angmar Orc: discard an ally (Card) or reveal one more card (Mode 0). A cheap ally goes.
    pub(super) fn angmar_orc_effect(
        g: &Game,
        p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let i = pick_min(o, |c| char_value(g, c) + (g.controller(c) != p) as i32 * 5)?;
                let Opt::Card(c) = o[i] else { return None };
                if char_value(g, c) <= 20 {
                    Some(i)
                } else {
                    find(o, Opt::Mode(0))
                }
            }
            _ => None,
        }
    }

    /// Borders of Bree-land / Surprising Speed: an engaged enemy goes back to the staging
    /// area. Send back the one we are least likely to kill (most HP + DEF left).
    pub(super) fn borders_of_bree_land_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_max(o, |e| {
                (g.remaining_hp(e) + g.stat(e, Stat::Defense)) as i32 * 10
                    + g.stat(e, Stat::Attack) as i32
            }),
            _ => None,
        }
    }

    /// Pressing Needs: switching the current quest (Card) beats revealing a side quest
    /// (Mode 0); the main quest unless a side quest is the better one.
    pub(super) fn pressing_needs_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => {
                let main = g.main_quest().unwrap_or(NO_CARD);
                find(o, Opt::Card(main))
                    .or_else(|| o.iter().position(|x| matches!(x, Opt::Card(_))))
                    .or_else(|| find(o, Opt::Mode(0)))
            }
            1 => pick_min(o, |c| hint(g, c).side_quest_harm.unwrap_or(2)),
            _ => None,
        }
    }

    /// Weight of Responsibility / Deadmen's Gate shadow: discard the cheapest attachment.
    pub(super) fn weight_of_responsibility_effect(
        g: &Game,
        _p: u8,
        _c: CardId,
        what: u8,
        o: &[Opt],
    ) -> Option<usize> {
        match what {
            0 => pick_min(o, |a| g.def_of(a).cost.max(0) as i32),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::testkit::{reveal, reveal_resolving, sandbox};
    use crate::record::Outcome;

    const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

    /// engage57: Sudden Assault may make an immediate attack when it is revealed
    /// (`Hint::reveal_attack`): while a copy is in the encounter deck a Defense boost counts
    /// in the quest phase before staging; with none there it does not.
    #[test]
    fn sudden_assault_reveal_attack_hint() {
        let mut g = sandbox(&[HEROES]);
        crate::cards::testkit::check_reveal_attack_hint(&mut g, "TLR-021");
    }

    /// engage57: an enemy attack under way outside the combat phase (Sudden Assault's, after
    /// staging) makes a Defense boost count while it lasts (`hints::attack_under_way`).
    #[test]
    fn sudden_assault_attack_under_way() {
        use crate::cards::hints::boost_is_idle;
        use crate::cards::testkit::defense_boost_window;
        let mut g = sandbox(&[HEROES]);
        let fg = defense_boost_window(&mut g, Phase::Quest);
        *g.stack.last_mut().unwrap() = Frame::Step(Step::QuestWindow3);
        assert!(boost_is_idle(&g, fg), "after staging, no attack");
        let e = staged(&mut g, "TLR-025");
        g.stack.push(Frame::ImmediateAttack {
            enemy: e,
            player: 0,
        });
        assert!(!boost_is_idle(&g, fg), "an immediate attack to come");
        g.stack.pop();
        g.stack.push(Frame::Attack { stage: 0 });
        assert!(!boost_is_idle(&g, fg), "defenders not declared yet");
        *g.stack.last_mut().unwrap() = Frame::Attack { stage: 3 };
        assert!(boost_is_idle(&g, fg), "its damage dealt");
    }

    fn staged(g: &mut Game, code: &str) -> CardId {
        g.spawn(code, ENCOUNTER, Zone::Staging)
    }

    /// Quest phase with a side quest staged, and Pressing Needs revealed from the deck (its
    /// choice pending); returns the game and the side quest.
    fn pressing_needs_with_side_quest_staged() -> (Game<'static>, CardId) {
        let mut g = sandbox(&[HEROES]);
        g.phase = Phase::Quest;
        let sq = staged(&mut g, "TLR-051");
        let p = g.spawn("TLR-049", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, p);
        (g, sq)
    }

    fn find(g: &Game, code: &str) -> Vec<CardId> {
        (0..g.cards.len() as CardId)
            .filter(|&c| g.def_of(c).code == code)
            .collect()
    }

    /// An attack of `e` (engaged with seat 0) with `shadow` dealt, run up to the defender choice.
    fn attack_with_shadow(g: &mut Game, e: CardId, shadow: &str) {
        g.spawn(shadow, ENCOUNTER, Zone::Shadow(e));
        g.attack = AttackCtx::new(e, 0, false);
        g.push_run(Frame::Attack { stage: 0 });
    }

    /// Stage 1B looks for Iârion among the cards in play (`iarion_in_play`), not every card
    /// (`find_iarion`): the same card wherever the copies are, and the same answer.
    #[test]
    fn stage1b_finds_iarion_among_the_cards_in_play() {
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        let b = g.db.by_code("TLR-068B").unwrap();
        g.set_face(q, b);
        let x = g.spawn(IARION, ENCOUNTER, Zone::EncounterDeck);
        let y = g.spawn(IARION, ENCOUNTER, Zone::SetAside);
        let agree = |g: &Game| {
            let old = find_iarion(g).filter(|&i| g.card(i).zone.in_play());
            assert_eq!(iarion_in_play(g), old);
        };
        agree(&g);
        assert!(g.rule(Rule::CannotDefeat(q)), "Iârion out of play");
        g.move_card(y, Zone::Play(0));
        agree(&g);
        assert!(
            !g.rule(Rule::CannotDefeat(q)),
            "Iârion with the first player"
        );
        g.move_card(x, Zone::Staging);
        agree(&g);
        assert!(
            g.rule(Rule::CannotDefeat(q)),
            "the lowest card id in play decides"
        );
        g.move_card(x, Zone::EncounterDiscard);
        g.move_card(y, Zone::Engaged(0));
        agree(&g);
        assert!(g.rule(Rule::CannotDefeat(q)), "Iârion not in a play area");
    }

    #[test]
    fn stop_the_war_party() {
        // Setup (1A): Iârion under the first player, one Orc War Party and one location staged.
        let mut g = sandbox(&[HEROES]);
        let q = g.main_quest().unwrap();
        let a = g.db.by_code("TLR-068A").unwrap();
        g.set_face(q, a);
        stage1a_setup(&mut g, q);
        g.settle();
        assert!(g.pending().is_some(), "the player picks a location");
        let loc = match g.pending().unwrap().options[0] {
            Opt::Card(c) => c,
            o => panic!("{o:?}"),
        };
        g.answer(Opt::Card(loc));
        let iarion = find(&g, IARION)[0];
        assert_eq!(g.card(iarion).zone, Zone::Play(0));
        assert_eq!(
            g.list(Zone::Staging)
                .iter()
                .filter(|&&c| code(&g, c) == ORC_WAR_PARTY)
                .count(),
            1
        );
        assert_eq!(g.card(loc).zone, Zone::Staging);
        // 1B: no engagement checks; +1 threat per staged enemy at the end of the refresh phase.
        let b = g.db.by_code("TLR-068B").unwrap();
        g.set_face(q, b);
        assert!(g.rule(Rule::NoEngagementChecks));
        let t = g.players[0].threat;
        g.emit(Event::PhaseEnd(Phase::Refresh));
        assert_eq!(g.players[0].threat, t + 1);
        // Cannot be defeated while Orc War Party is in play, nor unless the first player controls Iârion.
        g.card_mut(q).progress = 30;
        g.settle();
        assert!(g.outcome().is_none());
        let w = g
            .list(Zone::Staging)
            .iter()
            .copied()
            .find(|&c| code(&g, c) == ORC_WAR_PARTY)
            .unwrap();
        g.move_card(w, Zone::EncounterDiscard);
        g.move_card(iarion, Zone::SetAside);
        g.settle();
        assert!(
            g.outcome().is_none(),
            "Iârion is not controlled by the first player"
        );
        g.move_card(iarion, Zone::Play(0));
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::Win));
    }

    #[test]
    fn iarion() {
        let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
        let i = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
        assert_eq!(g.stat(i, Stat::Willpower), 1, "X = one quest card in play");
        staged(&mut g, "TLR-023");
        assert_eq!(g.stat(i, Stat::Attack), 2);
        // Control follows the first player token.
        g.emit(Event::FirstPlayerChanged(1));
        assert_eq!(g.card(i).zone, Zone::Play(1));
        assert_eq!(g.controller(i), 1);
        // Response: ready after a side quest is revealed.
        g.exhaust(i);
        let sq = staged(&mut g, "TLR-051");
        g.emit(Event::Revealed(sq, true));
        g.answer(Opt::Activate(i));
        assert!(g.is_ready(i));
        // Leaving play loses the game.
        g.discard(i);
        g.settle();
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    #[test]
    fn orc_war_party() {
        let mut g = sandbox(&[HEROES]);
        let w = staged(&mut g, ORC_WAR_PARTY);
        let orc = staged(&mut g, "TLR-043");
        g.deal_damage(orc, 2);
        assert_eq!(g.card(orc).damage, 0, "staged enemies cannot take damage");
        g.engage(orc, 0);
        g.deal_damage(orc, 2);
        assert_eq!(g.card(orc).damage, 2);
        assert!(g.rule(Rule::CannotWin));
        assert!(g.rule(Rule::CannotHaveAttachments(w)));
    }

    #[test]
    fn chetwood_forest() {
        let mut g = sandbox(&[HEROES]);
        let f = staged(&mut g, "TLR-018");
        assert!(!g.can_travel_to(f), "no enemy to engage: cannot travel");
        let e = staged(&mut g, "TLR-043");
        assert!(g.can_travel_to(f));
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(f));
        assert_eq!(g.active_location(), Some(f));
        assert_eq!(g.card(e).zone, Zone::Engaged(0));
        // Shadow: exhaust a hero or the attacker returns after the attack.
        attack_with_shadow(&mut g, e, "TLR-018");
        g.answer(Opt::Undefended);
        g.answer(Opt::Mode(0));
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        assert_eq!(g.card(e).zone, Zone::Staging);
    }

    #[test]
    fn chetwood_forest_any_player_may_pay() {
        let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
        let f = staged(&mut g, "TLR-018");
        let e = staged(&mut g, "TLR-043");
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(f));
        assert_eq!(g.pending().unwrap().ask, Ask::Effect { card: f, what: 2 });
        g.answer(Opt::Player(1));
        assert_eq!(
            g.card(e).zone,
            Zone::Engaged(1),
            "the one enemy is engaged by P2"
        );
    }

    #[test]
    fn borders_of_bree_land() {
        let mut g = sandbox(&[HEROES]);
        staged(&mut g, "TLR-019");
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::PhaseBegin(Phase::Quest));
        assert_eq!(g.card(e).zone, Zone::Staging);
        g.engage(e, 0);
        let h = g.heroes(0).next().unwrap();
        let def = g.stat(h, Stat::Defense);
        attack_with_shadow(&mut g, e, "TLR-019");
        g.answer(Opt::Card(h));
        // Orc attack 2 against defense-1: one more damage than without the shadow.
        assert_eq!(g.card(h).damage, (2 - (def - 1)).max(0));
    }

    /// Two staged copies each send one engaged enemy back (each asks in turn; the second
    /// question never overwrites the first), and a copy's question waits while the first
    /// player chooses the current quest.
    #[test]
    fn borders_of_bree_land_two_copies() {
        let mut g = sandbox(&[HEROES]);
        staged(&mut g, "TLR-019");
        staged(&mut g, "TLR-019");
        let a = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let b = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        g.emit(Event::PhaseBegin(Phase::Quest));
        let mut asked = 0;
        while let Some(d) = g.pending() {
            assert!(matches!(d.ask, Ask::Effect { .. }));
            asked += 1;
            g.apply(0);
            g.check_invariants().unwrap();
        }
        assert_eq!(
            asked, 1,
            "the second copy's only choice is answered by the engine"
        );
        assert_eq!(g.card(a).zone, Zone::Staging);
        assert_eq!(g.card(b).zone, Zone::Staging);
    }

    #[test]
    fn outlying_homestead() {
        let mut g = sandbox(&[HEROES]);
        let o = staged(&mut g, "TLR-020");
        let t = g.players[0].threat;
        assert!(!g.reduce_threat(0, 3));
        assert_eq!(g.players[0].threat, t);
        let before = g.list(Zone::EncounterDeck).len();
        g.push_run(Frame::Travel);
        g.answer(Opt::Card(o));
        assert_eq!(g.active_location(), Some(o));
        assert!(
            g.list(Zone::EncounterDeck).len() < before,
            "travel revealed a card"
        );
        assert!(g.reduce_threat(0, 1));
    }

    #[test]
    fn sudden_assault() {
        // Quest failing: no attack, an Orc War Party comes out.
        let mut g = sandbox(&[HEROES]);
        let s = g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s);
        assert!(g
            .list(Zone::Staging)
            .iter()
            .any(|&c| code(&g, c) == ORC_WAR_PARTY));
        // Quest winning: each staged enemy attacks the first player.
        let mut g = sandbox(&[HEROES]);
        let e = staged(&mut g, "TLR-043");
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.card_mut(h).questing = true;
        }
        let s = g.spawn("TLR-021", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, s);
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: e }));
    }

    #[test]
    fn surprising_speed() {
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let s = g.spawn("TLR-022", ENCOUNTER, Zone::EncounterDeck);
        let t = g.players[0].threat;
        reveal(&mut g, s);
        assert_eq!(g.card(e).zone, Zone::Staging);
        assert_eq!(g.players[0].threat, t, "an enemy went back: no doomed");
        // Nothing engaged: surge and doomed 1.
        let deck = g.list(Zone::EncounterDeck).len();
        let s2 = g.spawn("TLR-022", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, s2);
        assert!(g.players[0].threat > t);
        assert!(g.list(Zone::EncounterDeck).len() < deck, "it surged");
        // Shadow: +1 attack, and back to the staging area.
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TLR-022");
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        assert_eq!(g.card(h).damage, (3 - g.stat(h, Stat::Defense)).max(0));
        assert_eq!(g.card(e).zone, Zone::Staging);
    }

    #[test]
    fn orc_rearguard() {
        let mut g = sandbox(&[HEROES]);
        g.phase = Phase::Quest;
        let r = staged(&mut g, "TLR-023");
        g.place_progress_on_quest(10, true);
        let q = g.main_quest().unwrap();
        assert_eq!(g.card(q).progress, 3, "capped at 3 per round");
        g.add_lasting(r, Lasting::CurrentQuest, Until::EndOfPhase);
        let before = g.list(Zone::EncounterDeck).len();
        g.emit(Event::StagingEnded);
        while g.pending().is_some() {
            g.apply(0);
        }
        assert!(g.list(Zone::EncounterDeck).len() < before);
    }

    #[test]
    fn rescue_iarion() {
        let mut g = sandbox(&[HEROES]);
        let i = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
        let r = g.spawn("TLR-024", ENCOUNTER, Zone::EncounterDeck);
        reveal_resolving(&mut g, r);
        assert_eq!(g.card(i).zone, Zone::Under(r));
        assert_eq!(g.card(r).time, 4);
        assert!(g.outcome().is_none());
        // Defeated: Iârion comes back exhausted under the first player.
        g.card_mut(r).progress = 6;
        g.settle();
        assert_eq!(g.card(r).zone, Zone::Victory);
        assert_eq!(g.card(i).zone, Zone::Play(0));
        assert!(!g.is_ready(i));
        // Time running out discards Iârion: the players lose.
        let mut g = sandbox(&[HEROES]);
        let i = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
        let r = staged(&mut g, "TLR-024");
        g.move_card(i, Zone::Under(r));
        g.emit(Event::TimeRanOut(r));
        assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    }

    /// Its deadline hint: a search bot's state value falls as its time counters run down with
    /// quest points left, and rises with the progress placed on it.
    #[test]
    fn rescue_iarion_deadline_weighs_on_the_state_value() {
        use crate::bots::lookahead::{state_value, DEFAULT_WEIGHTS as W};
        let mut g = sandbox(&[HEROES]);
        let r = staged(&mut g, "TLR-024");
        g.card_mut(r).time = 4;
        let v4 = state_value(&g, &W);
        g.card_mut(r).time = 1;
        let v1 = state_value(&g, &W);
        g.card_mut(r).progress = 3;
        let v1_half = state_value(&g, &W);
        assert!(v1 < v4 - 30.0, "{v1} vs {v4}");
        assert!(v1_half > v1 + 30.0, "{v1_half} vs {v1}");
    }

    #[test]
    fn angmar_orc() {
        let mut g = sandbox(&[HEROES]);
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        let o = g.spawn("TLR-043", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, o);
        g.answer(Opt::Card(ally));
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        // Shadow: +1 attack; returns if it kills an ally.
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        attack_with_shadow(&mut g, e, "TLR-043");
        g.answer(Opt::Card(ally));
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert_eq!(g.card(e).zone, Zone::Staging);
    }

    #[test]
    fn angmar_marauder() {
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-044", ENCOUNTER, Zone::Engaged(0));
        g.spawn("Core-013", 0, Zone::Play(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        attack_with_shadow(&mut g, e, "TLR-044");
        assert_eq!(g.stat(e, Stat::Attack), 3);
        g.answer(Opt::Card(ally));
        // Shadow gave +2 (two allies); the ally died, so the Marauder returns to staging.
        assert_eq!(g.card(ally).zone, Zone::Discard(0));
        assert_eq!(g.card(e).zone, Zone::Staging);
    }

    #[test]
    fn angmar_captain() {
        let mut g = sandbox(&[HEROES]);
        let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
        let ally = g.spawn("Core-013", 0, Zone::Play(0));
        // The deck is all Guard of the Citadel allies: the milled card is an ally.
        g.attack = AttackCtx::new(e, 0, false);
        let deck = g.list(Zone::Deck(0)).len();
        g.push_run(Frame::Attack { stage: 0 });
        g.answer(Opt::Card(ally));
        assert_eq!(g.list(Zone::Deck(0)).len(), deck - 1);
        assert_eq!(
            g.pending().map(|d| d.ask),
            Some(Ask::Defender { enemy: e }),
            "an additional attack"
        );
    }

    #[test]
    fn orc_ambush() {
        let mut g = sandbox(&[HEROES]);
        let o = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let before = g.stat(o, Stat::Attack);
        let a = g.spawn("TLR-046", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, a);
        let d = g.pending().expect("choose an Orc").clone();
        g.apply(0);
        let Opt::Card(fetched) = d.options[0] else {
            panic!()
        };
        assert_eq!(g.card(fetched).zone, Zone::Engaged(0));
        assert!(g.has_trait(fetched, "Orc"));
        assert_eq!(g.stat(o, Stat::Attack), before + 1);
        assert_eq!(g.stat(o, Stat::Threat), 3);
    }

    #[test]
    fn rugged_country() {
        let mut g = sandbox(&[HEROES]);
        g.phase = Phase::Quest;
        let r = staged(&mut g, "TLR-047");
        assert_eq!(g.stat(r, Stat::Threat), 2);
        let sq = staged(&mut g, "TLR-051");
        g.add_lasting(sq, Lasting::CurrentQuest, Until::EndOfPhase);
        assert_eq!(g.stat(r, Stat::Threat), 4);
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TLR-047");
        let h = g.heroes(0).next().unwrap();
        g.answer(Opt::Card(h));
        // +2 attack (two quest cards in play).
        assert_eq!(g.card(h).damage, (4 - g.stat(h, Stat::Defense)).max(0));
    }

    #[test]
    fn shrouded_hills() {
        let mut g = sandbox(&[HEROES]);
        let s = g.spawn("TLR-048", ENCOUNTER, Zone::EncounterDeck);
        let deck = g.list(Zone::EncounterDeck).len();
        reveal_resolving(&mut g, s);
        assert!(
            g.list(Zone::EncounterDeck).len() <= deck - 2,
            "surged with one quest card in play"
        );
        assert_eq!(g.stat(s, Stat::Threat), g.quest_cards_in_play());
        staged(&mut g, "TLR-023");
        assert!(!shrouded_rule(&g, s, Rule::GainsSurge(s)));
    }

    #[test]
    fn pressing_needs() {
        let mut g = sandbox(&[HEROES]);
        g.phase = Phase::Quest;
        let p = g.spawn("TLR-049", ENCOUNTER, Zone::EncounterDeck);
        let t = g.players[0].threat;
        reveal(&mut g, p);
        assert_eq!(g.players[0].threat, t + 2, "doomed 2");
        // Only "reveal a side quest" is possible (auto-chosen); now: which one.
        let d = g.pending().expect("which side quest").clone();
        let Opt::Card(sq) = d.options[0] else {
            panic!()
        };
        g.apply(0);
        while g.pending().is_some() {
            g.apply(0);
        }
        assert!(g.card(sq).zone == Zone::Staging || g.card(sq).zone == Zone::Victory);
        // Or: switch the current quest to a side quest in play.
        let (mut g, sq) = pressing_needs_with_side_quest_staged();
        g.answer(Opt::Card(sq));
        assert_eq!(g.current_quest(), Some(sq));
    }

    /// Regression (soak, lookahead on Across the Ettenmoors): "search for a side quest" was
    /// offered, then the side quests left the encounter deck and discard pile before the answer
    /// (a lookahead copy re-samples the encounter deck with the face-down shadow cards). The
    /// search then has no card to pick: it must find nothing and shuffle, not pose an empty
    /// decision.
    #[test]
    fn pressing_needs_search_finds_no_side_quest() {
        let (mut g, sq) = pressing_needs_with_side_quest_staged();
        let d = g.pending().expect("search or switch").clone();
        let search = d.options.iter().position(|&o| o == Opt::Mode(0)).unwrap();
        assert!(d.options.contains(&Opt::Card(sq)));
        for z in [Zone::EncounterDeck, Zone::EncounterDiscard] {
            for c in g.list(z).to_vec() {
                if g.ty(c) == CardType::EncounterSideQuest {
                    g.move_card(c, Zone::SetAside);
                }
            }
        }
        let current = g.current_quest();
        g.apply(search);
        if let Some(d) = g.pending() {
            assert!(!d.options.is_empty(), "a decision with no options");
        }
        g.check_invariants().unwrap();
        assert_eq!(
            g.current_quest(),
            current,
            "nothing found, nothing switched"
        );
        assert_eq!(g.card(sq).zone, Zone::Staging);
    }

    #[test]
    fn weight_of_responsibility() {
        let mut g = sandbox(&[HEROES]);
        staged(&mut g, "TLR-051");
        let w = g.spawn("TLR-050", ENCOUNTER, Zone::EncounterDeck);
        let deck = g.list(Zone::EncounterDeck).len();
        reveal_resolving(&mut g, w);
        assert!(
            g.list(Zone::EncounterDeck).len() <= deck - 3,
            "two more cards revealed"
        );
        // Shadow: discard one attachment per quest card in play.
        let mut g = sandbox(&[HEROES]);
        let h = g.heroes(0).next().unwrap();
        let a1 = g.spawn("Core-040", 0, Zone::Attached(h));
        let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        attack_with_shadow(&mut g, e, "TLR-050");
        g.answer(Opt::Undefended);
        assert_eq!(g.card(a1).zone, Zone::Discard(0));
    }

    #[test]
    fn lost_in_the_wilderness() {
        let mut g = sandbox(&[HEROES]);
        let hand = g.list(Zone::Hand(0)).len();
        assert!(hand > 0);
        let l = g.spawn("TLR-051", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, l);
        assert_eq!(g.list(Zone::Hand(0)).len(), 0);
        assert_eq!(g.cards_under(l).count(), hand);
        g.card_mut(l).progress = 4;
        g.settle();
        assert_eq!(g.list(Zone::Hand(0)).len(), hand);
        assert_eq!(g.card(l).zone, Zone::Victory);
    }

    #[test]
    fn pressing_needs_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TLR-049", ENCOUNTER, Zone::Resolving);
        let f = hint(&g, c).effect.unwrap();
        let rescue = g.spawn("TLR-024", ENCOUNTER, Zone::SetAside);
        let rearguard = g.spawn("TLR-023", ENCOUNTER, Zone::SetAside);
        assert_eq!(hint(&g, rescue).side_quest_harm, Some(4));
        assert_eq!(
            f(&g, 0, c, 1, &[Opt::Card(rescue), Opt::Card(rearguard)]),
            Some(1),
            "the least harmful side quest"
        );
        let main = g.main_quest().unwrap();
        assert_eq!(
            f(&g, 0, c, 0, &[Opt::Mode(0), Opt::Card(main)]),
            Some(1),
            "switching to the main quest beats revealing a side quest"
        );
    }

    #[test]
    fn angmar_orc_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox(&[&["Core-001"]]);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let f = hint(&g, orc).effect.unwrap();
        let guard = g.spawn("Core-013", 0, Zone::Play(0));
        assert_eq!(
            f(&g, 0, orc, 0, &[Opt::Mode(0), Opt::Card(guard)]),
            Some(1),
            "a cheap ally goes"
        );
        let slayer = g.spawn("Core-018", 0, Zone::Play(0));
        assert_eq!(
            f(&g, 0, orc, 0, &[Opt::Mode(0), Opt::Card(slayer)]),
            Some(0),
            "one more card rather than a dear ally"
        );
    }

    #[test]
    fn chetwood_forest_hint() {
        use crate::cards::hints::hint;
        let mut g = sandbox(&[&["Core-001", "Core-002"]]);
        let forest = g.spawn("TLR-018", ENCOUNTER, Zone::Staging);
        assert!(hint(&g, forest).travel_engages_enemy);
        let hs = crate::cards::testkit::heroes(&g, 0);
        let f = hint(&g, forest).effect.unwrap();
        // Its shadow: exhaust the hero whose attack matters least (Théodred, 2 ATK).
        let o = [Opt::Mode(0), Opt::Card(hs[0]), Opt::Card(hs[1])];
        assert_eq!(f(&g, 0, forest, 1, &o), Some(2));
        assert_eq!(f(&g, 0, forest, 1, &[Opt::Mode(0)]), Some(0));
    }

    #[test]
    fn borders_of_bree_land_hint() {
        use crate::cards::hints::hint;
        use crate::engine::{Opt, Zone, ENCOUNTER};
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TLR-019", ENCOUNTER, Zone::Staging);
        let orc = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
        let party = g.spawn("TLR-017", ENCOUNTER, Zone::Engaged(0));
        let o = [Opt::Card(orc), Opt::Card(party)];
        for code in ["TLR-019", "TLR-022"] {
            let x = g.spawn(code, ENCOUNTER, Zone::SetAside);
            let f = hint(&g, x).effect.unwrap();
            assert_eq!(
                f(&g, 0, x, 0, &o),
                Some(1),
                "{code}: the one hardest to kill"
            );
        }
        let _ = c;
    }

    #[test]
    fn weight_of_responsibility_hint() {
        use crate::cards::hints::hint;
        use crate::engine::{Opt, Zone, ENCOUNTER};
        let mut g = sandbox(&[&["Core-001"]]);
        let c = g.spawn("TLR-050", ENCOUNTER, Zone::SetAside);
        let f = hint(&g, c).effect.unwrap();
        let plate = g.spawn("Core-040", 0, Zone::SetAside);
        let horn = g.spawn("Core-042", 0, Zone::SetAside);
        assert_eq!(
            f(&g, 0, c, 0, &[Opt::Card(plate), Opt::Card(horn)]),
            Some(1),
            "the cheapest"
        );
    }
}
