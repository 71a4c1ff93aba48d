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
use crate::engine::{play_game, Bot, Game, GameSetup, RuleOptions, Zone, ENCOUNTER};
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
    /// The log at the end.
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
    None
}

/// The campaign's starting log for a run without `--campaign-log`: the decks' heroes,
/// scenario `from`.
pub fn fresh_state(setup: &CampaignSetup, from: u8) -> CampaignState {
    CampaignState::new(from, setup.decks.iter().map(|d| d.heroes.clone()).collect())
}

/// Play campaign `index` from `start` (its `next` scenario) to its end.
pub fn play_campaign(
    db: &CardDb,
    setup: &CampaignSetup,
    bots: &mut [Box<dyn Bot>],
    master: u64,
    index: u64,
    start: &CampaignState,
    mut trace: Option<&mut Vec<String>>,
) -> CampaignRecord {
    let mut st = start.clone();
    let seed = crate::seed::derive(master, index, crate::seed::Stream::Campaign);
    let mut rec = CampaignRecord {
        index,
        start: start.next,
        stop: Stop::Won,
        scenarios: [ScenarioResult::default(); 9],
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
            let g_rec = play_game(&mut game, bots, seed, (k as u64) << 16 | a as u64);
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
    rec.state = st;
    rec
}

/// The won scenario's resolution (RULES §9.2.5): the campaign card's side B, then fallen heroes
/// (only heroes destroyed, i.e. in a discard pile at the end: §9.2.6's engine choice) and the
/// Permanent cards they held leave the pool, then the score. Returns the heroes that fell.
pub fn resolve(db: &CardDb, game: &Game, st: &mut CampaignState, card: &CampaignCard, k: u8) -> u8 {
    (card.resolution)(game, st);
    crate::cards::campaign::after_every_win(game, st);
    let mut fallen = 0u8;
    for p in 0..game.n_players {
        for &c in game.list(Zone::Discard(p)) {
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
            if taken || st.is_fallen(db, r) {
                continue;
            }
            st.heroes[p].push(r);
            if !FREE_CHANGES.contains(&k) {
                st.threat_penalty += 1;
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
                if let Some(d) = decks.get_mut(p as usize) {
                    d.cards.push(pc.card);
                }
            }
            (true, None, None) => {}
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
/// `bots`); the records come back sorted by index, identical for any thread count.
pub fn run_campaigns(
    db: &CardDb,
    setup: &CampaignSetup,
    master: u64,
    n: u64,
    threads: usize,
    start: &CampaignState,
    stop: &std::sync::atomic::AtomicBool,
) -> Vec<CampaignRecord> {
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
            .collect()
    });
    out.sort_by_key(|r| r.index);
    out
}
