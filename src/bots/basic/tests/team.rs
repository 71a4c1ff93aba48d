//! two45: two seats at one table. Fault classes: each seat held defenders back for every
//! staged enemy its threat reached although the engagement checks share them out, and both
//! seats held fighters back for the same staged enemy, which only one can engage.

use super::*;

/// A two-seat Deadmen's Dike board in the quest phase (engagement checks on), nothing staged,
/// both threats at `t0` / `t1`; seat 0 is the first player.
fn two_seats(t0: i16, t1: i16) -> Game<'static> {
    let mut g = sandbox_in(
        "deadmens-dike",
        Mode::Standard,
        &[LEADERSHIP_HEROES, TACTICS_HEROES],
    );
    clear_zone(&mut g, Zone::Staging);
    g.phase = Phase::Quest;
    g.first = 0;
    g.players[0].threat = t0;
    g.players[1].threat = t1;
    g
}

/// `round_plan` of seat `p` at the commit step under `opts` (`plan_of_seat`).
fn plan_of(g: &Game, p: u8, opts: &[(&str, &str)]) -> Plan {
    plan_of_seat(g, p, true, opts)
}

#[test]
fn engagement_checks_share_the_staged_enemies_out_between_the_seats() {
    let mut g = two_seats(35, 30);
    let a = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    let b = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    let cost = g.stat(a, Stat::Engagement);
    assert!(cost <= 30, "both threats reach an Angmar Orc");
    let none = Ids::new();
    let mine0 = checks_engage(&g, 0, &none);
    let mine1 = checks_engage(&g, 1, &none);
    assert_eq!(mine0.n, 1, "the first player's check takes one Orc");
    assert_eq!(mine1.n, 1, "the second player's check takes the other");
    assert_ne!(mine0.ids[0], mine1.ids[0]);
    assert!([a, b].contains(&mine0.ids[0]) && [a, b].contains(&mine1.ids[0]));
    // Below the cost, seat 1 takes nothing and seat 0 both, one per pass.
    g.players[1].threat = cost - 1;
    assert_eq!(checks_engage(&g, 0, &none).n, 2);
    assert_eq!(checks_engage(&g, 1, &none).n, 0);
    // An enemy another seat engages optionally is nobody's check.
    let mut skip = Ids::new();
    skip.push(a);
    let left = checks_engage(&g, 0, &skip);
    assert_eq!(left.as_slice(), &[b]);
}

#[test]
fn a_seat_holds_back_defenders_only_for_the_enemies_its_checks_take() {
    let mut g = two_seats(35, 30);
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    // Seat 1 (the Tactics heroes, threat 30) is reached by both Orcs; the first player's check
    // takes one of them.
    let off = plan_of(&g, 1, &[("team_engage", "0")]);
    let on = plan_of(&g, 1, &[("team_engage", "1")]);
    assert_eq!(
        off.jobs[0], 2,
        "without the rule: a defender for each staged Orc"
    );
    assert_eq!(
        on.jobs[0], 1,
        "with it: one, the other Orc engages the partner"
    );
    assert!(on.keep.n < off.keep.n, "the spare defender quests");
}

/// Two seats with these heroes in the quest phase, the first player first, and one Angmar Orc
/// alone in the staging area: (game, the Orc).
fn one_staged_orc(seats: &[&[&str]]) -> (Game<'static>, CardId) {
    let mut g = sandbox(seats);
    clear_zone(&mut g, Zone::Staging);
    g.phase = Phase::Quest;
    g.first = 0;
    let e = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Staging);
    (g, e)
}

#[test]
fn a_later_seat_leaves_the_enemy_an_earlier_seat_engages_to_it() {
    // Intruders in Chetwood 1B (no engagement checks): one staged Orc that each seat alone
    // would engage and kill.
    let (g, e) = one_staged_orc(&[LEADERSHIP_HEROES, TACTICS_HEROES]);
    let first = plan_of(&g, 0, &[("team_engage", "2")]);
    assert_eq!(first.engage, e, "the first player plans to engage it");
    let off = plan_of(&g, 1, &[("team_engage", "0")]);
    assert_eq!(
        off.engage, e,
        "without the rule the second seat plans the same fight"
    );
    let on = plan_of(&g, 1, &[("team_engage", "2")]);
    assert_ne!(
        on.engage, e,
        "with it the second seat leaves the Orc to the first"
    );
    assert!(
        on.keep.n < off.keep.n,
        "and quests with the fighters it held back"
    );
}

