//! Chaining the scenarios of a campaign (RULES.md §9.2): a lost scenario is played again (up
//! to `retries` more times), a won one resolves its campaign card, records fallen heroes and
//! the score, and the campaign goes on to the next scenario; it stops at the first scenario
//! that is not playable yet. Campaign `index` is a pure function of (master seed, index) and
//! the starting log: its game for (scenario k, attempt a) has master seed
//! `seed::derive(master, index, Campaign)` and index `k * 65536 + a`.
//!
//! Between-scenario choices are made here with documented defaults (README *Campaign*):
//! a fallen hero is replaced by the first hero of the player's reserve list that is not
//! fallen and whose title is not in any party; card-specific choices are the campaign
//! card's resolution.

use super::{CampaignGame, CampaignState, ORDER};
use crate::cards::campaign::{campaign_card, CampaignCard};
use crate::data::{CardDb, CardType, DefId, Mode};
use crate::decklist::Deck;
use crate::engine::{
    try_play_game, Bot, CardId, Game, GameSetup, PlayError, RuleOptions, Zone, ENCOUNTER,
};
use crate::record::Outcome;
use std::sync::Arc;

/// Default of `--retries`: a lost scenario is played again up to this many times.
pub const DEFAULT_RETRIES: u32 = 9;

/// Everything fixed for the campaigns of a run.
#[derive(Clone, Debug)]
pub struct CampaignSetup {
    pub mode: Mode,
    /// Each seat's deck (its heroes start the campaign unless the log names others).
    pub decks: Vec<Deck>,
    /// Each seat's reserve heroes, in order of preference (replacements for fallen heroes).
    pub reserves: Vec<Vec<DefId>>,
    pub options: RuleOptions,
    pub max_rounds: u16,
    pub allow_unimplemented: bool,
    /// Extra attempts after a loss (0: one attempt per scenario).
    pub retries: u32,
    /// Each seat's bot spec (`bots::make_spec`), for `run_campaigns`.
    pub bots: Vec<String>,
}

/// How a campaign ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every scenario won (the campaign is won).
    Won,
    /// Scenario `n` was lost `retries + 1` times in a row.
    Lost(u8),
    /// Scenario `n` cannot be played yet (scenario or campaign card not implemented).
    NotPlayable(u8),
    /// Scenario `n` could not start: a party has no hero left (all fallen, no reserve).
    NoHeroes(u8),
}

/// One scenario of a campaign.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScenarioResult {
    pub attempts: u32,
    pub won: bool,
    /// Score of the winning game.
    pub score: i32,
    /// Heroes that fell in the winning game.
    pub fallen: u8,
    /// Threat penalty when the scenario was played (its last attempt).
    pub threat_penalty: i16,
    /// Number of campaign pool cards when it was played.
    pub pool: u8,
}

/// The result of one campaign.
#[derive(Clone, Debug)]
pub struct CampaignRecord {
    pub index: u64,
    /// The scenario it started at.
    pub start: u8,
    pub stop: Stop,
    /// Per scenario 1–9 (index k-1); untouched for scenarios not reached.
    pub scenarios: [ScenarioResult; 9],
    /// The campaign total score at the end (`CampaignState::total_score`).
    pub total_score: i32,
    /// The threat penalty at the end.
    pub threat_penalty: i16,
    /// The log at the end (empty in records read back from a file: `campaign::store`).
    pub state: CampaignState,
}

impl CampaignRecord {
    /// Scenarios won in this campaign.
    pub fn won(&self) -> u8 {
        self.scenarios.iter().filter(|s| s.won).count() as u8
    }
}

