//! Framework rules tests (RULES.md §3–§5), one per rule, in sandbox games.

use super::*;
use crate::cards::testkit::{heroes, reveal, sandbox};

const HEROES: &[&str] = &["Core-001", "Core-002", "Core-003"];

fn hero(g: &Game, title: &str) -> CardId {
    (0..g.n_players)
        .flat_map(|p| g.heroes(p))
        .find(|&h| g.title(h) == title)
        .unwrap()
}

#[test]
fn engagement_check_takes_highest_cost_not_above_threat() {
    let mut g = sandbox(&[HEROES]);
    g.players[0].threat = 32;
    let low = g.spawn("TLR-043", ENCOUNTER, Zone::Staging); // 25
    let mid = g.spawn("TLR-044", ENCOUNTER, Zone::Staging); // 30
    let high = g.spawn("TLR-045", ENCOUNTER, Zone::Staging); // 35
    g.push_run(Frame::EngagementChecks {
        seat: 0,
        any: false,
    });
    // One enemy per check, repeated passes: 30 first, then 25; 35 stays.
    assert_eq!(g.card(mid).zone, Zone::Engaged(0));
    assert_eq!(g.card(low).zone, Zone::Engaged(0));
    assert_eq!(g.card(high).zone, Zone::Staging);
    assert_eq!(g.engaged(0), &[mid, low]);
}

#[test]
fn engagement_check_ties_are_the_players_choice() {
    let mut g = sandbox(&[HEROES]);
    g.players[0].threat = 26;
    let a = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
    let b = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
    g.push_run(Frame::EngagementChecks {
        seat: 0,
        any: false,
    });
    assert_eq!(g.pending().map(|d| d.ask), Some(Ask::EngageTie));
    g.answer(Opt::Card(b));
    assert_eq!(g.engaged(0)[0], b);
    assert_eq!(
        g.card(a).zone,
        Zone::Engaged(0),
        "the next check takes the other"
    );
}

#[test]
fn questing_progress_goes_to_active_location_first() {
    let mut g = sandbox(&[HEROES]);
    let loc = g.spawn("TLR-047", ENCOUNTER, Zone::Active); // 3 quest points
    for h in [hero(&g, "Aragorn"), hero(&g, "Glóin")] {
        g.card_mut(h).questing = true;
    }
    g.push_run(Frame::Step(Step::Resolve));
    // 4 WP vs 0 threat: 3 explore the location, 1 goes to the quest.
    let q = g.main_quest().unwrap();
    assert_eq!(g.card(loc).zone, Zone::EncounterDiscard, "explored");
    assert_eq!(g.card(q).progress, 1);
}

#[test]
fn failed_quest_raises_each_players_threat_by_the_difference() {
    let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
    g.spawn("TLR-045", ENCOUNTER, Zone::Staging); // 3 threat
    let (t0, t1) = (g.players[0].threat, g.players[1].threat);
    g.card_mut(hero(&g, "Théodred")).questing = true; // 1 WP
    g.push_run(Frame::Step(Step::Resolve));
    assert_eq!(g.players[0].threat, t0 + 2);
    assert_eq!(g.players[1].threat, t1 + 2);
}

#[test]
fn undefended_damage_goes_to_one_hero_in_full() {
    let mut g = sandbox(&[HEROES]);
    let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0)); // 5 ATK
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    g.answer(Opt::Undefended);
    let a = hero(&g, "Aragorn");
    g.answer(Opt::Card(a));
    assert_eq!(
        g.card(a).zone,
        Zone::Discard(0),
        "5 damage kills Aragorn (5 HP): defense is ignored"
    );
}

#[test]
fn an_attack_nobody_can_defend_is_logged_as_undefended() {
    let mut g = sandbox(&[HEROES]);
    let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0));
    for h in heroes(&g, 0) {
        g.exhaust(h);
    }
    g.set_logging(true);
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    assert!(
        g.log_lines()
            .iter()
            .any(|l| l.ends_with("attacks P1 undefended")),
        "no defender question is asked, but the trace names the attack: {:?}",
        g.log_lines()
    );
}

#[test]
fn defended_damage_is_attack_minus_defense() {
    let mut g = sandbox(&[HEROES]);
    let e = g.spawn("TLR-045", ENCOUNTER, Zone::Engaged(0)); // 5 ATK
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    let a = hero(&g, "Aragorn"); // 2 DEF
    g.answer(Opt::Card(a));
    assert_eq!(g.card(a).damage, 3);
    assert!(!g.is_ready(a), "defending exhausts");
}

#[test]
fn surge_and_doomed_fire_on_reveal_only() {
    let mut g = sandbox(&[HEROES]);
    let t = g.players[0].threat;
    let h = g.spawn("TLR-020", ENCOUNTER, Zone::EncounterDeck); // Doomed 1
    reveal(&mut g, h);
    assert_eq!(g.players[0].threat, t + 1);
    // Added (not revealed): no doomed.
    g.spawn("TLR-020", ENCOUNTER, Zone::Staging);
    assert_eq!(g.players[0].threat, t + 1);
}

#[test]
fn encounter_deck_resets_only_in_the_quest_phase() {
    let mut g = sandbox(&[HEROES]);
    while let Some(c) = g.top(Zone::EncounterDeck) {
        g.move_card(c, Zone::EncounterDiscard);
    }
    g.phase = Phase::Combat;
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    assert!(!g.deal_shadow(e), "no shadow card outside the quest phase");
    assert!(g.list(Zone::EncounterDeck).is_empty());
    g.phase = Phase::Quest;
    g.push_run(Frame::RevealTop { by: 0 });
    assert!(!g.list(Zone::EncounterDiscard).is_empty() || !g.list(Zone::Staging).is_empty());
    assert!(
        g.list(Zone::EncounterDeck).len() > 20,
        "discard pile shuffled into a new deck"
    );
}

