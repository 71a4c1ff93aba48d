//! CSV reports of a batch: `summary.csv`, `rounds.csv`, `threat.csv` and optional `games.csv`.
//!
//! Every file is written to a temporary file in the output folder and then renamed over the
//! final name, so a reader never sees a half-written file. Floats are printed with a fixed
//! number of decimals ([`DECIMALS`]) so outputs are byte-stable; an undefined value (e.g. the
//! mean rounds of wins when there are none) is an empty field.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Serialize;

use crate::data::Mode;
use crate::record::{GameRecord, Outcome, MAX_PLAYERS, MAX_ROUNDS};
use crate::stats::{Accumulator, Dist, LOSSES};

/// Decimals printed for every float.
pub const DECIMALS: usize = 6;

/// Engine version written in `summary.csv`.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Version of the CSV schema (the columns of every report, README *Output files*); the last
/// column of `summary.csv` and `compare.csv`. Raise it whenever a column changes.
pub const SCHEMA_VERSION: u32 = 2;

/// Identifies one configuration (one `summary.csv` row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunKey {
    /// Scenario slug.
    pub scenario: String,
    pub mode: Mode,
    pub players: u8,
    /// Deck name per seat.
    pub decks: Vec<String>,
    /// Bot name per seat.
    pub bots: Vec<String>,
    pub seed: u64,
    /// Rule options that differ from the defaults, `name=value` joined with `;` (empty: defaults).
    pub rules: String,
    /// Round cap of the run.
    pub max_rounds: u16,
    /// Titles of deck cards played without their abilities (`--allow-unimplemented`), joined
    /// with `;`; empty otherwise.
    pub unimplemented_cards: String,
}

impl RunKey {
    /// Deck names joined with `+` in seat order.
    pub fn decks_joined(&self) -> String {
        self.decks.join("+")
    }
    /// Bot names joined with `+` in seat order.
    pub fn bots_joined(&self) -> String {
        self.bots.join("+")
    }
}

fn fmt_f(x: f64) -> String {
    format!("{:.*}", DECIMALS, x)
}

fn fmt_opt_f(x: Option<f64>) -> String {
    x.map(fmt_f).unwrap_or_default()
}

fn fmt_opt_u(x: Option<usize>) -> String {
    x.map(|v| v.to_string()).unwrap_or_default()
}

#[derive(Serialize)]
struct SummaryRow<'a> {
    scenario: &'a str,
    mode: &'static str,
    players: u8,
    decks: String,
    bots: String,
    games: u64,
    wins: u64,
    win_rate: String,
    win_lo95: String,
    win_hi95: String,
    rounds_win_mean: String,
    rounds_win_median: String,
    rounds_win_p90: String,
    rounds_loss_mean: String,
    rounds_loss_median: String,
    rounds_loss_p90: String,
    rounds_mean: String,
    rounds_lo95: String,
    rounds_hi95: String,
    loss_threat: u64,
    loss_heroes_dead: u64,
    loss_scenario: u64,
    round_cap: u64,
    mean_final_threat: String,
    mean_score_wins: String,
    unimplemented_plays: u64,
    unimplemented_cards: &'a str,
    seed: u64,
    max_rounds: u16,
    rules: &'a str,
    engine_version: &'static str,
    schema_version: u32,
}

#[derive(Serialize)]
struct RoundsRow<'a> {
    scenario: &'a str,
    mode: &'static str,
    players: u8,
    decks: String,
    bots: String,
    round: usize,
    wins: u64,
    losses: u64,
    round_cap: u64,
    loss_threat: u64,
    loss_heroes_dead: u64,
    loss_scenario: u64,
}

#[derive(Serialize)]
struct ThreatRow<'a> {
    scenario: &'a str,
    mode: &'static str,
    players: u8,
    decks: String,
    bots: String,
    round: usize,
    seat: usize,
    running: u64,
    mean: String,
    p10: String,
    p50: String,
    p90: String,
}

