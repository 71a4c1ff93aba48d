//! Cards played and used: when a boost, a ready, a draw or an event is worth it.

use super::*;

/// The Core Spirit heroes, and Beravor among them (an exhaust-to-draw hero, `Hint::exhaust_draws`).
fn beravor_board() -> (Game<'static>, CardId) {
    let g = sandbox(&[SPIRIT_HEROES]);
    let beravor = g
        .heroes(0)
        .find(|&h| hint(&g, h).exhaust_draws == 2)
        .unwrap();
    (g, beravor)
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
    let d = use_or_pass(Phase::Quest, eowyn);
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
    let (mut g, beravor) = beravor_board();
    let e = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Engaged(0));
    g.phase = Phase::Combat;
    let d = use_or_pass(Phase::Combat, beravor);
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
    let d = use_or_pass(Phase::Quest, p);
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
    assert_eq!(combat_play(&g, cc), Opt::Pass);
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
    assert_eq!(
        combat_play(&g, qs),
        Opt::Play(qs),
        "Legolas kills the Marauder before it attacks"
    );
}

#[test]
fn beravor_draws_after_the_attacks_even_with_an_ended_attacks_context_left() {
    // Same fault class as `quick_strike_strikes_after_an_earlier_attack_has_ended`, on the
    // exhaust-to-draw reading (`Hint::exhaust_draws`).
    let (mut g, beravor) = beravor_board();
    g.phase = Phase::Combat;
    leave_an_ended_attack(&mut g);
    let d = use_or_pass(Phase::Combat, beravor);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(beravor));
}

// --- cards37: the card-usage census ---

#[test]
fn draw_keep_holds_beravor_out_of_a_quest_that_succeeds_without_her() {
    // Census (cards37): Beravor drew in 13% of the games she was in play and Gléowine in 9%;
    // both quested nearly every round. With `draw_keep=1` an exhaust-to-draw character stays
    // out of a quest the others carry, and draws after the attacks instead.
    let (mut g, beravor) = beravor_board();
    clear_zone(&mut g, Zone::Staging);
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

/// sense39, For Gondor! after the last attack (`hints::boost_is_idle` in the combat phase):
/// played while an engaged enemy is still to be attacked, not once every engaged enemy has
/// been attacked (before: played whenever two enemies were engaged in the combat phase).
#[test]
fn sense39_for_gondor_after_the_last_attack() {
    let (mut g, es) = sense39_combat_board();
    let fg = g.spawn(FOR_GONDOR, 0, Zone::Hand(0));
    assert_eq!(combat_play(&g, fg), Opt::Play(fg), "attacks to come");
    for e in es {
        g.card_mut(e).attacked_by = 1;
    }
    assert!(crate::cards::hints::boost_is_idle(&g, fg));
    assert_eq!(action_value(&g, 0, fg, None), 0);
    assert_eq!(combat_play(&g, fg), Opt::Pass, "after the last attack");
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
    // (sense52 `ready_use`: Glóin exhausted too, so the Spearman's Attack with Théodred's
    // destroys the Cornered Orc: a ready that is used.)
    let gloin = g.heroes(0).nth(2).unwrap();
    g.exhaust(gloin);
    let ev = g.spawn(EVER_VIGILANT, 0, Zone::Hand(0));
    let uc = g.spawn(UNEXPECTED_COURAGE, 0, Zone::Attached(aragorn));
    assert_eq!(combat_play(&g, ev), Opt::Play(ev), "an enemy to attack");
    assert!(action_value(&g, 0, uc, None) > 0);
    for e in es {
        g.card_mut(e).attacked_by = 1;
    }
    assert!(ready_is_idle(&g, 0));
    assert!(use_is_idle(&g, 0, ev) && use_is_idle(&g, 0, uc));
    assert_eq!(combat_play(&g, ev), Opt::Pass, "nothing left to do");
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

/// session 53: a ready card names the characters it can ready (`Hint::ready_target`): Ever
/// Vigilant allies, Common Cause heroes, Hold Your Ground! sentinels, Descendants of Kings
/// Dúnedain, Unexpected Courage its own host; Grim Resolve any.
#[test]
fn ready_target_hint_ever_vigilant_common_cause_hold_your_ground_descendants_of_kings_unexpected_courage_grim_resolve(
) {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let hs: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred) = (hs[0], hs[1]);
    let scout = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0));
    let uc = g.spawn(UNEXPECTED_COURAGE, 0, Zone::Attached(aragorn));
    let can = |g: &Game, code: &str, x: CardId| {
        let c = if code == UNEXPECTED_COURAGE {
            uc
        } else {
            g.list(Zone::Hand(0))
                .iter()
                .copied()
                .find(|&c| g.def_of(c).code == code)
                .unwrap()
        };
        hint(g, c).ready_target.is_none_or(|f| f(g, c, x))
    };
    for code in [
        EVER_VIGILANT,
        COMMON_CAUSE,
        GRIM_RESOLVE,
        HOLD_YOUR_GROUND,
        DESCENDANTS_OF_KINGS,
    ] {
        g.spawn(code, 0, Zone::Hand(0));
    }
    assert!(can(&g, EVER_VIGILANT, scout) && !can(&g, EVER_VIGILANT, aragorn));
    assert!(can(&g, COMMON_CAUSE, theodred) && !can(&g, COMMON_CAUSE, scout));
    assert!(can(&g, HOLD_YOUR_GROUND, aragorn) && !can(&g, HOLD_YOUR_GROUND, theodred));
    assert!(can(&g, DESCENDANTS_OF_KINGS, aragorn) && !can(&g, DESCENDANTS_OF_KINGS, scout));
    assert!(can(&g, UNEXPECTED_COURAGE, aragorn) && !can(&g, UNEXPECTED_COURAGE, theodred));
    assert!(can(&g, GRIM_RESOLVE, scout) && can(&g, GRIM_RESOLVE, theodred));
}