#[test]
fn threat_fifty_eliminates_and_the_last_elimination_loses() {
    let mut g = sandbox(&[HEROES]);
    g.raise_threat(0, 50);
    g.settle();
    assert!(g.players[0].eliminated);
    assert_eq!(g.outcome(), Some(Outcome::LossThreat));
    assert_eq!(g.record().final_threat[0], 50);
}

#[test]
fn eliminated_player_enemies_return_to_staging_and_token_passes() {
    let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    g.deal_damage(e, 1);
    g.raise_threat(0, 60);
    g.settle();
    assert!(g.players[0].eliminated);
    assert!(g.outcome().is_none());
    assert_eq!(g.first, 1);
    assert_eq!(g.card(e).zone, Zone::Staging);
    assert_eq!(g.card(e).damage, 1, "keeps its damage");
    assert!(g.list(Zone::Play(0)).is_empty());
}

/// sense39's conformance find (The Battle of Carn Dûm, 4 players): an event's own effect went on
/// after its player was eliminated while playing it (a threat raise on the play) and exhausted a
/// character that had left the game with him. An eliminated player's cards are out of every
/// effect's reach (RULES §4.2.3.4): exhausting one does nothing.
#[test]
fn an_eliminated_players_cards_cannot_be_exhausted() {
    let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
    let h = g.heroes(0).next().unwrap();
    g.raise_threat(0, 60);
    g.settle();
    assert!(g.players[0].eliminated);
    assert_eq!(g.card(h).zone, Zone::Eliminated);
    g.exhaust(h);
    g.exhaust_quietly(h);
    assert!(!g.card(h).exhausted);
    g.check_invariants().unwrap();
}

#[test]
fn all_heroes_destroyed_eliminates() {
    let mut g = sandbox(&[HEROES]);
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.deal_damage(h, 10);
    }
    g.settle();
    assert_eq!(g.outcome(), Some(Outcome::LossHeroes));
}

#[test]
fn indestructible_enemies_keep_damage_above_hit_points() {
    let mut g = sandbox(&[HEROES]);
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    g.deal_damage(e, 3);
    g.settle();
    assert_eq!(g.card(e).zone, Zone::EncounterDiscard, "3 HP: destroyed");
    // Thaurdir (Deadmen's Dike) is Indestructible.
    let db = g.db;
    if let Some(code) = db
        .defs
        .iter()
        .find(|d| d.keywords.indestructible && d.ty == crate::data::CardType::Enemy)
    {
        let t = g.spawn(&code.code.clone(), ENCOUNTER, Zone::Engaged(0));
        let hp = g.stat(t, Stat::HitPoints);
        g.deal_damage(t, hp + 5);
        g.settle();
        assert_eq!(g.card(t).zone, Zone::Engaged(0));
        assert_eq!(g.card(t).damage, hp + 5);
    }
}

#[test]
fn cannot_win_holds_back_only_the_last_stage() {
    // RULES §4.1.2: "the players cannot win while X is in play" stops the win, not the defeat
    // of an earlier stage. Amon Forn (cannot win while in play) beside Deadmen's Dike stage 1B
    // (11 quest points, a stage 2 to come).
    let mut g =
        crate::cards::testkit::sandbox_in("deadmens-dike", crate::data::Mode::Standard, &[HEROES]);
    let amon = g.spawn("TLR-026", ENCOUNTER, Zone::Staging);
    assert!(g.rule(crate::cards::Rule::CannotWin));
    let q = g.main_quest().unwrap();
    let qp = g.stat(q, Stat::QuestPoints);
    assert!(qp > 0 && !g.list(Zone::QuestDeck).is_empty());
    g.card_mut(q).progress = qp;
    g.settle();
    while g.pending().is_some() {
        g.apply(0);
    }
    let q2 = g.main_quest().unwrap();
    assert_ne!(q2, q, "stage 1 is defeated and the quest advances");
    assert!(g.list(Zone::QuestDeck).is_empty(), "stage 2 is the last");
    assert!(g.outcome().is_none());
    // The last stage: its defeat would win, so it waits while Amon Forn is in play.
    if let Some(t) = (0..g.cards.len() as CardId)
        .find(|&c| g.card(c).zone.in_play() && g.def_of(c).keywords.indestructible)
    {
        // Stage 2B cannot be defeated while Thaurdir has hit points left.
        let hp = g.stat(t, Stat::HitPoints);
        g.deal_damage(t, hp);
    }
    let qp2 = g.stat(q2, Stat::QuestPoints);
    g.card_mut(q2).progress = qp2;
    g.settle();
    assert!(g.outcome().is_none(), "no win while Amon Forn is in play");
    assert_eq!(g.main_quest(), Some(q2));
    g.move_card(amon, Zone::Victory);
    g.settle();
    assert_eq!(g.outcome(), Some(Outcome::Win));
}

#[test]
fn victory_enemies_and_locations_go_to_the_victory_display() {
    let mut g = sandbox(&[HEROES]);
    let sq = g.spawn("TLR-051", ENCOUNTER, Zone::Staging); // victory 10
    g.card_mut(sq).progress = 4;
    g.settle();
    assert_eq!(g.card(sq).zone, Zone::Victory);
    g.end_game(Outcome::Win);
    g.settle();
    let r = g.record();
    assert!(
        r.score < g.players[0].threat as i32 + 10,
        "victory points lower the score"
    );
}