fn summary_row<'a>(key: &'a RunKey, acc: &Accumulator) -> SummaryRow<'a> {
    let (lo, hi) = acc.win_interval95();
    let has_games = acc.games > 0;
    let win = Dist::of(&acc.rounds_win());
    let loss = Dist::of(&acc.rounds_loss());
    let all = crate::stats::hist_mean_ci95(&acc.rounds_all());
    SummaryRow {
        scenario: &key.scenario,
        mode: key.mode.name(),
        players: key.players,
        decks: key.decks_joined(),
        bots: key.bots_joined(),
        games: acc.games,
        wins: acc.wins(),
        win_rate: fmt_opt_f(acc.win_rate()),
        win_lo95: if has_games { fmt_f(lo) } else { String::new() },
        win_hi95: if has_games { fmt_f(hi) } else { String::new() },
        rounds_win_mean: fmt_opt_f(win.map(|d| d.mean)),
        rounds_win_median: fmt_opt_u(win.map(|d| d.median)),
        rounds_win_p90: fmt_opt_u(win.map(|d| d.p90)),
        rounds_loss_mean: fmt_opt_f(loss.map(|d| d.mean)),
        rounds_loss_median: fmt_opt_u(loss.map(|d| d.median)),
        rounds_loss_p90: fmt_opt_u(loss.map(|d| d.p90)),
        rounds_mean: fmt_opt_f(all.map(|x| x.0)),
        rounds_lo95: fmt_opt_f(all.map(|x| x.1)),
        rounds_hi95: fmt_opt_f(all.map(|x| x.2)),
        loss_threat: acc.count(Outcome::LossThreat),
        loss_heroes_dead: acc.count(Outcome::LossHeroes),
        loss_scenario: acc.count(Outcome::LossScenario),
        round_cap: acc.count(Outcome::RoundCap),
        mean_final_threat: fmt_opt_f(acc.mean_final_threat()),
        mean_score_wins: fmt_opt_f(acc.mean_score_wins()),
        unimplemented_plays: acc.unimplemented_plays,
        unimplemented_cards: &key.unimplemented_cards,
        seed: key.seed,
        max_rounds: key.max_rounds,
        rules: &key.rules,
        engine_version: ENGINE_VERSION,
        schema_version: SCHEMA_VERSION,
    }
}

/// Write `rows` as CSV to `dir/name` atomically (temp file in `dir`, then rename).
/// The header is written even when there are no rows.
fn write_csv_atomic<R: Serialize>(
    dir: &Path,
    name: &str,
    header: &[&str],
    rows: impl IntoIterator<Item = R>,
) -> Result<PathBuf> {
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let res = (|| -> Result<()> {
        let file =
            fs::File::create(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(std::io::BufWriter::new(file));
        w.write_record(header)?;
        for r in rows {
            w.serialize(r)?;
        }
        let mut inner = w
            .into_inner()
            .map_err(|e| anyhow::anyhow!("{}", e.error()))?;
        inner.flush()?;
        inner.get_ref().sync_all()?;
        drop(inner);
        fs::rename(&tmp, &path)
            .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))?;
        Ok(())
    })();
    if res.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    res.with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

pub const SUMMARY_HEADER: &[&str] = &[
    "scenario",
    "mode",
    "players",
    "decks",
    "bots",
    "games",
    "wins",
    "win_rate",
    "win_lo95",
    "win_hi95",
    "rounds_win_mean",
    "rounds_win_median",
    "rounds_win_p90",
    "rounds_loss_mean",
    "rounds_loss_median",
    "rounds_loss_p90",
    "rounds_mean",
    "rounds_lo95",
    "rounds_hi95",
    "loss_threat",
    "loss_heroes_dead",
    "loss_scenario",
    "round_cap",
    "mean_final_threat",
    "mean_score_wins",
    "unimplemented_plays",
    "unimplemented_cards",
    "seed",
    "max_rounds",
    "rules",
    "engine_version",
    "schema_version",
];

pub const ROUNDS_HEADER: &[&str] = &[
    "scenario",
    "mode",
    "players",
    "decks",
    "bots",
    "round",
    "wins",
    "losses",
    "round_cap",
    "loss_threat",
    "loss_heroes_dead",
    "loss_scenario",
];

pub const THREAT_HEADER: &[&str] = &[
    "scenario", "mode", "players", "decks", "bots", "round", "seat", "running", "mean", "p10",
    "p50", "p90",
];

pub const GAMES_HEADER: &[&str] = &[
    "scenario",
    "mode",
    "index",
    "outcome",
    "rounds",
    "rounds_completed",
    "final_threat_1",
    "final_threat_2",
    "final_threat_3",
    "final_threat_4",
    "score",
];

/// Write `summary.csv` with one row per configuration, in the given order.
pub fn write_summary(dir: &Path, runs: &[(&RunKey, &Accumulator)]) -> Result<PathBuf> {
    write_csv_atomic(
        dir,
        "summary.csv",
        SUMMARY_HEADER,
        runs.iter().map(|(k, a)| summary_row(k, a)),
    )
}