/// session 53 (sense52's doubt): Ever Vigilant readies only an ally, so whether a readied
/// *hero* would be used does not make it worth playing. After the enemy attacks, a Cornered
/// Orc engaged, every hero exhausted: Aragorn's 3 Attack would destroy it, but the only
/// exhausted ally is a Snowbourn Scout (no Attack), so Ever Vigilant waits; with Faramir
/// exhausted too and Théodred ready (2 + 1 Attack destroys it) it is played.
#[test]
fn ever_vigilant_waits_when_only_a_hero_would_be_used() {
    use crate::cards::hints::ready_used;
    use crate::engine::{Frame, Step};
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let hs: Vec<CardId> = g.heroes(0).collect();
    for &h in &hs {
        g.card_mut(h).resources = 2;
        g.exhaust(h);
    }
    g.phase = Phase::Combat;
    g.stack.push(Frame::Step(Step::CombatEnd));
    let cornered = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    g.card_mut(cornered).attacked = true;
    let scout = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0));
    g.exhaust(scout);
    let ev = g.spawn(EVER_VIGILANT, 0, Zone::Hand(0));
    assert!(ready_used(&g, 0, hs[0]), "Aragorn would destroy the Orc");
    assert!(!ready_used(&g, 0, scout));
    assert_eq!(
        combat_play(&g, ev),
        Opt::Pass,
        "only the Scout can be readied"
    );
    let faramir = g.spawn(FARAMIR, 0, Zone::Play(0));
    g.exhaust(faramir);
    g.ready(hs[1]);
    assert!(ready_used(&g, 0, faramir));
    assert_eq!(combat_play(&g, ev), Opt::Play(ev), "Faramir would be used");
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
/// a second exhausted ally it is played, and readies that one. (Played with `ready_use=0`:
/// sense52's rule would hold Ever Vigilant on this board, where the ready heroes defend.)
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
    assert_eq!(
        combat_play_without_ready_use(&g, ev),
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
    assert_eq!(
        combat_play_without_ready_use(&g, ev),
        Opt::Pass,
        "was: play it"
    );
    // Another exhausted ally: worth readying, and it is the one readied.
    let spear = g.spawn(GONDORIAN_SPEARMAN, 0, Zone::Play(0));
    g.exhaust(spear);
    assert!(!dies_defending(&g, spear) && !ready_is_idle(&g, 0));
    assert_eq!(combat_play_without_ready_use(&g, ev), Opt::Play(ev));
    let o = [Opt::Card(guard), Opt::Card(spear)];
    assert_eq!(effect(&g, 0, ev, 0, &o), Some(1), "not the dying defender");
}

/// session 53 (sense52's doubt), Cruel Torturer: an ally defending its attack is captured
/// instead of damaged once any damage gets through, so like a defender the attack destroys it
/// leaves play (`hints::dies_defending`), and Ever Vigilant does not ready it: Faramir (2
/// Defense, 3 hit points) survives the Torturer's 3 Attack but is captured; against an Angmar
/// Orc of the same Attack he is not lost.
#[test]
fn cruel_torturer_lone_defending_ally_is_lost() {
    use crate::cards::hints::{dies_defending, ready_is_idle};
    use crate::engine::AttackCtx;
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = Phase::Combat;
    let torturer = g.spawn(CRUEL_TORTURER, ENCOUNTER, Zone::Engaged(0));
    g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let faramir = g.spawn(FARAMIR, 0, Zone::Play(0));
    g.exhaust(faramir);
    g.card_mut(torturer).attacked = true;
    g.attack = AttackCtx::new(torturer, 0, false);
    g.attack.defenders[0] = faramir;
    g.attack.n_defenders = 1;
    assert!(
        g.stat(torturer, Stat::Attack) - g.stat(faramir, Stat::Defense) < g.remaining_hp(faramir)
    );
    assert!(dies_defending(&g, faramir), "captured");
    assert!(ready_is_idle(&g, 0));
    // A hero defending the Torturer is damaged, not captured.
    let aragorn = g.heroes(0).next().unwrap();
    g.attack.defenders[0] = aragorn;
    assert!(!dies_defending(&g, aragorn));
    // The same defence against an Angmar Orc (no capture) loses nothing.
    let orc = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    g.attack = AttackCtx::new(orc, 0, false);
    g.attack.defenders[0] = faramir;
    g.attack.n_defenders = 1;
    assert!(!dies_defending(&g, faramir));
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
fn arwen_undomiel_turns_a_spare_card_into_a_resource_before_planning() {
    // Fault class (distill43: `lookahead` used her in the resource phase where `basic` passed
    // at 588 decisions of 600 Across the Ettenmoors games, noldor-questers): with a full hand
    // and no dead card `basic` used her only in the planning phase, after its plays, when the
    // resource came too late. Now from the resource phase on (6+ cards in hand), so the
    // resource pays for this round's plays; since session 44 (`spare_cards` bits 2 and 4,
    // `spare_hand` 4) from 4 cards in hand.
    let mut g = sandbox(&[&[ARWEN_UNDOMIEL, LEADERSHIP_HEROES[0]]]);
    let arwen = g
        .heroes(0)
        .find(|&h| g.def_of(h).code == ARWEN_UNDOMIEL)
        .unwrap();
    clear_zone(&mut g, Zone::Hand(0));
    for _ in 0..6 {
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
    }
    g.phase = Phase::Resource;
    let d = use_or_pass(Phase::Resource, arwen);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(arwen));
    for _ in 0..2 {
        let c = g.list(Zone::Hand(0))[0];
        g.discard(c);
    }
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Activate(arwen),
        "4 cards"
    );
    assert_eq!(
        d.options[bot_with(&[("spare_cards", "1")]).choose(&g, &d)],
        Opt::Pass,
        "without bit 2 her own value waits for 6"
    );
    // A short hand keeps its cards.
    let c = g.list(Zone::Hand(0))[0];
    g.discard(c);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass);
}

