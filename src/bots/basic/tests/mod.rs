//! `basic`'s situation tests, one file per concern (a fault class each, named after it); the
//! boards and helpers they share are here.

use super::*;
use crate::bots::random::RandomBot;
use crate::cards::testkit::codes::*;
use crate::cards::testkit::{clear_zone, core_leadership_deck, db, sandbox, sandbox_in, set_stage};
use crate::engine::{play_game, GameSetup, RuleOptions};
use crate::record::Outcome;

mod card_plays;
mod defences;
mod round_plan;
mod team;
mod travel;
mod whole_games;

/// A Standard game of `scenario` for the Core Leadership heroes (seat 0).
fn leadership_in(scenario: &str) -> Game<'static> {
    sandbox_in(scenario, Mode::Standard, &[LEADERSHIP_HEROES])
}

/// What a fresh `basic` chooses for seat 0 at a decision of `ask` among `options`.
fn chosen(g: &Game, ask: Ask, options: Vec<Opt>) -> Opt {
    let d = dec(0, ask, options);
    d.options[bot().choose(g, &d)]
}

/// What `basic` with the weight options `opts` chooses for seat 0 at a decision of `ask`
/// among `options`.
fn chosen_with(g: &Game, opts: &[(&str, &str)], ask: Ask, options: Vec<Opt>) -> Opt {
    let d = dec(0, ask, options);
    d.options[bot_with(opts).choose(g, &d)]
}

/// A solo Leadership board on The Weather Hills stage 1B (no quest points) in `phase`, and the
/// quest card.
fn hills_1b(phase: Phase) -> (Game<'static>, CardId) {
    let mut g = sandbox(&[LEADERSHIP_HEROES]);
    g.phase = phase;
    let q = g.spawn(SCATTERED_AMONG_THE_HILLS, ENCOUNTER, Zone::Quest);
    (g, q)
}

/// What `basic` does in a combat-phase action window that offers only Pass and playing `card`.
fn combat_play(g: &Game, card: CardId) -> Opt {
    chosen(
        g,
        Ask::Action(Phase::Combat),
        vec![Opt::Pass, Opt::Play(card)],
    )
}

/// Set aside every card of the encounter deck, the Orc deck, the staging area and the active
/// location (The Weather Hills boards built card by card).
fn set_aside_encounter_cards(g: &mut Game) {
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
}

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

/// `round_plan` of seat 0 under `opts` (on top of the defaults); the weights installed before
/// are installed again after.
fn plan_with(g: &Game, at_commit: bool, opts: &[(&str, &str)]) -> Plan {
    plan_of_seat(g, 0, at_commit, opts)
}

/// `round_plan` of seat `p` under `opts`, as `plan_with`.
fn plan_of_seat(g: &Game, p: u8, at_commit: bool, opts: &[(&str, &str)]) -> Plan {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let before = weights::w();
    install(Weights::from_options(&o).unwrap());
    let plan = round_plan(g, p, at_commit);
    install(before);
    plan
}

/// A `basic` bot with the hand-set weights (`weights::ROLLOUT`, style `handset`): the
/// situations of the stage-without-quest-points tests were built around `reveal_threat` 2.
fn handset_bot() -> BasicBot {
    BasicBot::with_weights(weights::ROLLOUT)
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

/// The Weather Hills 1B with the active location `rem` quest points from explored, an Orc
/// deck of Cornered Orcs (they engage at threat 30), no enemy in the encounter deck, and the
/// Leadership heroes (5 willpower) ready to commit.
fn explore_situation(rem: i16) -> Game<'static> {
    let mut g = leadership_in("the-weather-hills");
    g.phase = Phase::Quest;
    set_aside_encounter_cards(&mut g);
    for _ in 0..4 {
        g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::EncounterDeck);
        g.spawn(CORNERED_ORC, ENCOUNTER, Zone::OrcDeck);
    }
    let l = g.spawn(EXPOSED_RIDGE, ENCOUNTER, Zone::Active); // 3 quest points
    g.card_mut(l).progress = 3 - rem;
    g.players[0].threat = 30;
    g
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
    let mut g = leadership_in("deadmens-dike");
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

/// The Mission objective in the staging area.
fn common_mission(g: &Game) -> CardId {
    crate::cards::common::mission(g).expect("a Mission objective")
}

// --- plan1: one job per character ---

/// Intruders in Chetwood 1B with two engaged Cornered Orcs (2 ATK, 1 DEF, 2 HP) and Exposed
/// Ridge (3 threat) staged: each Orc needs a defender and the one hero left can fight one of
/// them, while the quest fails by the staged threat.
fn two_orcs_and_a_ridge() -> Game<'static> {
    let mut g = leadership_in("intruders-in-chetwood");
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

// --- angmar1 ---

/// The Battle of Carn Dûm, stage 1B, Standard, with the Leadership heroes at threat 30 and
/// Thaurdir (Captain side, 4 threat) staged: `extra` enemies staged too.
fn carn_dum_1b(extra: &[&str]) -> (Game<'static>, CardId, Vec<CardId>) {
    let mut g = leadership_in("the-battle-of-carn-dum");
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

// --- dd5: Deadmen's Dike ---

/// Deadmen's Dike stage 1B at threat 30, nothing staged, an encounter deck of Cursed Dead only
/// (engagement 27: each revealed one engages at once; Attack 3), and, if `hurt`, every hero
/// left with 3 hit points (the expected 3 + 1 for a shadow kills whichever hero takes it).
fn dike_reveal_situation(hurt: bool) -> Game<'static> {
    let mut g = leadership_in("deadmens-dike");
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

/// The Wastes of Eriador 3B (Battle with the Pack) for Leadership heroes, with the scenario's
/// one Pack Leader (the stage's hint finds him wherever he is) engaged with seat 0: the game,
/// the stage and Pack Leader.
fn pack_leader_engaged() -> (Game<'static>, CardId, CardId) {
    let mut g = leadership_in("the-wastes-of-eriador");
    let q = set_stage(&mut g, BATTLE_WITH_THE_PACK);
    let pl = (0..g.cards.len() as CardId)
        .find(|&c| g.def_of(c).code == PACK_LEADER)
        .unwrap();
    g.move_card(pl, Zone::Engaged(0));
    (g, q, pl)
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

/// A Wrath and Ruin stage-1B board for seat 0 (Aragorn, Théodred, Glóin and a Snowbourn Scout):
/// Thane Ulchor alone staged, nothing in the encounter deck, and with `active` a Contested
/// Square (3 quest points) with `progress` on it as the active location.
fn ulchor_board(active: bool, progress: i16) -> (Game<'static>, CardId) {
    use crate::cards::encounter::wrath_and_ruin::ULCHOR;
    let mut g = leadership_in("wrath-and-ruin");
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