/// Write `rounds.csv`: for each configuration, one row per round from 1 to its round cap
/// (zeros where no game ended; a round 0 row only if a game ever ended before round 1).
pub fn write_rounds(dir: &Path, runs: &[(&RunKey, &Accumulator)]) -> Result<PathBuf> {
    let mut rows = Vec::new();
    for (key, acc) in runs {
        let last = (key.max_rounds as usize).clamp(1, MAX_ROUNDS);
        for round in 0..=MAX_ROUNDS {
            let wins = acc.rounds_of(Outcome::Win)[round];
            let losses: u64 = LOSSES.iter().map(|&o| acc.rounds_of(o)[round]).sum();
            let round_cap = acc.rounds_of(Outcome::RoundCap)[round];
            let ended = wins + losses + round_cap;
            if ended == 0 && (round == 0 || round > last) {
                continue;
            }
            rows.push(RoundsRow {
                scenario: &key.scenario,
                mode: key.mode.name(),
                players: key.players,
                decks: key.decks_joined(),
                bots: key.bots_joined(),
                round,
                wins,
                losses,
                round_cap,
                loss_threat: acc.rounds_of(Outcome::LossThreat)[round],
                loss_heroes_dead: acc.rounds_of(Outcome::LossHeroes)[round],
                loss_scenario: acc.rounds_of(Outcome::LossScenario)[round],
            });
        }
    }
    write_csv_atomic(dir, "rounds.csv", ROUNDS_HEADER, rows)
}

/// Write `threat.csv`: for each configuration, round and seat (numbered from 1) with at least
/// one game still running at the end of that round, the threat distribution of those games.
pub fn write_threat(dir: &Path, runs: &[(&RunKey, &Accumulator)]) -> Result<PathBuf> {
    let mut rows = Vec::new();
    for (key, acc) in runs {
        for round in 1..=MAX_ROUNDS {
            for seat in 0..(key.players as usize).min(MAX_PLAYERS) {
                let running = acc.running_at(round, seat);
                if running == 0 {
                    continue;
                }
                let d = Dist::of(acc.threat_hist(round, seat));
                rows.push(ThreatRow {
                    scenario: &key.scenario,
                    mode: key.mode.name(),
                    players: key.players,
                    decks: key.decks_joined(),
                    bots: key.bots_joined(),
                    round,
                    seat: seat + 1,
                    running,
                    mean: fmt_opt_f(d.map(|d| d.mean)),
                    p10: fmt_opt_u(d.map(|d| d.p10)),
                    p50: fmt_opt_u(d.map(|d| d.median)),
                    p90: fmt_opt_u(d.map(|d| d.p90)),
                });
            }
        }
    }
    write_csv_atomic(dir, "threat.csv", THREAT_HEADER, rows)
}

/// One `games.csv` row without its `scenario,mode` and line end: index, outcome, rounds,
/// rounds completed, final threat of seats 1 to 4 (empty for absent seats), score.
pub fn game_row(g: &GameRecord) -> String {
    use std::fmt::Write as _;
    let players = (g.players as usize).min(MAX_PLAYERS);
    // One allocation: a row is at most about 50 bytes.
    let mut row = String::with_capacity(64);
    let _ = write!(
        row,
        "{},{},{},{},",
        g.index,
        g.outcome.name(),
        g.rounds,
        g.rounds_completed
    );
    for (seat, t) in g.final_threat.iter().enumerate() {
        if seat < players {
            let _ = write!(row, "{t}");
        }
        row.push(',');
    }
    let _ = write!(row, "{}", g.score);
    row
}

