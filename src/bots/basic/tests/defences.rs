//! Defences, attacks, damage splits and chump blocks: which character meets which attack.

use super::*;

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
    assert_eq!(
        chosen(
            &g,
            Ask::Defender { enemy: e },
            vec![
                Opt::Undefended,
                Opt::Card(theodred),
                Opt::Card(aragorn),
                Opt::Card(gloin),
            ]
        ),
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
    assert_eq!(
        chosen(
            &g,
            Ask::Defender { enemy: e },
            vec![Opt::Undefended, Opt::Card(iarion)]
        ),
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
    assert_eq!(
        chosen(
            &g,
            Ask::Defender { enemy: e },
            vec![Opt::Undefended, Opt::Card(iarion)]
        ),
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

#[test]
fn keeps_the_second_to_last_savage_token_by_taking_one_more_card_while_threat_is_low() {
    // Class from the wh60 override census (The Weather Hills 2B, Easy, 150 `lookahead` games:
    // with 2 Savage Counter-attack tokens left it revealed one more card instead in 22 of 75
    // quest phases, at threat 38.5 on average against 41.9 where it gave up the token). Giving up
    // the second-to-last token leaves one life that any character destroyed by an attack then
    // loses; at low threat the extra card's threat may be the cheaper cost (`spare_life_threat`,
    // off by default: within noise, results/research/wh60.md).
    let (mut g, _, _) = savage_situation(2);
    g.phase = Phase::Quest;
    let stage = g.spawn(CORNERED_ANIMALS, ENCOUNTER, Zone::Quest);
    let choice = dec(
        0,
        Ask::Effect {
            card: stage,
            what: 0,
        },
        vec![Opt::Mode(0), Opt::Mode(1)],
    );
    let with = |v: &str| BasicBot::from_options(&[("spare_life_threat".into(), v.into())]).unwrap();
    g.players[0].threat = 34;
    assert_eq!(
        choice.options[with("40").choose(&g, &choice)],
        Opt::Mode(1),
        "one more card"
    );
    assert_eq!(
        choice.options[bot().choose(&g, &choice)],
        Opt::Mode(0),
        "off (the default): the card's own rule gives up a token while 2 are left"
    );
    // At high threat the extra card's threat may end the game: the token goes.
    g.players[0].threat = 44;
    assert_eq!(choice.options[with("40").choose(&g, &choice)], Opt::Mode(0));
    // With 3 tokens left the token goes at any threat; with 1 the card comes whatever the weight.
    g.players[0].threat = 34;
    let savage = common_mission(&g);
    g.card_mut(savage).resources = 3;
    assert_eq!(choice.options[with("40").choose(&g, &choice)], Opt::Mode(0));
    g.card_mut(savage).resources = 1;
    assert_eq!(choice.options[bot().choose(&g, &choice)], Opt::Mode(1));
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

#[test]
fn white_warg_by_night_puts_its_two_points_where_they_do_not_kill() {
    // Fault class: White Warg's engagement damage is 2 by Night, but its hint priced every pick
    // at 1 point, so the bot put it on a character that 1 point spared and 2 killed (207 of
    // 1,143 hero deaths in 500 `basic` games on The Wastes of Eriador Easy came right after a
    // White Warg engaged). By Night the pick is its own prompt, priced at 2.
    let mut g = leadership_in("the-wastes-of-eriador");
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

/// Session 53, Cruel Torturer (3 Attack): an ally its attack would damage is captured instead,
/// so Faramir (2 Defense, 3 hit points) defending it is lost, not wounded: he does not defend
/// it (Aragorn or a hero's undefended wound is cheaper). Against an Angmar Marauder (3 Attack, no capture) Faramir's one damage is
/// the cheaper defence.
#[test]
fn cruel_torturer_is_not_defended_by_an_ally_it_would_capture() {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let torturer = g.spawn(CRUEL_TORTURER, ENCOUNTER, Zone::Engaged(0));
    let orc = g.spawn(ANGMAR_MARAUDER, ENCOUNTER, Zone::Engaged(0));
    let aragorn = g.heroes(0).next().unwrap();
    let faramir = g.spawn(FARAMIR, 0, Zone::Play(0));
    assert_eq!(g.stat(torturer, Stat::Attack), g.stat(orc, Stat::Attack));
    let opts = || vec![Opt::Undefended, Opt::Card(faramir), Opt::Card(aragorn)];
    assert_eq!(
        chosen(&g, Ask::Defender { enemy: orc }, opts()),
        Opt::Card(faramir),
        "one damage on an ally"
    );
    assert_ne!(
        chosen(&g, Ask::Defender { enemy: torturer }, opts()),
        Opt::Card(faramir),
        "Faramir would be captured"
    );
}