/// Why scenario `slug` cannot be played in campaign mode yet (`None`: it can).
pub fn not_playable(db: &CardDb, slug: &str, mode: Mode) -> Option<String> {
    let Some(sc) = db.scenario(slug) else {
        return Some(format!("{slug}: no such scenario in the data"));
    };
    if db.scenarios[sc].quest[mode as usize].is_empty() {
        return Some(format!("{slug}: no {} mode", mode.name()));
    }
    if !crate::soak::missing_scenario_cards(db, sc, mode).is_empty() {
        return Some(format!("{slug}: scenario not implemented yet"));
    }
    let Some(card) = campaign_card(slug) else {
        return Some(format!("{slug}: campaign card not implemented yet"));
    };
    if let Some(c) = std::iter::once(card.code)
        .chain(card.needs.iter().copied())
        .find(|c| db.by_code(c).is_none())
    {
        return Some(format!("{slug}: campaign card names unknown card {c}"));
    }
    // No card is played as if it had no text: the campaign card and every card it brings in
    // must be implemented (the campaign card's back is its resolution, `CampaignCard`).
    let missing = std::iter::once(card.code)
        .chain(card.needs.iter().copied())
        .filter_map(|c| db.by_code(c))
        .find(|&d| crate::cards::status(db, d) == crate::cards::Status::Missing);
    if let Some(d) = missing {
        return Some(format!(
            "{slug}: campaign card needs {} ({}), not implemented yet",
            db.def(d).title,
            db.def(d).code
        ));
    }
    None
}

/// The campaign's starting log for a run without `--campaign-log`: the decks' heroes,
/// scenario `from`.
pub fn fresh_state(setup: &CampaignSetup, from: u8) -> CampaignState {
    CampaignState::new(from, setup.decks.iter().map(|d| d.heroes.clone()).collect())
}

/// Play campaign `index` from `start` (its `next` scenario) to its end. An engine fault in one of
/// its games ends it with that fault.
pub fn play_campaign(
    db: &CardDb,
    setup: &CampaignSetup,
    bots: &mut [Box<dyn Bot>],
    master: u64,
    index: u64,
    start: &CampaignState,
    mut trace: Option<&mut Vec<String>>,
) -> Result<CampaignRecord, PlayError> {
    let mut st = start.clone();
    let seed = crate::seed::derive(master, index, crate::seed::Stream::Campaign);
    let mut rec = CampaignRecord {
        index,
        start: start.next,
        stop: Stop::Won,
        scenarios: [ScenarioResult::default(); 9],
        total_score: 0,
        threat_penalty: 0,
        state: st.clone(),
    };
    while (1..=9).contains(&st.next) {
        let k = st.next;
        let slug = ORDER[k as usize - 1];
        if not_playable(db, slug, setup.mode).is_some() {
            rec.stop = Stop::NotPlayable(k);
            break;
        }
        let card = campaign_card(slug).expect("checked by not_playable");
        replace_fallen(db, setup, &mut st, k);
        if st.heroes.iter().any(|h| h.is_empty()) {
            rec.stop = Stop::NoHeroes(k);
            break;
        }
        let sc = db.scenario(slug).expect("checked by not_playable");
        let (game_setup, cg) = scenario_setup(db, setup, &st, sc, k, card);
        if game_setup.validate(db).is_err() {
            rec.stop = Stop::NoHeroes(k);
            break;
        }
        let cg = Arc::new(cg);
        let r = &mut rec.scenarios[k as usize - 1];
        r.threat_penalty = st.threat_penalty;
        r.pool = st.pool.len().min(255) as u8;
        let mut game = Game::new(db, &game_setup);
        game.set_campaign(Some(cg));
        game.set_logging(trace.is_some());
        let mut won = false;
        for a in 0..=setup.retries {
            r.attempts += 1;
            let g_rec = try_play_game(&mut game, bots, seed, (k as u64) << 16 | a as u64)?;
            if let Some(t) = trace.as_deref_mut() {
                t.push(format!(
                    "## campaign {index}, scenario {k} ({slug}), attempt {}",
                    a + 1
                ));
                t.extend(game.log_lines().iter().cloned());
            }
            if g_rec.outcome == Outcome::Win {
                won = true;
                r.won = true;
                r.score = g_rec.score;
                break;
            }
        }
        if !won {
            rec.stop = Stop::Lost(k);
            break;
        }
        r.fallen = resolve(db, &game, &mut st, card, k);
        if let Some(t) = trace.as_deref_mut() {
            t.push(format!("## campaign log after scenario {k}"));
            t.extend(super::log::write(db, &st).lines().map(str::to_string));
        }
    }
    rec.total_score = st.total_score();
    rec.threat_penalty = st.threat_penalty;
    rec.state = st;
    Ok(rec)
}

