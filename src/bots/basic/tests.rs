//! Situation tests of the `basic` bot and whole games against `random`.

use super::*;
use crate::bots::random::RandomBot;
use crate::cards::testkit::codes::*;
use crate::cards::testkit::{clear_zone, core_leadership_deck, db, sandbox, sandbox_in, set_stage};
use crate::engine::{play_game, GameSetup, RuleOptions};
use crate::record::Outcome;

fn bot() -> BasicBot {
    BasicBot::new()
}

fn dec(player: u8, ask: Ask, options: Vec<Opt>) -> Decision {
    Decision {
        player,
        ask,
        options,
    }
}

#[test]
fn defends_with_high_defense_hero_instead_of_lethal_undefended() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    // Orc War Party: 6 attack.
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred, gloin) = (heroes[0], heroes[1], heroes[2]);
    // Every hero is hurt so that 6 undefended damage kills any of them; Aragorn (DEF 2,
    // 5 HP) survives defending (4 damage).
    g.card_mut(aragorn).damage = 0;
    g.card_mut(theodred).damage = 0;
    g.card_mut(gloin).damage = 0;
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![
            Opt::Undefended,
            Opt::Card(theodred),
            Opt::Card(aragorn),
            Opt::Card(gloin),
        ],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Card(aragorn),
        "Aragorn survives 6 ATK (takes 4)"
    );
}

#[test]
fn never_lets_iarion_die_defending_when_a_hero_could_take_it() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0)); // 6 ATK
    let iarion = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.exhaust(h);
    }
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Undefended, Opt::Card(iarion)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Undefended,
        "losing a hero beats losing the game with Iârion"
    );
}

#[test]
fn iarion_defends_an_attack_he_safely_survives() {
    // Fault class: Iârion's damage cost was infinite, so he never defended and the attack hit a
    // hero instead.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0)); // Cornered Orc: 2 ATK
    let iarion = g.spawn(IARION, ENCOUNTER, Zone::Play(0));
    g.card_mut(iarion).controller = 0;
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.exhaust(h);
    }
    let taken = (g.stat(e, Stat::Attack) - g.stat(iarion, Stat::Defense)).max(0);
    assert!(
        g.remaining_hp(iarion) - taken >= 3,
        "the situation: he survives with room to spare"
    );
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Undefended, Opt::Card(iarion)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Card(iarion),
        "a hero would take 2 undefended"
    );
}

#[test]
fn takes_small_attack_undefended_when_no_defender_is_cheaper() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0)); // Angmar Orc
    let heroes: Vec<CardId> = g.heroes(0).collect();
    // A fresh 1-HP chump ally would die; heroes are fine with 2 damage.
    let ally = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0)); // Snowbourn Scout 0/0/1/1
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Undefended, Opt::Card(ally), Opt::Card(heroes[1])],
    );
    let i = bot().choose(&g, &d);
    let atk = g.stat(e, Stat::Attack);
    if atk - g.stat(heroes[1], Stat::Defense) <= 0 {
        assert_eq!(d.options[i], Opt::Card(heroes[1]));
    } else {
        assert_ne!(
            d.options[i],
            Opt::Card(ally),
            "never chump an ally for a small hit"
        );
    }
}

#[test]
fn undefended_damage_goes_to_a_hero_that_survives() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
    let heroes: Vec<CardId> = g.heroes(0).collect();
    g.card_mut(heroes[0]).damage = 3; // Aragorn 2 left
    let d = dec(
        0,
        Ask::UndefendedHero {
            enemy: e,
            damage: 3,
        },
        heroes.iter().map(|&h| Opt::Card(h)).collect(),
    );
    let i = bot().choose(&g, &d);
    let Opt::Card(h) = d.options[i] else { panic!() };
    assert!(g.remaining_hp(h) > 3, "{} would die", g.title(h));
}

#[test]
fn does_not_attack_when_it_cannot_kill_or_hurt() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0)); // DEF 3
    let heroes: Vec<CardId> = g.heroes(0).collect();
    // Only Théodred (2 ATK) is ready: 2 − 3 < 1 damage.
    g.card_mut(heroes[0]).exhausted = true;
    g.card_mut(heroes[2]).exhausted = true;
    let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(e)]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Done);
}

#[test]
fn attacks_with_the_cheapest_killing_set() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0)); // Angmar Orc
    let need = g.remaining_hp(e) + g.stat(e, Stat::Defense);
    let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(e)]);
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let total: i16 = heroes.iter().map(|&h| g.stat(h, Stat::Attack)).sum();
    let choice = d.options[bot().choose(&g, &d)];
    if total >= need {
        assert_eq!(choice, Opt::Card(e));
        // Declare attackers one at a time until the attack kills.
        g.patk.enemy = e;
        g.patk.player = 0;
        g.patk.n_attackers = 0;
        loop {
            let mut opts = vec![];
            if g.patk.n_attackers > 0 {
                opts.push(Opt::Done);
            }
            for &h in &heroes {
                if !g.patk.attackers().contains(&h) {
                    opts.push(Opt::Card(h));
                }
            }
            let d = dec(0, Ask::Attacker { enemy: e }, opts);
            match d.options[bot().choose(&g, &d)] {
                Opt::Card(c) => {
                    let n = g.patk.n_attackers as usize;
                    g.patk.attackers[n] = c;
                    g.patk.n_attackers += 1;
                }
                _ => break,
            }
        }
        let sum: i16 = g
            .patk
            .attackers()
            .iter()
            .map(|&a| g.stat(a, Stat::Attack))
            .sum();
        assert!(sum >= need, "the declared attack kills");
        assert!(
            g.patk.n_attackers < 3 || total - need < 2,
            "no needless attackers"
        );
    } else {
        assert_eq!(choice, Opt::Done);
    }
}

#[test]
fn commits_enough_willpower_and_keeps_a_defender() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Quest;
    // Angmar Orc (2 ATK, 3 DEF, 3 HP): no one attack of the two heroes left after the defender
    // kills it; without sieges they quest.
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let _ = e;
    let mut b = BasicBot::from_options(&[("siege_rounds".to_string(), "1".to_string())]).unwrap();
    let mut committed = vec![];
    loop {
        let mut opts = vec![Opt::Done];
        for c in g.characters(0) {
            if !g.card(c).exhausted {
                opts.push(Opt::Card(c));
            }
        }
        if opts.len() == 1 {
            break;
        }
        let d = dec(0, Ask::Commit, opts);
        match d.options[b.choose(&g, &d)] {
            Opt::Card(c) => {
                g.card_mut(c).exhausted = true;
                g.card_mut(c).questing = true;
                committed.push(c);
            }
            _ => break,
        }
    }
    assert!(!committed.is_empty(), "commits someone");
    assert!(
        g.characters(0).any(|c| !g.card(c).exhausted),
        "keeps a defender for the engaged enemy"
    );
    for &c in &committed {
        assert!(g.stat(c, Stat::Willpower) > 0);
    }
}

#[test]
fn commits_no_useless_progress_on_a_stage_without_quest_points() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Quest;
    let q = g.spawn(SCATTERED_AMONG_THE_HILLS, ENCOUNTER, Zone::Quest);
    assert_eq!(g.main_quest(), Some(q));
    g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
    let staged = g.staging_threat();
    assert!(staged > 0);
    let mut b = bot();
    let mut committed = vec![];
    loop {
        let mut opts = vec![Opt::Done];
        for c in g.characters(0) {
            if !g.card(c).exhausted {
                opts.push(Opt::Card(c));
            }
        }
        let d = dec(0, Ask::Commit, opts);
        match d.options[b.choose(&g, &d)] {
            Opt::Card(c) => {
                g.card_mut(c).exhausted = true;
                g.card_mut(c).questing = true;
                committed.push(c);
            }
            _ => break,
        }
    }
    // Fault class: committing exactly the visible threat ignored the card the staging step
    // reveals, so the quest failed (and the active location stayed unexplored).
    let kept = round_plan(&g, 0, true).keep;
    let idle_wp: i16 = g
        .characters(0)
        .filter(|&c| !g.card(c).exhausted && !kept.contains(c))
        .map(|c| g.stat(c, Stat::Willpower))
        .sum();
    assert!(
        g.questing_strength() >= staged + w().spare_reveal as i16 || idle_wp == 0,
        "matches the staging threat and the coming reveal, or commits all it may"
    );
    assert!(
        g.characters(0).any(|c| !g.card(c).exhausted),
        "keeps the rest ready for combat"
    );
}

/// Commits with `b` until it says Done (or nobody is left); the characters still ready.
fn commit_all(g: &mut Game, b: &mut BasicBot) -> Vec<CardId> {
    loop {
        let mut opts = vec![Opt::Done];
        opts.extend(
            g.characters(0)
                .filter(|&c| !g.card(c).exhausted)
                .map(Opt::Card),
        );
        if opts.len() == 1 {
            break;
        }
        let d = dec(0, Ask::Commit, opts);
        match d.options[b.choose(g, &d)] {
            Opt::Card(c) => {
                g.card_mut(c).exhausted = true;
                g.card_mut(c).questing = true;
            }
            _ => break,
        }
    }
    g.characters(0).filter(|&c| !g.card(c).exhausted).collect()
}

#[test]
fn commits_for_the_reveal_but_keeps_fighters_on_a_stage_without_quest_points() {
    // Fault class: on The Weather Hills 1B every point of willpower past the staged threat and
    // the active location is wasted, while each character kept ready defends or kills an Orc
    // (the only way to stage 2). Committing for a full expected reveal (2 threat) sent the
    // last hero to the quest too.
    let situation = || {
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        g.phase = Phase::Quest;
        g.spawn(SCATTERED_AMONG_THE_HILLS, ENCOUNTER, Zone::Quest);
        g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging); // 3 threat
        g
    };
    let mut g = situation();
    let staged = g.staging_threat();
    let ready = commit_all(&mut g, &mut bot());
    assert!(
        g.questing_strength() >= staged + w().spare_reveal as i16,
        "covers the staged threat and part of a reveal"
    );
    assert!(!ready.is_empty(), "keeps a hero ready for combat");
    // The situation: covering a full reveal commits every hero.
    let mut g = situation();
    let opts = [("spare_reveal".to_string(), "2".to_string())];
    let ready = commit_all(&mut g, &mut BasicBot::from_options(&opts).unwrap());
    assert!(ready.is_empty(), "with 2 every hero quests");
}

#[test]
fn commit_progress_sends_the_northern_tracker_to_a_stage_without_quest_points() {
    // Fault class (The Weather Hills 1B, noldor-questers, seed 101, game 0): with the staged
    // threat already met, committing stopped before the Northern Tracker, whose own response
    // would have put a progress token on each of the staged locations piling up there.
    let situation = || {
        let mut g = sandbox(&[LEADERSHIP_HEROES]);
        g.phase = Phase::Quest;
        g.spawn(SCATTERED_AMONG_THE_HILLS, ENCOUNTER, Zone::Quest);
        // 2 staged threat, met by the heroes' willpower.
        g.spawn(WEATHERED_HILLTOP, ENCOUNTER, Zone::Staging);
        g.spawn(WEATHERED_HILLTOP, ENCOUNTER, Zone::Staging);
        let t = g.spawn(NORTHERN_TRACKER, 0, Zone::Play(0));
        (g, t)
    };
    let on = |v: &str| BasicBot::from_options(&[("commit_progress".to_string(), v.to_string())]);
    let (mut g, t) = situation();
    install(Weights::from_options(&[("commit_progress".to_string(), "1".to_string())]).unwrap());
    assert_eq!(
        commit_progress(&g, t),
        2,
        "a token on each of the two staged locations"
    );
    install(weights::DEFAULT);
    let ready = commit_all(&mut g, &mut on("1").unwrap());
    assert!(!ready.contains(&t), "the Tracker quests");
    // Off: willpower alone; the Tracker (1 Willpower) stays home once the threat is met.
    let (mut g, t) = situation();
    let ready = commit_all(&mut g, &mut on("0").unwrap());
    assert!(ready.contains(&t), "off: the Tracker stays ready");
}

#[test]
fn keeps_a_defender_for_an_enemy_the_reveal_brings_on_a_stage_without_quest_points() {
    // Fault class (The Weather Hills, trace of game 3, Easy, weather-hills-sentinels): with no
    // enemy in sight every hero quested, the staging step revealed an Orc that engaged at once
    // (engagement cost below the threat) and its attacks went undefended round after round.
    let situation = |enemies: bool| {
        let mut g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
        g.phase = Phase::Quest;
        assert_eq!(
            g.def_of(g.main_quest().unwrap()).code,
            SCATTERED_AMONG_THE_HILLS
        );
        g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
        // The encounter deck: half Orcs that engage a player at threat 30 (engagement 20).
        while let Some(&c) = g.list(Zone::EncounterDeck).last() {
            g.move_card(c, Zone::SetAside);
        }
        for _ in 0..3 {
            g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::EncounterDeck);
            let other = if enemies { CORNERED_ORC } else { EXPOSED_RIDGE };
            g.spawn(other, ENCOUNTER, Zone::EncounterDeck);
        }
        g.players[0].threat = 30;
        g
    };
    let g = situation(true);
    let (pct, atk) = reveal_enemies(&g, 0);
    assert_eq!(
        (pct, atk),
        (50, 2),
        "half the deck: Cornered Orcs, 2 attack"
    );
    install(weights::DEFAULT);
    let kept = round_plan(&g, 0, true).keep;
    assert_eq!(
        kept.n,
        1,
        "one character waits for the Orc: {:?}",
        kept.as_slice()
            .iter()
            .map(|&c| g.title(c))
            .collect::<Vec<_>>()
    );
    let mut g = situation(true);
    let ready = commit_all(&mut g, &mut bot());
    assert!(
        ready.contains(&kept.ids[0]),
        "and the commits leave it ready"
    );
    // The situation: without the reveal's enemies, or with the rule off, nobody is kept.
    install(weights::DEFAULT);
    assert_eq!(round_plan(&situation(false), 0, true).keep.n, 0);
    let off = Weights::from_options(&[("reveal_fight".to_string(), "0".to_string())]).unwrap();
    install(off);
    assert_eq!(round_plan(&situation(true), 0, true).keep.n, 0);
    install(weights::DEFAULT);
    // Where progress counts (a stage with quest points) nobody is held back for it.
    let mut g = situation(true);
    let q = g.current_quest().unwrap();
    g.move_card(q, Zone::SetAside);
    g.spawn(CORNERED_ANIMALS, ENCOUNTER, Zone::Quest); // stage 2B: 20 quest points
    assert!(
        !progress_is_useless(&g),
        "the situation: stage 2B has quest points"
    );
    assert_eq!(round_plan(&g, 0, true).keep.n, 0);
}

/// `round_plan` of seat 0 under `opts` (on top of the defaults); the weights installed before
/// are installed again after.
fn plan_with(g: &Game, at_commit: bool, opts: &[(&str, &str)]) -> Plan {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let before = weights::w();
    install(Weights::from_options(&o).unwrap());
    let plan = round_plan(g, 0, at_commit);
    install(before);
    plan
}

/// A `basic` bot with the hand-set weights (`weights::ROLLOUT`, style `handset`): the
/// situations of the stage-without-quest-points tests were built around `reveal_threat` 2.
fn handset_bot() -> BasicBot {
    BasicBot::with_weights(weights::ROLLOUT)
}

#[test]
fn the_optional_engagement_plan_counts_the_enemies_the_checks_engage_next() {
    // Fault class (The Weather Hills, game 3, Easy, weather-hills-sentinels, round 1): an Orc
    // revealed during the quest sat in the staging area below the threat; the plan for the
    // optional engagement counted only enemies already engaged, engaged a Cornered Orc with the
    // last ready defender, and the Orc that the engagement checks brought next attacked
    // undefended.
    let mut g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
    g.phase = Phase::Encounter;
    g.players[0].threat = 30;
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging); // engagement 25: engages next
                                                   // (Built around the hand-set `reveal_threat` 2: `handset_bot`.)
    let plan = plan_with(&g, false, &[("style", "handset")]);
    assert_eq!(plan.keep.n, 1, "a defender waits for the Orc");
    let old = plan_with(&g, false, &[("style", "handset"), ("checks_ahead", "0")]);
    assert_eq!(old.keep.n, 0, "the situation: it was not counted");
}

#[test]
fn an_enemy_that_attacks_on_engaging_needs_two_defences() {
    // Fault class (same trace): Cornered Orc attacks at once when it engages and again in the
    // combat phase; its one defender was exhausted by the first attack and the second went
    // undefended. Its hint `attacks_when_engaged` makes the plan count two attacks.
    let orc_hint = {
        let g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
        let mut g = g;
        let o = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
        hint(&g, o).attacks_when_engaged
    };
    assert!(orc_hint, "Cornered Orc's hint");
    let mut g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
    g.phase = Phase::Encounter;
    g.players[0].threat = 30;
    g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging); // engagement 20: engages next
    let plan = plan_with(&g, false, &[]);
    assert_eq!(plan.keep.n, 2, "two defences");
    let old = plan_with(&g, false, &[("engage_attacks", "0")]);
    assert_eq!(old.keep.n, 1, "the situation: one was counted");
}