#[test]
fn ranged_characters_of_other_players_may_join_an_attack() {
    let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    g.patk = PlayerAttackCtx {
        enemy: e,
        player: 0,
        attackers: [NO_CARD; 16],
        n_attackers: 0,
    };
    g.push_run(Frame::PlayerAttack { stage: 0 });
    let legolas = hero(&g, "Legolas");
    assert!(
        !g.pending().unwrap().options.contains(&Opt::Card(legolas)),
        "only after own attackers"
    );
    g.answer(Opt::Card(hero(&g, "Aragorn")));
    assert!(g.pending().unwrap().options.contains(&Opt::Card(legolas)));
    g.answer(Opt::Card(legolas));
    g.answer(Opt::Done);
    // 3 + 3 ATK against 3 DEF: 3 damage destroys the Angmar Orc (3 HP).
    assert_eq!(g.card(e).zone, Zone::EncounterDiscard);
}

#[test]
fn sentinel_defends_for_another_player() {
    let mut g = sandbox(&[&["Core-004", "Core-005", "Core-006"], HEROES]);
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    let aragorn = hero(&g, "Aragorn"); // Sentinel, seat 1
    let gloin = hero(&g, "Glóin"); // no Sentinel, seat 1
    let opts = &g.pending().unwrap().options;
    assert!(opts.contains(&Opt::Card(aragorn)));
    assert!(!opts.contains(&Opt::Card(gloin)));
}

#[test]
fn guarded_objective_is_held_by_the_next_card_and_freed_when_it_leaves() {
    let mut g = sandbox(&[HEROES]);
    // The Across the Ettenmoors objective-location Secluded Cave has classic Guarded.
    let guard = g.spawn("TLR-043", ENCOUNTER, Zone::EncounterDeck);
    let obj = g.spawn("AtE-068", ENCOUNTER, Zone::EncounterDeck);
    reveal(&mut g, obj);
    // Angmar Orc's own when-revealed choice (discard an ally or reveal more): reveal more is
    // the only option with no ally in play.
    while g.pending().is_some() {
        g.apply(0);
    }
    assert_eq!(g.card(obj).zone, Zone::Attached(guard));
    g.discard(guard);
    assert_eq!(
        g.card(obj).zone,
        Zone::Staging,
        "freed, back in the staging area"
    );
}

#[test]
fn time_counters_come_off_at_the_end_of_the_refresh_phase() {
    let mut g = sandbox(&[HEROES]);
    g.spawn("TLR-016", ENCOUNTER, Zone::Play(0));
    let r = g.spawn("TLR-024", ENCOUNTER, Zone::EncounterDeck);
    reveal(&mut g, r);
    while g.pending().is_some() {
        g.apply(0);
    }
    assert_eq!(g.card(r).time, 4);
    g.stack.push(Frame::Step(Step::RefreshEnd));
    // Run just that step: it pushes RoundEnd next; stop the sandbox before it by popping it.
    let f = g.stack.pop().unwrap();
    g.exec(f);
    g.stack.clear();
    assert_eq!(g.card(r).time, 3);
}

#[test]
fn eliminating_the_controller_of_iarion_loses_the_game() {
    let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
    g.spawn("TLR-016", ENCOUNTER, Zone::Play(0));
    g.raise_threat(0, 60);
    g.settle();
    assert_eq!(g.outcome(), Some(Outcome::LossScenario));
    // Controlled by the other player: the game goes on.
    let mut g = sandbox(&[HEROES, &["Core-004", "Core-005", "Core-006"]]);
    g.spawn("TLR-016", ENCOUNTER, Zone::Play(1));
    g.raise_threat(0, 60);
    g.settle();
    assert!(g.outcome().is_none());
}

#[test]
fn action_windows_open_between_attack_steps() {
    let mut g = sandbox(&[&["Core-004", "Core-005", "Core-006"]]);
    g.phase = Phase::Combat;
    let bm = g.spawn("Core-032", 0, Zone::Hand(0)); // Blade Mastery (tactics event, cost 1)
    let gimli = hero(&g, "Gimli");
    g.card_mut(gimli).resources = 2;
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    g.answer(Opt::Card(gimli));
    // After the defender is declared: a window where Blade Mastery can be played.
    let d = g
        .pending()
        .expect("an action window after declaring the defender");
    assert_eq!(d.ask, Ask::Action(Phase::Combat));
    assert!(d.options.contains(&Opt::Play(bm)));
    g.answer(Opt::Play(bm));
    if let Some(d) = g.pending() {
        if d.options.contains(&Opt::Card(gimli)) {
            g.answer(Opt::Card(gimli));
        }
    }
    while g.pending().is_some() {
        g.answer(Opt::Pass);
    }
    // Orc 2 ATK vs Gimli 2+1 DEF: no damage.
    assert_eq!(g.card(gimli).damage, 0);
    assert_eq!(g.attack.enemy, e, "the attack context survived the window");
}

#[test]
fn engaging_fires_the_engaged_event() {
    let mut g = sandbox(&[HEROES]);
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Staging);
    // Son of Arnor's response is offered after *it* enters play, not on engagement; use the
    // event stream instead: an engaged enemy is reported by `Event::Engaged`.
    let before = g.stack.len();
    g.engage(e, 0);
    assert_eq!(g.card(e).zone, Zone::Engaged(0));
    assert_eq!(
        g.stack.len(),
        before,
        "no response to an engagement here, nothing pending"
    );
    g.engage(e, 0);
    assert_eq!(
        g.engaged(0),
        &[e],
        "engaging an already engaged enemy changes nothing"
    );
}

