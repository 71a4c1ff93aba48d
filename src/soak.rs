//! Soak test (`lotr-sim soak`): many seeded games over every playable scenario × mode × bot ×
//! player count (games rotate through teams of built-in decks: `soak_teams`), with the engine's invariants (`Game::check_invariants`) checked at every
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
use crate::decklist::Deck;
use crate::engine::{Game, GameSetup, RuleOptions};

/// Built-in decks used for seats 1 to 4 (distinct heroes, so any prefix is a legal game).
pub const SOAK_DECKS: [&str; 4] = [
    "core-leadership",
    "core-tactics",
    "core-spirit",
    "core-lore",
];

/// Decisions after which a game counts as not terminating (`play_game`'s limit).
pub const STEP_LIMIT: u64 = crate::engine::GAME_DECISION_LIMIT;

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
    /// The built-in deck of each seat.
    pub decks: Team,
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

/// The decks of one soak game, seat by seat (built-in deck names, one per player).
pub type Team = Vec<&'static str>;

/// The teams configuration `c` plays, with their setups. Solo: every built-in deck the
/// scenario and mode allow (a deck's own cards, e.g. a player side quest, meet every encounter
/// deck). With more players: first `SOAK_DECKS` (the Core Set spheres, which must be allowed),
/// then one team per built-in deck in seat 1, the other seats filled by the next built-in decks
/// in turn whose heroes differ from the seats before (a team the scenario and mode do not allow
/// is left out), so that multi-seat games also bring every deck's cards together with others'
/// (a response window overflowing with three Blades of Gondolin at two seats was found so).
/// Game `i` of a configuration takes entry `soak_pick`: the teams in turn, continuing from the
/// scenario's earlier configurations with the same player count, so that a few games a
/// configuration bring every team to every scenario.
pub fn soak_teams(
    db: &CardDb,
    c: &SoakConfig,
    max_rounds: u16,
) -> Result<Vec<(Team, GameSetup)>, String> {
    soak_teams_of(db, c, max_rounds, &resolve_builtins(db)?)
}

/// Every built-in deck, resolved once (`soak_teams_of`).
pub fn resolve_builtins(db: &CardDb) -> Result<Vec<(&'static str, Deck)>, String> {
    builtin_decks()
        .iter()
        .map(|&(n, _)| Ok((n, resolve_deck(n, db).map_err(|e| e.to_string())?)))
        .collect()
}