#[test]
fn engages_an_orc_for_the_mission_when_kills_advance_the_quest() {
    // Fault class: on The Weather Hills 1B killing Orcs is the only way to stage 2 (Hunting the
    // Orcs counts kills), but a kill was worth only the enemy's own threat, so an Orc that takes
    // a few rounds to wear down was left in the staging area.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Encounter;
    g.spawn(SCATTERED_AMONG_THE_HILLS, ENCOUNTER, Zone::Quest);
    let hunting = g.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
    // Angmar Orc (2 ATK, 3 DEF, 3 HP): Aragorn (2 damage already) defends it, Théodred and
    // Glóin (4 ATK) wear it down in 3 rounds.
    let orc = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    let aragorn = g.heroes(0).next().unwrap();
    g.card_mut(aragorn).damage = 2;
    g.players[0].threat = 20;
    let d = dec(0, Ask::OptionalEngage, vec![Opt::Pass, Opt::Card(orc)]);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Card(orc),
        "a kill is progress on the mission"
    );
    // (The sandbox's stage has no engagement checks: `stay_rounds` would credit the siege
    // for the rest of the game too, so it is off for the checks below.)
    let mut no_bonus = bot_with(&[("quest_kill", "0"), ("stay_rounds", "0")]);
    assert_eq!(
        d.options[no_bonus.choose(&g, &d)],
        Opt::Pass,
        "the situation: without the mission the siege is not worth it"
    );
    // Without the card that counts kills, no bonus.
    g.move_card(hunting, Zone::EncounterDiscard);
    assert_eq!(
        d.options[bot_with(&[("stay_rounds", "0")]).choose(&g, &d)],
        Opt::Pass
    );
}

#[test]
fn engages_and_kills_a_stuck_staged_enemy_over_the_deficit_cap() {
    // Fault class: on a stage where enemies never engage on their own (Intruders in Chetwood
    // 1B), the hold-back cap vetoed every engage-and-kill plan, though only a fight stops the
    // threat they add each round.
    let mut g = sandbox_in(
        "intruders-in-chetwood",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    g.phase = Phase::Quest;
    // Staged: an enemy that the heroes can kill (Cornered Orc: 2 ATK, 1 DEF, 2 HP) and enough
    // threat that holding back its killers leaves the quest short. Its attack on engaging
    // (a second defence, `engage_attacks`) is left out here: that makes this fight too dear.
    let orc = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
    g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging); // Exposed Ridge: 3 threat
    assert!(
        g.rule(Rule::NoEngagementChecks),
        "stage 1B: no engagement checks"
    );
    let plan = plan_with(&g, true, &[("engage_attacks", "0")]);
    assert_eq!(plan.engage, orc);
    assert!(
        quest_deficit(&g, 0, &plan.keep) > w().deficit_cap as i16,
        "the situation: the plan is over the cap"
    );
    // The first commit decision keeps the killers out of the quest.
    let mut opts = vec![Opt::Done];
    opts.extend(g.characters(0).map(Opt::Card));
    let d = dec(0, Ask::Commit, opts);
    let mut b = BasicBot::from_options(&[("engage_attacks".to_string(), "0".to_string())]).unwrap();
    if let Opt::Card(c) = d.options[b.choose(&g, &d)] {
        assert!(
            !plan.keep.contains(c),
            "{} is one of the fighters",
            g.title(c)
        );
    }
}

#[test]
fn never_holds_back_fighters_when_the_failed_quest_would_end_the_game() {
    // Fault class: near 50 threat the round plan kept fighters out of the quest (or committed
    // nobody), the quest failed by the staging threat and the player was eliminated.
    let mut g = sandbox_in(
        "intruders-in-chetwood",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    g.phase = Phase::Quest;
    g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
    g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
    let plan = round_plan(&g, 0, true);
    assert!(
        !plan.keep.as_slice().is_empty(),
        "the situation: the plan keeps fighters back"
    );
    let kept = quest_deficit(&g, 0, &plan.keep);
    let all = quest_deficit(&g, 0, &Ids::new());
    assert!(
        kept > all.max(0),
        "the situation: holding back costs threat"
    );
    // Failing by what the plan leaves ends the game; committing everyone does not.
    g.players[0].threat = LOSING_THREAT - kept;
    commit_all(&mut g, &mut bot());
    for c in g.characters(0) {
        assert!(
            g.card(c).questing || g.stat(c, Stat::Willpower) <= 0,
            "{} was held back",
            g.title(c)
        );
    }
}

#[test]
fn mulligan_keeps_a_playable_hand() {
    let g = sandbox(&[LEADERSHIP_HEROES]);
    // The test deck is all Guard of the Citadel (2-cost leadership allies): keep.
    let d = dec(0, Ask::Mulligan, vec![Opt::No, Opt::Yes]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::No);
}

#[test]
fn plays_an_affordable_ally_in_planning() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 1;
    }
    let c = *g.list(Zone::Hand(0)).first().unwrap();
    let d = dec(0, Ask::Planning, vec![Opt::Pass, Opt::Play(c)]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Play(c));
}

/// (wins, games by outcome in `Outcome::ALL` order, total rounds played).
fn wins(bot_name: &str, games: u64) -> (u64, [u64; 5], u64) {
    let db = db();
    let setup = GameSetup {
        scenario: db.scenario("intruders-in-chetwood").unwrap(),
        mode: Mode::Standard,
        decks: vec![core_leadership_deck(db)],
        options: RuleOptions::default(),
        max_rounds: 30,
        allow_unimplemented: true,
    };
    let mut g = Game::new(db, &setup);
    let mut bots: Vec<Box<dyn Bot>> = vec![if bot_name == "basic" {
        Box::new(BasicBot::new())
    } else {
        Box::new(RandomBot::new())
    }];
    let mut won = 0;
    let mut by = [0u64; 5];
    let mut rounds = 0;
    for i in 0..games {
        let r = play_game(&mut g, &mut bots, 42, i);
        assert!(g.is_over(), "game {i} ended");
        by[Outcome::ALL.iter().position(|o| *o == r.outcome).unwrap()] += 1;
        won += r.outcome.is_win() as u64;
        rounds += r.rounds as u64;
    }
    (won, by, rounds)
}

#[test]
fn full_games_terminate_and_beat_random() {
    let (basic, by_b, rounds_b) = wins("basic", 200);
    let (random, by_r, rounds_r) = wins("random", 200);
    eprintln!(
        "mean rounds: basic {:.2}, random {:.2}",
        rounds_b as f64 / 200.0,
        rounds_r as f64 / 200.0
    );
    eprintln!("basic wins {basic}/200 {by_b:?}; random wins {random}/200 {by_r:?} (win, threat, heroes, scenario, cap)");
    assert!(basic >= random, "basic {basic} < random {random}");
    // Wins are rare for a Core deck alone here, so the advantage is measured in survival:
    // basic lasts at least 1.5 times as many rounds and loses fewer heroes than random.
    assert!(
        rounds_b * 2 >= rounds_r * 3,
        "basic survives {rounds_b} rounds in all, random {rounds_r}"
    );
    assert!(
        by_b[2] < by_r[2],
        "heroes-dead losses: basic {by_b:?}, random {by_r:?}"
    );
}

#[test]
fn besieges_an_enemy_too_tough_to_kill_in_one_attack() {
    // Fault class: an enemy no single attack could kill (Orc War Party: 3 DEF, 6 HP) was never
    // planned against, though it keeps the players from winning and damage on it stays.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Encounter;
    let owp = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
    // Chumps for its attacks, and attackers that deal 4 a round between them.
    g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0)); // Guard of the Citadel
    g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0)); // Snowbourn Scout
    assert!(
        blocks_win(&g, owp),
        "its own text keeps the players from winning"
    );
    let mut cands = Ids::new();
    let none = Ids::new();
    let pool = ready_chars(&g, 0);
    assert!(
        kill_set(&g, owp, &pool, &none, false, &mut cands).is_none(),
        "the situation: no one attack kills it"
    );
    let (_, mask, rounds) = siege(&g, owp, &cands, false).expect("a siege");
    assert!((2..=3).contains(&rounds), "{rounds} rounds");
    assert!(mask.count_ones() >= 2);
    let plan = round_plan(&g, 0, false);
    let heroes_kept = g.heroes(0).filter(|&h| plan.keep.contains(h)).count();
    assert!(heroes_kept >= 2, "the attackers are kept for the siege");
    // And with sieges off (siege_rounds=1) it is not planned.
    install(Weights::from_options(&[("siege_rounds".into(), "1".into())]).unwrap());
    assert!(siege(&g, owp, &cands, false).is_none());
    install(weights::DEFAULT);
}

#[test]
fn travels_where_the_travel_cost_helps_not_where_it_reveals_a_card() {
    // Fault class: travel scored only threat and quest points, so a location whose travel cost
    // reveals an encounter card (Outlying Homestead) was as good as one whose travel cost pulls
    // a staged enemy into a fight the player can take, on a stage where staged enemies never
    // engage and raise threat every round (Intruders in Chetwood 1B).
    let mut g = sandbox_in(
        "intruders-in-chetwood",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    let homestead = g.spawn(OUTLYING_HOMESTEAD, ENCOUNTER, Zone::Staging);
    let forest = g.spawn(CHETWOOD_FOREST, ENCOUNTER, Zone::Staging);
    g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging); // 2 ATK: the heroes defend it easily
    assert!(g.rule(Rule::NoEngagementChecks), "stage 1B");
    assert_eq!(hint(&g, homestead).travel_reveals, 1);
    let d = dec(
        0,
        Ask::Travel,
        vec![Opt::Pass, Opt::Card(homestead), Opt::Card(forest)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(forest));
    // The bonus is a real term: the forest's score beats the homestead's by more than their
    // threat and quest points alone would say.
    let only = |l: CardId| {
        let d = dec(0, Ask::Travel, vec![Opt::Pass, Opt::Card(l)]);
        d.options[bot().choose(&g, &d)]
    };
    // With `blocker_travel` at 0 the homestead is still better than staying; by default it is
    // never travelled to (see `outlying_homestead_is_left_staged`).
    let d = dec(0, Ask::Travel, vec![Opt::Pass, Opt::Card(homestead)]);
    let zero = bot_with(&[("blocker_travel", "0")]).choose(&g, &d);
    assert_eq!(
        d.options[zero],
        Opt::Card(homestead),
        "still better than staying"
    );
    assert_eq!(only(homestead), Opt::Pass);
    assert_eq!(only(forest), Opt::Card(forest));
}

#[test]
fn outlying_homestead_is_left_staged() {
    // Fault class (issue 18, session 35): on Intruders in Chetwood the bots travelled to
    // Outlying Homestead when it was the only staged location; its travel cost reveals a card
    // and its 8 quest points take the progress the stage needs, while the threat reductions
    // it frees were rarely there to use. Its hint says it blocks threat reduction; at the
    // default `blocker_travel` (−40) it is never travelled to, and any other location still is.
    let mut g = sandbox_in(
        "intruders-in-chetwood",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    let homestead = g.spawn(OUTLYING_HOMESTEAD, ENCOUNTER, Zone::Staging);
    let forest = g.spawn(CHETWOOD_FOREST, ENCOUNTER, Zone::Staging);
    assert!(hint(&g, homestead).blocks_threat_reduction);
    assert!(!hint(&g, forest).blocks_threat_reduction);
    let d = dec(0, Ask::Travel, vec![Opt::Pass, Opt::Card(homestead)]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass);
    let d = dec(
        0,
        Ask::Travel,
        vec![Opt::Pass, Opt::Card(homestead), Opt::Card(forest)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(forest));
}

#[test]
fn travels_to_a_growing_location_before_it_grows() {
    // Fault class: travel scored a location's Threat now, so on Deadmen's Dike the players went
    // to Broken Battlements (2 Threat) and left Fornost Square (1 Threat, +1 per mill) in the
    // staging area, where it reached 12 Threat in four rounds and failed every quest.
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    let square = g.spawn(FORNOST_SQUARE, ENCOUNTER, Zone::Staging);
    let battlements = g.spawn(BROKEN_BATTLEMENTS, ENCOUNTER, Zone::Staging);
    assert!(g.stat(square, Stat::Threat) < g.stat(battlements, Stat::Threat));
    assert!(hint(&g, square).threat_growth > 0);
    let d = dec(
        0,
        Ask::Travel,
        vec![Opt::Pass, Opt::Card(battlements), Opt::Card(square)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(square));
    // The growth is the reason: counted for no rounds, the bigger Threat now wins.
    let opts = [("growth_rounds".to_string(), "0".to_string())];
    let mut flat = BasicBot::from_options(&opts).unwrap();
    assert_eq!(d.options[flat.choose(&g, &d)], Opt::Card(battlements));
}

#[test]
fn accursed_battlefield_is_worth_travelling_to_for_a_deck_that_attacks_for_more() {
    // Fault class (The Battle of Carn Dûm, carn-dum-vanguard, seed 1): travel scored the
    // Battlefield by its Threat (2) and quest points alone, so the players travelled to a
    // Fortress Walls (4) and quested with 4-6 Willpower while their heroes had 9 Attack.
    let situation = |heroes: &[&str]| {
        let mut g = sandbox_in("the-battle-of-carn-dum", Mode::Standard, &[heroes]);
        clear_zone(&mut g, Zone::Active);
        clear_zone(&mut g, Zone::Staging);
        let field = g.spawn(ACCURSED_BATTLEFIELD, ENCOUNTER, Zone::Staging);
        let walls = g.spawn(FORTRESS_WALLS, ENCOUNTER, Zone::Staging);
        let d = dec(
            0,
            Ask::Travel,
            vec![Opt::Pass, Opt::Card(walls), Opt::Card(field)],
        );
        (g, d, field, walls)
    };
    // Gimli, Legolas and Thalin attack for 3 more than they quest: the Battlefield.
    let (g, d, field, walls) = situation(TACTICS_HEROES);
    assert!(hint(&g, field).active_battle);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(field));
    // Battle not counted: the bigger Threat wins.
    let off = bot_with(&[("battle_travel", "0")]).choose(&g, &d);
    assert_eq!(d.options[off], Opt::Card(walls));
    // Éowyn, Eleanor and Dúnhere quest for 2 more than they attack: the Walls.
    let (g, d, _, walls) = situation(SPIRIT_HEROES);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(walls));
}

#[test]
fn holds_back_by_night_when_quest_progress_is_lost() {
    // Fault class: on The Wastes of Eriador no progress can be placed on quest cards by Night,
    // but the commit step quested as by Day, exhausting the characters that Night's engagement
    // checks needed ready. By Night only the staged threat and the active location count.
    let mut g = sandbox_in(
        "the-wastes-of-eriador",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    g.spawn(ACROSS_THE_WASTES, ENCOUNTER, Zone::Quest);
    let time = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
    assert!(g.is_day());
    assert!(!quest::progress_is_useless(&g), "by Day progress counts");
    g.flip_card(time);
    assert!(g.is_night());
    assert!(
        quest::progress_is_useless(&g),
        "by Night it cannot be placed"
    );
}

#[test]
fn keeps_a_defender_for_the_orc_that_exploring_the_active_location_reveals() {
    // Fault class (The Weather Hills, Easy, chetwood-vigil, game 0, round 1): the commits
    // explored the active location, the Orc deck revealed an Orc that engaged at once, and its
    // attack in combat went undefended on a hero (who died) because every fighter had quested.
    let situation = |orcs: bool, far: bool| {
        let mut g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
        g.phase = Phase::Quest;
        assert_eq!(
            g.def_of(g.main_quest().unwrap()).code,
            SCATTERED_AMONG_THE_HILLS
        );
        // No enemy in the encounter deck: only the explore reveal brings one.
        for z in [
            Zone::EncounterDeck,
            Zone::OrcDeck,
            Zone::Staging,
            Zone::Active,
        ] {
            while let Some(&c) = g.list(z).last() {
                g.move_card(c, Zone::SetAside);
            }
        }
        for _ in 0..4 {
            g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::EncounterDeck);
            if orcs {
                g.spawn(CORNERED_ORC, ENCOUNTER, Zone::OrcDeck);
            }
        }
        let l = g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Active); // 3 quest points
                                                                 // 1 progress already: the explore stays within reach with one character held back.
        g.card_mut(l).progress = 1;
        if far {
            g.card_mut(l).progress = 0;
            g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
            g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
            g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
        }
        g.players[0].threat = 30;
        g
    };
    install(weights::ROLLOUT); // built around the hand-set `reveal_threat` 2
    let g = situation(true, false);
    let pool = ready_chars(&g, 0);
    assert_eq!(
        explore_enemies(&g, 0, &pool, &Ids::new()),
        (100, 2),
        "every Orc-deck card is a Cornered Orc (2 attack) that engages at threat 30"
    );
    let kept = round_plan(&g, 0, true).keep;
    assert_eq!(kept.n, 1, "one character waits for the Orc");
    let mut g = situation(true, false);
    let ready = commit_all(&mut g, &mut handset_bot());
    assert!(
        ready.contains(&kept.ids[0]),
        "and the commits leave it ready"
    );
    // The situation: no Orc to come, the rule off, or the location out of reach this round.
    assert_eq!(round_plan(&situation(false, false), 0, true).keep.n, 0);
    assert_eq!(
        plan_with(
            &situation(true, false),
            true,
            &[("style", "handset"), ("explore_fight", "0")]
        )
        .keep
        .n,
        0
    );
    let g = situation(true, true);
    assert_eq!(
        explore_enemies(&g, 0, &ready_chars(&g, 0), &Ids::new()).0,
        0
    );
    install(weights::DEFAULT);
}

#[test]
fn plans_defences_for_the_attack_an_enemy_adds_to_itself() {
    // Fault class (Deadmen's Dike): the round plan reserved defenders for printed Attack + 1,
    // while an enemy whose own effect raises its Attack as it attacks (`expected_attack_bonus`)
    // hit harder; the defender took more than planned and later attacks found no one.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Engaged(0));
    install(weights::DEFAULT);
    let printed = g.stat(e, Stat::Attack);
    assert_eq!(hint(&g, e).expected_attack_bonus, 1);
    assert_eq!(
        planned_attack(&g, e),
        printed + 2,
        "shadow card and its own bonus"
    );
    let off = Weights::from_options(&[("attack_bonus".to_string(), "0".to_string())]).unwrap();
    install(off);
    assert_eq!(
        planned_attack(&g, e),
        printed + 1,
        "the situation: printed + shadow"
    );
    install(weights::DEFAULT);
    // The defence kept for it is planned against the larger attack.
    let kept = round_plan_upto(&g, 0, true, 1).keep;
    assert_eq!(kept.n, 1, "a defender is kept for the engaged enemy");
}

#[test]
fn saves_resources_for_a_threat_reduction_when_asked() {
    // `save_threat` (off by default, measured): from that threat on, the sphere's resources
    // are not spent below the cost of a threat-reduction card in hand.
    let mut g = sandbox(&[SPIRIT_HEROES]);
    let gg = g.spawn(THE_GALADHRIMS_GREETING, 0, Zone::Hand(0));
    let other = g.spawn(THE_GALADHRIMS_GREETING, 0, Zone::Hand(0));
    assert_eq!(hint(&g, gg).threat_reduction, 6);
    let heroes: Vec<CardId> = g.heroes(0).collect();
    for &h in &heroes {
        g.card_mut(h).resources = 1;
    }
    g.players[0].threat = 33;
    install(weights::DEFAULT);
    assert_eq!(saving_for(&g, 0), None, "off by default");
    let on = Weights::from_options(&[("save_threat".to_string(), "30".to_string())]).unwrap();
    install(on);
    assert!(saving_for(&g, 0).is_some(), "saving at threat 33");
    // Another threat-reduction card is never held back by the saving.
    assert!(!breaks_reserve(&g, 0, other));
    g.players[0].threat = 25;
    assert_eq!(
        saving_for(&g, 0),
        None,
        "below the threshold nothing is saved"
    );
    install(weights::DEFAULT);
}

/// The Weather Hills 1B with the active location `rem` quest points from explored, an Orc
/// deck of Cornered Orcs (they engage at threat 30), no enemy in the encounter deck, and the
/// Leadership heroes (5 willpower) ready to commit.
fn explore_situation(rem: i16) -> Game<'static> {
    let mut g = sandbox_in("the-weather-hills", Mode::Standard, &[LEADERSHIP_HEROES]);
    g.phase = Phase::Quest;
    for z in [
        Zone::EncounterDeck,
        Zone::OrcDeck,
        Zone::Staging,
        Zone::Active,
    ] {
        while let Some(&c) = g.list(z).last() {
            g.move_card(c, Zone::SetAside);
        }
    }
    for _ in 0..4 {
        g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(CORNERED_ORC, ENCOUNTER, Zone::OrcDeck);
    }
    let l = g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Active); // 3 quest points
    g.card_mut(l).progress = 3 - rem;
    g.players[0].threat = 30;
    g
}