#[test]
fn dead_heroes_count_for_the_score_wherever_they_go() {
    let mut g = sandbox(&[HEROES]);
    let a = hero(&g, "Aragorn");
    g.deal_damage(a, 10);
    g.settle();
    assert_eq!(g.players[0].dead_heroes, 1);
    // Shuffled back into the deck (Will of the West): still a dead hero for the score.
    g.move_card(a, Zone::Deck(0));
    g.end_game(Outcome::Win);
    g.settle();
    let r = g.record();
    let threat = g.players[0].threat as i32;
    assert_eq!(
        r.score,
        threat + 12,
        "threat + Aragorn's threat cost, no rounds completed"
    );
}

#[test]
fn stand_together_extra_defenders_are_the_defending_players_own() {
    let mut g = sandbox(&[&["Core-004", "Core-005", "Core-006"], HEROES]);
    g.players[0].multi_defend = true;
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::Engaged(0));
    g.attack = AttackCtx::new(e, 0, false);
    g.push_run(Frame::Attack { stage: 0 });
    let gimli = hero(&g, "Gimli");
    let aragorn = hero(&g, "Aragorn"); // Sentinel, seat 1
    assert!(g.pending().unwrap().options.contains(&Opt::Card(aragorn)));
    g.answer(Opt::Card(gimli));
    let opts = &g.pending().unwrap().options;
    assert!(opts.contains(&Opt::Card(hero(&g, "Legolas"))));
    assert!(
        !opts.contains(&Opt::Card(aragorn)),
        "another player's Sentinel is not an extra defender"
    );
}

#[test]
fn a_side_quest_defeated_before_resolution_stays_the_current_quest() {
    let mut g = sandbox(&[HEROES]);
    g.phase = Phase::Quest;
    let sq = g.spawn("TLR-051", ENCOUNTER, Zone::Staging); // Lost in the Wilderness, 4 points
    g.add_lasting(sq, Lasting::CurrentQuest, Until::EndOfPhase);
    g.card_mut(sq).progress = 4;
    g.settle();
    assert_eq!(g.card(sq).zone, Zone::Victory);
    assert_eq!(g.current_quest(), Some(sq));
    for h in [hero(&g, "Aragorn"), hero(&g, "Glóin")] {
        g.card_mut(h).questing = true;
    }
    let q = g.main_quest().unwrap();
    g.push_run(Frame::Step(Step::Resolve));
    assert_eq!(
        g.card(q).progress,
        0,
        "the phase's questing progress is lost"
    );
    // Outside the quest phase the current quest is the main quest.
    g.phase = Phase::Travel;
    assert_eq!(g.current_quest(), Some(q));
}

#[test]
fn archery_damage_is_assigned_then_dealt_at_once() {
    let mut g = sandbox(&[HEROES]);
    let ally = g.spawn("Core-013", 0, Zone::Play(0)); // 2 hit points
    g.push_run(Frame::Archery { left: 3 });
    // Not more than its remaining hit points on the ally.
    g.answer(Opt::Card(ally));
    assert_eq!(g.card(ally).damage, 0, "nothing is dealt while assigning");
    g.answer(Opt::Card(ally));
    let opts = &g.pending().unwrap().options;
    assert!(
        !opts.contains(&Opt::Card(ally)),
        "the ally cannot take a third point"
    );
    let a = hero(&g, "Aragorn");
    g.answer(Opt::Card(a));
    assert_eq!(g.card(ally).zone, Zone::Discard(0));
    assert_eq!(g.card(a).damage, 1);
}

#[test]
fn lethal_damage_waits_for_an_open_damage_cancel_window_only() {
    // No card can cancel damage: no window, the ally is destroyed at once.
    let mut g = sandbox(&[HEROES]);
    let ally = g.spawn("Core-013", 0, Zone::Play(0)); // 2 hit points
    g.deal_damage(ally, 2);
    g.settle();
    assert_eq!(g.card(ally).zone, Zone::Discard(0));
    // A ready Honour Guard opens the window: the ally stays until it closes.
    let mut g = sandbox(&[HEROES]);
    let ally = g.spawn("Core-013", 0, Zone::Play(0));
    g.spawn("TWoE-004", 0, Zone::Play(0));
    g.deal_damage(ally, 2);
    g.settle();
    assert!(matches!(
        g.pending().map(|d| d.ask),
        Some(Ask::Response(Event::CancelDamage(c, 2))) if c == ally
    ));
    assert_eq!(g.card(ally).zone, Zone::Play(0));
    assert!(g.check_invariants().is_ok());
    g.answer(Opt::Pass);
    assert_eq!(g.card(ally).zone, Zone::Discard(0));
}

#[test]
fn explored_location_fires_explored_with_its_place() {
    // Leave No Trace answers `Explored`; it is offered for the active and a staging-area location.
    for zone in [Zone::Active, Zone::Staging] {
        let mut g = sandbox(&[&["Core-012"]]); // Beravor: Lore
        let b = hero(&g, "Beravor");
        g.card_mut(b).resources = 1;
        let lnt = g.spawn("EfMG-035", 0, Zone::Hand(0));
        let l = g.spawn("TLR-047", ENCOUNTER, zone);
        g.card_mut(l).progress = 3;
        g.settle();
        assert_eq!(
            g.pending().map(|d| d.ask),
            Some(Ask::Response(Event::Explored(l, zone == Zone::Active)))
        );
        assert!(g.pending().unwrap().options.contains(&Opt::Activate(lnt)));
    }
}

