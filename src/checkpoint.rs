//! Checkpoints and shard results: the state of a run on disk.
//!
//! A run's output folder holds `checkpoint.txt`: the full run key (what was asked: scenario and
//! mode specs, deck specs with a hash of each resolved deck's content, bots, seed, rules, round
//! cap, total games, shard, per-game flag; what it resolved to: the list of scenario × mode
//! combinations) and, per combination, the game ranges completed so far with their accumulated
//! statistics. The same file, with `status complete`, is a shard's mergeable result and a
//! finished run's record. With `--per-game`, `games.part` holds one line per finished game
//! (`CHECKSUM combo,<games.csv row without scenario,mode>`, the checksum an FNV-1a 64 of the
//! rest of the line, checked on resume and merge); the checkpoint records how many of its bytes
//! are valid, so a resumed run drops whatever was appended after the last checkpoint. A finished
//! unsharded run folds `games.part` into `games.csv` and removes it (`games_bytes 0`).
//!
//! The format is versioned plain text (`lotr-sim checkpoint v2`), one `name value…` per line,
//! closed by an FNV-1a 64 checksum of everything before that line. It is written to a temporary
//! file, synced and renamed, so a reader sees either the previous or the new checkpoint, never
//! a mix. [`Checkpoint::parse`] never panics: anything else is a clear error.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::data::Mode;
use crate::stats::Accumulator;

/// Name of the checkpoint / result file in an output folder.
pub const CHECKPOINT: &str = "checkpoint.txt";
/// Name of the per-game rows file (`--per-game`).
pub const GAMES_PART: &str = "games.part";
/// First line of a checkpoint.
pub const MAGIC: &str = "lotr-sim checkpoint v2";
/// Largest checkpoint read, in bytes (a sweep of every combination writes well under 1 MB).
pub const MAX_CHECKPOINT_BYTES: u64 = 64 * 1024 * 1024;

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Shard `index` of `count` (0-based): a contiguous slice of the game indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { index: 0, count: 1 }
    }
}

impl Shard {
    /// Parse `K/N` with `0 <= K < N`.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let help = "--shard takes K/N: shard K (0-based, 0 to N-1) of N, e.g. --shard 0/4";
        let Some((k, n)) = s.split_once('/') else {
            return Err(format!("`{s}` is not K/N; {help}"));
        };
        let (Ok(index), Ok(count)) = (k.trim().parse::<u64>(), n.trim().parse::<u64>()) else {
            return Err(format!("`{s}` is not K/N with whole numbers; {help}"));
        };
        if count == 0 {
            return Err(format!(
                "`{s}`: a run cannot be split into 0 shards; {help}"
            ));
        }
        if index >= count {
            return Err(format!(
                "`{s}`: shard {index} does not exist, shards of {count} are numbered 0 to {}; {help}",
                count - 1
            ));
        }
        Ok(Shard { index, count })
    }
    /// The game indices `[start, end)` this shard plays out of `games`.
    pub fn range(&self, games: u64) -> (u64, u64) {
        let at = |k: u64| (k as u128 * games as u128 / self.count as u128) as u64;
        (at(self.index), at(self.index + 1))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What defines a run, as asked on the command line (before resolution).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RunSpec {
    /// `--scenario` as given (a slug, a comma list or `all`).
    pub scenario: String,
    /// `--mode` as given.
    pub mode: String,
    pub decks: Vec<String>,
    pub players: Option<u8>,
    pub bots: Vec<String>,
    pub seed: u64,
    pub max_rounds: u16,
    pub rules: Vec<String>,
    pub allow_unimplemented: bool,
    /// Total games per combination (of the whole run, all shards).
    pub games: u64,
    pub shard: Shard,
    pub per_game: bool,
}

/// What a run resolved to; two runs with equal specs but different resolutions (a deck file
/// edited, another engine version) are different runs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Resolved {
    pub engine_version: String,
    /// `(deck name, content hash)` per seat.
    pub decks: Vec<(String, u64)>,
    /// `(scenario slug, mode)` per combination, in report order.
    pub combos: Vec<(String, Mode)>,
    /// Bot name per seat.
    pub bots: Vec<String>,
    /// Changed rule options as `summary.csv` prints them.
    pub rules: String,
    /// Titles of deck cards played without their abilities, joined with `;`.
    pub unimplemented: String,
}

