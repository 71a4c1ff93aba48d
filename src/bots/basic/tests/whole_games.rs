//! Whole games and equivalences: full games against `random`, the mulligan, shortcuts that must answer as the full searches.

use super::*;

#[test]
fn mulligan_keeps_a_playable_hand() {
    let g = sandbox(&[LEADERSHIP_HEROES]);
    // The test deck is all Guard of the Citadel (2-cost leadership allies): keep.
    let d = dec(0, Ask::Mulligan, vec![Opt::No, Opt::Yes]);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::No);
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

/// speed16 `plan_reuse`: the optional engagement is answered from the commit plan's intent (no
/// new round plan) at 1 only while the staged enemies a plan could weigh for it are those the
/// commit plan saw, at 2 whenever the commit plan was made this round, never at 0 (the default)
/// nor in another round.
#[test]
fn speed16_plan_reuse_answers_the_engagement_from_the_commit_plan() {
    let mut g = leadership_in("deadmens-dike");
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