/// Erestor's board: Arwen Undómiel and Erestor (whose hand is discarded each round), an Elven
/// Jeweler in hand and `n` other cards, in phase `ph`.
fn spare_cards_board(n: usize, ph: Phase) -> (Game<'static>, CardId, CardId) {
    let mut g = sandbox(&[&[ARWEN_UNDOMIEL, ERESTOR]]);
    let arwen = g
        .heroes(0)
        .find(|&h| g.def_of(h).code == ARWEN_UNDOMIEL)
        .unwrap();
    clear_zone(&mut g, Zone::Hand(0));
    let jeweler = g.spawn(ELVEN_JEWELER, 0, Zone::Hand(0));
    for _ in 0..n {
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
    }
    g.phase = ph;
    (g, arwen, jeweler)
}

#[test]
fn arwen_undomiel_spends_a_card_erestor_would_lose() {
    // Fault class (distill44: `lookahead` used her in the resource phase where `basic` passed
    // at 402 + 398 decisions of 600 The Weather Hills games, weather-hills-loremasters): while
    // Erestor discards the hand at the end of each round, a card in hand is worth little
    // after this round, so `spare_cards` bit 1 uses her with a short hand too.
    let (g, arwen, _) = spare_cards_board(2, Phase::Resource);
    assert!(hint(&g, arwen).spends_hand_cards);
    assert!(crate::cards::hints::hand_discarded_each_round(&g, 0));
    let d = use_or_pass(Phase::Resource, arwen);
    install(weights::DEFAULT);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(arwen));
    let mut off = bot_with(&[("spare_cards", "0")]);
    assert_eq!(
        d.options[off.choose(&g, &d)],
        Opt::Pass,
        "off: 3 cards and no dead card keep their cards"
    );
    // Not in the quest phase: the resource would come after the plays.
    let (g, arwen, _) = spare_cards_board(2, Phase::Quest);
    let d = use_or_pass(Phase::Quest, arwen);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass);
}

#[test]
fn elven_jeweler_comes_into_play_from_the_resource_phase() {
    // Fault class (distill44: `lookahead` used him in the resource phase where `basic` passed,
    // 303 decisions in 600 The Weather Hills games and 113 in 600 Deadmen's Dike games,
    // rhudaur-guard): his cost is two cards from hand. With Erestor (bit 1) any hand pays it;
    // without, `spare_cards` bit 2 pays it from `spare_hand` cards in hand already in the
    // resource phase, before the planning phase's plays shrink the hand below his own
    // threshold, unless bit 4 (on by default since session 44: the decks with Jewelers and no
    // Arwen lost progress with bit 2) keeps bit 2 to cards acting from play.
    let (g, _, jeweler) = spare_cards_board(3, Phase::Resource);
    assert!(hint(&g, jeweler).spends_hand_cards);
    let d = use_or_pass(Phase::Resource, jeweler);
    install(weights::DEFAULT);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(jeweler));
    assert_eq!(
        d.options[bot_with(&[("spare_cards", "0")]).choose(&g, &d)],
        Opt::Pass
    );
    // Without Erestor: with bit 2 (off by default) 6 cards in hand (the Jeweler and 5 more)
    // use him, 5 do not.
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    assert!(!crate::cards::hints::hand_discarded_each_round(&g, 0));
    clear_zone(&mut g, Zone::Hand(0));
    let jeweler = g.spawn(ELVEN_JEWELER, 0, Zone::Hand(0));
    for _ in 0..4 {
        g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
    }
    g.phase = Phase::Resource;
    let d = use_or_pass(Phase::Resource, jeweler);
    let mut both = bot_with(&[("spare_cards", "3"), ("spare_hand", "6")]);
    assert_eq!(d.options[both.choose(&g, &d)], Opt::Pass, "5 cards");
    let mut five = bot_with(&[("spare_cards", "3"), ("spare_hand", "5")]);
    assert_eq!(
        d.options[five.choose(&g, &d)],
        Opt::Activate(jeweler),
        "spare_hand 5"
    );
    g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
    assert_eq!(d.options[both.choose(&g, &d)], Opt::Activate(jeweler));
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "by default bit 4 keeps bit 2 to cards acting from play (Arwen), not from hand"
    );
}