/// Progress and statistics of one combination.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ComboState {
    /// Completed game ranges `[start, end)`, sorted, disjoint, not adjacent.
    pub done: Vec<(u64, u64)>,
    pub acc: Accumulator,
}

/// A checkpoint file's content.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Checkpoint {
    pub spec: RunSpec,
    pub resolved: Resolved,
    /// Every game of the shard has been played.
    pub complete: bool,
    /// Valid length of `games.part`.
    pub games_bytes: u64,
    /// One per `resolved.combos`.
    pub combos: Vec<ComboState>,
}

/// Add `[s, e)` to a sorted list of disjoint ranges, coalescing neighbours.
pub fn add_range(ranges: &mut Vec<(u64, u64)>, s: u64, e: u64) {
    if s >= e {
        return;
    }
    ranges.push((s, e));
    ranges.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
    for &(a, b) in ranges.iter() {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    *ranges = out;
}

/// Games in a range list.
pub fn range_total(ranges: &[(u64, u64)]) -> u64 {
    ranges.iter().map(|&(a, b)| b - a).sum()
}

/// The parts of `[lo, hi)` not covered by `ranges`.
pub fn missing_ranges(ranges: &[(u64, u64)], lo: u64, hi: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut at = lo;
    for &(a, b) in ranges {
        if b <= at {
            continue;
        }
        if a >= hi {
            break;
        }
        if a > at {
            out.push((at, a.min(hi)));
        }
        at = at.max(b);
    }
    if at < hi {
        out.push((at, hi));
    }
    out
}

fn one_line(s: &str) -> String {
    // Values are written verbatim after the field name; a line break would end the field.
    s.replace(['\n', '\r'], " ")
}

impl Checkpoint {
    /// Games played so far over every combination.
    pub fn played(&self) -> u64 {
        self.combos
            .iter()
            .fold(0u64, |n, c| n.saturating_add(range_total(&c.done)))
    }

    /// Games this shard plays in all (over every combination).
    pub fn planned(&self) -> u64 {
        let (a, b) = self.spec.shard.range(self.spec.games);
        (b - a).saturating_mul(self.resolved.combos.len() as u64)
    }

    /// The file's text, checksum line included.
    pub fn to_text(&self) -> String {
        let s = &self.spec;
        let mut t = String::with_capacity(64 * 1024);
        let mut line = |l: String| {
            t.push_str(&l);
            t.push('\n');
        };
        line(MAGIC.to_string());
        line(format!(
            "engine_version {}",
            one_line(&self.resolved.engine_version)
        ));
        line(format!("scenario {}", one_line(&s.scenario)));
        line(format!("mode {}", one_line(&s.mode)));
        for d in &s.decks {
            line(format!("deck {}", one_line(d)));
        }
        if let Some(p) = s.players {
            line(format!("players {p}"));
        }
        for b in &s.bots {
            line(format!("bot {}", one_line(b)));
        }
        line(format!("seed {}", s.seed));
        line(format!("max_rounds {}", s.max_rounds));
        for r in &s.rules {
            line(format!("rule {}", one_line(r)));
        }
        line(format!(
            "allow_unimplemented {}",
            s.allow_unimplemented as u8
        ));
        line(format!("games {}", s.games));
        line(format!("shard {}", s.shard));
        line(format!("per_game {}", s.per_game as u8));
        for (name, hash) in &self.resolved.decks {
            line(format!("deck_hash {hash:016x} {}", one_line(name)));
        }
        for (slug, mode) in &self.resolved.combos {
            line(format!("combo {} {}", one_line(slug), mode.name()));
        }
        for b in &self.resolved.bots {
            line(format!("seat_bot {}", one_line(b)));
        }
        line(format!("rules_key {}", one_line(&self.resolved.rules)));
        line(format!(
            "unimplemented {}",
            one_line(&self.resolved.unimplemented)
        ));
        line(format!(
            "status {}",
            if self.complete { "complete" } else { "running" }
        ));
        line(format!("games_bytes {}", self.games_bytes));
        for (i, c) in self.combos.iter().enumerate() {
            let done: Vec<String> = c.done.iter().map(|(a, b)| format!("{a}-{b}")).collect();
            line(
                format!("done {i} {}", done.join(","))
                    .trim_end()
                    .to_string(),
            );
            for l in c.acc.encode() {
                line(format!("acc {i} {l}"));
            }
        }
        let sum = fnv1a64(t.as_bytes());
        t.push_str(&format!("checksum {sum:016x}\n"));
        t
    }

    /// Parse a checkpoint; never panics.
    pub fn parse(text: &str) -> Result<Checkpoint, String> {
        let body_end = text
            .trim_end_matches('\n')
            .rfind('\n')
            .map(|i| i + 1)
            .ok_or("the file is empty or has a single line")?;
        let (body, last) = text.split_at(body_end);
        if !body.starts_with(MAGIC) && body.starts_with("lotr-sim checkpoint v") {
            let v = body.lines().next().unwrap_or_default();
            return Err(format!(
                "written by another version of lotr-sim (`{v}`, this one reads `{MAGIC}`); start the run again with --force"
            ));
        }
        if !body.starts_with(MAGIC) {
            return Err(format!(
                "not a lotr-sim checkpoint (the first line is not `{MAGIC}`)"
            ));
        }
        let want = last
            .trim_end()
            .strip_prefix("checksum ")
            .ok_or("the checksum line is missing (the file was cut short)")?;
        let got = format!("{:016x}", fnv1a64(body.as_bytes()));
        if want != got {
            return Err("checksum mismatch: the file was changed or damaged".into());
        }
        let mut c = Checkpoint::default();
        let mut status = None;
        let mut shard = None;
        let mut acc_lines: Vec<Vec<&str>> = Vec::new();
        let mut done: Vec<Option<Vec<(u64, u64)>>> = Vec::new();
        let num = |field: &str, v: &str| -> Result<u64, String> {
            v.parse::<u64>()
                .map_err(|_| format!("`{field}`: `{v}` is not a valid number"))
        };
        let flag = |field: &str, v: &str| -> Result<bool, String> {
            match v {
                "0" => Ok(false),
                "1" => Ok(true),
                _ => Err(format!("`{field}` must be 0 or 1, not `{v}`")),
            }
        };
        for (n, l) in body.lines().enumerate().skip(1) {
            let lineno = n + 1;
            let (field, v) = l.split_once(' ').unwrap_or((l, ""));
            let at = |e: String| format!("line {lineno}: {e}");
            match field {
                "engine_version" => c.resolved.engine_version = v.to_string(),
                "scenario" => c.spec.scenario = v.to_string(),
                "mode" => c.spec.mode = v.to_string(),
                "deck" => c.spec.decks.push(v.to_string()),
                "players" => {
                    c.spec.players = Some(
                        v.parse()
                            .map_err(|_| at(format!("`players`: `{v}` is not 1 to 255")))?,
                    )
                }
                "bot" => c.spec.bots.push(v.to_string()),
                "seed" => c.spec.seed = num(field, v).map_err(at)?,
                "max_rounds" => {
                    c.spec.max_rounds = v
                        .parse()
                        .map_err(|_| at(format!("`max_rounds`: `{v}` is not a valid number")))?
                }
                "rule" => c.spec.rules.push(v.to_string()),
                "allow_unimplemented" => c.spec.allow_unimplemented = flag(field, v).map_err(at)?,
                "games" => c.spec.games = num(field, v).map_err(at)?,
                "shard" => shard = Some(Shard::parse(v).map_err(at)?),
                "per_game" => c.spec.per_game = flag(field, v).map_err(at)?,
                "deck_hash" => {
                    let (h, name) = v.split_once(' ').unwrap_or((v, ""));
                    let h = u64::from_str_radix(h, 16)
                        .map_err(|_| at(format!("`deck_hash`: `{h}` is not hexadecimal")))?;
                    c.resolved.decks.push((name.to_string(), h));
                }
                "combo" => {
                    let (slug, m) = v
                        .rsplit_once(' ')
                        .ok_or_else(|| at("`combo` takes a scenario and a mode".into()))?;
                    let mode = Mode::ALL
                        .into_iter()
                        .find(|x| x.name() == m)
                        .ok_or_else(|| at(format!("unknown mode `{m}`")))?;
                    c.resolved.combos.push((slug.to_string(), mode));
                }
                "seat_bot" => c.resolved.bots.push(v.to_string()),
                "rules_key" => c.resolved.rules = v.to_string(),
                "unimplemented" => c.resolved.unimplemented = v.to_string(),
                "status" => {
                    status = Some(match v {
                        "complete" => true,
                        "running" => false,
                        _ => return Err(at(format!("unknown status `{v}`"))),
                    })
                }
                "games_bytes" => c.games_bytes = num(field, v).map_err(at)?,
                "done" | "acc" => {
                    let (i, rest) = v.split_once(' ').unwrap_or((v, ""));
                    let i = num("combo number", i).map_err(at)? as usize;
                    if i >= c.resolved.combos.len() {
                        return Err(at(format!("combination {i} is not listed")));
                    }
                    if done.len() < c.resolved.combos.len() {
                        done.resize(c.resolved.combos.len(), None);
                        acc_lines.resize(c.resolved.combos.len(), Vec::new());
                    }
                    if field == "acc" {
                        acc_lines[i].push(rest);
                        continue;
                    }
                    if done[i].is_some() {
                        return Err(at(format!("`done {i}` appears twice")));
                    }
                    let mut ranges = Vec::new();
                    for r in rest.split(',').filter(|r| !r.is_empty()) {
                        let (a, b) = r
                            .split_once('-')
                            .ok_or_else(|| at(format!("`{r}` is not a range START-END")))?;
                        let (a, b) = (num("range", a).map_err(at)?, num("range", b).map_err(at)?);
                        if a >= b {
                            return Err(at(format!("empty range `{r}`")));
                        }
                        if ranges.last().is_some_and(|&(_, e)| a <= e) {
                            return Err(at("ranges out of order or overlapping".into()));
                        }
                        ranges.push((a, b));
                    }
                    done[i] = Some(ranges);
                }
                _ => return Err(at(format!("unknown field `{field}`"))),
            }
        }
        c.spec.shard = shard.ok_or("the `shard` line is missing")?;
        c.complete = status.ok_or("the `status` line is missing")?;
        if c.spec.games == 0 {
            return Err("`games` must be at least 1".into());
        }
        if c.spec.max_rounds == 0 {
            return Err("`max_rounds` must be at least 1".into());
        }
        if c.resolved.decks.is_empty() || c.resolved.decks.len() > crate::record::MAX_PLAYERS {
            return Err("there must be 1 to 4 `deck_hash` lines".into());
        }
        if c.resolved.combos.is_empty() {
            return Err("no `combo` line".into());
        }
        if c.resolved.bots.len() != c.resolved.decks.len() {
            return Err("the seat_bot and deck lines do not match".into());
        }
        let (lo, hi) = c.spec.shard.range(c.spec.games);
        done.resize(c.resolved.combos.len(), None);
        acc_lines.resize(c.resolved.combos.len(), Vec::new());
        for (i, (d, a)) in done.into_iter().zip(acc_lines).enumerate() {
            let d = d.ok_or_else(|| format!("`done {i}` is missing"))?;
            if d.first().is_some_and(|&(a, _)| a < lo) || d.last().is_some_and(|&(_, b)| b > hi) {
                return Err(format!(
                    "combination {i}: completed games lie outside the shard's games {lo}-{hi}"
                ));
            }
            let acc = Accumulator::decode(a).map_err(|e| format!("combination {i}: {e}"))?;
            if acc.games != range_total(&d) {
                return Err(format!(
                    "combination {i}: {} games counted but {} completed",
                    acc.games,
                    range_total(&d)
                ));
            }
            c.combos.push(ComboState { done: d, acc });
        }
        if c.complete && c.played() != c.planned() {
            return Err("marked complete but games are missing".into());
        }
        Ok(c)
    }

    /// Read `dir/checkpoint.txt`: `Ok(None)` when there is none.
    pub fn read(dir: &Path) -> Result<Option<Checkpoint>, String> {
        let path = dir.join(CHECKPOINT);
        let bytes = match read_regular(&path, MAX_CHECKPOINT_BYTES) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{}: corrupt checkpoint: not text", path.display()))?;
        Checkpoint::parse(&text)
            .map(Some)
            .map_err(|e| format!("{}: corrupt checkpoint: {e}", path.display()))
    }

    /// Write `dir/checkpoint.txt` atomically (temporary file, sync, rename).
    pub fn write(&self, dir: &Path) -> std::io::Result<PathBuf> {
        let path = dir.join(CHECKPOINT);
        crate::report::write_atomic(&path, self.to_text().as_bytes())?;
        Ok(path)
    }

    /// How `self` and `other` differ as runs (ignoring progress), in words; empty when they
    /// are the same run. With `ignore_shard_index`, shards of one run count as the same.
    pub fn differences(&self, other: &Checkpoint, ignore_shard_index: bool) -> Vec<String> {
        // What is played, as resolved: how the options were spelled does not matter
        // (`--deck core-leadership` is the default deck, `--players 1` one deck).
        let (a, b) = (&self.spec, &other.spec);
        let (x, y) = (&self.resolved, &other.resolved);
        let mut d = Vec::new();
        let mut cmp = |what: &str, x: String, y: String| {
            if x != y {
                let shown = |v: String| {
                    if v.is_empty() {
                        "(none)".to_string()
                    } else {
                        v
                    }
                };
                d.push(format!("{what} {} vs {}", shown(x), shown(y)));
            }
        };
        let combos = |r: &Resolved| {
            let mut v: Vec<String> = r
                .combos
                .iter()
                .map(|(s, m)| format!("{s} {}", m.name()))
                .collect();
            if v.len() > 3 {
                let n = v.len();
                v.truncate(2);
                v.push(format!("… ({n} in all)"));
            }
            v.join(", ")
        };
        let names = |r: &Resolved| {
            r.decks
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join("+")
        };
        cmp("scenario × mode", combos(x), combos(y));
        cmp("decks", names(x), names(y));
        cmp("bots", x.bots.join("+"), y.bots.join("+"));
        cmp("seed", a.seed.to_string(), b.seed.to_string());
        cmp(
            "max-rounds",
            a.max_rounds.to_string(),
            b.max_rounds.to_string(),
        );
        cmp("rules", x.rules.clone(), y.rules.clone());
        cmp(
            "allow-unimplemented",
            a.allow_unimplemented.to_string(),
            b.allow_unimplemented.to_string(),
        );
        cmp("games", a.games.to_string(), b.games.to_string());
        if ignore_shard_index {
            cmp(
                "shard count",
                a.shard.count.to_string(),
                b.shard.count.to_string(),
            );
        } else {
            cmp("shard", a.shard.to_string(), b.shard.to_string());
        }
        cmp("per-game", a.per_game.to_string(), b.per_game.to_string());
        cmp(
            "engine version",
            x.engine_version.clone(),
            y.engine_version.clone(),
        );
        if names(x) == names(y) && x.decks != y.decks {
            d.push("deck contents (a deck file changed)".into());
        }
        if d.is_empty() && x.unimplemented != y.unimplemented {
            d.push("cards played without their abilities".into());
        }
        d
    }

    /// Check per-game rows against the games played: every played game once, nothing else.
    /// Sorts `rows` by combination and index.
    pub fn check_rows(&self, rows: &mut [(usize, u64, String)]) -> Result<(), String> {
        // A stable sort finds the chunks' runs already in order (the keys are unique once
        // checked, so any sort gives the same order).
        rows.sort_by_key(|r| (r.0, r.1));
        for (k, (c, i, _)) in rows.iter().enumerate() {
            let Some(state) = self.combos.get(*c) else {
                return Err(format!("combination {c} is not part of this run"));
            };
            let within = state.done.iter().any(|&(a, b)| (a..b).contains(i));
            if !within {
                return Err(format!(
                    "game {i} of combination {c} was not played by this run"
                ));
            }
            if k > 0 && rows[k - 1].0 == *c && rows[k - 1].1 == *i {
                return Err(format!(
                    "game {i} of combination {c} appears twice (two runs wrote the same folder?)"
                ));
            }
        }
        if rows.len() as u64 != self.played() {
            return Err(format!(
                "{} per-game rows for {} games played: rows are missing",
                rows.len(),
                self.played()
            ));
        }
        Ok(())
    }

    /// The report key of each combination.
    pub fn keys(&self) -> Vec<crate::report::RunKey> {
        let r = &self.resolved;
        r.combos
            .iter()
            .map(|(slug, mode)| crate::report::RunKey {
                scenario: slug.clone(),
                mode: *mode,
                players: r.decks.len() as u8,
                decks: r.decks.iter().map(|(n, _)| n.clone()).collect(),
                bots: r.bots.clone(),
                seed: self.spec.seed,
                rules: r.rules.clone(),
                max_rounds: self.spec.max_rounds,
                unimplemented_cards: r.unimplemented.clone(),
            })
            .collect()
    }
}

/// Read `path` if it is a regular file of at most `max` bytes (never blocks on a pipe, never
/// reads a device without end).
pub fn read_regular(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let m = fs::metadata(path)?;
    if !m.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    if m.len() > max {
        return Err(std::io::Error::other(format!(
            "{} bytes, more than the {max} expected: not a file lotr-sim wrote",
            m.len()
        )));
    }
    let mut bytes = Vec::with_capacity(m.len() as usize);
    fs::File::open(path)?.take(max).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// One `games.part` line (with its line end) for the `games.csv` row `row` of combination
/// `combo`.
pub fn games_part_line(combo: usize, row: &str) -> String {
    let mut line = String::new();
    push_games_part_line(&mut line, combo, row);
    line
}

/// Append the [`games_part_line`] of `row` of combination `combo` to `out` (no allocation
/// beyond `out`'s growth: batch workers fill one buffer per chunk).
pub fn push_games_part_line(out: &mut String, combo: usize, row: &str) {
    use std::fmt::Write as _;
    let start = out.len();
    // The checksum comes first but covers what follows: a placeholder, filled in below.
    out.push_str("0000000000000000 ");
    let rec = out.len();
    let _ = write!(out, "{combo},{row}");
    let sum = fnv1a64(&out.as_bytes()[rec..]);
    let mut hex = [0u8; 16];
    for (k, h) in hex.iter_mut().enumerate() {
        *h = b"0123456789abcdef"[((sum >> (60 - 4 * k)) & 0xf) as usize];
    }
    out.replace_range(
        start..start + 16,
        std::str::from_utf8(&hex).expect("hex digits"),
    );
    out.push('\n');
}

/// Read the valid prefix (`len` bytes) of `games.part` as `(combo, index, row)` entries, each
/// record's checksum verified.
pub fn read_games_part(dir: &Path, len: u64) -> Result<Vec<(usize, u64, String)>, String> {
    let path = dir.join(GAMES_PART);
    if len == 0 {
        return Ok(Vec::new());
    }
    use std::io::Read;
    let meta = fs::metadata(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    if meta.len() < len {
        return Err(format!(
            "{} is shorter ({} bytes) than its checkpoint says ({len})",
            path.display(),
            meta.len()
        ));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    fs::File::open(&path)
        .and_then(|f| f.take(len).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("{}: not text", path.display()))?;
    parse_games_part(text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parse `games.part` lines `CHECKSUM combo,index,rest…`; never panics.
pub fn parse_games_part(text: &str) -> Result<Vec<(usize, u64, String)>, String> {
    let mut out = Vec::new();
    for (n, l) in text.lines().enumerate() {
        let bad = || format!("line {}: not `CHECKSUM combo,index,…`", n + 1);
        let (sum, rec) = l.split_once(' ').ok_or_else(bad)?;
        if u64::from_str_radix(sum, 16).ok() != Some(fnv1a64(rec.as_bytes())) || sum.len() != 16 {
            return Err(format!(
                "line {}: checksum mismatch: the record was changed or damaged",
                n + 1
            ));
        }
        let (c, rest) = rec.split_once(',').ok_or_else(bad)?;
        let (i, _) = rest.split_once(',').ok_or_else(bad)?;
        let c: usize = c.parse().map_err(|_| bad())?;
        let i: u64 = i.parse().map_err(|_| bad())?;
        out.push((c, i, rest.to_string()));
    }
    Ok(out)
}

/// The per-game rows of a finished unsharded run whose `games.part` was folded into
/// `games.csv` (read back for `merge`), as `(combo, index, row)`.
pub fn read_games_csv(dir: &Path, ckpt: &Checkpoint) -> Result<Vec<(usize, u64, String)>, String> {
    let path = dir.join("games.csv");
    let bytes = read_regular(&path, u64::MAX)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("{}: not text", path.display()))?;
    let mut lines = text.lines();
    let header = crate::report::GAMES_HEADER.join(",");
    if lines.next() != Some(header.as_str()) {
        return Err(format!("{}: the header is not `{header}`", path.display()));
    }
    let mut out = Vec::new();
    for (n, l) in lines.enumerate() {
        let bad = || format!("{} line {}: not a games.csv row", path.display(), n + 2);
        let mut f = l.splitn(4, ',');
        let (Some(slug), Some(mode), Some(index), Some(rest)) =
            (f.next(), f.next(), f.next(), f.next())
        else {
            return Err(bad());
        };
        let c = ckpt
            .resolved
            .combos
            .iter()
            .position(|(s, m)| s == slug && m.name() == mode)
            .ok_or_else(bad)?;
        let i: u64 = index.parse().map_err(|_| bad())?;
        out.push((c, i, format!("{index},{rest}")));
    }
    Ok(out)
}

/// A run in progress: its checkpoint, the per-game rows file, and when to write the next
/// checkpoint. Feed it every finished chunk with [`RunState::add`].
pub struct RunState {
    pub ckpt: Checkpoint,
    dir: PathBuf,
    games_file: Option<std::io::BufWriter<fs::File>>,
    games_written: u64,
    /// Per-game rows `(combo, index, games.csv row)` (only with `per_game`).
    pub rows: Vec<(usize, u64, String)>,
    interval: Option<std::time::Duration>,
    last: std::time::Instant,
    /// Checkpoints written so far (the final one included).
    pub written: u64,
}

impl RunState {
    /// Start (fresh checkpoint with no games done) or continue (a resumed checkpoint) a run in
    /// `dir`, which must exist. `interval`: time between checkpoints (`None`: only at the end
    /// and on interruption).
    pub fn open(
        dir: &Path,
        ckpt: Checkpoint,
        interval: Option<std::time::Duration>,
    ) -> Result<RunState, String> {
        let mut rows = Vec::new();
        let mut games_file = None;
        if ckpt.spec.per_game {
            let path = dir.join(GAMES_PART);
            if fs::metadata(&path).is_ok_and(|m| !m.is_file()) {
                return Err(format!("{} is not a regular file", path.display()));
            }
            rows = read_games_part(dir, ckpt.games_bytes)?;
            // A finished run's rows may already be in games.csv (`games_bytes 0`).
            if !(ckpt.complete && ckpt.games_bytes == 0) {
                ckpt.check_rows(&mut rows)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            let f = fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            // Drop what was appended after the last checkpoint.
            f.set_len(ckpt.games_bytes)
                .map_err(|e| format!("cannot truncate {}: {e}", path.display()))?;
            let mut f = std::io::BufWriter::new(f);
            use std::io::Seek;
            f.seek(std::io::SeekFrom::End(0))
                .map_err(|e| format!("cannot seek {}: {e}", path.display()))?;
            games_file = Some(f);
        }
        Ok(RunState {
            games_written: ckpt.games_bytes,
            ckpt,
            dir: dir.to_path_buf(),
            games_file,
            rows,
            interval,
            last: std::time::Instant::now(),
            written: 0,
        })
    }

    /// Work items of the games not yet played (in combination order).
    pub fn remaining(&self) -> Vec<crate::batch::WorkItem> {
        let (lo, hi) = self.ckpt.spec.shard.range(self.ckpt.spec.games);
        let mut items = Vec::new();
        for (i, c) in self.ckpt.combos.iter().enumerate() {
            crate::batch::work_items(i, &missing_ranges(&c.done, lo, hi), &mut items);
        }
        items
    }

    /// Count one finished chunk; writes a checkpoint when the interval has passed. With
    /// `per_game`, the chunk's rows are its `rows` and `part` as the workers formatted them
    /// (`batch::PerGame::Rows`), or else made here from its `games`.
    pub fn add(&mut self, d: crate::batch::ChunkDone) -> std::io::Result<()> {
        let c = &mut self.ckpt.combos[d.item.combo];
        c.acc.merge(&d.acc);
        add_range(&mut c.done, d.item.start, d.item.end);
        if let Some(f) = self.games_file.as_mut() {
            f.write_all(d.part.as_bytes())?;
            self.games_written += d.part.len() as u64;
            self.rows.extend(d.rows);
            for r in &d.games {
                let row = crate::report::game_row(r);
                let line = games_part_line(d.item.combo, &row);
                f.write_all(line.as_bytes())?;
                self.games_written += line.len() as u64;
                self.rows.push((d.item.combo, r.index, row));
            }
        }
        if self.interval.is_some_and(|i| self.last.elapsed() >= i) {
            self.checkpoint()?;
        }
        Ok(())
    }

    /// A finished unsharded run whose `games.csv` is written: record `games_bytes 0` and
    /// remove `games.part`.
    pub fn finish_games(&mut self) -> std::io::Result<()> {
        self.games_file = None;
        self.games_written = 0;
        self.rows = Vec::new();
        self.checkpoint()?;
        match fs::remove_file(self.dir.join(GAMES_PART)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Write a checkpoint now (per-game rows synced first, then the checkpoint renamed in).
    pub fn checkpoint(&mut self) -> std::io::Result<()> {
        if let Some(f) = self.games_file.as_mut() {
            f.flush()?;
            f.get_ref().sync_data()?;
        }
        self.ckpt.games_bytes = self.games_written;
        self.ckpt.complete = self.ckpt.played() == self.ckpt.planned();
        self.ckpt.write(&self.dir)?;
        self.written += 1;
        self.last = std::time::Instant::now();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_parse_and_ranges() {
        assert_eq!(Shard::parse("0/4").unwrap(), Shard { index: 0, count: 4 });
        for bad in ["4/4", "1/0", "a/b", "3", "-1/2", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        for n in 1..9u64 {
            let mut at = 0;
            for k in 0..n {
                let (a, b) = Shard { index: k, count: n }.range(1000);
                assert_eq!(a, at);
                at = b;
            }
            assert_eq!(at, 1000);
        }
    }

    #[test]
    fn ranges() {
        let mut r = Vec::new();
        add_range(&mut r, 10, 20);
        add_range(&mut r, 30, 40);
        add_range(&mut r, 20, 30);
        assert_eq!(r, vec![(10, 40)]);
        add_range(&mut r, 0, 5);
        assert_eq!(missing_ranges(&r, 0, 50), vec![(5, 10), (40, 50)]);
        assert_eq!(range_total(&r), 35);
    }

    #[test]
    fn round_trip_and_corruption() {
        let mut acc = Accumulator::new();
        let mut rec = crate::record::GameRecord::empty(3, 1);
        rec.rounds = 4;
        rec.outcome = crate::record::Outcome::LossThreat;
        acc.add(&rec);
        let c = Checkpoint {
            spec: RunSpec {
                scenario: "all".into(),
                mode: "standard".into(),
                decks: vec!["decks/my deck.txt".into()],
                players: None,
                bots: vec!["basic".into()],
                seed: 3,
                max_rounds: 30,
                rules: vec!["first_player=random".into()],
                allow_unimplemented: true,
                games: 10,
                shard: Shard { index: 1, count: 2 },
                per_game: true,
            },
            resolved: Resolved {
                engine_version: "0.1.0".into(),
                decks: vec![("my deck".into(), 0xfeed)],
                combos: vec![("intruders-in-chetwood".into(), Mode::Standard)],
                bots: vec!["basic".into()],
                rules: "first_player=random".into(),
                unimplemented: "A;B".into(),
            },
            complete: false,
            games_bytes: 17,
            combos: vec![ComboState {
                done: vec![(5, 6)],
                acc,
            }],
        };
        let t = c.to_text();
        assert_eq!(Checkpoint::parse(&t).unwrap(), c);
        assert!(Checkpoint::parse(&t.replace("seed 3", "seed 4")).is_err());
        assert!(Checkpoint::parse(&t[..t.len() / 2]).is_err());
        assert!(Checkpoint::parse("").is_err());
        assert!(c.differences(&c, false).is_empty());
    }
}
