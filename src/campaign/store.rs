//! Campaign runs on disk (README *Campaign*): shards, checkpoints, resume and merge, like
//! `run`'s (`checkpoint`, `merge`) but for whole campaigns.
//!
//! An output folder holds `campaign_checkpoint.txt` (what the run is, which campaign indices
//! are done, how many bytes of the records file are valid; versioned text with an FNV-1a
//! checksum, written atomically) and `campaign_records.txt` (one line per finished campaign,
//! each with its own checksum, in the order they finished). Every report is computed from the
//! records sorted by index, so a run's reports are byte-identical for any thread count, shard
//! split (after `merge`) or number of resumes: a campaign's record is a pure function of
//! (master seed, index, starting log, setup).

use super::play::{play_campaign, CampaignRecord, CampaignSetup, ScenarioResult, Stop};
use super::CampaignState;
use crate::checkpoint::{add_range, fnv1a64, missing_ranges, range_total, read_regular, Shard};
use crate::data::{CardDb, Mode};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

pub const CHECKPOINT: &str = "campaign_checkpoint.txt";
pub const RECORDS: &str = "campaign_records.txt";
pub const MAGIC: &str = "lotr-sim campaign checkpoint v1";
/// Largest checkpoint read, in bytes.
const MAX_CHECKPOINT_BYTES: u64 = 16 * 1024 * 1024;
/// Largest records file read, in bytes (about 120 bytes per campaign).
const MAX_RECORDS_BYTES: u64 = 4 * 1024 * 1024 * 1024;

/// The state of a campaign run (or of one shard of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignCkpt {
    /// The command's arguments after `campaign`, as given (read back by `--resume`).
    pub args: Vec<String>,
    /// What the reports name: mode, deck names, bot specs, seed, first scenario, retries.
    pub mode: Mode,
    pub decks: Vec<String>,
    pub bots: Vec<String>,
    pub seed: u64,
    pub from: u8,
    pub retries: u32,
    pub per_game: bool,
    /// Number of campaigns of the whole run (every shard).
    pub games: u64,
    /// Everything else that decides the results, resolved (deck contents, rules, round cap,
    /// starting log, engine version): `name value` lines compared as text.
    pub key: Vec<String>,
    pub shard: Shard,
    /// Campaign indices done (sorted, disjoint `[a, b)` ranges).
    pub done: Vec<(u64, u64)>,
    /// Valid length of the records file.
    pub records_bytes: u64,
    /// Every campaign of the shard is done.
    pub complete: bool,
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

impl CampaignCkpt {
    /// Campaign indices `[a, b)` this shard plays.
    pub fn range(&self) -> (u64, u64) {
        self.shard.range(self.games)
    }

    pub fn played(&self) -> u64 {
        range_total(&self.done)
    }

    pub fn planned(&self) -> u64 {
        let (a, b) = self.range();
        b - a
    }

    pub fn to_text(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(o, "{MAGIC}");
        for a in &self.args {
            let _ = writeln!(o, "arg {}", one_line(a));
        }
        let _ = writeln!(o, "mode {}", self.mode.name());
        for d in &self.decks {
            let _ = writeln!(o, "deck {}", one_line(d));
        }
        for b in &self.bots {
            let _ = writeln!(o, "bot {}", one_line(b));
        }
        let _ = writeln!(o, "seed {}", self.seed);
        let _ = writeln!(o, "from {}", self.from);
        let _ = writeln!(o, "retries {}", self.retries);
        let _ = writeln!(o, "per_game {}", self.per_game as u8);
        let _ = writeln!(o, "games {}", self.games);
        for k in &self.key {
            let _ = writeln!(o, "key {}", one_line(k));
        }
        let _ = writeln!(o, "shard {}", self.shard);
        let done: Vec<String> = self.done.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        let _ = writeln!(o, "done {}", done.join(","));
        let _ = writeln!(o, "records_bytes {}", self.records_bytes);
        let _ = writeln!(o, "complete {}", self.complete as u8);
        let sum = fnv1a64(o.as_bytes());
        let _ = writeln!(o, "checksum {sum:016x}");
        o
    }