#[test]
fn saves_its_spheres_resources_for_a_dearer_card_when_asked() {
    // cards44, `save_big` (off by default, measured): one Lore hero (Denethor) holding 2
    // resources beside two Tactics heroes, a Wellinghall Preserver (3) in hand that next
    // round's resource pays, and an Erebor Hammersmith (2) that would spend them now.
    let mut g = sandbox(&[DENETHOR_AND_TACTICS]);
    g.phase = Phase::Planning;
    clear_zone(&mut g, Zone::Hand(0));
    let big = g.spawn(WELLINGHALL_PRESERVER, 0, Zone::Hand(0));
    let cheap = g.spawn(EREBOR_HAMMERSMITH, 0, Zone::Hand(0));
    let heroes: Vec<CardId> = g.heroes(0).collect();
    for &h in &heroes {
        g.card_mut(h).resources = 0;
    }
    let den = *heroes
        .iter()
        .find(|&&h| g.hero_matches(h, Sphere::Lore))
        .unwrap();
    g.card_mut(den).resources = 2;
    g.players[0].threat = 30;
    let o = vec![Opt::Pass, Opt::Play(cheap)];
    install(weights::DEFAULT);
    let margin = play_value(&g, 0, big) - play_value(&g, 0, cheap);
    assert!(margin > 0, "the Preserver scores above the Hammersmith");
    assert_eq!(saving_big(&g, 0, &o), None, "off by default");
    assert_eq!(chosen(&g, Ask::Planning, o.clone()), Opt::Play(cheap));
    let on = |m: i32| Weights::from_options(&[("save_big".to_string(), m.to_string())]).unwrap();
    install(on(margin));
    assert_eq!(saving_big(&g, 0, &o), Some(big));
    let d = dec(0, Ask::Planning, o.clone());
    let mut b = BasicBot::from_options(&[("save_big".to_string(), margin.to_string())]).unwrap();
    assert_eq!(
        d.options[b.choose(&g, &d)],
        Opt::Pass,
        "the 2 resources are kept"
    );
    // A margin the Preserver does not clear: nothing saved.
    install(on(margin + 1));
    assert_eq!(saving_big(&g, 0, &o), None);
    // Bounded: not while an enemy is engaged, nor at threat 40.
    install(on(margin));
    let orc = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    assert_eq!(saving_big(&g, 0, &o), None, "an engaged enemy");
    g.move_card(orc, Zone::SetAside);
    g.players[0].threat = 40;
    assert_eq!(saving_big(&g, 0, &o), None, "threat 40");
    g.players[0].threat = 30;
    // Not when next round's resources do not reach it either (one resource now).
    g.card_mut(den).resources = 1;
    assert_eq!(saving_big(&g, 0, &o), None, "1 now + 1 next round < 3");
    install(weights::DEFAULT);
}

/// Player 1's action window in phase `ph` offering to pass or use `c`.
fn use_or_pass(ph: Phase, c: CardId) -> Decision {
    dec(0, Ask::Action(ph), vec![Opt::Pass, Opt::Activate(c)])
}

/// greet47 `stall_greet`: while `basic` stalls on Gornákh's Dungeons (`stall_threat`, 25) and
/// its threat is within 6 of the end of the stall, The Galadhrim's Greeting is worth playing in
/// the planning phase: the lowered threat stalls again. Far from the end, or when even the
/// lowered threat is 25 or more, or with `stall_greet=0`, it keeps its old value.
#[test]
fn stall_greet_plays_the_greeting_to_keep_stalling() {
    let mut g = sandbox_in("escape-from-mount-gram", Mode::Easy, &[SPIRIT_HEROES]);
    let q = set_stage(&mut g, GORNAKHS_DUNGEONS_2B);
    for z in [Zone::EncounterDeck, Zone::Staging, Zone::Active] {
        clear_zone(&mut g, z);
    }
    let ally = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Hand(0));
    g.capture(ally, q);
    let gg = g.spawn(THE_GALADHRIMS_GREETING, 0, Zone::Hand(0));
    g.phase = Phase::Planning;
    install(weights::DEFAULT);
    g.players[0].threat = 22;
    assert!(
        relief_extends_stall(&g, 0, gg),
        "22 + 6 reaches 25; 16 stalls"
    );
    assert!(play_value(&g, 0, gg) >= 60);
    g.players[0].threat = 28;
    assert!(
        relief_extends_stall(&g, 0, gg),
        "past the end: 22 stalls again"
    );
    g.players[0].threat = 31;
    assert!(!relief_extends_stall(&g, 0, gg), "25 would not stall");
    g.players[0].threat = 18;
    assert!(!relief_extends_stall(&g, 0, gg), "far from the end");
    assert_eq!(play_value(&g, 0, gg), 0);
    g.players[0].threat = 22;
    install(Weights::from_options(&[("stall_greet".to_string(), "0".to_string())]).unwrap());
    assert!(!relief_extends_stall(&g, 0, gg), "off");
    install(weights::DEFAULT);
}

#[test]
fn draw_early_beravor_draws_in_the_resource_phase_when_the_quest_spares_her() {
    // Fault class (gap50: `lookahead` used Beravor in the resource phase where `basic` passed,
    // 235 times in 80 of 100 Across the Ettenmoors Easy games of the core-lore-spirit probe
    // deck): drawn then, the cards can be played this round. `draw_early` (on by default)
    // draws when the others carry the quest and no enemy is engaged or (bit 16) staged.
    let (mut g, beravor) = beravor_board();
    clear_zone(&mut g, Zone::Staging);
    clear_zone(&mut g, Zone::Engaged(0));
    g.phase = Phase::Resource;
    let d = use_or_pass(Phase::Resource, beravor);
    install(weights::DEFAULT);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(beravor));
    assert_eq!(
        d.options[bot_with(&[("draw_early", "0")]).choose(&g, &d)],
        Opt::Pass,
        "off: she draws in the combat phase"
    );
    assert_eq!(
        d.options[bot_with(&[("draw_early", "1")]).choose(&g, &d)],
        Opt::Activate(beravor)
    );
    // Not in the planning phase unless bit 2.
    g.phase = Phase::Planning;
    let dp = dec(0, Ask::Planning, vec![Opt::Pass, Opt::Activate(beravor)]);
    assert_eq!(
        dp.options[bot_with(&[("draw_early", "1")]).choose(&g, &dp)],
        Opt::Pass
    );
    assert_eq!(
        dp.options[bot_with(&[("draw_early", "3")]).choose(&g, &dp)],
        Opt::Activate(beravor)
    );
    g.phase = Phase::Resource;
    // A quest the others cannot carry: she quests.
    let orcs = g.spawn(ORC_WAR_PARTY, ENCOUNTER, Zone::Staging);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "an enemy is staged"
    );
    assert_eq!(
        d.options[bot_with(&[("draw_early", "1")]).choose(&g, &d)],
        Opt::Pass,
        "needed for the quest"
    );
    // An enemy engaged: she may have to defend.
    g.move_card(orcs, Zone::Engaged(0));
    assert_eq!(
        d.options[bot_with(&[("draw_early", "1")]).choose(&g, &d)],
        Opt::Pass,
        "an enemy is engaged"
    );
    install(weights::DEFAULT);
}