#[test]
fn ending_the_current_phase_drops_its_remaining_work() {
    // §3.3.3.3: mid-combat, the rest of the phase goes; a card caught resolving is discarded.
    let mut g = sandbox(&[HEROES]);
    g.phase = Phase::Combat;
    g.stack.push(Frame::Step(Step::PlayerAttacks));
    g.stack.push(Frame::EnemyAttacks { seat: 0 });
    g.stack.push(Frame::RestoreAttack);
    g.stack.push(Frame::Window {
        phase: Phase::Combat,
        seat: 0,
        passes: 0,
    });
    let ev = g.spawn("Core-048", 0, Zone::Resolving);
    g.end_phase_now();
    assert_eq!(g.stack, vec![Frame::Step(Step::CombatEnd)]);
    assert_eq!(g.card(ev).zone, Zone::Discard(0));
    // Already in the next phase's steps: nothing to end.
    g.stack = vec![Frame::Step(Step::RefreshBegin)];
    g.end_phase_now();
    assert_eq!(g.stack, vec![Frame::Step(Step::RefreshBegin)]);
}

#[test]
fn exploring_a_location_is_an_event_that_says_whether_it_was_active() {
    let mut g = sandbox(&[HEROES]);
    let a = g.spawn("TLR-057", ENCOUNTER, Zone::Active);
    let s = g.spawn("TLR-057", ENCOUNTER, Zone::Staging);
    let t = g.players[0].threat;
    g.add_progress(a, 2);
    g.add_progress(s, 2);
    g.settle();
    // Ancient Causeway raises threat by 2 when explored, active or not (§10.35).
    assert_eq!(g.players[0].threat, t + 4);
    assert_eq!(g.card(s).zone, Zone::EncounterDiscard);
}

#[test]
fn a_card_that_forbids_healing_stops_heal() {
    let mut g = sandbox(&[HEROES]);
    let h = hero(&g, "Aragorn");
    g.card_mut(h).damage = 2;
    let m = g.spawn("TLR-055", ENCOUNTER, Zone::Staging);
    g.heal(h, 2);
    assert_eq!(g.card(h).damage, 2);
    g.move_card(m, Zone::Removed);
    g.heal(h, 2);
    assert_eq!(g.card(h).damage, 0);
}

#[test]
fn a_stage_whose_text_ends_the_phase_still_turns_to_side_b() {
    // The Weather Hills stage 2A ends the current phase when revealed; the pending flip to 2B
    // is not phase work and must survive.
    let mut g = crate::cards::testkit::sandbox_in("the-weather-hills", Mode::Easy, &[HEROES]);
    g.phase = Phase::Combat;
    g.stack.push(Frame::Step(Step::CombatEnd));
    g.advance_stage();
    while g.pending().is_some() {
        g.apply(0);
    }
    g.settle();
    while g.pending().is_some() {
        g.apply(0);
    }
    let q = g.main_quest().expect("a main quest");
    assert_eq!(g.def_of(q).code, "TLR-070B");
}

#[test]
fn a_neutral_cost_is_paid_from_the_sphere_the_hand_needs_least() {
    // Éowyn (Spirit), Denethor (Lore), Aragorn (Leadership), 2 resources each; the hand holds
    // Spirit and Leadership cards and nothing of Lore.
    let mut g = sandbox(&[&["Core-007", "Core-010", "Core-001"]]);
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 2;
    }
    while let Some(&c) = g.list(Zone::Hand(0)).first() {
        g.move_card(c, Zone::Deck(0));
    }
    g.spawn("Core-050", 0, Zone::Hand(0)); // A Test of Will (Spirit)
    g.spawn("Core-013", 0, Zone::Hand(0)); // Guard of the Citadel (Leadership)
    g.pay(0, crate::data::Sphere::Neutral, 3);
    let (eowyn, denethor, aragorn) = (hero(&g, "Éowyn"), hero(&g, "Denethor"), hero(&g, "Aragorn"));
    assert_eq!(g.card(denethor).resources, 0, "Lore pays first");
    // Then the lower demand of the two others: Spirit (1) before Leadership (2).
    assert_eq!(g.card(eowyn).resources, 1);
    assert_eq!(g.card(aragorn).resources, 2);
    // A Leadership cost is paid by the Leadership hero only.
    g.pay(0, crate::data::Sphere::Leadership, 1);
    assert_eq!(g.card(aragorn).resources, 1);
}

/// A Standard-mode setup of `scenario` with one seat per named built-in deck.
fn standard_setup(scenario: &str, decks: &[&str]) -> GameSetup {
    let db = crate::cards::testkit::db();
    GameSetup {
        scenario: db.scenario(scenario).unwrap(),
        mode: crate::data::Mode::Standard,
        decks: decks
            .iter()
            .map(|d| crate::deck::resolve_deck(d, db).unwrap())
            .collect(),
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: false,
    }
}