    /// Parse a checkpoint's text; never panics.
    pub fn parse(text: &str) -> Result<CampaignCkpt, String> {
        let body_end = text
            .rfind("checksum ")
            .ok_or("no checksum line: the file is cut short")?;
        let (body, last) = text.split_at(body_end);
        let sum = last.trim_end().trim_start_matches("checksum ");
        if u64::from_str_radix(sum, 16).ok() != Some(fnv1a64(body.as_bytes())) {
            return Err("checksum mismatch: the file was changed or damaged".into());
        }
        let mut lines = body.lines();
        if lines.next() != Some(MAGIC) {
            return Err(format!("not a `{MAGIC}` file"));
        }
        let mut c = CampaignCkpt {
            args: Vec::new(),
            mode: Mode::Standard,
            decks: Vec::new(),
            bots: Vec::new(),
            seed: 0,
            from: 1,
            retries: 0,
            per_game: false,
            games: 0,
            key: Vec::new(),
            shard: Shard::default(),
            done: Vec::new(),
            records_bytes: 0,
            complete: false,
        };
        for (n, l) in lines.enumerate() {
            let bad = |what: &str| format!("line {}: {what}", n + 2);
            let (name, v) = l.split_once(' ').unwrap_or((l, ""));
            let num = |v: &str| v.parse::<u64>().map_err(|_| bad("not a number"));
            match name {
                "arg" => c.args.push(v.to_string()),
                "mode" => {
                    c.mode = Mode::ALL
                        .into_iter()
                        .find(|m| m.name() == v)
                        .ok_or_else(|| bad("unknown mode"))?
                }
                "deck" => c.decks.push(v.to_string()),
                "bot" => c.bots.push(v.to_string()),
                "seed" => c.seed = num(v)?,
                "from" => c.from = num(v)?.min(10) as u8,
                "retries" => c.retries = num(v)?.min(u32::MAX as u64) as u32,
                "per_game" => c.per_game = num(v)? == 1,
                "games" => c.games = num(v)?,
                "key" => c.key.push(v.to_string()),
                "shard" => c.shard = Shard::parse(v).map_err(|e| bad(&e))?,
                "done" => {
                    for r in v.split(',').filter(|r| !r.is_empty()) {
                        let (a, b) = r.split_once('-').ok_or_else(|| bad("bad range"))?;
                        let (a, b) = (num(a)?, num(b)?);
                        if a > b {
                            return Err(bad("bad range"));
                        }
                        add_range(&mut c.done, a, b);
                    }
                }
                "records_bytes" => c.records_bytes = num(v)?,
                "complete" => c.complete = num(v)? == 1,
                _ => return Err(bad("unknown field")),
            }
        }
        let (a, b) = c.range();
        if c.done.iter().any(|&(x, y)| x < a || y > b) {
            return Err("done ranges outside the shard".into());
        }
        Ok(c)
    }