#[test]
fn glorfindel_heals_in_the_resource_phase_while_damage_is_punished() {
    // Fault class (ett47: `lookahead` used him in the resource phase where `basic` passed, 52
    // / 63 / 19 times in 100 Across the Ettenmoors Easy games of 06-glorfindel-spirit /
    // 02-noldor-lore / noldor-questers): his heal was valued only in the refresh phase, with
    // the resources left after the round's plays, which were rarely any. Where damage costs
    // more (Savage Trollspawn's Attack, stage 3B's Willpower: `Hint::punishes_damage`)
    // `early_heal` heals first.
    let mut g = sandbox_in("across-the-ettenmoors", Mode::Standard, &[LORE_HEROES]);
    let glorfindel = crate::cards::testkit::hero(&g, LORE_HEROES[1]);
    assert!(hint(&g, glorfindel).pays_to_heal);
    clear_zone(&mut g, Zone::Staging);
    clear_zone(&mut g, Zone::Engaged(0));
    g.card_mut(glorfindel).resources = 1;
    let denethor = crate::cards::testkit::hero(&g, LORE_HEROES[0]);
    g.card_mut(denethor).damage = 1;
    g.phase = Phase::Resource;
    let d = use_or_pass(Phase::Resource, glorfindel);
    install(weights::DEFAULT);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "nothing in play punishes damage"
    );
    let troll = g.spawn(SAVAGE_TROLLSPAWN, ENCOUNTER, Zone::Staging);
    assert!(hint(&g, troll).punishes_damage);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(glorfindel));
    assert_eq!(
        d.options[bot_with(&[("early_heal", "0")]).choose(&g, &d)],
        Opt::Pass,
        "off: the refresh phase's leftovers only"
    );
    assert_eq!(
        d.options[bot_with(&[("early_heal", "1")]).choose(&g, &d)],
        Opt::Activate(glorfindel)
    );
    // Nobody damaged: nothing to heal.
    g.card_mut(denethor).damage = 0;
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass);
    // Bit 2 heals heroes only; bit 8 waits while Erestor discards the hand each round.
    let ally = g.spawn(GUARD_OF_THE_CITADEL, 0, Zone::Play(0));
    g.card_mut(ally).damage = 1;
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(glorfindel));
    assert_eq!(
        d.options[bot_with(&[("early_heal", "3")]).choose(&g, &d)],
        Opt::Pass,
        "bit 2: an ally waits"
    );
    let mut g = sandbox_in(
        "across-the-ettenmoors",
        Mode::Standard,
        &[&[LORE_HEROES[1], ERESTOR]],
    );
    let glorfindel = crate::cards::testkit::hero(&g, LORE_HEROES[1]);
    g.card_mut(glorfindel).resources = 1;
    g.card_mut(glorfindel).damage = 1;
    g.spawn(SAVAGE_TROLLSPAWN, ENCOUNTER, Zone::Staging);
    g.phase = Phase::Resource;
    assert!(crate::cards::hints::hand_discarded_each_round(&g, 0));
    let d = use_or_pass(Phase::Resource, glorfindel);
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Pass, "bit 8");
    assert_eq!(
        d.options[bot_with(&[("early_heal", "17")]).choose(&g, &d)],
        Opt::Activate(glorfindel)
    );
}

#[test]
fn favor_of_the_valar_waits_for_the_threat_it_insures_against() {
    // Fault class (ett47: `lookahead` passed where `basic` played it, 61 times in 30 of 100
    // Across the Ettenmoors Easy games, 06-glorfindel-spirit, and played it later): its only
    // use is to save its player from elimination by threat, so at a low threat its Spirit
    // resource is worth more elsewhere (`insure_threat` 35).
    let mut g = sandbox(&[SPIRIT_HEROES]);
    let favor = g.spawn(FAVOR_OF_THE_VALAR, 0, Zone::Hand(0));
    assert!(hint(&g, favor).threat_insurance);
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 2;
    }
    g.phase = Phase::Planning;
    g.players[0].threat = 30;
    install(weights::DEFAULT);
    assert_eq!(
        chosen(&g, Ask::Planning, vec![Opt::Pass, Opt::Play(favor)]),
        Opt::Pass
    );
    let d = dec(0, Ask::Planning, vec![Opt::Pass, Opt::Play(favor)]);
    assert_eq!(
        d.options[bot_with(&[("insure_threat", "0")]).choose(&g, &d)],
        Opt::Play(favor),
        "off: played when affordable"
    );
    g.players[0].threat = 35;
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Play(favor));
}

