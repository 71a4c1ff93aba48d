//! Soak test (`lotr-sim soak`): many seeded games over every playable scenario × mode × bot ×
//! player count (solo games rotate through every built-in deck: `soak_deck`), with the engine's invariants (`Game::check_invariants`) checked at every
//! decision, every bot answer checked to be a legal option, every game required to end with
//! an outcome within a step limit, and panics caught. Reports games played, violations, and the
//! first failing configuration and game (replayable with `lotr-sim trace`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::bots::{self, BOTS};
use crate::cards::{self, Status};
use crate::data::{CardDb, DefId, Mode};
use crate::deck::{builtin_decks, resolve_deck};
use crate::engine::{Game, GameSetup, RuleOptions};

/// Built-in decks used for seats 1 to 4 (distinct heroes, so any prefix is a legal game).
pub const SOAK_DECKS: [&str; 4] = [
    "core-leadership",
    "core-tactics",
    "core-spirit",
    "core-lore",
];

/// Decisions after which a game counts as not terminating.
pub const STEP_LIMIT: u64 = 500_000;

/// Encounter, quest and Nightmare setup cards of scenario `sc` in `mode` whose abilities the
/// engine does not implement (empty: the combination is playable).
pub fn missing_scenario_cards(db: &CardDb, sc: usize, mode: Mode) -> Vec<DefId> {
    let s = &db.scenarios[sc];
    let mut enc: Vec<DefId> = s.encounter[mode as usize]
        .iter()
        .map(|&(d, _)| d)
        .chain(
            s.quest[mode as usize]
                .iter()
                .flat_map(|&q| [Some(q), db.def(q).back])
                .flatten(),
        )
        .chain(if mode == Mode::Nightmare {
            s.nightmare_setup
        } else {
            None
        })
        .filter(|&id| cards::status(db, id) == Status::Missing)
        .collect();
    enc.sort_unstable();
    enc.dedup();
    enc
}

/// Every (scenario, mode) the engine can play, in data order.
pub fn playable_combos(db: &CardDb) -> Vec<(usize, Mode)> {
    let mut out = Vec::new();
    for sc in 0..db.scenarios.len() {
        for m in Mode::ALL {
            if !db.scenarios[sc].quest[m as usize].is_empty()
                && missing_scenario_cards(db, sc, m).is_empty()
            {
                out.push((sc, m));
            }
        }
    }
    out
}

/// One soak configuration.
#[derive(Clone, Debug)]
pub struct SoakConfig {
    pub scenario: usize,
    pub mode: Mode,
    pub bot: &'static str,
    pub players: usize,
}

/// A failed game.
#[derive(Clone, Debug)]
pub struct Violation {
    pub config: SoakConfig,
    /// Seat 1's deck (a built-in deck's name).
    pub deck: &'static str,
    pub seed: u64,
    pub game: u64,
    pub what: String,
}

/// What a soak found.
#[derive(Debug, Default)]
pub struct SoakReport {
    pub configs: usize,
    pub games: u64,
    pub decisions: u64,
    pub violations: u64,
    /// The violation with the lowest (configuration, game) order.
    pub first: Option<Violation>,
}

/// Every playable scenario × mode × bot × player count (1 to 4).
pub fn soak_configs(db: &CardDb) -> Vec<SoakConfig> {
    let mut v = Vec::new();
    for (scenario, mode) in playable_combos(db) {
        for b in BOTS {
            for players in 1..=SOAK_DECKS.len() {
                v.push(SoakConfig {
                    scenario,
                    mode,
                    bot: b.soak,
                    players,
                });
            }
        }
    }
    v
}

/// The decks seat 1 plays in configuration `c`, with their setups: solo, every built-in deck
/// the scenario and mode allow (a deck's own cards, e.g. a player side quest, meet every
/// encounter deck); with more players `SOAK_DECKS[0]` (the other seats' heroes are distinct
/// from its), which must be allowed. Game `i` of a configuration takes entry `soak_pick`: the
/// decks in turn, continuing from the scenario's earlier solo configurations, so that a few
/// games a configuration bring every deck to every scenario.
pub fn soak_seat1(
    db: &CardDb,
    c: &SoakConfig,
    max_rounds: u16,
) -> Result<Vec<(&'static str, GameSetup)>, String> {
    if c.players > 1 {
        let s = soak_setup(db, c, max_rounds)?;
        s.validate(db)
            .map_err(|e| format!("soak configuration {c:?}: {e}"))?;
        return Ok(vec![(SOAK_DECKS[0], s)]);
    }
    let mut v = Vec::new();
    for &(d, _) in builtin_decks() {
        let s = soak_setup_with(db, c, d, max_rounds)?;
        if s.validate(db).is_ok() {
            v.push((d, s));
        }
    }
    if v.is_empty() {
        return Err(format!(
            "soak configuration {c:?}: no built-in deck is allowed"
        ));
    }
    Ok(v)
}