    /// The checkpoint in `dir`, if there is one.
    pub fn read(dir: &Path) -> Result<Option<CampaignCkpt>, String> {
        let path = dir.join(CHECKPOINT);
        if !path.exists() {
            return Ok(None);
        }
        let bytes = read_regular(&path, MAX_CHECKPOINT_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let text =
            std::str::from_utf8(&bytes).map_err(|_| format!("{}: not text", path.display()))?;
        CampaignCkpt::parse(text)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn write(&self, dir: &Path) -> std::io::Result<()> {
        crate::report::write_atomic(&dir.join(CHECKPOINT), self.to_text().as_bytes())
    }

    /// How `other` differs from this run (shard, progress and arguments aside), as
    /// `name: this vs other` items; empty when they are the same run.
    pub fn differences(&self, other: &CampaignCkpt) -> Vec<String> {
        let mut d = Vec::new();
        let mut cmp = |name: &str, a: String, b: String| {
            if a != b {
                d.push(format!("{name}: {a} vs {b}"));
            }
        };
        cmp("mode", self.mode.name().into(), other.mode.name().into());
        cmp("decks", self.decks.join("+"), other.decks.join("+"));
        cmp("bots", self.bots.join("+"), other.bots.join("+"));
        cmp("seed", self.seed.to_string(), other.seed.to_string());
        cmp("from", self.from.to_string(), other.from.to_string());
        cmp(
            "retries",
            self.retries.to_string(),
            other.retries.to_string(),
        );
        cmp(
            "per_game",
            self.per_game.to_string(),
            other.per_game.to_string(),
        );
        cmp("campaigns", self.games.to_string(), other.games.to_string());
        cmp(
            "shard count",
            self.shard.count.to_string(),
            other.shard.count.to_string(),
        );
        let n = self.key.len().max(other.key.len());
        for i in 0..n {
            let a = self.key.get(i).cloned().unwrap_or_default();
            let b = other.key.get(i).cloned().unwrap_or_default();
            let name = a.split(' ').next().unwrap_or("key").to_string();
            cmp(&name, a, b);
        }
        d
    }
}

// ------------------------------------------------------------------------------ records

/// One records-file line (with its line end): `CHECKSUM fields…`.
pub fn record_line(r: &CampaignRecord) -> String {
    let (stop, at) = match r.stop {
        Stop::Won => (0, 9),
        Stop::Lost(k) => (1, k),
        Stop::NotPlayable(k) => (2, k),
        Stop::NoHeroes(k) => (3, k),
    };
    let mut s = format!(
        "{} {} {stop} {at} {} {}",
        r.index, r.start, r.total_score, r.threat_penalty
    );
    for x in &r.scenarios {
        let _ = write!(
            s,
            " {}/{}/{}/{}/{}/{}",
            x.attempts, x.won as u8, x.score, x.fallen, x.threat_penalty, x.pool
        );
    }
    format!("{:016x} {s}\n", fnv1a64(s.as_bytes()))
}

/// Parse one records-file line (without its line end); never panics.
pub fn parse_record(line: &str) -> Result<CampaignRecord, String> {
    let bad = || "not a campaign record".to_string();
    let (sum, rec) = line.split_once(' ').ok_or_else(bad)?;
    if sum.len() != 16 || u64::from_str_radix(sum, 16).ok() != Some(fnv1a64(rec.as_bytes())) {
        return Err("checksum mismatch: the record was changed or damaged".into());
    }
    let f: Vec<&str> = rec.split(' ').collect();
    if f.len() != 6 + 9 {
        return Err(bad());
    }
    let n = |s: &str| s.parse::<i64>().map_err(|_| bad());
    let at = n(f[3])?.clamp(0, 10) as u8;
    let stop = match n(f[2])? {
        0 => Stop::Won,
        1 => Stop::Lost(at),
        2 => Stop::NotPlayable(at),
        3 => Stop::NoHeroes(at),
        _ => return Err(bad()),
    };
    let mut scenarios = [ScenarioResult::default(); 9];
    for (k, s) in scenarios.iter_mut().enumerate() {
        let v: Vec<&str> = f[6 + k].split('/').collect();
        if v.len() != 6 {
            return Err(bad());
        }
        *s = ScenarioResult {
            attempts: n(v[0])?.clamp(0, u32::MAX as i64) as u32,
            won: n(v[1])? == 1,
            score: n(v[2])?.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
            fallen: n(v[3])?.clamp(0, 255) as u8,
            threat_penalty: n(v[4])?.clamp(i16::MIN as i64, i16::MAX as i64) as i16,
            pool: n(v[5])?.clamp(0, 255) as u8,
        };
    }
    Ok(CampaignRecord {
        index: f[0].parse().map_err(|_| bad())?,
        start: n(f[1])?.clamp(0, 10) as u8,
        stop,
        scenarios,
        total_score: n(f[4])?.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
        threat_penalty: n(f[5])?.clamp(i16::MIN as i64, i16::MAX as i64) as i16,
        state: CampaignState::new(0, Vec::new()),
    })
}

/// The valid records of `dir` (the checkpoint's `records_bytes`), checked against its done
/// ranges: every campaign done exactly once. Sorted by index.
pub fn read_records(dir: &Path, c: &CampaignCkpt) -> Result<Vec<CampaignRecord>, String> {
    let path = dir.join(RECORDS);
    let mut out = Vec::new();
    if c.records_bytes > 0 {
        let bytes = read_regular(&path, MAX_RECORDS_BYTES)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if (bytes.len() as u64) < c.records_bytes {
            return Err(format!(
                "{} is shorter ({} bytes) than its checkpoint says ({})",
                path.display(),
                bytes.len(),
                c.records_bytes
            ));
        }
        let text = std::str::from_utf8(&bytes[..c.records_bytes as usize])
            .map_err(|_| format!("{}: not text", path.display()))?;
        for (i, l) in text.lines().enumerate() {
            out.push(parse_record(l).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?);
        }
    }
    out.sort_by_key(|r| r.index);
    let mut seen = Vec::new();
    for w in out.windows(2) {
        if w[0].index == w[1].index {
            return Err(format!(
                "{}: campaign {} recorded twice",
                path.display(),
                w[0].index
            ));
        }
    }
    for r in &out {
        add_range(&mut seen, r.index, r.index + 1);
    }
    if seen != c.done {
        return Err(format!(
            "{}: its records do not match the campaigns its checkpoint says are done",
            path.display()
        ));
    }
    Ok(out)
}

// ------------------------------------------------------------------------------ running

/// What a call of `run_stored` ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every campaign of the shard is done.
    Complete,
    /// Stopped (signal or `stop_after`); the checkpoint is written.
    Stopped,
    /// Stopped by an engine fault in a game of a campaign (the lowest campaign index met); the
    /// campaigns finished before are kept and the checkpoint is written.
    Fault(crate::engine::PlayError),
}

/// Play the campaigns of `ckpt`'s shard not done yet in `dir`, appending their records and
/// writing the checkpoint every `interval` seconds (0: only at the end), at the end and when
/// stopped. `stop_after`: stop once this many campaigns were added (for tests). `progress` is
/// called with the number of campaigns of the shard done.
#[allow(clippy::too_many_arguments)]
pub fn run_stored(
    db: &CardDb,
    setup: &CampaignSetup,
    start: &CampaignState,
    dir: &Path,
    ckpt: &mut CampaignCkpt,
    threads: usize,
    stop: &AtomicBool,
    stop_after: Option<u64>,
    interval: f64,
    progress: &dyn Fn(u64),
) -> std::io::Result<Ended> {
    use rayon::prelude::*;
    // Whatever follows the valid prefix (records after the last checkpoint) is dropped.
    let path = dir.join(RECORDS);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)?;
    file.set_len(ckpt.records_bytes)?;
    let (lo, hi) = ckpt.range();
    let todo: Vec<u64> = missing_ranges(&ckpt.done, lo, hi)
        .into_iter()
        .flat_map(|(a, b)| a..b)
        .collect();
    let threads = crate::batch::resolve_threads(threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(std::io::Error::other)?;
    let halt = AtomicBool::new(false);
    // `stop_after` counts the campaigns started, in the workers: the receiver may lag behind
    // them, so a flag it raises could come after every campaign was played.
    let started = std::sync::atomic::AtomicU64::new(0);
    let started = &started;
    let halted = || halt.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed);
    let (tx, rx) =
        std::sync::mpsc::channel::<(u64, Result<CampaignRecord, crate::engine::PlayError>)>();
    let mut fault: Option<(u64, crate::engine::PlayError)> = None;
    let master = ckpt.seed;
    let make = || -> Vec<Box<dyn crate::engine::Bot>> {
        setup
            .bots
            .iter()
            .map(|s| crate::bots::make_spec(s).expect("bot specs are checked before"))
            .collect()
    };
    let result: std::io::Result<()> = std::thread::scope(|s| {
        let halted = &halted;
        s.spawn(move || {
            pool.install(|| {
                todo.par_iter().for_each_init(
                    || (make(), tx.clone()),
                    |(bots, tx), &i| {
                        if halted()
                            || stop_after
                                .is_some_and(|n| started.fetch_add(1, Ordering::Relaxed) >= n)
                        {
                            return;
                        }
                        let r = play_campaign(db, setup, bots, master, i, start, None);
                        let _ = tx.send((i, r));
                    },
                )
            });
            drop(tx);
        });
        let mut last = std::time::Instant::now();
        let mut added = 0u64;
        progress(ckpt.played());
        let mut take = |r: CampaignRecord| -> std::io::Result<()> {
            let line = record_line(&r);
            file.write_all(line.as_bytes())?;
            ckpt.records_bytes += line.len() as u64;
            add_range(&mut ckpt.done, r.index, r.index + 1);
            added += 1;
            progress(ckpt.played());
            if stop_after.is_some_and(|n| added >= n) {
                halt.store(true, Ordering::Relaxed);
            }
            if interval > 0.0 && last.elapsed().as_secs_f64() >= interval {
                file.sync_data()?;
                ckpt.write(dir)?;
                last = std::time::Instant::now();
            }
            Ok(())
        };
        for (i, r) in rx.iter() {
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    // The workers stop after their current campaign; this one is not kept.
                    halt.store(true, Ordering::Relaxed);
                    if fault.as_ref().is_none_or(|(j, _)| i < *j) {
                        fault = Some((i, e));
                    }
                    continue;
                }
            };
            if let Err(e) = take(r) {
                // The workers stop after their current campaign.
                halt.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    });
    result?;
    file.sync_data()?;
    drop(file);
    ckpt.complete = ckpt.played() == ckpt.planned();
    if ckpt.complete {
        // A finished folder keeps its records in index order (the same bytes for any thread
        // count or resume).
        let recs = read_records(dir, ckpt).map_err(std::io::Error::other)?;
        write_records(dir, &recs)?;
    }
    ckpt.write(dir)?;
    Ok(match fault {
        Some((_, e)) => Ended::Fault(e),
        None if ckpt.complete => Ended::Complete,
        None => Ended::Stopped,
    })
}