/// The won scenario's resolution (RULES §9.2.5): the campaign card's side B, then fallen heroes
/// (only heroes destroyed, i.e. in a discard pile at the end: §9.2.6's engine choice) and the
/// Permanent cards they held leave the pool, then the score. Returns the heroes that fell.
pub fn resolve(db: &CardDb, game: &Game, st: &mut CampaignState, card: &CampaignCard, k: u8) -> u8 {
    (card.resolution)(game, st);
    crate::cards::campaign::after_every_win(game, st);
    let mut fallen = 0u8;
    for p in 0..game.n_players {
        // Rule option `eliminated_heroes_fall` (§9.2.6): an eliminated player's heroes too.
        let eliminated =
            game.setup.options.eliminated_heroes_fall && game.players[p as usize].eliminated;
        let dead: Vec<CardId> = game
            .list(Zone::Discard(p))
            .iter()
            .copied()
            .chain(
                (0..game.cards.len() as CardId)
                    .filter(|&c| eliminated && game.card(c).owner == p && game.is_hero(c)),
            )
            .collect();
        for c in dead {
            if game.ty(c) == CardType::Hero {
                let d = game.card(c).def;
                let d = db.original(d);
                if !st.fallen.contains(&d) {
                    st.fallen.push(d);
                    fallen += 1;
                }
                st.pool
                    .retain(|pc| pc.hero.map(|h| db.original(h)) != Some(d));
                if let Some(h) = st.heroes.get_mut(p as usize) {
                    h.retain(|&x| db.original(x) != d);
                }
            }
        }
    }
    st.scores.push((k, game.record().score));
    st.next = k + 1;
    fallen
}

/// The hero Amarthiúl may join a party only from The Battle of Carn Dûm on (its campaign card).
const AMARTHIUL: &str = "Amarthiúl";
const AMARTHIUL_FROM: u8 = 8;

/// Scenarios whose campaign card lets players change heroes without the +1 threat penalty
/// (RULES §9.4.3: The Wastes of Eriador, The Battle of Carn Dûm).
pub const FREE_CHANGES: [u8; 2] = [4, 8];

/// Before scenario `k`: each party below its deck's hero count takes reserve heroes in order
/// (not fallen, title not in any party); each replacement costs +1 threat penalty unless `k`
/// allows free changes (§9.4).
fn replace_fallen(db: &CardDb, setup: &CampaignSetup, st: &mut CampaignState, k: u8) {
    for p in 0..st.heroes.len() {
        let want = setup.decks.get(p).map_or(3, |d| d.heroes.len()).min(3);
        let reserve = setup.reserves.get(p).cloned().unwrap_or_default();
        for r in reserve {
            if st.heroes[p].len() >= want {
                break;
            }
            let title = &db.def(r).title;
            let taken = st
                .heroes
                .iter()
                .flatten()
                .any(|&h| &db.def(h).title == title);
            if taken || st.is_fallen(db, r) || (title == AMARTHIUL && k < AMARTHIUL_FROM) {
                continue;
            }
            st.heroes[p].push(r);
            if !FREE_CHANGES.contains(&k) {
                let n = setup.options.threat_penalty_per_change;
                st.threat_penalty += n;
                let pp = &mut st.notes.player_penalty;
                if pp.len() <= p {
                    pp.resize(p + 1, 0);
                }
                pp[p] += n;
            }
        }
    }
}