/// The Battle of Carn Dûm played from stage 2 (the bots rarely get there): Midwinter's Crux
/// flips Thaurdir, he attacks each player from the staging area, and every game ends with the
/// invariants holding at every decision.
#[test]
fn carn_dum_stage_two_plays_out() {
    let db = crate::cards::testkit::db();
    for players in [1usize, 2] {
        let setup = standard_setup(
            "the-battle-of-carn-dum",
            &["core-leadership", "core-tactics"][..players],
        );
        let mut g = Game::new(db, &setup);
        let mut stage_two_attacks = 0;
        for name in ["random", "basic"] {
            let mut bot = crate::bots::make(name).unwrap();
            for i in 0..40 {
                bot.new_game(i);
                g.start(7, i);
                g.set_logging(true);
                let mut moved = false;
                while let Some(d) = g.pending() {
                    if !moved && g.round >= 1 && g.phase != Phase::Setup {
                        // Stage 1B defeated: 2A and 2B resolve before this decision again.
                        moved = true;
                        let q = g.main_quest().unwrap();
                        g.cards[q as usize].progress = 15;
                        g.waiting = false;
                        g.settle();
                        continue;
                    }
                    let d = d.clone();
                    let k = bot.choose(&g, &d);
                    g.apply(k);
                    g.check_invariants()
                        .unwrap_or_else(|e| panic!("{name} game {i}: {e}"));
                }
                assert!(g.is_over());
                assert!(moved, "{name} game {i} had a decision after setup");
                stage_two_attacks += g
                    .log_lines()
                    .iter()
                    .filter(|l| l.starts_with("  Thaurdir attacks"))
                    .count();
                assert!(g
                    .log_lines()
                    .iter()
                    .any(|l| l.starts_with("Quest stage 2B")));
            }
        }
        assert!(
            stage_two_attacks > 40,
            "{players} players: {stage_two_attacks}"
        );
    }
}

/// The Dread Realm's stages 2 and 3 played out from forced starts (no game of the bots reaches
/// them on its own often): stage 1 defeated at the first decision of round 1, Daechanar
/// destroyed (his Sorcery cards taken away) at the first decision of stage 2 with him in play.
/// Every decision checks the invariants (Reanimated Dead included).
#[test]
fn dread_realm_stages_two_and_three_play_out() {
    use crate::cards::encounter::dread_realm::DAECHANAR;
    let db = crate::cards::testkit::db();
    for players in [1usize, 2] {
        let setup = standard_setup(
            "the-dread-realm",
            &["core-leadership", "fornost-wardens"][..players],
        );
        let mut g = Game::new(db, &setup);
        let (mut third, mut wins) = (0, 0);
        for name in ["random", "basic"] {
            let mut bot = crate::bots::make(name).unwrap();
            for i in 0..30 {
                bot.new_game(i);
                g.start(7, i);
                g.set_logging(true);
                let mut step = 0;
                while let Some(d) = g.pending() {
                    let q = g.main_quest().unwrap_or(NO_CARD);
                    let stage = if q == NO_CARD { 0 } else { g.def_of(q).stage };
                    if step == 0 && stage == 1 && g.round >= 1 && g.phase != Phase::Setup {
                        step = 1;
                        g.cards[q as usize].progress = 18;
                        g.waiting = false;
                        g.settle();
                        continue;
                    }
                    let daechanar = (0..g.cards.len() as CardId)
                        .find(|&c| g.def_of(c).code == DAECHANAR)
                        .filter(|&c| g.cards[c as usize].zone.in_play());
                    if let (1, 2, Some(dc)) = (step, stage, daechanar) {
                        step = 2;
                        let sorcery: SmallIds = g
                            .in_play_cards()
                            .filter(|&c| g.has_trait(c, "Sorcery"))
                            .collect();
                        for &s in sorcery.iter() {
                            g.move_card(s, Zone::Removed);
                        }
                        g.cards[dc as usize].damage = 30;
                        g.waiting = false;
                        g.settle();
                        continue;
                    }
                    let d = d.clone();
                    let k = bot.choose(&g, &d);
                    g.apply(k);
                    g.check_invariants()
                        .unwrap_or_else(|e| panic!("{name} game {i}: {e}"));
                }
                assert!(g.is_over());
                if g.log_lines()
                    .iter()
                    .any(|l| l.starts_with("Quest stage 3B"))
                {
                    third += 1;
                }
                wins += (g.outcome() == Some(crate::record::Outcome::Win)) as u32;
            }
        }
        assert!(
            third > 20,
            "{players} players: {third} games reached stage 3"
        );
        eprintln!("{players} players: {third} reached stage 3, {wins} won");
    }
}

#[test]
fn an_immediate_attack_uses_up_the_combat_attack_only_under_its_option() {
    // §3.6.3.4: by default an enemy that attacked at once (Cornered Orc, after it engages) still
    // attacks in the combat phase; `immediate_attack_uses_combat_attack` makes it skip that
    // attack, for the rest of the round only.
    for uses in [false, true] {
        let mut g = sandbox(&[HEROES]);
        let mut setup = g.setup.clone();
        setup.options.immediate_attack_uses_combat_attack = uses;
        g.setup = Box::leak(Box::new(setup));
        let e = g.spawn("TLR-025", ENCOUNTER, Zone::Staging);
        g.engage(e, 0);
        g.settle();
        assert_eq!(g.pending().map(|d| d.ask), Some(Ask::Defender { enemy: e }));
        while g.pending().is_some() {
            g.apply(0);
        }
        g.phase = Phase::Combat;
        g.push_run(Frame::EnemyAttacks { seat: 0 });
        let attacks = g.pending().is_some_and(|d| {
            d.options.contains(&Opt::Card(e)) || d.ask == Ask::Defender { enemy: e }
        });
        assert_eq!(attacks, !uses, "option {uses}");
        if uses {
            // A new round clears the mark (an immediate attack after combat made it).
            assert!(g.card(e).attacked);
            g.stack.clear();
            g.waiting = false;
            g.push_run(Frame::Step(Step::RoundBegin));
            assert!(!g.card(e).attacked);
        }
    }
}