// ------------------------------------------------------------------------------ merging

/// The fix for a shard whose checkpoint or records are damaged.
const DAMAGED_SHARD: &str =
    "this shard cannot be merged: play it again (its own `lotr-sim campaign ... --shard K/N` command, with --force)";

/// The shards `dirs` of one campaign run merged: the unsharded, complete checkpoint (its
/// `records_bytes` for the records in index order) and every record, sorted by index.
pub fn merge_dirs(dirs: &[PathBuf]) -> Result<(CampaignCkpt, Vec<CampaignRecord>), String> {
    let mut shards: Vec<(PathBuf, CampaignCkpt)> = Vec::new();
    for d in dirs {
        let c = CampaignCkpt::read(d)
            .map_err(|e| format!("{e}; {DAMAGED_SHARD}"))?
            .ok_or_else(|| {
                format!(
                    "{} has no {CHECKPOINT}: not the output folder of a `lotr-sim campaign` shard",
                    d.display()
                )
            })?;
        if !c.complete {
            return Err(format!(
                "{} holds an unfinished campaign shard {} ({} of {} campaigns played); finish it with `lotr-sim campaign --resume {}` first",
                d.display(),
                c.shard,
                c.played(),
                c.planned(),
                d.display()
            ));
        }
        if let Some((first_dir, first)) = shards.first() {
            let diff = first.differences(&c);
            if !diff.is_empty() {
                return Err(format!(
                    "{} and {} are shards of different campaign runs ({}); merge only the shards of one run",
                    first_dir.display(),
                    d.display(),
                    diff.join(", ")
                ));
            }
        }
        if let Some((other, _)) = shards.iter().find(|(_, x)| x.shard.index == c.shard.index) {
            return Err(format!(
                "{} and {} both hold shard {}; name each shard once",
                other.display(),
                d.display(),
                c.shard
            ));
        }
        shards.push((d.clone(), c));
    }
    let Some((_, first)) = shards.first() else {
        return Err("name the shard folders to merge".into());
    };
    let count = first.shard.count;
    let missing: Vec<String> = (0..count)
        .filter(|k| !shards.iter().any(|(_, c)| c.shard.index == *k))
        .take(10)
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "shard(s) {} missing: a merge needs all {count} shards of the campaign run",
            missing.join(", ")
        ));
    }
    shards.sort_by_key(|(_, c)| c.shard.index);
    let mut merged = shards[0].1.clone();
    merged.shard = Shard::default();
    merged.done.clear();
    merged.records_bytes = 0;
    let mut recs = Vec::new();
    for (dir, c) in &shards {
        for r in read_records(dir, c).map_err(|e| format!("{e}; {DAMAGED_SHARD}"))? {
            add_range(&mut merged.done, r.index, r.index + 1);
            merged.records_bytes += record_line(&r).len() as u64;
            recs.push(r);
        }
    }
    recs.sort_by_key(|r| r.index);
    merged.complete = merged.played() == merged.planned();
    if !merged.complete {
        return Err("the shards do not cover every campaign of the run".into());
    }
    Ok((merged, recs))
}