#[test]
fn keeps_refresh_resources_rather_than_buying_progress_it_does_not_finish() {
    // Fault class (rh49: `lookahead` passed where `basic` used Decipher Ancient Texts in the
    // refresh phase 194 times in 100 Treachery of Rhudaur Easy games, weather-hills-loremasters;
    // `basic` then started each round with 0.1-0.4 resources against `lookahead`'s 1.2-2.1, and
    // reached stage 2 with 7.2 characters against 10.1): resources left in the refresh phase
    // carry over, so with `bank_progress` (1) they buy a side quest's progress
    // (`Hint::buys_progress`) only when they finish it at once.
    let mut g = sandbox_in("the-treachery-of-rhudaur", Mode::Easy, &[LEADERSHIP_HEROES]);
    clear_zone(&mut g, Zone::Staging);
    let sq = g.spawn(DECIPHER_ANCIENT_TEXTS, ENCOUNTER, Zone::Staging);
    assert!(hint(&g, sq).buys_progress);
    g.phase = Phase::Refresh;
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 1;
    }
    assert_eq!(g.available(0, Sphere::Neutral), 3);
    let d = dec(
        0,
        Ask::Action(Phase::Refresh),
        vec![Opt::Pass, Opt::Activate(sq)],
    );
    install(weights::DEFAULT);
    assert_eq!(
        d.options[bot().choose(&g, &d)],
        Opt::Pass,
        "14 left, 3 resources"
    );
    assert_eq!(
        d.options[bot_with(&[("bank_progress", "0")]).choose(&g, &d)],
        Opt::Activate(sq),
        "off: the card's own play value spends what is left"
    );
    // With 3 quest points left the 3 resources finish it: bought.
    g.card_mut(sq).progress = g.stat(sq, Stat::QuestPoints) - 3;
    assert_eq!(d.options[bot().choose(&g, &d)], Opt::Activate(sq));
    // Outside the refresh phase the rule does not apply (the card's own value: 0 there).
    g.phase = Phase::Planning;
    g.card_mut(sq).progress = 0;
    assert!(!crate::bots::basic::planning::banks_resources(&g, 0, sq));
}

/// Fault class (ett49, the largest `lookahead` planning override on the Ettenmoors Easy with
/// 06-glorfindel-spirit: `basic` played Unexpected Courage, Favor of the Valar and the like
/// while Forage for Food wounded each hero that paid, with Savage Trollspawn engaged making
/// every damaged character a worse fighter; `lookahead` passed). `pay_wound` counts the wound
/// against a costly card in the planning phase, twice while damage is punished: the card
/// waits; with 0, or without Forage for Food staged, it is played as before.
#[test]
fn forage_for_food_makes_a_costly_planning_play_wait() {
    let mut g = sandbox_in("across-the-ettenmoors", Mode::Easy, &[SPIRIT_HEROES]);
    clear_zone(&mut g, Zone::EncounterDeck);
    clear_zone(&mut g, Zone::Staging);
    g.phase = Phase::Planning;
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 3;
    }
    let uc = g.spawn(UNEXPECTED_COURAGE, 0, Zone::Hand(0));
    assert!(g.cost_of(uc, 0) > 0);
    let opts = || vec![Opt::Pass, Opt::Play(uc)];
    install(weights::DEFAULT);
    assert_eq!(
        chosen(&g, Ask::Planning, opts()),
        Opt::Play(uc),
        "nothing wounds"
    );
    let forage = g.spawn(FORAGE_FOR_FOOD, ENCOUNTER, Zone::Staging);
    g.spawn(SAVAGE_TROLLSPAWN, ENCOUNTER, Zone::Engaged(0));
    assert!(hint(&g, forage).payment_wounds);
    assert_eq!(weights::DEFAULT.pay_wound, 30);
    assert_eq!(
        chosen(&g, Ask::Planning, opts()),
        Opt::Pass,
        "the wound costs more"
    );
    let d = dec(0, Ask::Planning, opts());
    assert_eq!(
        d.options[bot_with(&[("pay_wound", "0")]).choose(&g, &d)],
        Opt::Play(uc),
        "0: the old play"
    );
    install(weights::DEFAULT);
}

/// `combat_play` by a `basic` with `ready_use=0` (the play before sense52).
fn combat_play_without_ready_use(g: &Game, card: CardId) -> Opt {
    let mut b = BasicBot::from_options(&[("ready_use".into(), "0".into())]).unwrap();
    let d = dec(
        0,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(card)],
    );
    let o = d.options[b.choose(g, &d)];
    install(weights::DEFAULT);
    o
}