#[test]
fn a_canceled_card_counts_as_revealed_only_under_its_option() {
    // §6.5.5: A Test of Will cancels a Biting Wind (a Weather treachery); a Weathered Hilltop
    // in the staging area still gets its token (after a Weather treachery is revealed) by
    // default, and none with `canceled_card_counts_as_revealed` off.
    for counts in [true, false] {
        let mut g = sandbox(&[&["Core-007", "Core-010", "Core-001"]]);
        let mut setup = g.setup.clone();
        setup.options.canceled_card_counts_as_revealed = counts;
        g.setup = Box::leak(Box::new(setup));
        let eowyn = hero(&g, "Éowyn");
        g.card_mut(eowyn).resources = 1;
        let atw = g.spawn("Core-050", 0, Zone::Hand(0));
        let hill = g.spawn("TLR-027", ENCOUNTER, Zone::Staging);
        let w = g.spawn("TLR-052", ENCOUNTER, Zone::EncounterDeck);
        reveal(&mut g, w);
        // Every decision answered with A Test of Will when offered, else the first option.
        while let Some(d) = g.pending() {
            let i = d
                .options
                .iter()
                .position(
                    |o| matches!(*o, Opt::Play(c) | Opt::Card(c) | Opt::Activate(c) if c == atw),
                )
                .unwrap_or(0);
            g.apply(i);
        }
        assert_ne!(g.card(atw).zone, Zone::Hand(0), "A Test of Will was played");
        assert_eq!(g.card(hill).resources, counts as i16, "option {counts}");
    }
}

/// `Game::ty` answers from the card's cached type (`CardInst::ty`): it must follow the face the
/// card shows through reanimation (the Reanimated Dead face, an enemy), back face up, and a flip
/// by `set_face`.
#[test]
fn cached_card_type_follows_the_face_shown() {
    let mut g = crate::cards::testkit::sandbox_in(
        "the-dread-realm",
        crate::data::Mode::Standard,
        &[HEROES],
    );
    let c = g.top(Zone::Deck(0)).unwrap();
    let printed = g.def_of(c).ty;
    assert_ne!(printed, CardType::Enemy);
    assert_eq!(g.ty(c), printed);
    assert!(g.reanimate(c, 0));
    assert_eq!(g.ty(c), CardType::Enemy, "the Reanimated Dead face");
    assert!(g.is_enemy(c) && !g.is_character(c));
    g.check_invariants().unwrap();
    // Destroyed: face up in its owner's discard pile, its own type again.
    let hp = g.stat(c, Stat::HitPoints);
    g.deal_damage(c, hp);
    g.settle();
    assert_eq!(g.card(c).zone, Zone::Discard(0));
    assert_eq!(g.ty(c), printed);
    g.check_invariants().unwrap();
    // A flip to a face of another type (out of play here).
    let e = g.spawn("TLR-043", ENCOUNTER, Zone::EncounterDiscard);
    let d = g.top(Zone::Deck(0)).unwrap();
    g.set_face(d, g.def_id(e));
    assert_eq!(g.ty(d), CardType::Enemy);
    assert_eq!(g.ty(d), g.def_of(d).ty);
}

#[test]
fn per_phase_use_counts_reset_at_the_end_of_each_phase_only_when_set() {
    let mut g = sandbox(&[HEROES]);
    let a = hero(&g, "Aragorn");
    let b = hero(&g, "Glóin");
    // Counts set through `set_uses_phase` (as `count_use` does) end with the phase.
    g.set_uses_phase(a, 2);
    crate::cards::common::count_use(&mut g, b);
    assert_eq!((g.card(a).uses_phase, g.card(b).uses_phase), (2, 1));
    assert_eq!(g.card(b).uses_round, 1, "the round's count is kept");
    g.expire(Until::EndOfPhase);
    assert_eq!((g.card(a).uses_phase, g.card(b).uses_phase), (0, 0));
    assert_eq!(g.card(b).uses_round, 1);
    // A phase with no use set ends with every count 0 (the skipped reset; test builds check
    // that no card holds a count), and a count set after that is reset again.
    g.expire(Until::EndOfPhase);
    g.set_uses_phase(b, 1);
    let mut copy = g.clone();
    g.expire(Until::EndOfPhase);
    assert_eq!(g.card(b).uses_phase, 0);
    // A copy made while a count was set resets it too.
    copy.expire(Until::EndOfPhase);
    assert_eq!(copy.card(b).uses_phase, 0);
    let mut into = sandbox(&[HEROES]);
    g.set_uses_phase(a, 1);
    into.clone_from(&g);
    into.expire(Until::EndOfPhase);
    assert_eq!(into.card(a).uses_phase, 0);
}