#[test]
fn holds_back_no_defender_whose_willpower_the_explore_needs() {
    // Fault class (The Weather Hills Standard, weather-hills-hunters, seed 11, game 0 and
    // most first rounds): the hold-back for the Orc that exploring reveals kept a hero whose
    // willpower the explore needed; the location stayed, no Orc came, and the willpower was
    // lost (in 200 traces, 432 rounds where everyone ready would have explored did not).
    let g = explore_situation(3);
    install(weights::ROLLOUT); // built around the hand-set `reveal_threat` 2
    let pool = ready_chars(&g, 0);
    assert_eq!(
        explore_enemies(&g, 0, &pool, &Ids::new()),
        (100, 2),
        "the situation: 5 willpower - 2 expected reveal reaches the 3 quest points"
    );
    assert_eq!(
        round_plan(&g, 0, true).keep.n,
        0,
        "nobody can be spared: everyone quests and explores"
    );
    // With the rule off the old plan holds one back (and the explore falls out of reach).
    let old = plan_with(&g, true, &[("style", "handset"), ("explore_reach", "0")]);
    assert_eq!(old.keep.n, 1);
    // With willpower to spare (2 quest points left) the defender is still held back.
    let g = explore_situation(2);
    let kept = round_plan(&g, 0, true).keep;
    assert_eq!(
        kept.n, 1,
        "one character with 1 willpower waits for the Orc"
    );
    assert_eq!(g.stat(kept.ids[0], Stat::Willpower), 1);
    install(weights::DEFAULT);
}

#[test]
fn counts_an_affordable_feint_in_hand_for_an_engaged_attack_when_asked() {
    // `cancel_in_hand` (off by default, measured): at commit time an affordable Feint in hand
    // covers the strongest engaged attack, so no defender is held back from the quest for it
    // (The Weather Hills, weather-hills-hunters: Éowyn kept back as a second defender while
    // Feint in hand stopped that attack, and the quest failed by her 4 willpower).
    let situation = |feint: bool, resources: i16| {
        // Intruders in Chetwood: no hold-back for the staging step's enemies there.
        let mut g = sandbox(&[TACTICS_HEROES]);
        g.phase = Phase::Quest;
        g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
        if feint {
            let f = g.spawn(FEINT, 0, Zone::Hand(0));
            assert!(hint(&g, f).cancels_attack);
        }
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.card_mut(h).resources = resources;
        }
        g.players[0].threat = 30;
        g
    };
    let defenders = |g: &Game, on: &str| {
        install(Weights::from_options(&[("cancel_in_hand".to_string(), on.to_string())]).unwrap());
        let n = round_plan_upto(g, 0, true, 1).keep.n;
        install(weights::DEFAULT);
        n
    };
    let g = situation(true, 1);
    assert!(cancel_in_hand(&g, 0));
    assert_eq!(defenders(&g, "0"), 1, "off by default: a defender is kept");
    assert_eq!(defenders(&g, "1"), 0, "Feint covers the attack");
    // Without Feint, or without a resource to pay for it, the defender stays.
    assert_eq!(defenders(&situation(false, 1), "1"), 1);
    let g = situation(true, 0);
    assert!(!cancel_in_hand(&g, 0));
    assert_eq!(defenders(&g, "1"), 1);
}

#[test]
fn keeps_a_defender_for_the_enemy_the_next_stage_brings() {
    // Fault class (Deadmen's Dike, seed 5, game 1, round 3): with the first stage two points
    // from done, every character quested; the stage fell, the next one brought its enemy
    // (Attack 6, engagement cost 1), it engaged at once and its attack killed a hero
    // undefended, while an ally that could have chumped it had quested for progress that was
    // not needed.
    let situation = |progress: i16| {
        let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
        let q = set_stage(&mut g, THE_SHADES_OF_ANGMAR_1B);
        clear_zone(&mut g, Zone::Staging);
        g.card_mut(q).progress = progress;
        g.phase = Phase::Quest;
        let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
        (g, guard)
    };
    let (g, guard) = situation(9);
    assert_eq!(hint(&g, g.current_quest().unwrap()).advance_attack, 6);
    let kept = plan_with(&g, true, &[]).keep;
    assert_eq!(kept.as_slice(), &[guard], "the Guard waits for the attack");
    let mut g2 = g.clone();
    let ready = commit_all(&mut g2, &mut bot());
    assert_eq!(ready, vec![guard], "and the commits leave it ready");
    // The situation: the rule off, or the stage out of reach this round.
    assert_eq!(
        plan_with(&g, true, &[("advance_fight", "0")]).keep.n,
        0,
        "the old plan sent everyone questing"
    );
    let (far, _) = situation(0);
    assert_eq!(plan_with(&far, true, &[]).keep.n, 0, "11 points to go: no");
}

#[test]
fn the_catacombs_of_carn_dum_keeps_a_defender_for_daechanar() {
    // Fault class (The Dread Realm, dike-wayfarers, seed 1, game 1, round 4): every character
    // quested the first stage down; the next stage brought Daechanar (engagement cost 1), who
    // engaged at once and killed a hero undefended. Of 2,000 Standard games, the 557 that
    // reached stage 2 lasted 0.7 rounds more.
    let situation = |progress: i16| {
        let mut g = sandbox_in("the-dread-realm", Mode::Standard, &[LEADERSHIP_HEROES]);
        let q = set_stage(&mut g, THE_CATACOMBS_OF_CARN_DUM_1B);
        clear_zone(&mut g, Zone::Staging);
        clear_zone(&mut g, Zone::Engaged(0));
        g.card_mut(q).progress = progress;
        g.phase = Phase::Quest;
        let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
        (g, guard)
    };
    let (g, guard) = situation(16);
    assert_eq!(hint(&g, g.current_quest().unwrap()).advance_attack, 5);
    let kept = plan_with(&g, true, &[]).keep;
    assert_eq!(kept.as_slice(), &[guard], "the Guard waits for Daechanar");
    let (far, _) = situation(0);
    assert_eq!(plan_with(&far, true, &[]).keep.n, 0, "18 points to go: no");
}

/// The defence situation of the two shadow-risk tests: an Orc War Party (6 Attack) with a
/// face-down shadow card attacks the Leadership heroes. Aragorn (DEF 2, 5 HP) takes 4 of the
/// printed 6 and survives; 7 kills him. Undefended, 6 kills any hero. Returns the game, the
/// defender decision (undefended, Théodred, Aragorn, Glóin) and Aragorn.
fn war_party_defence() -> (Game<'static>, Decision, CardId) {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0)); // 6 ATK
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Shadow(e));
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred, gloin) = (heroes[0], heroes[1], heroes[2]);
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![
            Opt::Undefended,
            Opt::Card(theodred),
            Opt::Card(aragorn),
            Opt::Card(gloin),
        ],
    );
    (g, d, aragorn)
}

#[test]
fn weighs_the_shadow_cards_plus_one_as_a_risk_when_choosing_a_defender() {
    // Fault class (Deadmen's Dike, seed 5, games 16, 19, 38, 98): a hero who survives the
    // printed attack and dies only if the face-down shadow card adds 1 was costed as dead,
    // like the hero an undefended attack kills for sure; the bot took the attack undefended
    // and the weakest hero died. `shadow_risk` below 100 weighs the +1 as a risk (off by
    // default: it costs The Weather Hills a little progress).
    let (g, d, aragorn) = war_party_defence();
    let mut risk =
        BasicBot::from_options(&[("shadow_risk".to_string(), "75".to_string())]).unwrap();
    let i = risk.choose(&g, &d);
    assert_eq!(d.options[i], Opt::Card(aragorn), "Aragorn risks the shadow");
    // Off (and `sure_death_risk` off, see the dd3 test below): the +1 counted in full makes
    // both a death, and Théodred, the cheapest hero, takes the hit.
    let mut off =
        BasicBot::from_options(&[("sure_death_risk".to_string(), "100".to_string())]).unwrap();
    let i = off.choose(&g, &d);
    assert_eq!(d.options[i], Opt::Undefended);
    install(weights::DEFAULT);
}

// ===================================================================== dd2: Deadmen's Dike
// damage splits and direct damage (helper `dd2`).

/// A Deadmen's Dike sandbox (Leadership heroes) with Iârion in play under player 0.
/// Thaurdir engaged with the first player: the copy in the game if there is one (set aside at
/// setup), else a new one.
fn thaurdir_engaged(g: &mut Game) -> CardId {
    match (0..g.cards.len() as CardId).find(|&c| g.def_of(c).code == THAURDIR) {
        Some(t) => {
            g.move_card(t, Zone::Engaged(0));
            t
        }
        None => g.spawn(THAURDIR, ENCOUNTER, Zone::Engaged(0)),
    }
}

fn dike_with_iarion() -> (Game<'static>, CardId) {
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    let i = g
        .list(Zone::Play(0))
        .iter()
        .copied()
        .find(|&c| is_objective_ally(&g, c))
        .unwrap_or_else(|| g.spawn(IARION, ENCOUNTER, Zone::Play(0)));
    (g, i)
}

/// Play out a damage split by `b` through `cheapest_split`'s own prompt loop: `left` points,
/// one per pick, among the characters of player 0 with room left; returns the points each got.
fn split_by(g: &mut Game, b: &mut BasicBot, damned: CardId, left: i16) -> Vec<(CardId, i16)> {
    // The card's prompt reads the points still to assign from its pending choice frame.
    let mut left = left;
    while left > 0 {
        let opts: Vec<Opt> = g
            .characters(0)
            .filter(|&c| g.remaining_hp(c) > g.assigned_damage(c))
            .map(Opt::Card)
            .collect();
        if opts.is_empty() {
            break;
        }
        g.stack.push(crate::engine::Frame::Choice {
            cont: crate::engine::Cont::new(damned, 1).with(0, left, 0),
        });
        let d = dec(
            0,
            Ask::Effect {
                card: damned,
                what: 0,
            },
            opts,
        );
        let i = b.choose(g, &d);
        g.stack.pop();
        let Opt::Card(c) = d.options[i] else {
            panic!("a character")
        };
        g.assign_damage(c);
        left -= 1;
    }
    let mut out: Vec<(CardId, i16)> = g
        .characters(0)
        .map(|c| (c, g.assigned_damage(c)))
        .filter(|x| x.1 > 0)
        .collect();
    out.sort();
    out
}

#[test]
fn damage_split_kills_the_least_valuable_and_never_iarion_when_a_split_spares_him() {
    // Fault class claimed in issue 18 (Thaurdir's Damned spreading damage killed Iârion):
    // the split is searched whole (`damage_split`), so it kills nobody when some split does,
    // and when someone must die it is the cheapest character, never Iârion (an
    // objective-ally: his loss loses the game) while another split spares him. (In 200
    // traced games, seed 5, every Iârion death in a split was forced: the points exceeded
    // what the others could take; the old one-point-at-a-time rule found the same splits.)
    let (mut g, iarion) = dike_with_iarion();
    let damned = g.spawn(THAURDIRS_DAMNED, ENCOUNTER, Zone::Engaged(0));
    assert!(hint(&g, damned).damage_split.is_some());
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0)); // 2 HP
                                                                 // 5 points; room without a death: Iârion 3, Guard 1, heroes 4 + 3 + 2 (Aragorn 5 HP,
                                                                 // Théodred 4, Glóin 4 with 1 damage) -> nobody need die.
    g.card_mut(heroes[2]).damage = 1;
    let mut b = bot();
    let got = split_by(&mut g.clone(), &mut b, damned, 5);
    for &(c, n) in &got {
        assert!(n < g.remaining_hp(c), "{} dies in {got:?}", g.title(c));
    }
    // 12 points with everyone nearly dead: Iârion (1 HP left) survives only if the others
    // take all 12 (Guard 2 + heroes 1 + 1 + 1 = 5 < 12 would kill them all): here they can
    // take 5 dying, so Iârion must die; with 4 points the Guard and heroes take them.
    g.card_mut(iarion).damage = 3;
    g.card_mut(heroes[0]).damage = 4;
    g.card_mut(heroes[1]).damage = 3;
    g.card_mut(heroes[2]).damage = 3;
    let got = split_by(&mut g.clone(), &mut b, damned, 1);
    assert_eq!(
        got,
        vec![(guard, 1)],
        "the Guard takes the point (no death)"
    );
    let got = split_by(&mut g.clone(), &mut b, damned, 2);
    assert_eq!(
        got,
        vec![(guard, 2)],
        "the Guard dies rather than a hero or Iârion"
    );
    let got = split_by(&mut g.clone(), &mut b, damned, 3);
    assert!(
        !got.iter().any(|&(c, _)| c == iarion),
        "a hero dies, not Iârion: {got:?}"
    );
    install(weights::DEFAULT);
}

#[test]
fn direct_damage_goes_to_an_enemy_it_destroys_not_the_biggest_one_it_only_scratches() {
    // Fault class (Deadmen's Dike, seed 5, game 3, round 2): Gandalf's 4 damage went to the
    // engaged Baleful Shade (5 hit points: it lived) while a Cursed Dead it would have
    // destroyed waited; the generic "most dangerous enemy" rule ignores whether the damage
    // kills.
    let (mut g, _) = dike_with_iarion();
    let gandalf = g.spawn(GANDALF, 0, Zone::Play(0));
    let shade = g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Engaged(0)); // 5 HP
    let cursed = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Staging); // 2 HP
    let d = dec(
        0,
        Ask::Effect {
            card: gandalf,
            what: 1,
        },
        vec![Opt::Card(shade), Opt::Card(cursed)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Card(cursed), "the kill");
    let mut old =
        BasicBot::from_options(&[("enemy_damage_target".to_string(), "0".to_string())]).unwrap();
    let i = old.choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Card(shade),
        "the old rule scratched the Shade"
    );
    install(weights::DEFAULT);
}

#[test]
fn direct_damage_goes_to_thaurdir_when_his_hit_points_hold_the_last_stage() {
    // Deadmen's Dike 2B cannot be defeated while Thaurdir (Indestructible, 9 hit points) has
    // hit points left: Gandalf's damage mode, and its target, go to him (every point is
    // progress toward the win), below `quest_damage_mode` threat.
    let (mut g, _) = dike_with_iarion();
    set_stage(&mut g, A_FELL_WRAITH_2B);
    let gandalf = g.spawn(GANDALF, 0, Zone::Play(0));
    // Thaurdir is set aside at setup (one copy): bring that one in.
    let thaurdir = thaurdir_engaged(&mut g);
    let cursed = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Staging);
    g.players[0].threat = 35;
    let modes = dec(
        0,
        Ask::Effect {
            card: gandalf,
            what: 0,
        },
        vec![Opt::Mode(0), Opt::Mode(1), Opt::Mode(2)],
    );
    let i = bot().choose(&g, &modes);
    assert_eq!(modes.options[i], Opt::Mode(1), "damage, not threat -5");
    let target = dec(
        0,
        Ask::Effect {
            card: gandalf,
            what: 1,
        },
        vec![Opt::Card(cursed), Opt::Card(thaurdir)],
    );
    let i = bot().choose(&g, &target);
    assert_eq!(target.options[i], Opt::Card(thaurdir));
    // Off, or at a threat where the reduction matters more: the card's own rule (threat -5).
    let mut off =
        BasicBot::from_options(&[("quest_damage_mode".to_string(), "0".to_string())]).unwrap();
    let i = off.choose(&g, &modes);
    assert_eq!(modes.options[i], Opt::Mode(2));
    g.players[0].threat = 46;
    let i = bot().choose(&g, &modes);
    assert_eq!(modes.options[i], Opt::Mode(2));
    install(weights::DEFAULT);
}