/// sense52, Ever Vigilant readies an ally that then neither defends nor attacks (Escape from
/// Mount Gram `core-leadership`, 97 of 264 readies in 200 `basic` games): with `ready_use` a
/// card that only readies waits until a readied character would be used. Before the enemy
/// attacks: only when the ally would defend more cheaply than the ready characters
/// (Faramir's Defense 2 against an Angmar Orc once the heroes are exhausted, not while
/// Aragorn can take the attack unhurt). After them: only when its Attack destroys one more
/// enemy (Théodred's 2 and Faramir's 1 against the Cornered Orc's 1 Defense and 2 hit
/// points, not with Aragorn ready too); the target is the ally that is used.
#[test]
fn sense52_ever_vigilant_waits_for_an_ally_that_is_then_used() {
    use crate::cards::hints::ready_used;
    use crate::engine::{Frame, Step};
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    let hs: Vec<CardId> = g.heroes(0).collect();
    for &h in &hs {
        g.card_mut(h).resources = 2;
    }
    g.phase = Phase::Combat;
    g.stack.push(Frame::Step(Step::EnemyAttacks));
    let orc = g.spawn(ANGMAR_ORC, ENCOUNTER, Zone::Engaged(0));
    let faramir = g.spawn(FARAMIR, 0, Zone::Play(0));
    g.exhaust(faramir);
    let ev = g.spawn(EVER_VIGILANT, 0, Zone::Hand(0));
    // Enemy attacks to come, the heroes ready: Aragorn defends the Orc unhurt.
    assert!(!ready_used(&g, 0, faramir));
    assert_eq!(combat_play(&g, ev), Opt::Pass, "waits");
    assert_eq!(
        combat_play_without_ready_use(&g, ev),
        Opt::Play(ev),
        "was: play it"
    );
    // The heroes exhausted: Faramir would defend.
    for &h in &hs {
        g.exhaust(h);
    }
    assert!(ready_used(&g, 0, faramir));
    assert_eq!(combat_play(&g, ev), Opt::Play(ev), "a defender");
    // The enemy attacks over, a Cornered Orc engaged as well, Théodred ready.
    *g.stack.last_mut().unwrap() = Frame::Step(Step::CombatEnd);
    g.card_mut(orc).attacked = true;
    let cornered = g.spawn(CORNERED_ORC, ENCOUNTER, Zone::Engaged(0));
    g.card_mut(cornered).attacked = true;
    g.ready(hs[1]);
    assert!(
        ready_used(&g, 0, faramir),
        "2 + 1 Attack destroys the Cornered Orc"
    );
    assert_eq!(combat_play(&g, ev), Opt::Play(ev));
    // A Snowbourn Scout (no Attack) exhausted too: the ready goes to Faramir.
    let scout = g.spawn(SNOWBOURN_SCOUT, 0, Zone::Play(0));
    g.exhaust(scout);
    assert!(!ready_used(&g, 0, scout));
    let o = [Opt::Card(scout), Opt::Card(faramir)];
    assert_eq!(effect(&g, 0, ev, 0, &o), Some(1), "the ally that is used");
    // Aragorn ready as well: 5 Attack destroys the Cornered Orc, 6 not the Angmar Orc.
    g.ready(hs[0]);
    assert!(!ready_used(&g, 0, faramir));
    assert_eq!(combat_play(&g, ev), Opt::Pass, "nothing more destroyed");
    // Outside the combat phase a ready is not judged.
    g.phase = Phase::Planning;
    assert!(ready_used(&g, 0, faramir));
}

/// carn53 `spend_threat`: with Fortress Walls the active location each resource spent raises
/// the payer's threat; `basic` played a 3-cost ally at threat 47 and lost at 50 (The Battle of
/// Carn Dûm `carn-dum-vanguard`, 69 of 2,000 Easy `basic` games ended on such a payment).
/// With `spend_threat` on, a play whose cost would take the threat to 50 waits, and a cheaper
/// one is still made; at 0 (the default) or without the rule, the old play.
#[test]
fn fortress_walls_spend_threat_keeps_a_play_from_reaching_threat_50() {
    let mut g = sandbox_in("the-battle-of-carn-dum", Mode::Standard, &[TACTICS_HEROES]);
    clear_zone(&mut g, Zone::EncounterDeck);
    clear_zone(&mut g, Zone::Staging);
    g.phase = Phase::Planning;
    for h in g.heroes(0).collect::<Vec<_>>() {
        g.card_mut(h).resources = 3;
    }
    let archer = g.spawn(HORSEBACK_ARCHER, 0, Zone::Hand(0));
    let cost = g.cost_of(archer, 0);
    assert!(cost >= 2);
    g.players[0].threat = 50 - cost;
    let opts = || vec![Opt::Pass, Opt::Play(archer)];
    let on = [("spend_threat", "1")];
    let pick = |g: &Game, o: &[(&str, &str)]| {
        let d = dec(0, Ask::Planning, opts());
        let c = d.options[bot_with(o).choose(g, &d)];
        install(weights::DEFAULT);
        c
    };
    assert_eq!(weights::DEFAULT.spend_threat, 0);
    assert_eq!(
        pick(&g, &on),
        Opt::Play(archer),
        "no Fortress Walls: played"
    );
    if let Some(l) = g.active_location() {
        g.move_card(l, Zone::EncounterDiscard);
    }
    g.spawn(FORTRESS_WALLS, ENCOUNTER, Zone::Active);
    assert!(g.rule(Rule::ThreatPerResourceSpent));
    assert_eq!(pick(&g, &on), Opt::Pass, "the payment would reach 50");
    assert_eq!(pick(&g, &[]), Opt::Play(archer), "0: the old play");
    g.players[0].threat = 49 - cost;
    assert_eq!(pick(&g, &on), Opt::Play(archer), "one below: still played");
}

/// `basic` with one weight changed (`name=value`): the option it picks in an action window of
/// phase `ph` offering `cards` (and Pass).
fn action_pick_with(g: &Game, ph: Phase, name: &str, value: &str, cards: &[CardId]) -> Opt {
    let mut b = BasicBot::from_options(&[(name.into(), value.into())]).unwrap();
    let mut o = vec![Opt::Pass];
    o.extend(cards.iter().map(|&c| Opt::Play(c)));
    let d = dec(0, Ask::Action(ph), o);
    let k = b.choose(g, &d);
    install(weights::DEFAULT);
    d.options[k]
}

/// [`action_pick_with`] in the combat phase.
fn combat_pick_with(g: &Game, name: &str, value: &str, cards: &[CardId]) -> Opt {
    action_pick_with(g, Phase::Combat, name, value, cards)
}