/// Write the records in index order into `dir` (a merged run's records file).
pub fn write_records(dir: &Path, recs: &[CampaignRecord]) -> std::io::Result<()> {
    let text: String = recs.iter().map(record_line).collect();
    crate::report::write_atomic(&dir.join(RECORDS), text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_checkpoints_round_trip() {
        let mut sc = [ScenarioResult::default(); 9];
        sc[0] = ScenarioResult {
            attempts: 3,
            won: true,
            score: -12,
            fallen: 1,
            threat_penalty: 2,
            pool: 4,
        };
        sc[1].attempts = 10;
        let r = CampaignRecord {
            index: 41,
            start: 1,
            stop: Stop::Lost(2),
            scenarios: sc,
            total_score: -12,
            threat_penalty: 2,
            state: CampaignState::new(0, Vec::new()),
        };
        let line = record_line(&r);
        let back = parse_record(line.trim_end()).unwrap();
        assert_eq!(record_line(&back), line);
        assert_eq!((back.stop, back.scenarios, back.index), (r.stop, sc, 41));
        // A changed record is refused.
        assert!(parse_record(&line.trim_end().replace(" 41 ", " 42 ")).is_err());
        let c = CampaignCkpt {
            args: vec!["--games".into(), "10".into()],
            mode: Mode::Easy,
            decks: vec!["core-leadership".into()],
            bots: vec!["basic".into()],
            seed: 7,
            from: 6,
            retries: 2,
            per_game: true,
            games: 10,
            key: vec!["rules".into(), "version 1".into()],
            shard: Shard { index: 1, count: 2 },
            done: vec![(5, 8)],
            records_bytes: 300,
            complete: false,
        };
        let t = c.to_text();
        assert_eq!(CampaignCkpt::parse(&t).unwrap(), c);
        assert!(CampaignCkpt::parse(&t.replace("seed 7", "seed 8")).is_err());
        let mut other = c.clone();
        other.key[1] = "version 2".into();
        assert_eq!(
            c.differences(&other),
            vec!["version: version 1 vs version 2"]
        );
    }
}