#[test]
fn advance_reveal_keeps_a_defender_while_the_stage_only_might_fall() {
    // Fault class (Deadmen's Dike, seed 5, game 155, round 2): 10 points left on the stage
    // and its location, 11 willpower against 1 staged threat: with 2 expected from the
    // reveal the stage seemed out of reach, everyone quested, the reveal added nothing, the
    // stage fell and the next one's enemy (Attack 6) killed a hero undefended while two
    // 1-willpower allies had quested. `advance_reveal` 0 counts no reveal for this check
    // (left at 2 by default: measured, it lives longer but makes no more progress).
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    let q = set_stage(&mut g, THE_SHADES_OF_ANGMAR_1B);
    clear_zone(&mut g, Zone::Staging);
    // Aragorn 2 + Théodred 1 + Glóin 2 + the Guard 1 = 6 willpower, 5 points left.
    g.card_mut(q).progress = 6;
    g.phase = Phase::Quest;
    let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    assert_eq!(plan_with(&g, true, &[]).keep.n, 0, "6 - 2 < 5: all quest");
    let kept = plan_with(&g, true, &[("advance_reveal", "0")]).keep;
    assert_eq!(kept.as_slice(), &[guard], "6 - 0 >= 5: the Guard waits");
    install(weights::DEFAULT);
}

#[test]
fn spends_a_self_willpower_boost_only_on_a_character_who_quests() {
    // Fault class (Deadmen's Dike, dike-wayfarers: 35 boosts in 150 games, 30 games; The Weather
    // Hills 9 in 150): Éowyn discarded a card for +1 Willpower before the commits, and the
    // commit plan then held her back to defend, so the card bought nothing.
    let situation = || {
        let mut g = sandbox(&[&[EOWYN]]);
        g.phase = Phase::Quest;
        // An engaged Angmar Orc (2 ATK): the only character defends it rather than quest.
        g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
        while g.list(Zone::Hand(0)).len() < 6 {
            g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
        }
        g
    };
    let g = situation();
    let eowyn = g.heroes(0).next().unwrap();
    assert!(hint(&g, eowyn).boosts_own_quest);
    install(weights::DEFAULT);
    assert!(
        reserved_for_commit(&g, 0).contains(eowyn),
        "the situation: the commit plan holds her back"
    );
    let d = dec(
        0,
        Ask::Action(Phase::Quest),
        vec![Opt::Pass, Opt::Activate(eowyn)],
    );
    let on = || BasicBot::from_options(&[("boost_committed".into(), "1".into())]).unwrap();
    let off = || BasicBot::from_options(&[("boost_committed".into(), "0".into())]).unwrap();
    assert_eq!(
        d.options[off().choose(&g, &d)],
        Opt::Activate(eowyn),
        "the old fault"
    );
    assert_eq!(
        d.options[on().choose(&g, &d)],
        Opt::Pass,
        "not on one held back"
    );
    // Not held back (no enemy to defend), it is used before the commits as before.
    let mut g = situation();
    let orc = g.engaged(0)[0];
    g.move_card(orc, Zone::SetAside);
    assert!(!reserved_for_commit(&g, 0).contains(eowyn));
    assert_eq!(
        d.options[on().choose(&g, &d)],
        Opt::Activate(eowyn),
        "used when she quests"
    );
    // Another character committed and she is not: wasted.
    let mut g = situation();
    let ally = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    g.card_mut(ally).questing = true;
    assert_eq!(
        d.options[on().choose(&g, &d)],
        Opt::Pass,
        "not after commits without her"
    );
    install(weights::DEFAULT);
}

#[test]
fn a_character_held_back_for_a_chance_enemy_counts_as_an_attacker_when_asked() {
    // Fault class (The Weather Hills, weather-hills-hunters, seed 11 game 1, round 3): a hero
    // was held back for an Orc the staging step might reveal, and the kill of the engaged Angmar
    // Orc then held back two more (Gandalf and Éowyn) though the first could attack it: nobody
    // quested (threat +5). With `chance_fights` the one held back for the chance counts among
    // the attackers: here the kill it makes possible is planned with him, and nobody twice.
    let situation = || {
        let mut g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
        g.phase = Phase::Quest;
        g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
        // The encounter deck: half Orcs that engage at threat 30.
        while let Some(&c) = g.list(Zone::EncounterDeck).last() {
            g.move_card(c, Zone::SetAside);
        }
        for _ in 0..3 {
            g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::EncounterDeck);
            g.spawn(CORNERED_ORC, ENCOUNTER, Zone::EncounterDeck);
        }
        g.players[0].threat = 30;
        // An engaged Angmar Orc (3 DEF, 3 HP) and more hands to fight it.
        g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
        g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0));
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
        g
    };
    let g = situation();
    let steps2 = |opt: &str| {
        install(Weights::from_options(&[("chance_fights".into(), opt.into())]).unwrap());
        let p = round_plan_upto(&g, 0, true, 2);
        install(weights::DEFAULT);
        p
    };
    let off = plan_with(&g, true, &[("chance_fights", "0")]);
    let on = plan_with(&g, true, &[("chance_fights", "1")]);
    let names = |k: &Ids| k.as_slice().iter().map(|&c| g.title(c)).collect::<Vec<_>>();
    // The situation: without the kill step the plans agree (a defender, one for the chance).
    assert_eq!(steps2("0").keep.n, 2);
    assert_eq!(steps2("1").keep.n, 2);
    assert_eq!(
        off.value,
        0,
        "off: no kill with who is left {:?}",
        names(&off.keep)
    );
    assert!(on.value > 0, "on: a kill with the one held for the chance");
    for &c in steps2("1").keep.as_slice() {
        assert!(on.keep.contains(c));
    }
    // Nobody is held back twice.
    for (i, &c) in on.keep.as_slice().iter().enumerate() {
        assert!(
            !on.keep.as_slice()[..i].contains(&c),
            "{:?}",
            names(&on.keep)
        );
    }
}

#[test]
fn weighs_a_siege_against_a_kill_that_keeps_everyone_back_when_asked() {
    // Fault class (Intruders in Chetwood, chetwood-vigil, seed 11 game 10, round 1): a staged
    // Orc War Party (3 DEF, 6 HP) could be killed in one attack only by every character, Éowyn
    // too, so the plan kept everyone back (threat +7) though Aragorn and Legolas kill it over
    // two attacks. With `kill_or_siege` the siege is weighed against the kill.
    let mut g = sandbox(&[&[EOWYN, LEADERSHIP_HEROES[0], TACTICS_HEROES[1]]]);
    g.phase = Phase::Quest;
    let owp = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
    for _ in 0..3 {
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    }
    let pool = ready_chars(&g, 0);
    let mut cands = Ids::new();
    install(weights::DEFAULT);
    let (_, kill_mask) =
        kill_set(&g, owp, &pool, &Ids::new(), true, &mut cands).expect("a one-attack kill");
    let (_, siege_mask, rounds) = siege(&g, owp, &cands, true).expect("a siege");
    assert!(rounds >= 2 && siege_mask.count_ones() < kill_mask.count_ones());
    // Willpower dear (threat_unit 100): the kill's keep cost outweighs a second round's defence.
    let off = plan_with(&g, true, &[("kill_or_siege", "0"), ("threat_unit", "100")]);
    let on = plan_with(&g, true, &[("kill_or_siege", "1"), ("threat_unit", "100")]);
    assert_eq!(off.engage, owp);
    assert_eq!(on.engage, owp);
    assert!(
        on.value > off.value,
        "the better plan: {} vs {}",
        on.value,
        off.value
    );
    assert!(
        on.keep.n < off.keep.n,
        "fewer held back: {} vs {}",
        on.keep.n,
        off.keep.n
    );
    let eowyn = g.heroes(0).next().unwrap();
    assert!(
        off.keep.contains(eowyn) && !on.keep.contains(eowyn),
        "Éowyn quests"
    );
}

// ===================================================================== wh3: The Weather Hills
// stage 2, Savage Counter-attack's tokens as lives (helper `wh3`).

/// Stage 2 of The Weather Hills in a sandbox: Savage Counter-attack with `tokens` tokens, a
/// Cornered Orc (2 ATK) engaged with player 0, every hero with 3 hit points left (2 damage
/// undefended leaves 1) and a Snowbourn Scout (0 DEF, 1 HP) that dies defending it.
fn savage_situation(tokens: i16) -> (Game<'static>, CardId, CardId) {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Combat;
    let savage = g.spawn(SAVAGE_COUNTER_ATTACK, ENCOUNTER, Zone::Staging);
    g.card_mut(savage).resources = tokens;
    let orc = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    for h in g.heroes(0).collect::<Vec<_>>() {
        let hp = g.stat(h, Stat::HitPoints);
        g.card_mut(h).damage = hp - 3;
    }
    let scout = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0));
    (g, orc, scout)
}

#[test]
fn does_not_chump_an_ally_when_its_death_costs_a_savage_counter_attack_token() {
    // Fault class (The Weather Hills stage 2, weather-hills-hunters, Easy seed 21: 100 of the
    // 165 Savage Counter-attack tokens lost in 200 games went to allies an enemy attack
    // destroyed, most of them chump blocks; game 80 lost its last two tokens to a chumped
    // Veteran Axehand and a Derndingle Warrior): each character an enemy attack destroys costs
    // a token there, and the last token loses the game, but a chump was costed like anywhere
    // else. With `life_token` the death costs the token too.
    let (g, orc, scout) = savage_situation(2);
    let d = dec(
        0,
        Ask::Defender { enemy: orc },
        vec![Opt::Undefended, Opt::Card(scout)],
    );
    let with = |v: &str| BasicBot::from_options(&[("life_token".into(), v.into())]).unwrap();
    assert_eq!(
        d.options[with("0").choose(&g, &d)],
        Opt::Card(scout),
        "the situation: without the token the chump is cheaper than a wounded hero"
    );
    assert_eq!(
        d.options[with("300").choose(&g, &d)],
        Opt::Undefended,
        "a hero takes 2 damage rather than a token going"
    );
    // The last token is the game: never chumped with one token left, however little the
    // hero can take.
    let (g1, orc1, scout1) = savage_situation(1);
    let d1 = dec(
        0,
        Ask::Defender { enemy: orc1 },
        vec![Opt::Undefended, Opt::Card(scout1)],
    );
    assert_eq!(d1.options[with("1").choose(&g1, &d1)], Opt::Undefended);
    // Before the flip (Hunting the Orcs: tokens are kills, not lives) nothing changes.
    let (mut g2, orc2, scout2) = savage_situation(2);
    let savage = common_mission(&g2);
    g2.move_card(savage, Zone::EncounterDiscard);
    let hunting = g2.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
    g2.card_mut(hunting).resources = 2;
    let d2 = dec(
        0,
        Ask::Defender { enemy: orc2 },
        vec![Opt::Undefended, Opt::Card(scout2)],
    );
    assert_eq!(d2.options[with("300").choose(&g2, &d2)], Opt::Card(scout2));
    install(weights::DEFAULT);
}

/// The Mission objective in the staging area.
fn common_mission(g: &Game) -> CardId {
    crate::cards::common::mission(g).expect("a Mission objective")
}

#[test]
fn travels_to_an_orc_camp_whose_travel_cost_is_a_kill_when_asked() {
    // Fault class (The Weather Hills 1B, weather-hills-hunters, Easy seed 21: 14 of the 32
    // stage-1 travels with a Concealed Orc-camp staged went elsewhere): travel scored the camp
    // by its Threat and quest points only, though its travel cost brings an Orc to fight, and
    // on stage 1B each kill is a token on Hunting the Orcs. With `travel_kill` the kill counts.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Travel;
    g.spawn(SCATTERED_AMONG_THE_HILLS, ENCOUNTER, Zone::Quest);
    let hunting = g.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
    let camp = g.spawn(CONCEALED_ORC_CAMP, ENCOUNTER, Zone::Staging); // 2 Threat, 2 points
    let causeway = g.spawn(ANCIENT_CAUSEWAY, ENCOUNTER, Zone::Staging); // 3 Threat, 2 points
    assert!(hint(&g, camp).travel_adds_enemy);
    let d = dec(
        0,
        Ask::Travel,
        vec![Opt::Pass, Opt::Card(camp), Opt::Card(causeway)],
    );
    let with = |v: &str| BasicBot::from_options(&[("travel_kill".into(), v.into())]).unwrap();
    assert_eq!(
        d.options[with("0").choose(&g, &d)],
        Opt::Card(causeway),
        "the situation: the higher Threat wins without the kill"
    );
    assert_eq!(d.options[with("5").choose(&g, &d)], Opt::Card(camp));
    // Without a card that counts kills, no credit.
    g.move_card(hunting, Zone::EncounterDiscard);
    assert_eq!(d.options[with("5").choose(&g, &d)], Opt::Card(causeway));
    install(weights::DEFAULT);
}

// ===================================================================== dd3: Deadmen's Dike
// the first wins (helper `dd3`).

#[test]
fn defends_with_a_hero_who_survives_the_printed_attack_when_undefended_is_a_sure_death() {
    // Fault class (Deadmen's Dike, rhudaur-guard, Easy, seed 11, games 11, 100, 101, 104:
    // 223 of 266 undefended Baleful Shade and Cursed Dead attacks in 200 games killed a hero):
    // every hero had at most the printed Attack left, so the undefended hit killed one for
    // sure, while Legolas would have survived defending the printed Attack; the face-down
    // shadow card's +1, counted in full, made his defence look like a death too, and the
    // attack went undefended (onto Legolas). `sure_death_risk` weighs the +1 as a risk only
    // in that case: a sure death against a possible one.
    let (g, d, aragorn) = war_party_defence();
    assert!(undef_kills_a_hero(&g, 0, 6), "6 undefended kills any hero");
    // Before: both a death at 7, the cheapest hero takes it undefended.
    let mut old =
        BasicBot::from_options(&[("sure_death_risk".to_string(), "100".to_string())]).unwrap();
    let i = old.choose(&g, &d);
    assert_eq!(d.options[i], Opt::Undefended);
    // Now (the default): Aragorn (DEF 2, 5 HP) survives the printed 6 and defends.
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Card(aragorn), "Aragorn risks the shadow");
    // Not a sure death (a hero outlives the printed Attack undefended): the +1 still counts
    // in full, so the rule changes nothing where the undefended hit can be survived.
    assert!(!undef_kills_a_hero(&g, 0, 3));
    install(weights::DEFAULT);
}

// --- plan1: one job per character ---

/// Intruders in Chetwood 1B with two engaged Cornered Orcs (2 ATK, 1 DEF, 2 HP) and Exposed
/// Ridge (3 threat) staged: each Orc needs a defender and the one hero left can fight one of
/// them, while the quest fails by the staged threat.
fn two_orcs_and_a_ridge() -> Game<'static> {
    let mut g = sandbox_in(
        "intruders-in-chetwood",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    g.phase = Phase::Quest;
    g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
    g
}

/// `reserved_for_commit` of seat 0 with `one_job` at `v`.
fn reserved_with_one_job(g: &Game, v: &str) -> Ids {
    install(Weights::from_options(&[("one_job".into(), v.into())]).unwrap());
    let r = reserved_for_commit(g, 0);
    install(weights::DEFAULT);
    r
}

#[test]
fn one_job_a_failing_quest_gets_the_killers_not_nobody() {
    // Fault class (Deadmen's Dike, rhudaur-guard, 12% of the quest phases of 300 Standard
    // games, seed 11): the defenders of the engaged enemies and the kill of one of them took
    // every ready character, nobody quested, and the quest failed by the whole staged threat.
    // With `one_job` (bit 4) the kill is given up for the quest; the defenders stay.
    let g = two_orcs_and_a_ridge();
    let plan = plan_with(&g, true, &[("one_job", "0")]);
    let names = |k: &Ids| k.as_slice().iter().map(|&c| g.title(c)).collect::<Vec<_>>();
    // The situation: defenders and a fight hold back everyone, over the deficit cap.
    assert!(plan.jobs[0] > 0, "{:?}", names(&plan.keep));
    assert!(plan.jobs[3] + plan.jobs[4] > 0, "{:?}", names(&plan.keep));
    let old = reserved_with_one_job(&g, "0");
    assert!(nobody_quests(&g, 0, &old), "old: {:?}", names(&old));
    assert!(quest_deficit(&g, 0, &old) > w().deficit_cap as i16);
    // Now someone quests, the defenders are still held back, and nobody twice.
    let new = reserved_with_one_job(&g, "4");
    assert!(!nobody_quests(&g, 0, &new), "new: {:?}", names(&new));
    assert!(quest_deficit(&g, 0, &new) < quest_deficit(&g, 0, &old));
    for &d in &plan.keep.as_slice()[..plan.jobs[0] as usize] {
        assert!(new.contains(d), "{} defends an Orc", g.title(d));
    }
    for (i, &c) in new.as_slice().iter().enumerate() {
        assert!(!new.as_slice()[..i].contains(&c), "{:?}", names(&new));
    }
    // The commit step sends the freed fighter.
    let mut opts = vec![Opt::Done];
    opts.extend(g.characters(0).map(Opt::Card));
    let d = dec(0, Ask::Commit, opts);
    match d.options[bot().choose(&g, &d)] {
        Opt::Card(c) => assert!(!new.contains(c), "{} defends", g.title(c)),
        o => panic!("commits nobody: {o:?}"),
    }
}

#[test]
fn one_job_keeps_the_kill_where_kills_advance_the_quest() {
    // The same situation while Hunting the Orcs counts kills toward the quest (The Weather
    // Hills): the kill is the quest's progress there, and the plan is unchanged.
    let mut g = two_orcs_and_a_ridge();
    g.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
    assert!(
        quest_kill_value(&g) > 0,
        "the situation: kills advance the quest"
    );
    let old = reserved_with_one_job(&g, "0");
    let new = reserved_with_one_job(&g, "4");
    assert!(nobody_quests(&g, 0, &old));
    assert_eq!(old.as_slice(), new.as_slice());
}

// --- angmar1 ---