/// foreign56 `discount_follow`: Hope Rekindled (a discount on the next Valour event) is not
/// played for Hold Your Ground! when `basic` would not play Hold Your Ground! itself (no
/// exhausted character for it to ready: sense52's `ready_use`); with the weight off it is.
#[test]
fn foreign56_hope_rekindled_waits_for_a_valour_event_basic_would_play() {
    let (mut g, _) = sense39_combat_board();
    let hope = g.spawn(HOPE_REKINDLED, 0, Zone::Hand(0));
    let hyg = g.spawn(HOLD_YOUR_GROUND, 0, Zone::Hand(0));
    assert!(action_value(&g, 0, hyg, None) > 0);
    assert!(
        action_value(&g, 0, hope, None) > 0,
        "its own value counts the Valour event"
    );
    assert_eq!(
        combat_pick_with(&g, "discount_follow", "0", &[hope]),
        Opt::Play(hope)
    );
    assert_eq!(
        combat_pick_with(&g, "discount_follow", "1", &[hope]),
        Opt::Pass
    );
    assert_eq!(combat_play(&g, hope), Opt::Pass, "on by default");
    // At Valour with a deck its search is open: played.
    g.players[0].threat = 40;
    g.spawn(FEINT, 0, Zone::Deck(0));
    assert_eq!(combat_play(&g, hope), Opt::Play(hope));
}

/// foreign56 `swap_attack`: after the enemy attacks, Common Cause exhausts Glóin (2 Attack,
/// ready) to ready Aragorn (3 Attack, exhausted) when that lets the attack destroy the
/// Cornered Orc (1 Defense, 2 hit points); with the weight off, or when it destroys nothing
/// more, it is kept.
#[test]
fn foreign56_common_cause_swaps_in_a_hero_whose_attack_destroys_one_enemy_more() {
    let (mut g, [orc, other]) = sense39_combat_board();
    g.move_card(other, Zone::SetAside);
    let hs: Vec<CardId> = g.heroes(0).collect();
    let (aragorn, theodred) = (hs[0], hs[1]);
    g.exhaust(aragorn);
    g.exhaust(theodred);
    let cc = g.spawn(COMMON_CAUSE, 0, Zone::Hand(0));
    assert_eq!(combat_pick_with(&g, "swap_attack", "0", &[cc]), Opt::Pass);
    assert_eq!(
        combat_pick_with(&g, "swap_attack", "1", &[cc]),
        Opt::Play(cc)
    );
    assert_eq!(combat_play(&g, cc), Opt::Play(cc), "on by default");
    // Already attacked by the player: nothing left to destroy.
    g.card_mut(orc).attacked_by = 1;
    assert_eq!(combat_play(&g, cc), Opt::Pass);
}

/// [`action_pick_with`] in the quest phase.
fn quest_pick_with(g: &Game, name: &str, value: &str, cards: &[CardId]) -> Opt {
    action_pick_with(g, Phase::Quest, name, value, cards)
}

/// cards58 `staged_cut`: Secret Paths (a staged location contributes no threat this phase) is
/// played after staging, before the quest resolves: when the committed willpower does not
/// beat the staged threat, and when it does but the progress still falls short of what the
/// quest needs; not when the quest gets all the progress it can use anyway, not before
/// staging (the commit is over, so its own value is 0 too), and never with the weight off.
#[test]
fn cards58_secret_paths_silences_a_staged_location_after_staging() {
    use crate::engine::{Frame, Step};
    let mut g = sandbox(&[&[DENETHOR]]);
    let h = g.heroes(0).next().unwrap();
    g.card_mut(h).resources = 1;
    for z in [Zone::Staging, Zone::Active] {
        clear_zone(&mut g, z);
    }
    g.phase = Phase::Quest;
    g.stack.push(Frame::Step(Step::Resolve));
    g.card_mut(h).questing = true;
    let sp = g.spawn(SECRET_PATHS, 0, Zone::Hand(0));
    let ridge = g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Staging);
    assert_eq!(g.threat_contribution(ridge), 3);
    assert!(
        g.questing_strength() <= g.staging_threat(),
        "the quest fails"
    );
    assert_eq!(quest_pick_with(&g, "staged_cut", "2", &[sp]), Opt::Play(sp));
    assert_eq!(quest_pick_with(&g, "staged_cut", "0", &[sp]), Opt::Pass);
    // Succeeding by 3 with 3 more threat to silence, the quest still needing more.
    for _ in 0..5 {
        let t = g.spawn(NORTHERN_TRACKER, 0, Zone::Play(0));
        g.card_mut(t).questing = true;
    }
    assert_eq!(g.questing_strength() - g.staging_threat(), 3);
    let q = g.current_quest().expect("a quest stage");
    let left = g.stat(q, Stat::QuestPoints) - g.card(q).progress;
    assert!(left > 3);
    assert_eq!(quest_pick_with(&g, "staged_cut", "2", &[sp]), Opt::Play(sp));
    assert_eq!(
        quest_pick_with(&g, "staged_cut", "4", &[sp]),
        Opt::Pass,
        "silences less than the weight"
    );
    // The quest needs only 3 more: the silenced threat's progress would be lost.
    g.card_mut(q).progress += left - 3;
    assert_eq!(quest_pick_with(&g, "staged_cut", "2", &[sp]), Opt::Pass);
    g.card_mut(q).progress -= left - 3;
    // Before staging the rule waits for the reveals.
    *g.stack.last_mut().unwrap() = Frame::Step(Step::Staging);
    assert_eq!(quest_pick_with(&g, "staged_cut", "2", &[sp]), Opt::Pass);
}