#[test]
fn an_action_window_passes_from_player_to_player_within_its_frame() {
    // §3.0.3: the first player can only pass (For Gondor! in hand, no resource to pay with);
    // the second player may play his. The first player's pass is counted in the same frame,
    // and once both have passed the window ends with no frame left behind.
    let mut g = sandbox(&[&["Core-001"], &["Core-002"]]);
    let (first, second) = (g.seat(0), g.seat(1));
    let h1 = g.heroes(first).next().unwrap();
    let h2 = g.heroes(second).next().unwrap();
    g.card_mut(h1).resources = 0;
    g.card_mut(h2).resources = 2;
    g.spawn("Core-022", first, Zone::Hand(first));
    let e = g.spawn("Core-022", second, Zone::Hand(second));
    g.phase = Phase::Combat;
    let window = |seat, passes| Frame::Window {
        phase: Phase::Combat,
        seat,
        passes,
    };
    g.push_run(window(0, 0));
    let d = g.pending().expect("the second player is asked");
    assert_eq!(d.player, second);
    assert!(d.options.contains(&Opt::Play(e)));
    assert_eq!(g.stack, vec![window(1, 1)]);
    g.answer(Opt::Pass);
    assert!(g.pending().is_none());
    assert!(g.stack.is_empty());
}

/// An attacker that leaves play between its declaration and the damage adds no Attack (as a
/// defender that left play no longer defends, RULES.md §6.4.3).
#[test]
fn an_attacker_that_left_play_adds_no_attack() {
    use crate::cards::testkit::codes::{ANGMAR_ORC, GUARD_OF_THE_CITADEL};
    let mut g = sandbox(&[HEROES]);
    g.set_logging(true);
    g.phase = Phase::Combat;
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let aragorn = hero(&g, "Aragorn");
    let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    let atk = g.stat(aragorn, Stat::Attack);
    g.patk.enemy = e;
    g.patk.player = 0;
    g.patk.attackers[0] = aragorn;
    g.patk.attackers[1] = guard;
    g.patk.n_attackers = 2;
    g.discard(guard);
    let n = g.log_lines().len();
    g.stack.push(Frame::PlayerAttack { stage: 1 });
    g.settle();
    let line = g.log_lines()[n..]
        .iter()
        .find(|l| l.contains("attacks"))
        .cloned()
        .expect("the attack line");
    assert!(
        line.ends_with(&format!("with Aragorn ({atk} ATK)")),
        "{line}"
    );
}

/// A game that would not end stops at the decision limit with a message naming it (an engine
/// fault such as a response offered forever must not hang a batch); within the limit a game
/// plays to its end.
#[test]
fn a_game_that_does_not_end_stops_at_the_decision_limit() {
    let db = crate::cards::testkit::db();
    let setup = crate::soak::soak_setup(
        db,
        &crate::soak::SoakConfig {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: crate::data::Mode::Standard,
            bot: "basic",
            players: 1,
        },
        30,
    )
    .unwrap();
    let mut g = Game::new(db, &setup);
    let mut bots: Vec<Box<dyn Bot>> = vec![crate::bots::make("basic").unwrap()];
    let whole = play_game_within(&mut g, &mut bots, 9, 3, GAME_DECISION_LIMIT).unwrap();
    assert!(g.is_over());
    assert!(whole.rounds > 0);
    let err = play_game_within(&mut g, &mut bots, 9, 3, 20).unwrap_err();
    assert_eq!(
        err,
        PlayError::DecisionLimit {
            seed: 9,
            index: 3,
            limit: 20
        }
    );
    assert!(err
        .to_string()
        .starts_with("game 3 of seed 9 made 20 decisions without ending"));
    assert!(!g.is_over());
}

#[test]
#[should_panic(expected = "ASKCLASH")]
fn a_question_asked_while_another_waits_panics_in_test_builds() {
    let mut g = sandbox(&[HEROES]);
    g.begin_ask(0, Ask::Commit);
    g.waiting = true;
    g.begin_ask(0, Ask::Commit);
}

#[test]
fn a_question_asked_while_another_waited_is_an_invariant_violation() {
    // Release builds do not panic: the flag stays set and the soak's invariant check reports it.
    let mut g = sandbox(&[HEROES]);
    g.check_invariants().unwrap();
    g.ask_clash = true;
    let err = g.check_invariants().unwrap_err();
    assert!(err.contains("asked while another waited"), "{err}");
}

#[test]
fn an_undamaged_character_whose_hit_points_fall_to_zero_is_destroyed() {
    // The state-based checks skip an undamaged character without a look at its hit points
    // only while nothing but its own hooks and attachments could change them: a lasting effect
    // on hit points (here) turns that skip off for the pass.
    let mut g = sandbox(&[HEROES]);
    let a = hero(&g, "Aragorn");
    let b = hero(&g, "Glóin");
    assert_eq!(g.card(a).damage, 0);
    let hp = g.stat(a, Stat::HitPoints);
    g.add_lasting(a, Lasting::Stat(Stat::HitPoints, -hp), Until::EndOfPhase);
    g.settle();
    assert!(!g.card(a).zone.in_play(), "0 hit points: destroyed");
    assert_eq!(g.card(b).zone, Zone::Play(0), "the others stay");
    g.check_invariants().unwrap();
}

#[test]
fn a_character_face_without_printed_hit_points_is_marked_unsure() {
    // `hooks::UNSURE_HP` (the checks' skip of undamaged characters is off for such a face):
    // a character whose hit points are X or none; never a face with a number above 0 or a
    // card that is not a character.
    let g = sandbox(&[HEROES]);
    let a = hero(&g, "Aragorn");
    let mut d = g.def_of(a).clone();
    assert_eq!(ops::type_hooks(&d) & hooks::UNSURE_HP, 0);
    for hp in [crate::data::X, crate::data::NONE, 0] {
        d.hit_points = hp;
        assert_ne!(ops::type_hooks(&d) & hooks::UNSURE_HP, 0, "hit points {hp}");
    }
    d.ty = CardType::Attachment;
    assert_eq!(ops::type_hooks(&d) & hooks::UNSURE_HP, 0);
}