/// The Battle of Carn Dûm, stage 1B, Standard, with the Leadership heroes at threat 30 and
/// Thaurdir (Captain side, 4 threat) staged: `extra` enemies staged too.
fn carn_dum_1b(extra: &[&str]) -> (Game<'static>, CardId, Vec<CardId>) {
    let mut g = sandbox_in(
        "the-battle-of-carn-dum",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    clear_zone(&mut g, Zone::Staging);
    clear_zone(&mut g, Zone::Active);
    set_stage(&mut g, CLUTCHES_OF_CARN_DUM_1B);
    g.phase = Phase::Quest;
    g.players[0].threat = 30;
    let t = g.spawn(THAURDIR_CAPTAIN, ENCOUNTER, Zone::Staging);
    // Allies without willpower, as carn-dum-vanguard plays them (they cost no quest).
    for a in [
        VETERAN_AXEHAND,
        VETERAN_AXEHAND,
        HORSEBACK_ARCHER,
        GONDORIAN_SPEARMAN,
    ] {
        g.spawn(a, 0, Zone::Play(0));
    }
    let others = extra
        .iter()
        .map(|c| g.spawn(c, ENCOUNTER, Zone::Staging))
        .collect();
    (g, t, others)
}

#[test]
fn never_holds_characters_back_to_engage_an_enemy_that_cannot_be_engaged() {
    // Fault class (The Battle of Carn Dûm, carn-dum-vanguard, Standard, seed 11: 102 of 1,303
    // commit plans in 300 games): on stage 1B Thaurdir cannot leave the staging area, so the
    // engine never offers him for optional engagement, but the round plan planned to engage
    // and wear him down, holding back a defender and attackers for a fight that never came.
    let (g, t, _) = carn_dum_1b(&[]);
    assert!(g.rule(Rule::CannotBeEngaged(t)), "the situation: stage 1B");
    let old = plan_with(&g, true, &[("skip_unengageable", "0")]);
    assert_eq!(
        old.engage, t,
        "the situation: the old plan engaged Thaurdir"
    );
    assert!(old.keep.n > 0);
    let plan = plan_with(&g, true, &[]);
    assert_ne!(plan.engage, t);
    assert_eq!(plan.keep.n, 0, "nobody is held back for him");
}

#[test]
fn keeps_a_staged_kill_when_the_quest_fails_anyway() {
    // Fault class (The Battle of Carn Dûm, carn-dum-vanguard, Standard, seed 11: 195 of 694
    // commit plans with a fight in 300 games dropped): with no Battle, the heroes' few points
    // of willpower met 8-17 staged threat, so the quest failed by more than `deficit_cap`
    // whoever quested; the cap charged the plan with that whole deficit and dropped the
    // engage-and-kill of a staged enemy that never engages on its own (+10 engagement
    // cost from Thaurdir's Captain side), so its threat came back every round.
    let (g, _, staged) = carn_dum_1b(&[ANGMAR_MARAUDER, EXPOSED_RIDGE, EXPOSED_RIDGE]);
    let marauder = staged[0];
    assert!(
        g.stat(marauder, Stat::Engagement) > g.players[0].threat,
        "the situation: it never engages on its own"
    );
    let plan = plan_with(&g, true, &[]);
    assert_eq!(plan.engage, marauder, "the plan kills it");
    let none = quest_deficit(&g, 0, &Ids::new());
    assert!(
        none > w().deficit_cap as i16,
        "the situation: the quest fails past the cap with everyone questing ({none})"
    );
    let reserved = |opts: &[(&str, &str)]| {
        let o: Vec<(String, String)> = opts
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        install(Weights::from_options(&o).unwrap());
        let r = reserved_for_commit(&g, 0);
        install(weights::DEFAULT);
        r
    };
    assert_eq!(
        reserved(&[("marginal_deficit", "0")]).n,
        0,
        "the situation: the old cap dropped the fight"
    );
    let keep = reserved(&[]);
    assert!(keep.n > 0, "the fighters are held back");
    for c in keep.as_slice() {
        assert!(plan.keep.contains(*c), "{} is not in the plan", g.title(*c));
    }
}

#[test]
fn engages_and_kills_a_staged_enemy_whose_threat_grows_when_asked() {
    // Fault class (The Battle of Carn Dûm, carn-dum-vanguard, Standard, seed 11): the Garrison
    // keeps every shadow card dealt to it on stage 1B and gains 1 Threat for each, so it costs
    // more every round it stays staged; the round plan priced it at its Threat of the moment
    // (1-2), never found the kill worth a defence, and the Garrisons stayed for the whole game.
    let (mut g, _, staged) = carn_dum_1b(&[CARN_DUM_GARRISON]);
    g.phase = Phase::Encounter;
    let garrison = staged[0];
    assert!(
        hint(&g, garrison).threat_growth > 0,
        "its hint says it grows"
    );
    let old = plan_with(&g, false, &[("enemy_growth_rounds", "0")]);
    assert_ne!(
        old.engage, garrison,
        "the situation: not worth it at its Threat now"
    );
    let plan = plan_with(&g, false, &[("enemy_growth_rounds", "2")]);
    assert_eq!(plan.engage, garrison, "engaged and killed when asked");
}

#[test]
fn engages_a_staged_enemy_whose_attack_a_feint_in_hand_cancels_when_asked() {
    // `engage_cancel` (carn36): on The Battle of Carn Dûm staged enemies never engage on their
    // own and add their Threat every round; with an affordable Feint in hand and no other
    // attack this round, the first attack of an enemy engaged now costs no defence.
    let situation = |feint: bool| {
        let mut g = sandbox_in("the-battle-of-carn-dum", Mode::Standard, &[TACTICS_HEROES]);
        clear_zone(&mut g, Zone::Staging);
        clear_zone(&mut g, Zone::Active);
        set_stage(&mut g, CLUTCHES_OF_CARN_DUM_1B);
        g.players[0].threat = 30;
        g.spawn(THAURDIR_CAPTAIN, ENCOUNTER, Zone::Staging);
        let garrison = g.spawn(CARN_DUM_GARRISON, ENCOUNTER, Zone::Staging);
        // Shadow cards kept (stage 1B): Threat 5, as by round 4-5 of a game.
        for _ in 0..4 {
            g.deal_shadow(garrison);
        }
        assert_eq!(g.stat(garrison, Stat::Threat), 5);
        g.phase = Phase::Encounter;
        if feint {
            g.spawn(FEINT, 0, Zone::Hand(0));
        }
        for h in g.heroes(0).collect::<Vec<_>>() {
            g.card_mut(h).resources = 1;
        }
        (g, garrison)
    };
    let (g, garrison) = situation(true);
    assert!(cancel_in_hand(&g, 0));
    assert_ne!(
        plan_with(&g, false, &[("engage_cancel", "0")]).engage,
        garrison,
        "the situation: off, its defence is too dear"
    );
    assert_eq!(
        plan_with(&g, false, &[("engage_cancel", "1")]).engage,
        garrison,
        "Feint takes its first attack"
    );
    // Without the event nothing changes.
    let (g, garrison) = situation(false);
    assert_ne!(
        plan_with(&g, false, &[("engage_cancel", "1")]).engage,
        garrison
    );
}

// --- hints1 ---
// Cards the audit found never used (hints1): their hints say what they do, and the bot reads it.

#[test]
fn plays_rain_of_arrows_when_it_destroys_an_engaged_enemy() {
    // Fault class: events without a value (Rain of Arrows: 0 of 95 games offered, audit decks)
    // were never played, even when the damage destroyed an engaged enemy before it attacked.
    let mut g = sandbox(&[TACTICS_HEROES]);
    let rain = g.spawn(RAIN_OF_ARROWS, 0, Zone::Hand(0));
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    g.phase = Phase::Combat;
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(rain)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Pass, "1 damage destroys nothing");
    g.card_mut(e).damage = g.remaining_hp(e) - 1;
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Play(rain), "1 damage destroys the Orc");
}

#[test]
fn beravor_draws_once_the_enemy_attacks_are_over_when_her_attack_kills_nothing() {
    // Fault class: an exhaust-to-draw character (Beravor: used in 38 of 394 audit games where
    // offered; Gléowine 5 of 145) drew only in a combat phase without engaged enemies, so any
    // engaged enemy she could not help kill cost the round's draw.
    let mut g = sandbox(&[SPIRIT_HEROES]);
    let beravor = g
        .heroes(0)
        .find(|&h| hint(&g, h).exhaust_draws == 2)
        .unwrap();
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
    g.phase = Phase::Combat;
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Activate(beravor)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Pass, "the enemy has not attacked yet");
    g.card_mut(e).attacked = true;
    let i = bot().choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Activate(beravor),
        "attacks over, no kill needs her"
    );
}

#[test]
fn protector_of_lorien_discards_a_spare_card_for_willpower_on_a_questing_host() {
    // Fault class: an attachment's discard-for-a-boost action (Protector of Lórien: 0 of 232
    // audit games where offered) was never used.
    let mut g = sandbox(&[SPIRIT_HEROES]);
    let h = g.heroes(0).next().unwrap();
    let p = g.spawn(PROTECTOR_OF_LORIEN, 0, Zone::Discard(0));
    g.attach(p, h, 0);
    while g.list(Zone::Hand(0)).len() < 5 {
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
    }
    g.phase = Phase::Quest;
    g.card_mut(h).questing = true;
    let d = dec(
        0,
        Ask::Action(Phase::Quest),
        vec![Opt::Pass, Opt::Activate(p)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Activate(p));
    // The prompt offers Willpower first in the quest phase; the bot takes it.
    let d = dec(
        0,
        Ask::Effect { card: p, what: 1 },
        vec![Opt::Mode(0), Opt::Mode(1)],
    );
    assert_eq!(bot().choose(&g, &d), 0);
}

// --- hints2 ---
// Cards the audit found never used (hints1's list; fixed by hints2): Common Cause, Stand
// Together.

#[test]
fn common_cause_readies_the_hero_who_defends_the_coming_attack() {
    // Fault class: a hero-swapping event (Common Cause: 0 of 111 audit games where offered)
    // was never played, even when the only ready hero dies defending and the exhausted one
    // survives the attack.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let cc = g.spawn(COMMON_CAUSE, 0, Zone::Hand(0));
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0)); // 6 ATK
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred, gloin) = (heroes[0], heroes[1], heroes[2]);
    g.phase = Phase::Combat;
    g.exhaust(gloin);
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(cc)],
    );
    let i = bot().choose(&g, &d);
    assert_eq!(d.options[i], Opt::Pass, "Aragorn is ready: nothing to gain");
    g.exhaust(aragorn);
    let i = bot().choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Play(cc),
        "Théodred dies to 6 ATK, Aragorn survives it"
    );
    // Its prompts: exhaust Théodred, ready Aragorn (not Glóin).
    let d = dec(
        0,
        Ask::Effect { card: cc, what: 0 },
        vec![Opt::Card(theodred)],
    );
    assert_eq!(bot().choose(&g, &d), 0);
    let d = dec(
        0,
        Ask::Effect { card: cc, what: 1 },
        vec![Opt::Card(gloin), Opt::Card(aragorn)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(aragorn));
    // Théodred is needed to kill an engaged Cornered Orc (with a Guard of the Citadel: 2 + 1
    // ATK against 1 DEF + 2 HP): not exhausted for the swap, kept.
    let mut g2 = g.clone();
    let orc = g2.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    g2.card_mut(orc).attacked = true;
    g2.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(cc)],
    );
    assert_eq!(d.options[bot().choose(&g2, &d)], Opt::Pass);
    // Once the enemy has attacked, nothing is coming: kept.
    g.card_mut(e).attacked = true;
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(cc)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass);
}

/// Stand Together played and `first` declared against `e`'s attack: the decision for the
/// next defender, `a` or `b` (or done).
fn next_defender_of_several(
    g: &mut Game,
    e: CardId,
    first: CardId,
    a: CardId,
    b: CardId,
) -> Decision {
    g.players[0].multi_defend = true;
    g.attack = crate::engine::AttackCtx::new(e, 0, false);
    g.card_mut(e).attacked = true;
    g.attack.defenders[0] = first;
    g.attack.n_defenders = 1;
    g.exhaust(first);
    dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Done, Opt::Card(a), Opt::Card(b)],
    )
}

#[test]
fn stand_together_lets_two_defenders_take_an_attack_one_barely_survives() {
    // Fault class: a several-defenders event (Stand Together: 0 of 207 audit games where
    // offered) was never played, and the bot declared one defender even when allowed more.
    let setup = |enemy: &str| {
        let mut g = sandbox(&[TACTICS_HEROES]);
        let st = g.spawn(STAND_TOGETHER, 0, Zone::Hand(0));
        let e = g.spawn(enemy, ENCOUNTER, Zone::Engaged(0));
        g.phase = Phase::Combat;
        (g, st, e)
    };
    let play = |g: &Game, st: CardId| {
        let d = dec(
            0,
            Ask::Action(Phase::Combat),
            vec![Opt::Pass, Opt::Play(st)],
        );
        d.options[bot().choose(g, &d)]
    };
    let (g, st, _) = setup(ANGMAR_MARAUDER); // 3 ATK
    assert_eq!(play(&g, st), Opt::Pass, "Gimli takes 1 damage alone: kept");
    let (mut g, st, e) = setup(ORC_WAR_PARTY); // 6 ATK
    assert_eq!(
        play(&g, st),
        Opt::Play(st),
        "Gimli alone is left with 1 hit point, with a second defender 2"
    );
    // Stand Together played: after Gimli, the bot adds one more defender, not two.
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (gimli, legolas, thalin) = (heroes[0], heroes[1], heroes[2]);
    let d = next_defender_of_several(&mut g, e, gimli, legolas, thalin);
    let second = d.options[bot().choose(&g, &d)];
    assert!(
        second == Opt::Card(legolas) || second == Opt::Card(thalin),
        "{second:?}"
    );
    let Opt::Card(second) = second else {
        unreachable!()
    };
    let third = if second == legolas { thalin } else { legolas };
    g.attack.defenders[1] = second;
    g.attack.n_defenders = 2;
    g.exhaust(second);
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Done, Opt::Card(third)],
    );
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Done,
        "a third saves Gimli one more wound only"
    );
    // One ready character for one attack: nobody to stand with, kept.
    let (mut g, st, _) = setup(ORC_WAR_PARTY);
    let heroes: Vec<CardId> = g.heroes(0).collect();
    g.exhaust(heroes[1]);
    g.exhaust(heroes[2]);
    assert_eq!(play(&g, st), Opt::Pass);
}

#[test]
fn stand_together_names_the_player_it_was_played_for() {
    // Fault class (multiplayer): the player prompt fell to the generic rule (the smallest
    // hand), so the extra defenders went to a player whose attacks the value never judged.
    let mut g = sandbox(&[TACTICS_HEROES, TACTICS_HEROES]);
    let st = g.spawn(STAND_TOGETHER, 0, Zone::Hand(0));
    g.spawn(STAND_TOGETHER, 0, Zone::Hand(0));
    g.phase = Phase::Combat;
    assert!(hand(&g, 1).len() < hand(&g, 0).len());
    let d = dec(
        0,
        Ask::Effect { card: st, what: 0 },
        vec![Opt::Player(1), Opt::Player(0)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Player(0));
}

#[test]
fn stand_together_never_takes_a_defender_the_counter_attack_needs() {
    // The first measurement of the Stand Together reading (core-tactics, Mount Gram, seeds 11
    // / 12: rounds -0.03 / -0.05) found the extra defenders exhausting the attackers of the
    // round's kill: a character the kill needs is not added.
    let mut g = sandbox(&[TACTICS_HEROES]);
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0)); // 6 ATK, 3 DEF, 6 HP
    g.phase = Phase::Combat;
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (gimli, legolas, thalin) = (heroes[0], heroes[1], heroes[2]);
    // 1 hit point left on the War Party: Legolas and Thalin (3 + 2 ATK against 3 DEF + 1)
    // kill it together, neither without the other.
    g.card_mut(e).damage = 5;
    let d = next_defender_of_several(&mut g, e, gimli, legolas, thalin);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Done);
}

/// The community-style decks of `tests/fixtures/community` (real-looking 50-card lists of the
/// Angmar Awakened cycle that nobody here tuned the bot on; hints2's audit) load with three
/// heroes, 50 cards and a `# Plan:` line, every card implemented, and `basic` plays them to
/// the end of a game.
#[test]
fn community_decks_load_and_play() {
    let db = db();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/community");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("# Plan:"), "{}", path.display());
        let d = crate::deck::load_deck(&path, db).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.heroes.len(), 3, "{}", path.display());
        assert_eq!(d.cards.len(), 50, "{}", path.display());
        let setup = GameSetup {
            scenario: db.scenario("intruders-in-chetwood").unwrap(),
            mode: Mode::Standard,
            decks: vec![d],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
        };
        let mut g = Game::new(db, &setup);
        let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(BasicBot::new())];
        play_game(&mut g, &mut bots, 7, 0);
        assert!(g.is_over(), "{}", path.display());
        n += 1;
    }
    assert_eq!(n, 4, "four community decks");
}

/// An enemy attack that ended earlier (this phase or any earlier round) leaves its context
/// behind (`Game::attack`, `ended`); the test state of the stale-context fault class.
fn leave_an_ended_attack(g: &mut Game) {
    let old = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    g.card_mut(old).attacked = true;
    g.attack = crate::engine::AttackCtx::new(old, 0, false);
    g.attack.ended = true;
    // The attacker was destroyed by the counter-attack.
    g.move_card(old, Zone::EncounterDiscard);
    assert!(g.attacking_enemy().is_none());
    assert_ne!(g.attack.enemy, NO_CARD);
}