/// For each configuration, how many solo configurations of its scenario come before it in
/// `configs` (where its solo games continue the scenario's turn through the decks).
pub fn solo_ranks(configs: &[SoakConfig]) -> Vec<u64> {
    configs
        .iter()
        .enumerate()
        .map(|(k, c)| {
            configs[..k]
                .iter()
                .filter(|x| x.scenario == c.scenario && x.players == 1)
                .count() as u64
        })
        .collect()
}

/// Which of `len` seat-1 decks game `i` of a configuration plays when each configuration plays
/// `per` games and `rank` solo configurations of its scenario come before it (`solo_ranks`).
pub fn soak_pick(rank: u64, per: u64, i: u64, len: usize) -> usize {
    ((rank * per + i) % len as u64) as usize
}

/// The game setup of a soak configuration (seat 1 plays `SOAK_DECKS[0]`).
pub fn soak_setup(db: &CardDb, c: &SoakConfig, max_rounds: u16) -> Result<GameSetup, String> {
    soak_setup_with(db, c, SOAK_DECKS[0], max_rounds)
}

/// The game setup of a soak configuration with `seat1`'s deck in seat 1.
pub fn soak_setup_with(
    db: &CardDb,
    c: &SoakConfig,
    seat1: &str,
    max_rounds: u16,
) -> Result<GameSetup, String> {
    let decks = std::iter::once(seat1)
        .chain(SOAK_DECKS[1..c.players].iter().copied())
        .map(|d| resolve_deck(d, db).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(GameSetup {
        scenario: c.scenario,
        mode: c.mode,
        decks,
        options: RuleOptions::default(),
        max_rounds,
        allow_unimplemented: false,
    })
}

/// Play one game with every check; `Err` describes the first violation.
fn checked_game(
    g: &mut Game,
    bots: &mut [Box<dyn bots::Bot>],
    seed: u64,
    i: u64,
) -> Result<u64, String> {
    for (seat, b) in bots.iter_mut().enumerate() {
        b.new_game(crate::seed::derive(
            seed,
            i,
            crate::seed::Stream::Bot(seat as u8),
        ));
    }
    g.start(seed, i);
    let mut steps = 0u64;
    loop {
        g.check_invariants()
            .map_err(|e| format!("invariant broken after {steps} decisions: {e}"))?;
        let Some(d) = g.pending() else { break };
        let n = d.options.len();
        let k = bots[d.player as usize].choose(g, d);
        if k >= n {
            return Err(format!("bot chose option {k} of {n}"));
        }
        g.apply(k);
        steps += 1;
        if steps > STEP_LIMIT {
            return Err(format!("no end after {STEP_LIMIT} decisions"));
        }
    }
    if g.outcome().is_none() {
        return Err("the game stopped without an outcome".into());
    }
    Ok(steps)
}

/// Play `games_per_config` games of every configuration on `threads` threads (0 = all
/// cores). `progress` is called with the number of games finished so far, from any thread.
/// `stop` ends the soak early (the report counts what was played).
#[allow(clippy::too_many_arguments)]
pub fn soak(
    db: &CardDb,
    configs: &[SoakConfig],
    games_per_config: u64,
    seed: u64,
    max_rounds: u16,
    threads: usize,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SoakReport, String> {
    // The setups of every (configuration, seat-1 deck) the games will use.
    let setups = configs
        .iter()
        .map(|c| soak_seat1(db, c, max_rounds))
        .collect::<Result<Vec<_>, _>>()?;
    let ranks = solo_ranks(configs);
    let setup_of = |c: usize, i: u64| -> (&'static str, &GameSetup) {
        let k = soak_pick(ranks[c], games_per_config, i, setups[c].len());
        let (name, s) = &setups[c][k];
        (name, s)
    };
    const PIECE: u64 = 256;
    let mut items: Vec<(usize, u64, u64)> = Vec::new();
    for c in 0..configs.len() {
        let mut s = 0;
        while s < games_per_config {
            let e = (s + PIECE).min(games_per_config);
            items.push((c, s, e));
            s = e;
        }
    }
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
    .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let report = Mutex::new(SoakReport {
        configs: configs.len(),
        ..SoakReport::default()
    });
    let done = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(&(c, a, b)) = items.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let cfg = &configs[c];
                let (mut deck, setup) = setup_of(c, a);
                let mut game = Game::new(db, setup);
                let mut bots: Vec<Box<dyn bots::Bot>> = (0..cfg.players)
                    .map(|_| bots::make(cfg.bot).expect("registered bot"))
                    .collect();
                let (mut played, mut decisions, mut bad) = (0u64, 0u64, Vec::new());
                for i in a..b {
                    let (d, setup) = setup_of(c, i);
                    if d != deck {
                        deck = d;
                        game = Game::new(db, setup);
                    }
                    let r = catch_unwind(AssertUnwindSafe(|| {
                        checked_game(&mut game, &mut bots, seed, i)
                    }));
                    played += 1;
                    match r {
                        Ok(Ok(steps)) => decisions += steps,
                        Ok(Err(what)) => bad.push((i, d, what)),
                        Err(p) => {
                            let what = p
                                .downcast_ref::<String>()
                                .cloned()
                                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                                .unwrap_or_else(|| "panic".into());
                            bad.push((i, d, format!("panic: {what}")));
                            // The game may be half-updated: start from a fresh one.
                            game = Game::new(db, setup);
                        }
                    }
                }
                let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
                r.games += played;
                r.decisions += decisions;
                r.violations += bad.len() as u64;
                if let Some((i, d, what)) = bad.into_iter().next() {
                    let earlier = r
                        .first
                        .as_ref()
                        .is_some_and(|f| (configs_index(configs, &f.config), f.game) < (c, i));
                    if !earlier {
                        r.first = Some(Violation {
                            config: cfg.clone(),
                            deck: d,
                            seed,
                            game: i,
                            what,
                        });
                    }
                }
                drop(r);
                progress(done.fetch_add(played, Ordering::Relaxed) + played);
            });
        }
    });
    Ok(report.into_inner().unwrap_or_else(|e| e.into_inner()))
}