/// The game setup of scenario `k` for this log: the log's heroes, the decks without the cards
/// lost in Mount Gram, the pool's player cards in their decks, and the cards set aside for the
/// campaign card's text and the pool's Setup text.
pub fn scenario_setup(
    db: &CardDb,
    setup: &CampaignSetup,
    st: &CampaignState,
    sc: usize,
    k: u8,
    card: &CampaignCard,
) -> (GameSetup, CampaignGame) {
    let mut decks = setup.decks.clone();
    for (p, d) in decks.iter_mut().enumerate() {
        if let Some(h) = st.heroes.get(p) {
            d.heroes = h.clone();
        }
        d.cards.retain(|&c| {
            !st.notes
                .lost
                .iter()
                .any(|&(q, l)| q as usize == p && db.original(l) == db.original(c))
        });
    }
    // A card the campaign card needs that the pool already holds comes from the pool.
    let needs: Vec<DefId> = card
        .needs
        .iter()
        .filter_map(|c| db.by_code(c))
        .filter(|&d| !st.pool.iter().any(|p| p.card == d))
        .collect();
    let mut set_aside: Vec<(DefId, u8, bool)> =
        needs.iter().map(|&d| (d, ENCOUNTER, false)).collect();
    for pc in &st.pool {
        let player_card = db.def(pc.card).ty.is_player_card();
        match (player_card, pc.hero, pc.player) {
            // A Permanent card: set aside for its owner, its Setup text attaches it.
            (true, Some(h), _) => {
                let owner = st
                    .heroes
                    .iter()
                    .position(|hs| hs.iter().any(|&x| db.original(x) == db.original(h)));
                if let Some(o) = owner {
                    set_aside.push((pc.card, o as u8, true));
                }
            }
            // A player card of a player's deck (outside the deck-size count).
            (true, None, Some(p)) => {
                let lost = st
                    .notes
                    .lost
                    .iter()
                    .any(|&(q, l)| q == p && db.original(l) == db.original(pc.card));
                if let (Some(d), false) = (decks.get_mut(p as usize), lost) {
                    d.cards.push(pc.card);
                }
            }
            // A boon of the group (Amarthiúl's Courage): set aside, its Setup text places it.
            (true, None, None) => set_aside.push((pc.card, 0, true)),
            // Encounter-backed pool cards: set aside; their Setup text (if any) brings them in.
            (false, _, _) => set_aside.push((pc.card, ENCOUNTER, true)),
        }
    }
    let game_setup = GameSetup {
        scenario: sc,
        mode: setup.mode,
        decks,
        options: setup.options.clone(),
        max_rounds: setup.max_rounds,
        allow_unimplemented: setup.allow_unimplemented,
    };
    let cg = CampaignGame {
        state: st.clone(),
        number: k,
        card: db.by_code(card.code).expect("checked by not_playable"),
        set_aside,
    };
    (game_setup, cg)
}