#[test]
fn quick_strike_strikes_after_an_earlier_attack_has_ended() {
    // Fault class: hint values that read "an enemy attack is in progress" from the attack
    // context, which stays set after the attack ends (Quick Strike: used in 8 of 530 games
    // where offered on the community decks; Beravor's and Gléowine's draws likewise): after
    // the first enemy attack of the game they were never used again.
    let mut g = sandbox(&[TACTICS_HEROES]);
    g.phase = Phase::Combat;
    leave_an_ended_attack(&mut g);
    let qs = g.spawn(QUICK_STRIKE, 0, Zone::Hand(0));
    let e = g.spawn(ANGMAR_MARAUDER, ENCOUNTER, Zone::Engaged(0)); // 3 ATK, 2 DEF
    g.card_mut(e).damage = g.remaining_hp(e) - 1;
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(qs)],
    );
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Play(qs),
        "Legolas kills the Marauder before it attacks"
    );
}

#[test]
fn beravor_draws_after_the_attacks_even_with_an_ended_attacks_context_left() {
    // Same fault class as `quick_strike_strikes_after_an_earlier_attack_has_ended`, on the
    // exhaust-to-draw reading (`Hint::exhaust_draws`).
    let mut g = sandbox(&[SPIRIT_HEROES]);
    let beravor = g
        .heroes(0)
        .find(|&h| hint(&g, h).exhaust_draws == 2)
        .unwrap();
    g.phase = Phase::Combat;
    leave_an_ended_attack(&mut g);
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Activate(beravor)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(beravor));
}

// --- dd4: Deadmen's Dike ---

#[test]
fn travels_to_broken_battlements_before_its_time_runs_out() {
    // Fault class: travel priced Broken Battlements by its Threat, quest points and travel cost
    // alone, so with its last Time counter on it the players went elsewhere (7 of 14 such
    // choices in 80 `lookahead` games, 26 of 60 in 300 `basic` games, Deadmen's Dike Standard)
    // and every deck lost 5 cards at the end of the round, and 5 more every round after.
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    let square = g.spawn(FORNOST_SQUARE, ENCOUNTER, Zone::Staging);
    let battlements = g.spawn(BROKEN_BATTLEMENTS, ENCOUNTER, Zone::Staging);
    assert_eq!(hint(&g, battlements).time_mill, 5);
    g.card_mut(battlements).time = 1;
    let d = dec(
        0,
        Ask::Travel,
        vec![Opt::Pass, Opt::Card(square), Opt::Card(battlements)],
    );
    let with = |time_mill: &str| {
        let opts = [("time_mill".to_string(), time_mill.to_string())];
        BasicBot::from_options(&opts).unwrap()
    };
    // Without the weight the growing Square wins (`travels_to_a_growing_location_before_it_grows`).
    assert_eq!(d.options[with("0").choose(&g, &d)], Opt::Card(square));
    // With it, the location about to discard 5 cards from the deck wins ...
    assert_eq!(d.options[with("3").choose(&g, &d)], Opt::Card(battlements));
    // ... but not while its Time is far from running out (the credit is per round left).
    g.card_mut(battlements).time = 3;
    assert_eq!(d.options[with("3").choose(&g, &d)], Opt::Card(square));
    install(weights::DEFAULT);
}

// --- plan2: plan and engagement agree ---

/// The bot of `--bot basic:...` with `opts` on top of the defaults.
fn bot_with(opts: &[(&str, &str)]) -> BasicBot {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    BasicBot::from_options(&o).unwrap()
}

/// A Cornered Orc (2 Attack, 1 Defense, 2 hit points) engaged and attacking; Aragorn (3
/// Attack, 2 Defense) and Théodred (2 Attack, 1 Defense) ready, Glóin exhausted: only Aragorn
/// can kill it after the attack, and he is also its cheapest defender.
fn orc_and_its_killer() -> (Game<'static>, CardId, CardId, CardId) {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred, gloin) = (heroes[0], heroes[1], heroes[2]);
    g.exhaust(gloin);
    (g, e, aragorn, theodred)
}

#[test]
fn plan_intent_keeps_the_killer_of_an_engaged_enemy_out_of_its_defence() {
    // Fault class (600 Standard games per scenario, seed 11): the commit plan held characters
    // back to kill an engaged enemy, then the defender step chose one of them as the cheapest
    // defender and the kill was lost (10-25% of such plans). With `plan_intent` bit 1 a
    // defender whose exhaustion loses the kill costs the kill's worth.
    let (g, e, aragorn, theodred) = orc_and_its_killer();
    let pool = attack_pool(&g, 0, e);
    assert!(
        cheapest_kill(&g, e, pool.as_slice(), 0).is_some(),
        "the situation: a kill"
    );
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Undefended, Opt::Card(aragorn), Opt::Card(theodred)],
    );
    let old = bot_with(&[("plan_intent", "0")]).choose(&g, &d);
    assert_eq!(
        d.options[old],
        Opt::Card(aragorn),
        "old: the cheapest defence"
    );
    let new = bot_with(&[("plan_intent", "1")]).choose(&g, &d);
    assert_eq!(
        d.options[new],
        Opt::Card(theodred),
        "new: Aragorn kept for the kill"
    );
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Card(theodred),
        "the default"
    );
    // Théodred defends (exhausted); Aragorn alone still kills the Orc.
    let mut g = g;
    g.exhaust(theodred);
    let pool = attack_pool(&g, 0, e);
    assert!(cheapest_kill(&g, e, pool.as_slice(), 0).is_some());
}

#[test]
fn plan_intent_still_defends_with_the_killer_when_the_hit_would_kill_a_hero() {
    // The kill's worth is weighed, not absolute: when every other choice kills a hero, the
    // killer defends.
    let (mut g, e, aragorn, theodred) = orc_and_its_killer();
    g.exhaust(theodred);
    // Every hero but Aragorn has 1 hit point left: the Orc's 2 undefended kill one.
    for h in g.heroes(0).collect::<Vec<_>>() {
        if h != aragorn {
            g.card_mut(h).damage = g.stat(h, Stat::HitPoints) - 1;
        }
    }
    g.card_mut(aragorn).damage = g.stat(aragorn, Stat::HitPoints) - 2;
    let d = dec(
        0,
        Ask::Defender { enemy: e },
        vec![Opt::Undefended, Opt::Card(aragorn)],
    );
    let i = bot_with(&[("plan_intent", "1")]).choose(&g, &d);
    assert_eq!(d.options[i], Opt::Card(aragorn));
}

#[test]
fn plan_intent_engages_the_enemy_the_commit_plan_held_characters_back_for_when_asked() {
    // Bit 2: the engagement step engages the commit plan's enemy while its fighters are all
    // still ready, even when the plan remade there would pass; never once one of them is
    // exhausted, in another round, or when the enemy would engage on its own.
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    assert!(
        !g.rule(Rule::NoEngagementChecks),
        "the situation: engagement checks"
    );
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred) = (heroes[0], heroes[1]);
    let e = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
    g.players[0].threat = g.stat(e, Stat::Engagement) - 1;
    let mut fighters = Ids::new();
    fighters.push(aragorn);
    fighters.push(theodred);
    let intent = Intent {
        round: g.round,
        player: 0,
        engage: e,
        fighters,
        sig: 0,
    };
    assert_eq!(intended_engage(&g, 0, &intent), e);
    assert_eq!(
        intended_engage(
            &g,
            0,
            &Intent {
                round: g.round + 1,
                ..intent
            }
        ),
        NO_CARD
    );
    let mut h = g.clone();
    h.players[0].threat = h.stat(e, Stat::Engagement);
    assert_eq!(
        intended_engage(&h, 0, &intent),
        NO_CARD,
        "it engages on its own"
    );
    g.exhaust(theodred);
    assert_eq!(
        intended_engage(&g, 0, &intent),
        NO_CARD,
        "a fighter is exhausted"
    );
}

// --- wh5: The Weather Hills ---

/// The Weather Hills 1B (Easy), Leadership heroes at threat `threat`, Hunting the Orcs with 3
/// of its 4 tokens (the next kill flips it), a Cornered Orc engaged and the heroes ready to
/// kill it; `locations` Exposed Ridges (3 Threat each) staged.
fn weather_hills_flip(locations: usize, threat: i16) -> (Game<'static>, CardId) {
    let mut g = sandbox_in("the-weather-hills", Mode::Easy, &[LEADERSHIP_HEROES]);
    clear_zone(&mut g, Zone::Staging);
    clear_zone(&mut g, Zone::Active);
    set_stage(&mut g, SCATTERED_AMONG_THE_HILLS);
    g.phase = Phase::Combat;
    g.players[0].threat = threat;
    let m = g.spawn(HUNTING_THE_ORCS, ENCOUNTER, Zone::Staging);
    g.card_mut(m).resources = 3;
    for _ in 0..locations {
        g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
    }
    let e = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    (g, e)
}

fn flip_hold_bot() -> BasicBot {
    BasicBot::from_options(&[("flip_hold".into(), "20".into())]).unwrap()
}

#[test]
fn flip_hold_keeps_the_last_orc_kill_while_locations_are_staged() {
    // Fault class (The Weather Hills, weather-hills-hunters, 300 basic Easy games, seed 11):
    // the 4th kill flipped Hunting the Orcs in combat with locations still staged (Sheltered
    // Valley in 54% of the flips, Ruins of Arnor 29%, ...), and stage 2 then faced them with
    // Amon Forn and Orc Ambush on top (0 progress on Cornered Animals in 115 of 115 games).
    // With `flip_hold` the kill is held while the staged locations' Threat is above the bar.
    let (g, e) = weather_hills_flip(2, 32);
    let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(e)]);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Card(e),
        "the situation: the default bot takes the flip kill"
    );
    assert_eq!(d.options[flip_hold_bot().choose(&g, &d)], Opt::Done);
    install(Weights::from_options(&[("flip_hold".into(), "20".into())]).unwrap());
    let held = quest_kill_value(&g);
    install(weights::DEFAULT);
    assert!(held < 0 && quest_kill_value(&g) > 0, "{held}");
}

#[test]
fn flip_hold_takes_the_kill_on_a_clear_board_or_a_high_threat_or_an_earlier_token() {
    let attacks = |g: &Game, e: CardId| {
        let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(e)]);
        d.options[flip_hold_bot().choose(g, &d)] == Opt::Card(e)
    };
    // One Exposed Ridge (3) is within the bar (4): the board is ready.
    let (g, e) = weather_hills_flip(1, 32);
    assert!(attacks(&g, e), "clear board");
    // At threat 45 the flip is no longer held.
    let (g, e) = weather_hills_flip(3, 45);
    assert!(attacks(&g, e), "high threat");
    // With 2 tokens the kill does not flip the mission.
    let (mut g, e) = weather_hills_flip(3, 32);
    let m = g
        .list(Zone::Staging)
        .iter()
        .copied()
        .find(|&c| hint(&g, c).kills_advance_quest)
        .unwrap();
    g.card_mut(m).resources = 2;
    assert_eq!(kills_to_flip(&g).map(|k| k.1), Some(2));
    assert!(attacks(&g, e), "not the flip");
}

// --- dd5: Deadmen's Dike ---

/// Deadmen's Dike stage 1B at threat 30, nothing staged, an encounter deck of Cursed Dead only
/// (engagement 27: each revealed one engages at once; Attack 3), and, if `hurt`, every hero
/// left with 3 hit points (the expected 3 + 1 for a shadow kills whichever hero takes it).
fn dike_reveal_situation(hurt: bool) -> Game<'static> {
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    g.phase = Phase::Quest;
    set_stage(&mut g, THE_SHADES_OF_ANGMAR_1B);
    clear_zone(&mut g, Zone::Staging);
    crate::cards::testkit::encounter_deck_of(&mut g, CURSED_DEAD, 10);
    g.players[0].threat = 30;
    if hurt {
        let heroes: Vec<CardId> = g.heroes(0).collect();
        for h in heroes {
            g.card_mut(h).damage = g.stat(h, Stat::HitPoints) - 3;
        }
    }
    g
}

#[test]
fn reveal_lethal_holds_a_defender_back_on_a_stage_with_quest_points_when_the_hit_kills() {
    // Fault class (Deadmen's Dike 1B, `basic`, rhudaur-guard, 1,000 Standard games, seed 1:
    // 192 of 915 hero deaths to undefended attacks): every character quested, the staging
    // step revealed an enemy that engaged at once, and its undefended attack killed a hero.
    // `reveal_lethal` holds back the `reveal_fight` defender there (off by default: measured
    // a trade, see its doc).
    let g = dike_reveal_situation(true);
    assert!(
        !progress_is_useless(&g),
        "the situation: 1B has quest points"
    );
    assert_eq!(
        reveal_enemies(&g, 0),
        (100, 3),
        "every reveal engages, Attack 3"
    );
    assert!(
        undef_kills_a_hero(&g, 0, 4),
        "the situation: 3 + 1 kills any hero"
    );
    assert_eq!(
        plan_with(&g, true, &[]).keep.n,
        0,
        "off: nobody is held back"
    );
    let on = plan_with(&g, true, &[("reveal_lethal", "1")]);
    assert_eq!(on.keep.n, 1, "on: one defender waits for the Cursed Dead");
    let c = on.keep.ids[0];
    assert!(
        g.is_hero(c) && g.stat(c, Stat::Defense) >= 2,
        "one that lives"
    );
    // Unhurt heroes survive the hit: nobody is held back.
    let fresh = dike_reveal_situation(false);
    assert_eq!(plan_with(&fresh, true, &[("reveal_lethal", "1")]).keep.n, 0);
    // `reveal_lethal_wp` below the defender's willpower: it quests.
    let wp = g.stat(c, g.questing_stat()).to_string();
    let below = (g.stat(c, g.questing_stat()) - 1).to_string();
    let at = plan_with(
        &g,
        true,
        &[("reveal_lethal", "1"), ("reveal_lethal_wp", &wp)],
    );
    assert_eq!(at.keep.n, 1);
    let under = plan_with(
        &g,
        true,
        &[("reveal_lethal", "1"), ("reveal_lethal_wp", &below)],
    );
    assert_eq!(under.keep.n, 0);
}

/// The shortcuts that answer as a fuller search would (`can_kill` for `cheapest_kill`, the
/// optional engagement's plan without its kill step) assert beside themselves, in test builds,
/// that the full search agrees: basic plays every playable scenario and mode with one and two
/// players so that they are asked many times (with the kill checks of the defender decisions).
#[test]
fn shortcuts_answer_as_the_full_searches() {
    use crate::soak::{soak_configs, soak_setup};
    let db = db();
    let mut played = 0;
    for c in soak_configs(db)
        .iter()
        .filter(|c| c.bot == "basic" && c.players <= 2)
    {
        let setup = soak_setup(db, c, 30).expect("soak setup");
        let mut g = Game::new(db, &setup);
        let mut bots: Vec<Box<dyn crate::bots::Bot>> = (0..c.players)
            .map(|_| Box::new(BasicBot::new()) as Box<dyn crate::bots::Bot>)
            .collect();
        for i in 0..4 {
            play_game(&mut g, &mut bots, 23, i);
            assert!(g.is_over(), "{c:?} game {i} ended");
            played += 1;
        }
    }
    assert!(played >= 50, "{played} games");
}

#[test]
fn thaurdir_with_no_hit_points_left_is_not_attacked_nor_planned_as_a_kill() {
    // Deadmen's Dike 2B: Thaurdir (Indestructible) keeps his damage beyond 9, and once he has
    // 9 only progress is missing. Before the fix the bot read him as "killable" by any attack
    // that got through his Defense (his remaining hit points are 0), attacked him (wasted) and
    // its round plans kept attackers back from the quest for that kill.
    let (mut g, _) = dike_with_iarion();
    set_stage(&mut g, A_FELL_WRAITH_2B);
    let thaurdir = thaurdir_engaged(&mut g);
    let hp = g.stat(thaurdir, Stat::HitPoints);
    let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(thaurdir)]);
    // With hit points left, the heroes' attack that gets through his Defense chips him.
    g.card_mut(thaurdir).damage = hp - 1;
    assert!(!combat::damage_spent(&g, thaurdir));
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(thaurdir));
    // At 0 hit points left (and beyond) there is nothing to gain.
    for dmg in [hp, hp + 3] {
        g.card_mut(thaurdir).damage = dmg;
        assert!(combat::damage_spent(&g, thaurdir));
        assert_eq!(d.options[bot().choose(&g, &d)], Opt::Done);
        let pool = combat::attack_pool(&g, 0, thaurdir);
        assert!(pool.n > 0);
        let mut cands = Ids::new();
        assert!(quest::kill_set(&g, thaurdir, &pool, &Ids::new(), true, &mut cands).is_none());
        assert_eq!(combat::KillWorths::new(&g, 0).best(), 0);
    }
    // Another engaged enemy is still a target.
    let cursed = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::Engaged(0));
    let d = dec(
        0,
        Ask::AttackTarget,
        vec![Opt::Done, Opt::Card(thaurdir), Opt::Card(cursed)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(cursed));
}