/// Write `games.csv` from `(combo, index, row)` entries (rows of [`game_row`]), sorted by
/// combination then index, each row led by its combination's `scenario,mode` (`keys[combo]`).
pub fn write_game_rows(
    dir: &Path,
    rows: &mut [(usize, u64, String)],
    keys: &[RunKey],
) -> Result<PathBuf> {
    // Stable: finds runs already in order (rows come sorted from `check_rows`, or in
    // chunk-sized runs); the keys are unique, so any sort gives the same order.
    rows.sort_by_key(|r| (r.0, r.1));
    let header = GAMES_HEADER.join(",");
    let mut text = String::with_capacity(header.len() + 1 + rows.len() * 64);
    text.push_str(&header);
    text.push('\n');
    for (c, _, row) in rows.iter() {
        let k = &keys[*c];
        text.push_str(&k.scenario);
        text.push(',');
        text.push_str(k.mode.name());
        text.push(',');
        text.push_str(row);
        text.push('\n');
    }
    let path = dir.join("games.csv");
    write_atomic(&path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

/// Names of the files a run writes in its output folder.
pub const RESULT_FILES: [&str; 4] = ["summary.csv", "rounds.csv", "threat.csv", "games.csv"];

/// Write `summary.csv`, `rounds.csv` and `threat.csv` of a finished run (one block per
/// combination) into the existing folder `dir`.
pub fn write_reports(dir: &Path, runs: &[(&RunKey, &Accumulator)]) -> Result<Vec<PathBuf>> {
    Ok(vec![
        write_summary(dir, runs)?,
        write_rounds(dir, runs)?,
        write_threat(dir, runs)?,
    ])
}

/// Write the reports of a finished run of one or more combinations into the existing folder
/// `dir` ([`write_reports`]), and `games.csv` when `rows` is given (a stale `games.csv` is
/// removed otherwise).
pub fn write_results(
    dir: &Path,
    runs: &[(&RunKey, &Accumulator)],
    rows: Option<&mut [(usize, u64, String)]>,
) -> Result<Vec<PathBuf>> {
    let mut out = write_reports(dir, runs)?;
    match rows {
        Some(rows) => {
            let keys: Vec<RunKey> = runs.iter().map(|(k, _)| (*k).clone()).collect();
            out.push(write_game_rows(dir, rows, &keys)?)
        }
        None => {
            let stale = dir.join("games.csv");
            if stale.exists() {
                fs::remove_file(&stale)
                    .with_context(|| format!("cannot remove stale {}", stale.display()))?;
            }
        }
    }
    Ok(out)
}

/// Create `dir` (and parents) and write the reports of one configuration, and `games.csv`
/// when `games` is given. Returns the paths written.
pub fn write_all(
    dir: &Path,
    key: &RunKey,
    acc: &Accumulator,
    games: Option<&[GameRecord]>,
) -> Result<Vec<PathBuf>> {
    fs::create_dir_all(dir)
        .with_context(|| format!("cannot create output folder {}", dir.display()))?;
    let mut rows: Option<Vec<(usize, u64, String)>> =
        games.map(|g| g.iter().map(|r| (0, r.index, game_row(r))).collect());
    write_results(dir, &[(key, acc)], rows.as_deref_mut())
}

/// Write `path` atomically: a temporary file beside it, synced, then renamed over it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let res = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if res.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::ELIMINATED;

    fn tmpdir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("lotr-sim-report-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn writes_all_files() {
        let key = RunKey {
            scenario: "s".into(),
            mode: Mode::Standard,
            players: 2,
            decks: vec!["a".into(), "b".into()],
            bots: vec!["x".into(), "x".into()],
            seed: 7,
            rules: String::new(),
            max_rounds: 30,
            unimplemented_cards: "Foo;Bar".into(),
        };
        let mut acc = Accumulator::new();
        let mut games = Vec::new();
        for i in (0..4u64).rev() {
            let mut r = GameRecord::empty(i, 2);
            r.outcome = if i % 2 == 0 {
                Outcome::Win
            } else {
                Outcome::LossThreat
            };
            r.rounds = 2 + i as u16;
            r.rounds_completed = r.rounds - 1;
            for round in 0..r.rounds_completed as usize {
                r.threat_at_round_end[round] =
                    [30 + round as u8, if i == 1 { ELIMINATED } else { 29 }, 0, 0];
            }
            r.final_threat = [40, 50, 0, 0];
            r.score = 100 + i as i32;
            acc.add(&r);
            games.push(r);
        }
        let dir = tmpdir("all");
        let paths = write_all(&dir, &key, &acc, Some(&games)).unwrap();
        assert_eq!(paths.len(), 4);
        let summary = fs::read_to_string(dir.join("summary.csv")).unwrap();
        let mut lines = summary.lines();
        assert_eq!(lines.next().unwrap(), SUMMARY_HEADER.join(","));
        let row = lines.next().unwrap();
        assert!(
            row.starts_with("s,standard,2,a+b,x+x,4,2,0.500000,"),
            "{row}"
        );
        assert!(row.contains(",45.000000,101.000000,0,Foo;Bar,7,"), "{row}");
        let g = fs::read_to_string(dir.join("games.csv")).unwrap();
        let lines: Vec<&str> = g.lines().collect();
        assert_eq!(
            lines[0],
            "scenario,mode,index,outcome,rounds,rounds_completed,final_threat_1,final_threat_2,final_threat_3,final_threat_4,score"
        );
        assert_eq!(lines[1], "s,standard,0,win,2,1,40,50,,,100");
        assert_eq!(lines[4], "s,standard,3,threat,5,4,40,50,,,103");
        // Every round from 1 to the cap, zeros included.
        let rounds = fs::read_to_string(dir.join("rounds.csv")).unwrap();
        let rl: Vec<&str> = rounds.lines().collect();
        assert_eq!(rl.len(), 1 + 30);
        assert_eq!(rl[1], "s,standard,2,a+b,x+x,1,0,0,0,0,0,0");
        assert_eq!(rl[2], "s,standard,2,a+b,x+x,2,1,0,0,0,0,0");
        assert_eq!(rl[30], "s,standard,2,a+b,x+x,30,0,0,0,0,0,0");
        // Seats numbered from 1.
        let threat = fs::read_to_string(dir.join("threat.csv")).unwrap();
        assert_eq!(
            threat.lines().nth(1).unwrap(),
            "s,standard,2,a+b,x+x,1,1,4,30.000000,30,30,30"
        );
        // no temp files left
        let names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