/// Play campaigns `0..n` on `threads` worker threads (each with its own bots, made from
/// `bots`); the records come back sorted by index, identical for any thread count. An engine
/// fault ends the run with the fault of the lowest campaign index met.
pub fn run_campaigns(
    db: &CardDb,
    setup: &CampaignSetup,
    master: u64,
    n: u64,
    threads: usize,
    start: &CampaignState,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Vec<CampaignRecord>, PlayError> {
    use rayon::prelude::*;
    let threads = crate::batch::resolve_threads(threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("cannot build the thread pool");
    let make = || -> Vec<Box<dyn Bot>> {
        setup
            .bots
            .iter()
            .map(|s| crate::bots::make_spec(s).expect("bot specs are checked before"))
            .collect()
    };
    let mut out: Vec<CampaignRecord> = pool.install(|| {
        (0..n)
            .into_par_iter()
            .map_init(make, |b, i| {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    return None;
                }
                Some(play_campaign(db, setup, b, master, i, start, None))
            })
            .flatten()
            .collect::<Result<Vec<_>, _>>()
    })?;
    out.sort_by_key(|r| r.index);
    Ok(out)
}

#[cfg(test)]
mod tests {
    //! Chaining with forced wins (the bots rarely win these scenarios): each scenario is set up
    //! from the log as `play_campaign` does, played two rounds by `basic`, declared won and
    //! resolved; the log must carry what the campaign cards say.

    use super::*;
    use crate::cards::testkit::db;
    use crate::record::Outcome;

    fn setup() -> CampaignSetup {
        let deck = crate::deck::resolve_deck("core-leadership", db()).unwrap();
        CampaignSetup {
            mode: Mode::Easy,
            decks: vec![deck],
            reserves: vec![vec![]],
            options: RuleOptions::default(),
            max_rounds: 30,
            allow_unimplemented: false,
            retries: 0,
            bots: vec!["basic".into()],
        }
    }

    /// Scenario `st.next` set up from the log, two rounds of `basic`, a forced win, the
    /// resolution. Returns the game's trace and its setup's first deck.
    fn win(setup: &CampaignSetup, st: &mut CampaignState) -> (String, Deck) {
        let db = db();
        let k = st.next;
        let slug = ORDER[k as usize - 1];
        assert_eq!(not_playable(db, slug, setup.mode), None, "{slug}");
        let card = campaign_card(slug).unwrap();
        replace_fallen(db, setup, st, k);
        let sc = db.scenario(slug).unwrap();
        let (gs, cg) = scenario_setup(db, setup, st, sc, k, card);
        let mut g = Game::new(db, &gs);
        g.set_campaign(Some(Arc::new(cg)));
        g.set_logging(true);
        let mut bot = crate::bots::make("basic").unwrap();
        // The first game (index) still going when round 3 begins is declared won.
        for i in 0..20 {
            bot.new_game(i);
            g.start(7, i);
            g.play_until_round(bot.as_mut(), 3, 5_000);
            if !g.is_over() {
                g.end_game(Outcome::Win);
                g.finish_record();
                break;
            }
        }
        let trace = g.log_lines().join("\n");
        if g.record().outcome == Outcome::Win {
            resolve(db, &g, st, card, k);
        }
        (trace, gs.decks[0].clone())
    }

    fn pooled(st: &CampaignState, code: &str) -> usize {
        let d = db().by_code(code).unwrap();
        st.pool.iter().filter(|p| p.card == d).count()
    }

    #[test]
    fn a_campaign_chains_from_1_through_5() {
        let s = setup();
        let mut st = fresh_state(&s, 1);
        for k in 1..=5u8 {
            let (trace, deck) = win(&s, &mut st);
            assert_eq!(st.next, k + 1, "scenario {k} won:\n{trace}");
            match k {
                1 => assert_eq!(pooled(&st, "AAC-158A"), 1),
                3 => {
                    assert!(trace.contains("Protect the Innocent to the staging area"));
                    // Protect the Innocent turns into Arnor Ravaged; the Pendant is taken.
                    assert_eq!(pooled(&st, "AAC-158A"), 0);
                    assert_eq!(pooled(&st, "AAC-158B"), 1);
                    assert_eq!(pooled(&st, "AAC-157"), 1);
                }
                4 => {
                    assert!(
                        trace.contains("Arnor Ravaged to the staging area"),
                        "{trace}"
                    );
                    // The Pendant chosen after Deadmen's Dike is in the first player's deck.
                    let p = db().by_code("AAC-157").unwrap();
                    assert!(deck.cards.contains(&p));
                    assert_eq!(pooled(&st, "AAC-173"), 1);
                }
                _ => {}
            }
        }
        // Escape from Mount Gram (5) chained on to Across the Ettenmoors (6).
        assert_eq!(st.scores.len(), 5);
        assert_eq!(not_playable(db(), ORDER[5], s.mode), None);
    }

    #[test]
    fn a_campaign_chains_from_6_through_9() {
        let db = db();
        let s = setup();
        let mut st = fresh_state(&s, 6);
        // Carried from Deadmen's Dike: a Thaurdir burden and Amarthiúl's Courage.
        st.add_to_pool(db.by_code("AAC-170").unwrap(), None, None);
        st.add_to_pool(db.by_code("AAC-167").unwrap(), None, None);
        let (t6, _) = win(&s, &mut st);
        assert_eq!(st.next, 7, "{t6}");
        // No Thaurdir in Across the Ettenmoors: his burden is removed from the game.
        assert!(
            t6.contains("Thaurdir's Spite removed from the game"),
            "{t6}"
        );
        assert!(t6.contains("Amarthiúl's Courage"), "{t6}");
        let (t7, _) = win(&s, &mut st);
        assert_eq!(st.next, 8, "{t7}");
        // Thaurdir is set aside at the start of The Treachery of Rhudaur: the burden waits on
        // the campaign card; Losing Time from the pool (if any) is shuffled in.
        assert!(t7.contains("Thaurdir's Spite waits for Thaurdir"), "{t7}");
        if pooled(&st, "AAC-183") > 0 {
            assert!(
                t7.contains("Losing Time shuffled into the encounter deck"),
                "{t7}"
            );
        }
        let (t8, _) = win(&s, &mut st);
        assert_eq!(st.next, 9, "{t8}");
        // Thaurdir starts in the staging area at The Battle of Carn Dûm.
        assert!(t8.contains("Thaurdir's Spite attached to Thaurdir"), "{t8}");
        assert!(t8.contains("takes"), "a Carn Dûm boon taken:\n{t8}");
        assert_eq!(st.notes.hero_damage.len(), st.heroes[0].len());
        // The Dread Realm: the heroes begin with the logged damage; a win ends the campaign.
        assert_eq!(not_playable(db, ORDER[8], s.mode), None);
        let damaged = st.notes.hero_damage.iter().any(|x| x.1 > 0);
        let (t9, _) = win(&s, &mut st);
        assert_eq!(st.next, 10, "{t9}");
        if damaged {
            assert!(t9.contains("damage (campaign log)"), "{t9}");
        }
        assert_eq!(st.scores.len(), 4);
    }

    #[test]
    fn a_campaign_from_6_is_won_at_the_end_of_9() {
        let db = db();
        let s = setup();
        // A log written at scenario 9: play_campaign wins or loses there, and a win is the end.
        let mut st = fresh_state(&s, 9);
        st.notes.hero_damage.push((st.heroes[0][0], 1));
        let mut bots: Vec<Box<dyn Bot>> = vec![crate::bots::make("basic").unwrap()];
        let mut lines = Vec::new();
        let mut s2 = s.clone();
        s2.retries = 2;
        let rec = play_campaign(db, &s2, &mut bots, 1, 0, &st, Some(&mut lines)).unwrap();
        let t = lines.join("\n");
        assert!(t.contains("begins with 1 damage (campaign log)"), "{t}");
        match rec.stop {
            Stop::Won => {
                assert_eq!(rec.state.next, 10);
                assert!(rec.scenarios[8].won);
            }
            Stop::Lost(9) => assert_eq!(rec.scenarios[8].attempts, 3),
            other => panic!("unexpected stop {other:?}"),
        }
        assert_eq!(crate::campaign::report::playable_until(db, s.mode, 6), 9);
    }

    /// Rule option `eliminated_heroes_fall` (§9.2.6): off, only destroyed heroes (in a discard
    /// pile) fall; on, every hero of a player eliminated in the won scenario falls too, and
    /// the Permanent cards recorded for them leave the pool.
    #[test]
    fn eliminated_heroes_fall_is_a_rule_option() {
        use crate::cards::testkit::set_options;
        use crate::cards::testkit::{hero, sandbox};
        let db = db();
        let card = campaign_card(ORDER[8]).unwrap();
        for fall in [false, true] {
            let mut g = sandbox(&[&["Core-001", "Core-002"], &["Core-004", "Core-005"]]);
            set_options(&mut g, |o| o.eliminated_heroes_fall = fall);
            let aragorn = hero(&g, "Core-001");
            let eowyn = g.heroes(1).next().unwrap();
            let (d_aragorn, d_eowyn) = (g.def_id(aragorn), db.original(g.def_id(eowyn)));
            let heroes: Vec<Vec<DefId>> = (0..2)
                .map(|p| g.heroes(p).map(|h| db.original(g.def_id(h))).collect())
                .collect();
            let mut st = CampaignState::new(9, heroes);
            let hardy = db.by_code("AAC-162").unwrap();
            st.add_to_pool(hardy, Some(1), Some(d_eowyn));
            // P1's Aragorn is destroyed; P2 is eliminated with both heroes in play.
            g.move_card(aragorn, Zone::Discard(0));
            g.eliminate(1, true);
            assert!(g.players[1].eliminated);
            let n = resolve(db, &g, &mut st, card, 9);
            assert!(st.fallen.contains(&db.original(d_aragorn)));
            assert_eq!(st.fallen.contains(&d_eowyn), fall);
            assert_eq!(n, if fall { 3 } else { 1 });
            assert_eq!(st.heroes[1].is_empty(), fall);
            assert_eq!(st.pool.iter().any(|p| p.card == hardy), !fall);
            assert_eq!(st.next, 10);
        }
    }

    #[test]
    fn reserve_heroes_cost_the_named_threat_penalty() {
        let db = db();
        let mut s = setup();
        s.options.threat_penalty_per_change = 2;
        let amarthiul = db.by_code("TBoCD-115").unwrap();
        let eowyn = db.by_code("Core-004").unwrap();
        s.reserves = vec![vec![amarthiul, eowyn]];
        let mut st = fresh_state(&s, 5);
        st.heroes[0].pop();
        // Before The Battle of Carn Dûm the hero Amarthiúl may not join; Éowyn costs 2.
        replace_fallen(db, &s, &mut st, 5);
        assert_eq!(st.heroes[0].last(), Some(&eowyn));
        assert_eq!(
            (st.threat_penalty, st.notes.player_penalty.clone()),
            (2, vec![2])
        );
        // At Carn Dûm changes are free and Amarthiúl may be taken.
        st.heroes[0].pop();
        replace_fallen(db, &s, &mut st, 8);
        assert_eq!(st.heroes[0].last(), Some(&amarthiul));
        assert_eq!(st.threat_penalty, 2);
    }

    #[test]
    fn mount_gram_lost_cards_stay_out_of_decks_and_pool_cards() {
        let db = db();
        let s = setup();
        let mut st = fresh_state(&s, 6);
        let pendant = db.by_code("AAC-157").unwrap();
        let guard = s.decks[0].cards[0];
        st.add_to_pool(pendant, Some(0), None);
        let card = campaign_card(ORDER[5]).unwrap();
        let sc = db.scenario(ORDER[5]).unwrap();
        let (gs, _) = scenario_setup(db, &s, &st, sc, 6, card);
        assert!(gs.decks[0].cards.contains(&pendant) && gs.decks[0].cards.contains(&guard));
        // Both noted as lost in Mount Gram: neither is in the deck any more.
        st.notes.lost.push((0, pendant));
        st.notes.lost.push((0, guard));
        let (gs, _) = scenario_setup(db, &s, &st, sc, 6, card);
        assert!(!gs.decks[0].cards.contains(&pendant) && !gs.decks[0].cards.contains(&guard));
    }
}