/// two46 (`team_engage` bit 4): the first player to commit claimed a staged enemy (bit 2)
/// even when the seat after it would fight it for less: a core-lore seat held six characters
/// back for the Orc War Party while its Aragorn-and-Legolas partner quested, and the quest
/// failed with the lore seat committing nobody.
#[test]
fn an_earlier_seat_leaves_a_staged_enemy_to_the_later_seat_that_fights_it_for_less() {
    // Intruders in Chetwood 1B (no engagement checks): one staged Orc; seat 0 has the Lore
    // heroes, seat 1 the Tactics heroes.
    let (mut g, e) = one_staged_orc(&[LORE_HEROES, TACTICS_HEROES]);
    let lore = plan_of(&g, 0, &[("team_engage", "3")]);
    let tactics = plan_of_seat(&g, 1, true, &[("team_engage", "1")]);
    assert_eq!(lore.engage, e, "alone the first seat would engage the Orc");
    assert_eq!(tactics.engage, e, "so would the second");
    assert!(
        tactics.value > lore.value,
        "the Tactics seat fights it for less ({} against {})",
        tactics.value,
        lore.value
    );
    let on = plan_of(&g, 0, &[("team_engage", "7")]);
    assert_ne!(
        on.engage, e,
        "with bit 4 the first seat leaves it to the second"
    );
    assert!(on.keep.n < lore.keep.n, "and quests with its fighters");
    // The first seat commits everyone it does not hold back; the second seat, planning after
    // it, still takes the Orc.
    let quest: Vec<CardId> = g.characters(0).filter(|&c| !on.keep.contains(c)).collect();
    for c in quest {
        g.card_mut(c).exhausted = true;
        g.card_mut(c).questing = true;
    }
    let second = plan_of(&g, 1, &[("team_engage", "7")]);
    assert_eq!(second.engage, e);
}

#[test]
fn a_quest_deficit_that_would_eliminate_the_partner_is_not_risked() {
    // Seat 1 (threat 48) has quested with its three heroes; seat 0 (threat 30) holds a
    // defender back for its engaged Orc. The deficit that leaves is harmless to seat 0 but
    // takes seat 1 to 50; committing everyone keeps it below.
    let mut g = two_seats(30, 48);
    for h in g.heroes(1).collect::<Vec<_>>() {
        g.card_mut(h).exhausted = true;
        g.card_mut(h).questing = true;
    }
    g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let reserved = |on: &str| {
        let before = weights::w();
        let o = vec![("team_lethal".to_string(), on.to_string())];
        install(Weights::from_options(&o).unwrap());
        let r = commit_plan(&g, 0).0;
        install(before);
        r
    };
    assert!(reserved("0").n > 0, "alone it would keep a defender back");
    assert_eq!(
        reserved("1").n,
        0,
        "with the partner's threat counted it quests with all"
    );
}

/// mp60 `team_hold`: the seat that commits last at a shared staging area reads every other
/// seat's commit; what beats the staged threat with the reveals and the margin to spare is
/// enough, and the rest stays ready.
#[test]
fn the_last_seat_to_commit_holds_back_what_its_partners_commit_makes_spare() {
    let mut g = two_seats(30, 30);
    // Seat 1 is the first player and has quested with its three heroes.
    g.first = 1;
    let partner = g.heroes(1).collect::<Vec<_>>();
    for &h in &partner {
        g.card_mut(h).exhausted = true;
        g.card_mut(h).questing = true;
    }
    assert!(g.questing_strength() >= 2, "the partner's commit");
    let reserved = |g: &Game, v: &str| {
        let before = weights::w();
        let o = vec![
            ("team_hold".to_string(), v.to_string()),
            ("reveal_threat".to_string(), "0".to_string()),
        ];
        install(Weights::from_options(&o).unwrap());
        let r = commit_plan(g, 0).0;
        install(before);
        r
    };
    let mine = g.heroes(0).collect::<Vec<_>>();
    assert_eq!(reserved(&g, "0").n, 0, "off: it quests with all");
    // Nothing staged: the partner's willpower beats the margin (1 a player) alone.
    let held = reserved(&g, "1");
    assert_eq!(held.n, mine.len(), "on: it keeps its heroes ready");
    // While enemies make no engagement checks (Intruders in Chetwood's stage 1B), no enemy
    // comes to the held-back characters: the rule quests with all (lead60).
    let q = g.current_quest().unwrap();
    let face = g.card(q).def;
    let b = g.db.by_code(INTRUDERS_STAGE_1B).unwrap();
    g.set_face(q, b);
    assert!(g.rule(Rule::NoEngagementChecks));
    assert_eq!(
        reserved(&g, "1").n,
        0,
        "no engagement checks: it quests with all"
    );
    g.set_face(q, face);
    assert_eq!(
        reserved(&g, "1").n,
        mine.len(),
        "its own face back: held again"
    );
    // A staged location above what the partner brings: it quests with enough of its own.
    g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
    let st = g.staging_threat();
    let held = reserved(&g, "1");
    let qs = g.questing_stat();
    let out: i16 = mine
        .iter()
        .filter(|&&c| !held.contains(c))
        .map(|&c| g.stat(c, qs).max(0))
        .sum();
    assert!(
        out + g.questing_strength() >= st + 2,
        "what quests still beats {st} with 2 to spare"
    );
    // Seat 0 as the first player, its partner still to commit: the rule waits.
    g.first = 0;
    for &h in &partner {
        g.card_mut(h).exhausted = false;
        g.card_mut(h).questing = false;
    }
    clear_zone(&mut g, Zone::Staging);
    assert_eq!(
        reserved(&g, "1").n,
        0,
        "not the last to commit: it quests with all"
    );
}