#[test]
fn white_warg_by_night_puts_its_two_points_where_they_do_not_kill() {
    // Fault class: White Warg's engagement damage is 2 by Night, but its hint priced every pick
    // at 1 point, so the bot put it on a character that 1 point spared and 2 killed (207 of
    // 1,143 hero deaths in 500 `basic` games on The Wastes of Eriador Easy came right after a
    // White Warg engaged). By Night the pick is its own prompt, priced at 2.
    let mut g = sandbox_in(
        "the-wastes-of-eriador",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    let time = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
    let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    assert_eq!(g.remaining_hp(guard), 2);
    let mut b = bot();
    let mut engage_and_pick = |g: &mut Game| -> (u8, CardId) {
        let w = g.spawn(WHITE_WARG, ENCOUNTER, Zone::Staging);
        g.engage(w, 0);
        g.settle();
        let d = g.pending().unwrap().clone();
        let Ask::Effect { what, .. } = d.ask else {
            panic!("expected White Warg's damage prompt, got {:?}", d.ask)
        };
        let i = b.choose(g, &d);
        let Opt::Card(c) = d.options[i] else {
            panic!("a character")
        };
        g.apply(i);
        (what, c)
    };
    // By Day 1 point: the ally takes it and lives.
    assert!(g.is_day());
    assert_eq!(engage_and_pick(&mut g), (0, guard));
    // By Night 2 points would kill the ally: a hero takes them.
    g.flip_card(time);
    assert!(g.is_night());
    let (what, c) = engage_and_pick(&mut g);
    assert_eq!(what, 1);
    assert!(g.is_hero(c) && g.remaining_hp(c) > 2, "{}", g.title(c));
}

/// The Wastes of Eriador 3B (Battle with the Pack) for Leadership heroes, with the scenario's
/// one Pack Leader (the stage's hint finds him wherever he is) engaged with seat 0: the game,
/// the stage and Pack Leader.
fn pack_leader_engaged() -> (Game<'static>, CardId, CardId) {
    let mut g = sandbox_in(
        "the-wastes-of-eriador",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    let q = set_stage(&mut g, BATTLE_WITH_THE_PACK);
    let pl = (0..g.cards.len() as CardId)
        .find(|&c| g.def_of(c).code == PACK_LEADER)
        .unwrap();
    g.move_card(pl, Zone::Engaged(0));
    (g, q, pl)
}

#[test]
fn does_not_attack_pack_leader_while_he_cannot_take_damage() {
    // Fault class: on The Wastes of Eriador 3B Pack Leader takes no damage below 5 progress on
    // the stage, but the attack step chipped at him with every ready character (traced: 11
    // Attack for nothing on the Night stage 3 began). Such an enemy is no attack target; once
    // the stage has 5 progress he is one, and the quest's damage target (Gandalf's damage).
    let (mut g, q, pl) = pack_leader_engaged();
    assert!(!g.can_take_damage(pl));
    let d = dec(0, Ask::AttackTarget, vec![Opt::Done, Opt::Card(pl)]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Done);
    g.card_mut(q).progress = 5;
    assert!(g.can_take_damage(pl));
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(pl));
    assert_eq!(effects::quest_damage_target(&g), Some(pl));
}

#[test]
fn carn42_attacks_pack_leader_first_once_the_stage_lets_him_take_damage() {
    // Fault class (carn42, The Wastes of Eriador 3B, `lookahead` trace seed 42015 game 40):
    // Pack Leader takes damage only while the stage holds 5 progress, and Day wipes it, so a
    // Night with 5 progress is the one window to wear him down (his damage stays). The attack
    // step killed an engaged Warg instead, and the window closed. `quest_target_first` 1 (the
    // stage's progress complete) sends the attack to the stage's damage target first.
    let (mut g, q, pl) = pack_leader_engaged();
    let warg = g.spawn(WHITE_WARG, ENCOUNTER, Zone::Engaged(0));
    g.card_mut(q).progress = 5;
    assert!(g.can_take_damage(pl));
    // The heroes kill the Warg (3 hit points behind Defense 3) but not Pack Leader (8 behind 4).
    let pool = combat::attack_pool(&g, 0, warg);
    assert!(combat::can_kill(&g, warg, pool.as_slice(), 0));
    assert!(!combat::can_kill(
        &g,
        pl,
        combat::attack_pool(&g, 0, pl).as_slice(),
        0
    ));
    let d = dec(
        0,
        Ask::AttackTarget,
        vec![Opt::Done, Opt::Card(warg), Opt::Card(pl)],
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(pl));
    // Off (0): the kill first.
    let mut off = bot_with(&[("quest_target_first", "0")]);
    assert_eq!(d.options[off.choose(&g, &d)], Opt::Card(warg));
    // Below 5 progress he is no target at all.
    g.card_mut(q).progress = 4;
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(warg));
    install(weights::DEFAULT);
}

#[test]
fn target_siege_keeps_thaurdirs_chippers_back_over_several_rounds() {
    // Deadmen's Dike 2B cannot be defeated while Thaurdir has hit points left, and his damage
    // stays. With 4 hit points left and only Aragorn and Théodred ready (5 Attack against his
    // Defense 4: 1 damage a round), the default plan (sieges of at most 3 rounds) keeps nobody
    // back to attack him; `target_siege` lets the plan wear the stage's damage target down over
    // more rounds, engaged or staged but engaging this round.
    let (mut g, iarion) = dike_with_iarion();
    set_stage(&mut g, A_FELL_WRAITH_2B);
    let thaurdir = thaurdir_engaged(&mut g);
    g.card_mut(thaurdir).damage = g.stat(thaurdir, Stat::HitPoints) - 4;
    let heroes: Vec<CardId> = g.characters(0).filter(|&c| g.is_hero(c)).collect();
    let (aragorn, theodred) = (heroes[0], heroes[1]);
    for c in g.characters(0).collect::<Vec<_>>() {
        if c != aragorn && c != theodred {
            g.card_mut(c).exhausted = true;
        }
    }
    assert!(g.card(iarion).exhausted);
    let atk = g.stat(aragorn, Stat::Attack) + g.stat(theodred, Stat::Attack);
    assert_eq!(atk - g.stat(thaurdir, Stat::Defense), 1);
    for zone in [Zone::Engaged(0), Zone::Staging] {
        g.move_card(thaurdir, zone);
        let off = plan_with(&g, true, &[]);
        assert_eq!(off.jobs[4], 0, "{zone:?}: no siege within 3 rounds");
        let on = plan_with(&g, true, &[("target_siege", "4")]);
        assert_eq!(on.jobs[4], 2, "{zone:?}: both attackers kept back");
        assert!(on.keep.contains(aragorn) && on.keep.contains(theodred));
        // Not beyond its cap (4 rounds for 4 hit points at 1 a round).
        g.card_mut(thaurdir).damage -= 1;
        assert_eq!(plan_with(&g, true, &[("target_siege", "4")]).jobs[4], 0);
        g.card_mut(thaurdir).damage += 1;
    }
}

#[test]
fn wastes_day_goes_to_the_main_quest_not_an_unfinished_make_camp() {
    // Fault class (The Wastes of Eriador, session 36 funnel, basic Easy game 22): quest cards
    // take progress only by Day, yet on stage 2 `basic` made Make Camp (a prioritised side
    // quest) the current quest on every Day and the stage on every Night, when nothing can be
    // placed: four Days, no progress on the stage. By Day a side quest that this round's surplus
    // does not finish waits; by Night nothing changes.
    let mut g = sandbox_in(
        "the-wastes-of-eriador",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    let main = set_stage(&mut g, ACROSS_THE_WASTES);
    let time = g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
    let camp = g.spawn(MAKE_CAMP, ENCOUNTER, Zone::Staging);
    assert!(g.is_day() && g.is_side_quest(camp));
    assert!(g.stat(camp, Stat::QuestPoints) > quest::expected_surplus(&g, 0));
    let d = dec(0, Ask::CurrentQuest, vec![Opt::Card(main), Opt::Card(camp)]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(main));
    let off = bot_with(&[("day_main", "0")]).choose(&g, &d);
    assert_eq!(
        d.options[off],
        Opt::Card(camp),
        "off: the side quest's priority wins"
    );
    // Finished this Day: still worth the Day.
    g.card_mut(camp).progress = g.stat(camp, Stat::QuestPoints) - 1;
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(camp));
    g.card_mut(camp).progress = 0;
    g.flip_card(time);
    assert!(g.is_night());
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(main));
}

#[test]
fn battle_with_the_pack_is_quested_until_pack_leader_can_take_damage() {
    // Fault class: 3B cannot be defeated while Pack Leader lives, so the current-quest choice
    // read it as blocked and preferred any side quest, yet Pack Leader takes damage only once the
    // stage holds 5 progress (wiped each Day): below that the stage's progress opens the kill.
    let mut g = sandbox_in(
        "the-wastes-of-eriador",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    let main = set_stage(&mut g, BATTLE_WITH_THE_PACK);
    g.spawn(DAYBREAK, ENCOUNTER, Zone::Staging);
    let pl = (0..g.cards.len() as CardId)
        .find(|&c| g.def_of(c).code == PACK_LEADER)
        .unwrap();
    g.move_card(pl, Zone::Staging);
    let camp = g.spawn(MAKE_CAMP, ENCOUNTER, Zone::Staging);
    assert!(!g.can_take_damage(pl));
    assert!(quest::progress_opens_damage_target(&g));
    let d = dec(0, Ask::CurrentQuest, vec![Opt::Card(main), Opt::Card(camp)]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(main));
    let off = bot_with(&[("day_main", "0"), ("gate_quest", "0")]).choose(&g, &d);
    assert_eq!(
        d.options[off],
        Opt::Card(camp),
        "off: the stage reads as blocked"
    );
    // With 5 progress Pack Leader can be hurt: more progress on the stage does nothing.
    g.card_mut(main).progress = 5;
    assert!(g.can_take_damage(pl));
    assert!(!quest::progress_opens_damage_target(&g));
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Card(camp));
}

/// dd37 `cross_engage`: a quest deficit that lifts the threat past a staged enemy's engagement
/// cost brings that enemy this round; the weight prices it per point of its planned attack.
/// Enemies that engage anyway (cost ≤ threat) or stay staged after the deficit cost nothing,
/// and the weight off prices nothing.
#[test]
fn cross_engage_prices_the_enemies_a_quest_deficit_brings() {
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    clear_zone(&mut g, Zone::Staging);
    // Baleful Shade: engagement cost 30.
    let shade = g.spawn(BALEFUL_SHADE, ENCOUNTER, Zone::Staging);
    g.players[0].threat = 28;
    install(weights::DEFAULT);
    assert_eq!(cross_engage_cost(&g, 0, 5), 0, "off by default");
    install(Weights::from_options(&[("cross_engage".to_string(), "10".to_string())]).unwrap());
    assert_eq!(cross_engage_cost(&g, 0, 1), 0, "29 stays below 30");
    let atk = planned_attack(&g, shade) as i32;
    assert_eq!(cross_engage_cost(&g, 0, 2), 10 * atk, "30 reaches it");
    assert_eq!(cross_engage_cost(&g, 0, 0), 0, "no deficit");
    g.players[0].threat = 30;
    assert_eq!(
        cross_engage_cost(&g, 0, 3),
        0,
        "it engages anyway: the deficit is not its cause"
    );
    install(weights::DEFAULT);
}

// --- cards37: the card-usage census ---

#[test]
fn draw_keep_holds_beravor_out_of_a_quest_that_succeeds_without_her() {
    // Census (cards37): Beravor drew in 13% of the games she was in play and Gléowine in 9%;
    // both quested nearly every round. With `draw_keep=1` an exhaust-to-draw character stays
    // out of a quest the others carry, and draws after the attacks instead.
    let mut g = sandbox(&[SPIRIT_HEROES]);
    clear_zone(&mut g, Zone::Staging);
    let beravor = g
        .heroes(0)
        .find(|&h| hint(&g, h).exhaust_draws == 2)
        .unwrap();
    let others: Vec<CardId> = g.heroes(0).filter(|&h| h != beravor).collect();
    for &h in &others {
        g.card_mut(h).questing = true;
        g.card_mut(h).exhausted = true;
    }
    g.phase = Phase::Quest;
    let d = dec(0, Ask::Commit, vec![Opt::Done, Opt::Card(beravor)]);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Card(beravor),
        "default: she quests"
    );
    let mut keep = bot_with(&[("draw_keep", "1")]);
    assert_eq!(
        d.options[keep.choose(&g, &d)],
        Opt::Done,
        "the others carry it"
    );
    // A quest the others cannot carry: she quests after all.
    g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
    assert_eq!(
        d.options[bot_with(&[("draw_keep", "1")]).choose(&g, &d)],
        Opt::Card(beravor)
    );
    install(weights::DEFAULT);
}

/// dd38 `greet_early` (off by default, measured): in the planning phase The Galadhrim's
/// Greeting is worth playing, and its Spirit resources are saved for it, while an enemy still
/// to come (here a Cursed Dead, engagement 27, in the encounter deck) would engage after this
/// round's refresh and would not once the threat is 6 lower.
#[test]
fn greet_early_plays_the_greeting_before_enemies_come() {
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[SPIRIT_HEROES]);
    clear_zone(&mut g, Zone::EncounterDeck);
    clear_zone(&mut g, Zone::Staging);
    let gg = g.spawn(THE_GALADHRIMS_GREETING, 0, Zone::Hand(0));
    let cd = g.spawn(CURSED_DEAD, ENCOUNTER, Zone::EncounterDeck);
    assert!(g.is_enemy(cd));
    assert_eq!(g.stat(cd, Stat::Engagement), 27);
    assert!(!g.rule(Rule::NoEngagementChecks));
    assert!(!g.rule(Rule::CannotReduceThreat(0)));
    g.phase = Phase::Planning;
    g.players[0].threat = 26;
    install(weights::DEFAULT);
    assert!(!relief_keeps_enemies_away(&g, 0, gg), "off by default");
    assert_eq!(saving_for(&g, 0), None, "off by default: nothing saved");
    let on = Weights::from_options(&[("greet_early".to_string(), "1".to_string())]).unwrap();
    install(on);
    assert!(relief_keeps_enemies_away(&g, 0, gg), "26 + 1 meets 27");
    assert_eq!(saving_for(&g, 0), Some(gg), "its resources are saved");
    assert!(play_value(&g, 0, gg) >= 60);
    g.players[0].threat = 25;
    assert!(!relief_keeps_enemies_away(&g, 0, gg), "27 not met yet");
    g.players[0].threat = 33;
    assert!(
        !relief_keeps_enemies_away(&g, 0, gg),
        "27 is still met at 33 - 6"
    );
    g.players[0].threat = 32;
    assert!(relief_keeps_enemies_away(&g, 0, gg), "26 stays below 27");
    g.phase = Phase::Combat;
    assert!(!relief_keeps_enemies_away(&g, 0, gg), "planning phase only");
    install(weights::DEFAULT);
}

/// speed16 `plan_reuse`: the optional engagement is answered from the commit plan's intent (no
/// new round plan) at 1 only while the staged enemies a plan could weigh for it are those the
/// commit plan saw, at 2 whenever the commit plan was made this round, never at 0 (the default)
/// nor in another round.
#[test]
fn speed16_plan_reuse_answers_the_engagement_from_the_commit_plan() {
    let mut g = sandbox_in("deadmens-dike", Mode::Standard, &[LEADERSHIP_HEROES]);
    let heroes: Vec<CardId> = g.heroes(0).collect();
    let e = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
    g.players[0].threat = g.stat(e, Stat::Engagement) - 1;
    let mut fighters = Ids::new();
    fighters.push(heroes[0]);
    let intent = Intent {
        round: g.round,
        player: 0,
        engage: e,
        fighters,
        sig: candidate_sig(&g, 0),
    };
    let with = |v: &str| {
        install(Weights::from_options(&[("plan_reuse".to_string(), v.to_string())]).unwrap())
    };
    with("1");
    assert!(reuse_commit_plan(&g, 0, &intent), "the same candidates");
    let later = Intent {
        round: g.round + 1,
        ..intent
    };
    assert!(!reuse_commit_plan(&g, 0, &later), "another round");
    let mut h = g.clone();
    let e2 = h.spawn(CORNERED_ORC, ENCOUNTER, Zone::Staging);
    assert!(h.stat(e2, Stat::Engagement) > h.players[0].threat);
    assert!(!reuse_commit_plan(&h, 0, &intent), "a new staged enemy");
    with("2");
    assert!(reuse_commit_plan(&h, 0, &intent), "2: whatever was staged");
    with("0");
    assert!(!reuse_commit_plan(&g, 0, &intent), "off by default");
    install(weights::DEFAULT);
    assert_eq!(weights::DEFAULT.plan_reuse, 0);
}

/// sense39: a board in the combat phase after the enemy attacks (the player-attack step under
/// way): Aragorn, Théodred and Glóin with resources, two engaged enemies that have attacked.
fn sense39_combat_board() -> (Game<'static>, [CardId; 2]) {
    use crate::engine::{Frame, Step};
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 3;
    }
    let a = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    let b = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    for e in [a, b] {
        g.card_mut(e).attacked = true;
    }
    g.phase = Phase::Combat;
    g.stack.push(Frame::Step(Step::CombatEnd));
    (g, [a, b])
}

/// sense39, For Gondor! after the last attack (`hints::boost_is_idle` in the combat phase):
/// played while an engaged enemy is still to be attacked, not once every engaged enemy has
/// been attacked (before: played whenever two enemies were engaged in the combat phase).
#[test]
fn sense39_for_gondor_after_the_last_attack() {
    let (mut g, es) = sense39_combat_board();
    let fg = g.spawn(FOR_GONDOR, 0, Zone::Hand(0));
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(fg)],
    );
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Play(fg),
        "attacks to come"
    );
    for e in es {
        g.card_mut(e).attacked_by = 1;
    }
    assert!(crate::cards::hints::boost_is_idle(&g, fg));
    assert_eq!(action_value(&g, 0, fg, None), 0);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "after the last attack"
    );
    // Before the enemy attacks (the enemy-attack step ahead), the Defense counts.
    let mut g2 = g.clone();
    g2.card_mut(es[0]).attacked = false;
    *g2.stack.last_mut().unwrap() = crate::engine::Frame::Step(crate::engine::Step::PlayerAttacks);
    assert!(!crate::cards::hints::boost_is_idle(&g2, fg));
}