/// `soak_teams` with the built-in decks already resolved (`resolve_builtins`).
pub fn soak_teams_of(
    db: &CardDb,
    c: &SoakConfig,
    max_rounds: u16,
    all: &[(&'static str, Deck)],
) -> Result<Vec<(Team, GameSetup)>, String> {
    let setup_of = |team: &[usize]| {
        setup_with(
            c,
            team.iter().map(|&k| all[k].1.clone()).collect(),
            max_rounds,
        )
    };
    let mut v: Vec<(Team, GameSetup)> = Vec::new();
    if c.players > 1 {
        let s = soak_setup(db, c, max_rounds)?;
        s.validate(db)
            .map_err(|e| format!("soak configuration {c:?}: {e}"))?;
        v.push((SOAK_DECKS[..c.players].to_vec(), s));
    }
    let shares_a_hero = |a: &Deck, b: &Deck| {
        a.heroes
            .iter()
            .any(|&x| b.heroes.iter().any(|&y| db.def(x).title == db.def(y).title))
    };
    for k in 0..all.len() {
        let mut team = vec![k];
        for j in 1..all.len() {
            if team.len() == c.players {
                break;
            }
            let d = (k + j) % all.len();
            if team.iter().all(|&t| !shares_a_hero(&all[t].1, &all[d].1)) {
                team.push(d);
            }
        }
        let names: Team = team.iter().map(|&t| all[t].0).collect();
        if team.len() < c.players || v.iter().any(|(t, _)| *t == names) {
            continue;
        }
        let s = setup_of(&team);
        if s.validate(db).is_ok() {
            v.push((names, s));
        }
    }
    if v.is_empty() {
        return Err(format!(
            "soak configuration {c:?}: no built-in deck is allowed"
        ));
    }
    Ok(v)
}

/// For each configuration, how many configurations of its scenario with as many players come
/// before it in `configs` (where its games continue the scenario's turn through the teams).
pub fn team_ranks(configs: &[SoakConfig]) -> Vec<u64> {
    configs
        .iter()
        .enumerate()
        .map(|(k, c)| {
            configs[..k]
                .iter()
                .filter(|x| x.scenario == c.scenario && x.players == c.players)
                .count() as u64
        })
        .collect()
}

/// Which of `len` teams game `i` of a configuration plays when each configuration plays `per`
/// games and `rank` configurations of its scenario with as many players come before it
/// (`team_ranks`).
pub fn soak_pick(rank: u64, per: u64, i: u64, len: usize) -> usize {
    ((rank * per + i) % len as u64) as usize
}

/// The game setup of a soak configuration with the Core Set team (`SOAK_DECKS`).
pub fn soak_setup(db: &CardDb, c: &SoakConfig, max_rounds: u16) -> Result<GameSetup, String> {
    soak_setup_team(db, c, &SOAK_DECKS[..c.players], max_rounds)
}

/// The game setup of a soak configuration with `team`'s decks in its seats.
pub fn soak_setup_team(
    db: &CardDb,
    c: &SoakConfig,
    team: &[&str],
    max_rounds: u16,
) -> Result<GameSetup, String> {
    let decks = team
        .iter()
        .map(|d| resolve_deck(d, db).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(setup_with(c, decks, max_rounds))
}

/// The game setup of a soak configuration with these decks in its seats.
fn setup_with(c: &SoakConfig, decks: Vec<Deck>, max_rounds: u16) -> GameSetup {
    GameSetup {
        scenario: c.scenario,
        mode: c.mode,
        decks,
        options: RuleOptions::default(),
        max_rounds,
        allow_unimplemented: false,
    }
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
    // The setups of every (configuration, team) the games will use.
    let all = resolve_builtins(db)?;
    let setups = configs
        .iter()
        .map(|c| soak_teams_of(db, c, max_rounds, &all))
        .collect::<Result<Vec<_>, _>>()?;
    let ranks = team_ranks(configs);
    let setup_of = |c: usize, i: u64| -> (usize, &GameSetup) {
        let k = soak_pick(ranks[c], games_per_config, i, setups[c].len());
        (k, &setups[c][k].1)
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
                let (mut team, setup) = setup_of(c, a);
                let mut game = Game::new(db, setup);
                let mut bots: Vec<Box<dyn bots::Bot>> = (0..cfg.players)
                    .map(|_| bots::make(cfg.bot).expect("registered bot"))
                    .collect();
                let (mut played, mut decisions, mut bad) = (0u64, 0u64, Vec::new());
                for i in a..b {
                    let (k, setup) = setup_of(c, i);
                    if k != team {
                        team = k;
                        game = Game::new(db, setup);
                    }
                    let r = catch_unwind(AssertUnwindSafe(|| {
                        checked_game(&mut game, &mut bots, seed, i)
                    }));
                    played += 1;
                    match r {
                        Ok(Ok(steps)) => decisions += steps,
                        Ok(Err(what)) => bad.push((i, k, what)),
                        Err(p) => {
                            let what = p
                                .downcast_ref::<String>()
                                .cloned()
                                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                                .unwrap_or_else(|| "panic".into());
                            bad.push((i, k, format!("panic: {what}")));
                            // The game may be half-updated: start from a fresh one.
                            game = Game::new(db, setup);
                        }
                    }
                }
                let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
                r.games += played;
                r.decisions += decisions;
                r.violations += bad.len() as u64;
                if let Some((i, k, what)) = bad.into_iter().next() {
                    let earlier = r
                        .first
                        .as_ref()
                        .is_some_and(|f| (configs_index(configs, &f.config), f.game) < (c, i));
                    if !earlier {
                        r.first = Some(Violation {
                            config: cfg.clone(),
                            decks: setups[c][k].0.clone(),
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
    fn soak_games_bring_every_built_in_deck_to_every_scenario() {
        // With the games a configuration gets from CI's `soak --games 2000`, the solo games of
        // each scenario take every built-in deck it allows in some mode at least once, and so do
        // the seats of its two-player games.
        let db = crate::data::load_embedded().unwrap();
        let configs = soak_configs(&db);
        let per = 2000u64.div_ceil(configs.len() as u64);
        let ranks = team_ranks(&configs);
        let all = resolve_builtins(&db).unwrap();
        for (sc, _) in playable_combos(&db) {
            for players in [1, 2] {
                let (mut seen, mut allowed): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
                for (k, c) in configs.iter().enumerate() {
                    if c.scenario == sc && c.players == players {
                        let v = soak_teams_of(&db, c, 30, &all).unwrap();
                        assert!(v.iter().all(|(t, _)| t.len() == players));
                        allowed.extend(v.iter().flat_map(|d| d.0.iter().copied()));
                        seen.extend((0..per).flat_map(|i| {
                            v[soak_pick(ranks[k], per, i, v.len())].0.iter().copied()
                        }));
                    }
                }
                for v in [&mut seen, &mut allowed] {
                    v.sort_unstable();
                    v.dedup();
                }
                assert_eq!(seen, allowed, "{} {players}", db.scenarios[sc].slug);
                assert!(allowed.len() + 2 >= builtin_decks().len());
            }
        }
        // Games with more players start with the Core Set decks, then mix the others.
        for players in 2..=4 {
            let multi = configs.iter().find(|c| c.players == players).unwrap();
            let v = soak_teams_of(&db, multi, 30, &all).unwrap();
            assert_eq!(v[0].0, SOAK_DECKS[..players].to_vec());
            assert!(v.len() >= 4, "{players}: {}", v.len());
        }
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