fn configs_index(configs: &[SoakConfig], c: &SoakConfig) -> usize {
    configs
        .iter()
        .position(|x| {
            x.scenario == c.scenario && x.mode == c.mode && x.bot == c.bot && x.players == c.players
        })
        .unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solo_soak_games_bring_every_built_in_deck_to_every_scenario() {
        // With the games a configuration gets from CI's `soak --games 2000`, the solo games of
        // each scenario take every built-in deck it allows in some mode at least once.
        let db = crate::data::load_embedded().unwrap();
        let configs = soak_configs(&db);
        let per = 2000u64.div_ceil(configs.len() as u64);
        let ranks = solo_ranks(&configs);
        for (sc, _) in playable_combos(&db) {
            let (mut seen, mut allowed): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
            for (k, c) in configs.iter().enumerate() {
                if c.scenario == sc && c.players == 1 {
                    let v = soak_seat1(&db, c, 30).unwrap();
                    allowed.extend(v.iter().map(|d| d.0));
                    seen.extend((0..per).map(|i| v[soak_pick(ranks[k], per, i, v.len())].0));
                }
            }
            for v in [&mut seen, &mut allowed] {
                v.sort_unstable();
                v.dedup();
            }
            assert_eq!(seen, allowed, "{}", db.scenarios[sc].slug);
            assert!(allowed.len() + 2 >= builtin_decks().len());
        }
        // Games with more players keep the Core Set decks.
        let multi = configs.iter().find(|c| c.players == 2).unwrap();
        let v = soak_seat1(&db, multi, 30).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].0, SOAK_DECKS[0]);
    }

    #[test]
    fn short_soak_finds_nothing() {
        let db = crate::data::load_embedded().unwrap();
        let configs = soak_configs(&db);
        assert!(!configs.is_empty());
        let stop = AtomicBool::new(false);
        let r = soak(&db, &configs, 3, 7, 30, 2, &stop, &|_| {}).unwrap();
        assert_eq!(r.games, 3 * configs.len() as u64);
        assert_eq!(r.violations, 0, "{:?}", r.first);
    }
}