/// sense39, readies with nothing to do (`Hint::readies`, `hints::ready_is_idle`): Ever
/// Vigilant readies an exhausted ally in the combat phase while an engaged enemy can still be
/// attacked, not once every attack is over; Unexpected Courage likewise.
#[test]
fn sense39_ever_vigilant_unexpected_courage_ready_with_nothing_to_do() {
    use crate::cards::hints::{ready_is_idle, use_is_idle};
    let (mut g, es) = sense39_combat_board();
    let ally = g.spawn(GONDORIAN_SPEARMAN, 0, Zone::Play(0));
    g.exhaust(ally);
    let aragorn = g.heroes(0).next().unwrap();
    g.exhaust(aragorn);
    let ev = g.spawn(EVER_VIGILANT, 0, Zone::Hand(0));
    let uc = g.spawn(UNEXPECTED_COURAGE, 0, Zone::Attached(aragorn));
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(ev)],
    );
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Play(ev),
        "an enemy to attack"
    );
    assert!(action_value(&g, 0, uc, None) > 0);
    for e in es {
        g.card_mut(e).attacked_by = 1;
    }
    assert!(ready_is_idle(&g, 0));
    assert!(use_is_idle(&g, 0, ev) && use_is_idle(&g, 0, uc));
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "nothing left to do"
    );
    assert_eq!(action_value(&g, 0, uc, None), 0);
    // Outside the combat phase a ready is never idle.
    g.phase = Phase::Quest;
    assert!(!ready_is_idle(&g, 0));
}

/// sense39: the cards whose whole effect is readying characters carry `Hint::readies` (Ever
/// Vigilant, Common Cause, Grim Resolve, Unexpected Courage, Hold Your Ground!, Descendants of
/// Kings).
#[test]
fn sense39_readies_hint_ever_vigilant_common_cause_grim_resolve_unexpected_courage_hold_your_ground_descendants_of_kings(
) {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    for code in [
        EVER_VIGILANT,
        COMMON_CAUSE,
        GRIM_RESOLVE,
        UNEXPECTED_COURAGE,
        HOLD_YOUR_GROUND,
        DESCENDANTS_OF_KINGS,
    ] {
        let c = g.spawn(code, 0, Zone::Hand(0));
        assert!(hint(&g, c).readies, "{code}");
    }
    let c = g.spawn(FOR_GONDOR, 0, Zone::Hand(0));
    assert!(!hint(&g, c).readies);
}

/// Éowyn with six cards in hand, in the quest phase's commit step, and the action decision
/// that offers her boost (the sense39 / sense40 Éowyn tests).
fn eowyn_at_the_commit_step() -> (Game<'static>, CardId, Decision) {
    use crate::engine::{Frame, Step};
    let mut g = sandbox(&[&[EOWYN]]);
    let eowyn = g.list(Zone::Play(0))[0];
    for _ in 0..6 {
        g.spawn(FEINT, 0, Zone::Hand(0));
    }
    g.phase = Phase::Quest;
    g.stack.push(Frame::Step(Step::Commit));
    let d = dec(
        0,
        Ask::Action(Phase::Quest),
        vec![Opt::Pass, Opt::Activate(eowyn)],
    );
    (g, eowyn, d)
}

/// sense39, Éowyn's boost after an empty commit: the commit step is over and nobody quests
/// (so `quest::boost_wasted`'s "someone quests" test did not catch it): her +1 Willpower
/// counts nowhere, and she does not discard a card for it (Dread Realm, `lookahead` game).
#[test]
fn sense39_eowyn_boost_after_an_empty_commit() {
    use crate::engine::{Frame, Step};
    let (mut g, eowyn, d) = eowyn_at_the_commit_step();
    assert!(action_value(&g, 0, eowyn, None) > 0, "before committing");
    *g.stack.last_mut().unwrap() = Frame::Step(Step::QuestWindow2);
    assert_eq!(action_value(&g, 0, eowyn, None), 0);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "the commit step is over"
    );
}

/// sense40, Éowyn's +1 Willpower before the commit (The Dread Realm `lookahead`, 12 per 100
/// games; the Wastes and Wrath and Ruin): her value fires in the quest phase while nobody
/// quests, so she discards a card before the commit step, and the commit plan may then keep
/// her back. With `boost_committed=2` the boost waits for her commit: not used before the
/// commit step, used in the window after it once she quests. Off by default (it measured
/// worse with `lookahead` on Intruders in Chetwood).
#[test]
fn sense40_eowyn_boost_before_the_commit_then_not_questing() {
    use crate::engine::{Frame, Step};
    let (mut g, eowyn, d) = eowyn_at_the_commit_step();
    let wait = || BasicBot::from_options(&[("boost_committed".into(), "2".into())]).unwrap();
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Activate(eowyn),
        "the default: before the commit step"
    );
    assert_eq!(d.options[wait().choose(&g, &d)], Opt::Pass, "waits");
    // After the commit step with Éowyn committed: she boosts herself.
    *g.stack.last_mut().unwrap() = Frame::Step(Step::QuestWindow2);
    g.card_mut(eowyn).questing = true;
    assert_eq!(
        d.options[wait().choose(&g, &d)],
        Opt::Activate(eowyn),
        "committed"
    );
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(eowyn));
    install(weights::DEFAULT);
}

/// sense40, Ever Vigilant on a declared defender that then dies (Escape from Mount Gram
/// `core-leadership`): played on the lone defender of the attack under way whose damage
/// destroys it (`hints::dies_defending`), a ready that changes nothing. Not played then; with
/// a second exhausted ally it is played, and readies that one.
#[test]
fn sense40_ever_vigilant_on_a_defender_that_dies() {
    use crate::cards::hints::{dies_defending, ready_is_idle};
    use crate::engine::AttackCtx;
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 2;
    }
    g.phase = Phase::Combat;
    let orc = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    // A second engaged enemy still to attack: readying is not idle by sense39's test.
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let guard = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    g.exhaust(guard);
    let ev = g.spawn(EVER_VIGILANT, 0, Zone::Hand(0));
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(ev)],
    );
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Play(ev),
        "an exhausted ally, attacks to come"
    );
    // The Guard is the lone defender of the Orc's attack, which destroys it.
    g.card_mut(orc).attacked = true;
    g.attack = AttackCtx::new(orc, 0, false);
    g.attack.defenders[0] = guard;
    g.attack.n_defenders = 1;
    assert!(dies_defending(&g, guard), "the situation");
    assert!(ready_is_idle(&g, 0));
    assert_eq!(action_value(&g, 0, ev, None), 0);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass, "was: play it");
    // Another exhausted ally: worth readying, and it is the one readied.
    let spear = g.spawn(GONDORIAN_SPEARMAN, 0, Zone::Play(0));
    g.exhaust(spear);
    assert!(!dies_defending(&g, spear) && !ready_is_idle(&g, 0));
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Play(ev));
    let o = [Opt::Card(guard), Opt::Card(spear)];
    assert_eq!(effect(&g, 0, ev, 0, &o), Some(1), "not the dying defender");
}

/// sense40, attachments lost the same round (The Dread Realm, Wrath and Ruin, Carn Dûm):
/// `basic` put an attachment on the host its kind's score liked best, also on a hero at its
/// last hit point with an enemy engaged whose attack alone kills it (`host_at_risk`). With
/// `attach_risk=1` (off by default: measured worse) such a host comes after every other.
#[test]
fn sense40_attachment_not_on_a_host_an_engaged_enemy_kills() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let hs: Vec<CardId> = g.heroes(0).collect();
    let uc = g.spawn(UNEXPECTED_COURAGE, 0, Zone::Hand(0));
    let o: Vec<Opt> = hs.iter().map(|&h| Opt::Card(h)).collect();
    install(weights::DEFAULT);
    let first = match o[attach_target(&g, 0, uc, &o).unwrap()] {
        Opt::Card(c) => c,
        _ => unreachable!(),
    };
    // That hero at its last hit point, an Angmar Orc engaged.
    g.card_mut(first).damage = g.stat(first, Stat::HitPoints) - 1;
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    assert!(host_at_risk(&g, 0, first), "the situation");
    assert!(hs.iter().any(|&h| h != first && !host_at_risk(&g, 0, h)));
    install(weights::DEFAULT);
    assert_eq!(
        o[attach_target(&g, 0, uc, &o).unwrap()],
        Opt::Card(first),
        "the old choice"
    );
    install(Weights {
        attach_risk: 1,
        ..weights::DEFAULT
    });
    assert_ne!(o[attach_target(&g, 0, uc, &o).unwrap()], Opt::Card(first));
    // Every host at risk: the old order among them.
    for &h in &hs {
        g.card_mut(h).damage = g.stat(h, Stat::HitPoints) - 1;
    }
    assert!(hs.iter().all(|&h| host_at_risk(&g, 0, h)));
    install(weights::DEFAULT);
    let old = attach_target(&g, 0, uc, &o);
    install(Weights {
        attach_risk: 1,
        ..weights::DEFAULT
    });
    assert_eq!(attach_target(&g, 0, uc, &o), old);
    install(weights::DEFAULT);
}

/// sense40: Fair and Perilous's whole effect is an Attack boost for the phase
/// (`Hint::phase_boost`), so outside an attack it is idle (`lookahead` played it in the
/// resource phase of Wrath and Ruin and Across the Ettenmoors).
#[test]
fn sense40_fair_and_perilous_phase_boost() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let fp = g.spawn(FAIR_AND_PERILOUS, 0, Zone::Hand(0));
    assert_eq!(hint(&g, fp).phase_boost, BOOST_ATTACK);
    g.phase = Phase::Resource;
    assert!(crate::cards::hints::boost_is_idle(&g, fp));
}

#[test]
fn foreign41_stay_rounds_engages_a_staged_orc_war_party_to_siege() {
    // Fault class (foreign41): on a stage where enemies never engage on their own (Intruders in
    // Chetwood 1B) a staged enemy adds its threat (and 1B's extra point) every round for the
    // rest of the game; the kill or siege was credited for `kill_rounds` (5) rounds only, so a
    // three-round siege of an Orc War Party (7 planned Attack, 3 Defense, 6 hit points) by a
    // deck without a strong defender never paid and the threat climbed to 50.
    let mut g = sandbox_in(
        "intruders-in-chetwood",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    g.phase = Phase::Quest;
    let owp = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
    assert!(g.rule(Rule::NoEngagementChecks), "stage 1B");
    // No hero survives its attack; a Guard of the Citadel can chump it while the three heroes
    // (7 Attack) wear it down 4 a round: a two-round siege, a chump block each round.
    g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    // At the optional engagement (the quest is over; who is ready is free):
    let on = plan_with(&g, false, &[]);
    assert_eq!(on.engage, owp, "credited for the rest of the game: engaged");
    let off = plan_with(&g, false, &[("stay_rounds", "0")]);
    assert_eq!(
        off.engage, NO_CARD,
        "credited for kill_rounds only: left staged"
    );
    // Elsewhere (engagement checks on) nothing changes: the same enemy on Mount Gram-like
    // terms is priced by `kill_rounds` either way.
    let mut h = sandbox_in(
        "escape-from-mount-gram",
        Mode::Standard,
        &[LEADERSHIP_HEROES],
    );
    h.phase = Phase::Quest;
    h.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
    h.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    assert!(!h.rule(Rule::NoEngagementChecks));
    assert_eq!(
        plan_with(&h, false, &[]).engage,
        plan_with(&h, false, &[("stay_rounds", "0")]).engage
    );
}

/// cards42 (Dark Knowledge's look, `CardInst::seen`): a shadow card the player has looked at
/// counts for its known effect when choosing a defender. Unseen, Angmar Orc under the War
/// Party is only the +1 risk Aragorn takes; seen, its +1 kills him for sure and the defence
/// changes. A seen shadow card without a shadow effect adds nothing: Aragorn defends even with
/// every unseen shadow card counted in full (`sure_death_risk=100`).
#[test]
fn dark_knowledge_seen_shadow_card_changes_the_defence() {
    let (mut g, d, aragorn) = war_party_defence();
    let Ask::Defender { enemy: e } = d.ask else {
        unreachable!()
    };
    let s = g.shadows_of(e).next().unwrap();
    let i = bot().choose(&g, &d);
    assert_eq!(
        d.options[i],
        Opt::Card(aragorn),
        "unseen: a risk Aragorn takes"
    );
    g.look_at(s, 0);
    let i = bot().choose(&g, &d);
    assert_ne!(
        d.options[i],
        Opt::Card(aragorn),
        "seen +1: Aragorn would die"
    );
    // A seen shadow card with no shadow effect (another War Party).
    g.move_card(s, Zone::EncounterDiscard);
    let s2 = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Shadow(e));
    let mut full =
        BasicBot::from_options(&[("sure_death_risk".to_string(), "100".to_string())]).unwrap();
    let i = full.choose(&g, &d);
    assert_eq!(d.options[i], Opt::Undefended, "unseen, counted in full");
    g.look_at(s2, 0);
    let i = full.choose(&g, &d);
    assert_eq!(d.options[i], Opt::Card(aragorn), "seen: no shadow effect");
    install(weights::DEFAULT);
}

/// A Wrath and Ruin stage-1B board for seat 0 (Aragorn, Théodred, Glóin and a Snowbourn Scout):
/// Thane Ulchor alone staged, nothing in the encounter deck, and with `active` a Contested
/// Square (3 quest points) with `progress` on it as the active location.
fn ulchor_board(active: bool, progress: i16) -> (Game<'static>, CardId) {
    use crate::cards::encounter::wrath_and_ruin::ULCHOR;
    let mut g = sandbox_in("wrath-and-ruin", Mode::Standard, &[LEADERSHIP_HEROES]);
    g.phase = Phase::Quest;
    for z in [Zone::EncounterDeck, Zone::Staging, Zone::Active] {
        clear_zone(&mut g, z);
    }
    set_stage(&mut g, INSIDE_THE_WALLS_1B);
    g.spawn(ULCHOR, ENCOUNTER, Zone::Staging);
    if active {
        let l = g.spawn(CONTESTED_SQUARE, ENCOUNTER, Zone::Active);
        g.card_mut(l).progress = progress;
    }
    let scout = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0));
    (g, scout)
}

#[test]
fn thane_ulchor_attack_gets_a_defender_held_back_from_the_quest() {
    // Fault class (Wrath and Ruin, Easy, noldor-questers): every character quested, the
    // active location was explored, and Thane Ulchor's attack found nobody ready, so the bot
    // staged a location instead (384 of 395 choices in 200 games), which undid the control
    // the explore had just won; the control race was never won. The round plan now keeps a
    // character the quest can spare for the attack (`explore_attack`, Hint::explore_attack).
    let (g, scout) = ulchor_board(true, 2);
    assert_eq!(quest::explore_attacker(&g, 0), Some((6, 240)));
    let kept = round_plan(&g, 0, true).keep;
    assert!(
        kept.contains(scout),
        "the Scout (1 willpower) waits to chump-block Ulchor"
    );
    assert_eq!(
        plan_with(&g, true, &[("explore_attack", "0")]).keep.n,
        0,
        "off: everyone quests"
    );
    // Nothing to explore, or the explore out of reach: nobody is held back.
    let (g, _) = ulchor_board(false, 0);
    assert_eq!(round_plan(&g, 0, true).keep.n, 0);
    let (mut g, _) = ulchor_board(true, 0);
    for _ in 0..3 {
        g.spawn(RANSACKED_HOUSE, ENCOUNTER, Zone::Staging);
    }
    assert_eq!(round_plan(&g, 0, true).keep.n, 0);
    // Only the first player makes the choice.
    let (mut g, _) = ulchor_board(true, 2);
    g.first = 1;
    assert_eq!(quest::explore_attacker(&g, 0), None);
}

#[test]
fn control_race_travels_to_a_location_not_worth_its_threat() {
    // Fault class (Wrath and Ruin, noldor-questers: 147 travel phases passed in 200 Easy
    // games): travel skipped a location of Threat 1 whose quest points exceeded the expected
    // surplus, while on a control-race stage every location travelled to is one fewer staged
    // and, explored, one more controlled (`race_travel`).
    let (mut g, _) = ulchor_board(false, 0);
    g.phase = Phase::Travel;
    let sq = g.spawn(CONTESTED_SQUARE, ENCOUNTER, Zone::Staging);
    for _ in 0..3 {
        g.spawn(RANSACKED_HOUSE, ENCOUNTER, Zone::Staging);
    }
    let o = [Opt::Pass, Opt::Card(sq)];
    assert_eq!(quest::travel(&g, 0, &o), Some(1));
    let before = weights::w();
    install(Weights::from_options(&[("race_travel".into(), "0".into())]).unwrap());
    let off = quest::travel(&g, 0, &o);
    install(before);
    assert_eq!(off, Some(0), "off: passed, as before");
}

#[test]
fn kill_worths_without_a_candidate_match_can_kill_past_12_attackers() {
    // speed19: `KillWorths::best_without` answers from the first 12 attack potentials of the
    // enemy's attack pool (and the 13th's) instead of asking `can_kill` again; with 16 ready
    // attackers (three heroes, Veteran Axehand, twelve Guards of the Citadel), at every damage
    // on the enemy, the answer without each attacker is `can_kill`'s on the pool without it.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
    g.spawn(VETERAN_AXEHAND, 0, Zone::Play(0));
    for _ in 0..12 {
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    }
    // (Hit points enough that a kill needs most of the first 12.)
    g.add_lasting(
        e,
        Lasting::Stat(Stat::HitPoints, 12),
        crate::engine::Until::EndOfRound,
    );
    let pool = combat::attack_pool(&g, 0, e);
    assert!(pool.n > 13, "{} attackers", pool.n);
    let hp = g.stat(e, Stat::HitPoints);
    let (mut kills, mut flips) = (0, 0);
    for dmg in 0..hp {
        g.card_mut(e).damage = dmg;
        let kw = combat::KillWorths::new(&g, 0);
        let full = kw.best();
        kills += (full > 0) as u32;
        for &c in pool.as_slice() {
            let mut without = Ids::new();
            for &x in pool.as_slice() {
                if x != c {
                    without.push(x);
                }
            }
            let can = combat::can_kill(&g, e, without.as_slice(), 0);
            let want = if can { full } else { 0 };
            assert_eq!(
                kw.best_without(&g, c),
                want,
                "damage {dmg}, without card {c}"
            );
            flips += (full > 0 && !can) as u32;
        }
    }
    // Both answers occur: kills the full pool makes, and kills that one attacker's absence
    // loses (the 13th's potential then moves into the first 12).
    assert!(kills > 0 && flips > 0, "kills {kills}, flips {flips}");
}
