//! What several subcommands share: configuration errors, the game configuration from
//! `GameArgs`, name lookups with suggestions, the stop flag and the progress bar.

use anyhow::{Context, Result};
use lotr_sim::bots::{self, BOTS};
use lotr_sim::cards::{self, Status};
use lotr_sim::checkpoint::Checkpoint;
use lotr_sim::data::{self, CardDb, DefId, Mode};
use lotr_sim::deck::{self, Deck};
use lotr_sim::engine::{GameSetup, RuleOptions};
use lotr_sim::lock::{FolderLock, LockError};
use lotr_sim::record::{GameRecord, Outcome, MAX_PLAYERS, MAX_ROUNDS};
use lotr_sim::report::{self, RunKey};
use lotr_sim::stats::Accumulator;
use std::fmt;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::args::*;

/// A configuration error: reported with the valid choices, exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

pub(super) fn usage<T>(msg: impl Into<String>) -> Result<T> {
    Err(UsageError(msg.into()).into())
}

/// Checks `--max-rounds` and applies each `--rule NAME=VALUE`: the rule options and the changed
/// rules as `name=value` (their canonical spelling), for the reports.
pub(super) fn rules_and_cap(
    max_rounds: u16,
    rules: &[String],
) -> Result<(RuleOptions, Vec<String>)> {
    if max_rounds == 0 || max_rounds as usize > MAX_ROUNDS {
        return usage(format!(
            "--max-rounds must be 1 to {MAX_ROUNDS}, not {max_rounds}"
        ));
    }
    let mut options = RuleOptions::default();
    let mut changed = Vec::new();
    for r in rules {
        let Some((name, value)) = r.split_once('=') else {
            return usage(format!(
                "--rule takes NAME=VALUE, not `{r}` (see `lotr-sim list rules`)"
            ));
        };
        let name = name.trim();
        if let Err(e) = options.set(name, value.trim()) {
            return usage(format!("{e} (see `lotr-sim list rules`)"));
        }
        // Given twice, the later value would silently win (and the run key would name both).
        let prefix = format!("{name}=");
        if let Some(first) = changed.iter().find(|c: &&String| c.starts_with(&prefix)) {
            return usage(format!(
                "--rule `{name}` is given twice (`{first}` and `{}`); give each rule once",
                clip(r.trim())
            ));
        }
        changed.push(format!("{name}={}", options.get(name)));
    }
    Ok((options, changed))
}

/// The run was stopped by a signal; its checkpoint was kept. Exit status 130.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

pub(super) fn load_db() -> Result<CardDb> {
    data::load_embedded().context("cannot load the embedded card data")
}

/// A validated configuration.
pub(super) struct Config {
    pub(super) setup: GameSetup,
    pub(super) bots: Vec<String>,
    pub(super) key: RunKey,
}

pub(super) fn scenario_modes(db: &CardDb, sc: usize) -> Vec<Mode> {
    Mode::ALL
        .into_iter()
        .filter(|&m| !db.scenarios[sc].quest[m as usize].is_empty())
        .collect()
}

pub(super) fn mode_names(modes: &[Mode]) -> String {
    modes
        .iter()
        .map(|m| m.name())
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn builtin_names() -> String {
    deck::builtin_decks()
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn bot_names() -> String {
    BOTS.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
}

/// Check every `--bot` spec and return them in canonical spelling (see `bots::canonical`), so
/// reports and run keys carry the options and equal bots are one run.
pub(super) fn bot_specs(specs: &[String]) -> Result<Vec<String>> {
    specs
        .iter()
        .map(|b| match bots::canonical(b) {
            Ok(c) => Ok(c),
            Err(e) => {
                let name = b.split(':').next().unwrap_or("").trim();
                if bots::info(name).is_none() {
                    usage(format!(
                        "unknown bot `{name}`{}; valid bots: {} (see `lotr-sim list bots`)",
                        suggest(name, BOTS.iter().map(|x| x.name)),
                        bot_names()
                    ))
                } else {
                    usage(format!("--bot `{b}`: {e} (see `lotr-sim list bots`)"))
                }
            }
        })
        .collect()
}

pub(super) fn find_scenario(db: &CardDb, slug: &str) -> Result<usize> {
    match db.scenario(slug) {
        Some(i) => Ok(i),
        None => usage(format!(
            "unknown scenario `{slug}`{}; valid scenarios: {} (for `run` also a comma list or `all`)",
            suggest(slug, db.scenarios.iter().map(|s| s.slug.as_str())),
            db.scenarios
                .iter()
                .map(|s| s.slug.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

pub(super) fn configure(db: &CardDb, a: &GameArgs) -> Result<Config> {
    for (what, v) in [("scenario", &a.scenario), ("mode", &a.mode)] {
        if v.contains(',') || v.trim() == "all" {
            return usage(format!(
                "--{what} `{v}`: this command plays one scenario in one mode; lists and `all` are for `run`"
            ));
        }
    }
    let sc = find_scenario(db, &a.scenario)?;
    let mode = match Mode::ALL.into_iter().find(|m| m.name() == a.mode) {
        Some(m) => m,
        None => {
            return usage(format!(
                "unknown mode `{}`{}; valid modes: {}",
                a.mode,
                suggest(&a.mode, Mode::ALL.iter().map(|m| m.name())),
                mode_names(&Mode::ALL)
            ))
        }
    };
    let modes = scenario_modes(db, sc);
    if !modes.contains(&mode) {
        return usage(format!(
            "scenario `{}` has no {} mode; available: {}",
            a.scenario,
            mode.name(),
            mode_names(&modes)
        ));
    }
    if let Some(p) = a.players {
        if p == 0 || p as usize > MAX_PLAYERS {
            return usage(format!("--players must be 1 to {MAX_PLAYERS}, not {p}"));
        }
    }
    // One --deck FILE holding exactly --players decks seats them in order (FILE#1, FILE#2...).
    let given = deck::seat_specs(&a.decks, a.players, db);
    let specs: Vec<String> = match (given.len(), a.players) {
        (0, None | Some(1)) => vec![DEFAULT_DECK.to_string()],
        (n, Some(p)) if n != p as usize => {
            return usage(format!(
                "--players {p} needs {p} decks but {n} --deck given: pass --deck once per player, \
                 e.g. `--deck core-leadership --deck core-tactics` (built-in decks: {}; or a deck file path)",
                builtin_names()
            ))
        }
        _ => given,
    };
    if specs.len() > MAX_PLAYERS {
        return usage(format!(
            "at most {MAX_PLAYERS} players, but {} --deck given",
            specs.len()
        ));
    }
    let mut decks: Vec<Deck> = Vec::with_capacity(specs.len());
    for s in &specs {
        decks.push(load_deck(s, db)?);
    }
    let players = decks.len();
    let bots: Vec<String> = match a.bots.len() {
        0 => vec![DEFAULT_BOT.to_string(); players],
        1 => vec![a.bots[0].clone(); players],
        n if n == players => a.bots.clone(),
        n => {
            return usage(format!(
                "{n} --bot given for {players} player(s): pass --bot once for every seat, or once per seat"
            ))
        }
    };
    let bots = bot_specs(&bots)?;
    let (options, changed) = rules_and_cap(a.max_rounds, &a.rules)?;
    let key = RunKey {
        scenario: db.scenarios[sc].slug.clone(),
        mode,
        players: players as u8,
        decks: decks.iter().map(|d| d.name.clone()).collect(),
        bots: bots.clone(),
        seed: a.seed,
        rules: changed.join(";"),
        max_rounds: a.max_rounds,
        unimplemented_cards: String::new(),
    };
    let setup = GameSetup {
        scenario: sc,
        mode,
        decks,
        options,
        max_rounds: a.max_rounds,
        allow_unimplemented: a.allow_unimplemented,
    };
    if let Err(e) = setup.validate(db) {
        return usage(e);
    }
    Ok(Config { setup, bots, key })
}

/// Largest deck file read, in bytes: a deck list is a few kilobytes.
pub const MAX_DECK_BYTES: u64 = 1024 * 1024;
/// Most lines in a deck file (a deck list has a few hundred at most).
pub const MAX_DECK_LINES: usize = 10_000;
/// Most XML tags in an OCTGN deck (a deck of 50 distinct cards has about 120).
pub const MAX_DECK_TAGS: usize = 5_000;
/// Longest line of a text deck list, in characters.
pub const MAX_DECK_LINE: usize = 1_000;

/// Whether `spec` names a built-in deck (as `deck::resolve_deck` reads it: `core-tactics`,
/// `tactics`, `Core Tactics`, `core-tactics.o8d`).
fn is_builtin_deck(spec: &str) -> bool {
    let key = spec.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    let key = key.strip_suffix(".o8d").unwrap_or(&key);
    deck::builtin_decks()
        .iter()
        .any(|(name, _)| key == *name || Some(key) == name.strip_prefix("core-"))
}

/// Refuse a deck path that is not a regular file of at most [`MAX_DECK_BYTES`] (a folder, a
/// device such as /dev/zero, a pipe that would block, a huge file), looking only at its
/// metadata: nothing is opened.
pub(super) fn check_deck_path(spec: &str) -> Result<()> {
    // `FILE#N` (one deck of a file of several) is checked as FILE.
    let spec = deck::split_spec(spec).0;
    if is_builtin_deck(spec) {
        return Ok(());
    }
    let Ok(m) = std::fs::metadata(spec) else {
        // Missing or unreadable: the deck reader says so with the built-in names.
        return Ok(());
    };
    if m.is_dir() {
        return usage(format!(
            "deck `{spec}` is a folder; give a deck file (.o8d, .json or a text list) or a built-in deck (see `lotr-sim list decks`)"
        ));
    }
    if !m.is_file() {
        return usage(format!(
            "deck `{spec}` is not a regular file (a device, pipe or socket); give a deck file (.o8d, .json or a text list)"
        ));
    }
    if m.len() > MAX_DECK_BYTES {
        return usage(format!(
            "deck `{spec}` is {} bytes; a deck file is at most {MAX_DECK_BYTES} bytes (1 MB): is it the right file?",
            m.len()
        ));
    }
    // Shape: a deck list has a few hundred lines, and a text list short ones (JSON and XML
    // may hold long lines: descriptions, one-line exports).
    let Ok(bytes) = lotr_sim::checkpoint::read_regular(Path::new(spec), MAX_DECK_BYTES) else {
        return Ok(());
    };
    // Read as the importer reads it (UTF-16 with a byte-order mark, old Mac line ends), so
    // that a file it can import is not refused here; bytes it cannot decode are looked at as
    // they are (the importer then says what is wrong).
    let text = deck::decode_file_text(&bytes)
        .map(std::borrow::Cow::Owned)
        .unwrap_or_else(|| String::from_utf8_lossy(&bytes));
    let lines = deck::file_lines(&text).count();
    if lines > MAX_DECK_LINES {
        return usage(format!(
            "deck `{spec}` has {lines} lines; a deck file has at most {MAX_DECK_LINES}: is it the right file?"
        ));
    }
    let first = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .chars()
        .next();
    let tags = text.matches('<').count();
    if first == Some('<') && tags > MAX_DECK_TAGS {
        return usage(format!(
            "deck `{spec}` has {tags} XML tags; an OCTGN deck has a few hundred at most ({MAX_DECK_TAGS}): is it the right file?"
        ));
    }
    let structured = matches!(first, Some('{' | '[' | '<'));
    if !structured {
        if let Some((n, l)) = deck::file_lines(&text)
            .enumerate()
            .find(|(_, l)| l.chars().count() > MAX_DECK_LINE)
        {
            return usage(format!(
                "{spec}:{}: a line of {} characters; a line of a text deck list names one card (at most {MAX_DECK_LINE} characters): is it the right file?",
                n + 1,
                l.chars().count()
            ));
        }
    }
    Ok(())
}

/// Load a deck (built-in name or file), with the file checks of [`check_deck_path`].
pub(super) fn load_deck(spec: &str, db: &CardDb) -> Result<Deck> {
    let res = check_deck_path(spec)
        .and_then(|()| deck::resolve_deck(spec, db).map_err(|e| UsageError(e.to_string()).into()));
    res.with_context(|| format!("cannot load deck `{spec}`"))
}

/// Refuse a scenario × mode with encounter or quest cards whose abilities the engine does not
/// implement (no option plays them).
pub(super) fn refuse_unimplemented_scenario(db: &CardDb, sc: usize, mode: Mode) -> Result<()> {
    let enc = lotr_sim::soak::missing_scenario_cards(db, sc, mode);
    if enc.is_empty() {
        return Ok(());
    }
    let slug = &db.scenarios[sc].slug;
    let names: Vec<String> = enc
        .iter()
        .map(|&id| format!("{} ({})", db.def(id).title, db.def(id).code))
        .collect();
    usage(format!(
        "scenario `{slug}` in {} mode is not implemented yet: {} encounter/quest card(s) have abilities the engine does not implement: {}. See `lotr-sim list cards --scenario {slug}`.",
        mode.name(),
        enc.len(),
        names.join(", "),
    ))
}

/// Refuse decks with cards whose abilities are not implemented unless `allow` (then those
/// cards' titles are returned, to be reported: they are played without their abilities).
pub(super) fn blank_deck_cards(db: &CardDb, decks: &[Deck], allow: bool) -> Result<Vec<String>> {
    let blank = missing_deck_cards(db, decks);
    if !blank.is_empty() && !allow {
        let all: Vec<&Deck> = decks.iter().collect();
        return usage(format!(
            "{} deck card(s) have abilities the engine does not implement: {}. Remove them, or pass --allow-unimplemented to play them without their abilities (reported in the summary).",
            blank.len(),
            missing_where(db, &all)
        ));
    }
    Ok(blank)
}

/// The deck cards of `decks` whose abilities are not implemented, each with its code and the
/// deck(s) that hold it: `Nori (TPLES-003, in deck `mine`)`, so that the user knows which file
/// to edit.
pub(super) fn missing_where(db: &CardDb, decks: &[&Deck]) -> String {
    missing_ids(db, decks.iter().copied())
        .iter()
        .map(|&id| {
            let mut names: Vec<&str> = decks
                .iter()
                .filter(|d| {
                    d.heroes
                        .iter()
                        .chain(&d.cards)
                        .chain(&d.loot)
                        .any(|&c| c == id)
                })
                .map(|d| d.name.as_str())
                .collect();
            names.sort_unstable();
            names.dedup();
            let d = db.def(id);
            format!("{} ({}, in deck `{}`)", d.title, d.code, names.join("`, `"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The warning printed when `--allow-unimplemented` plays cards without their abilities.
pub(super) fn warn_blank(blank: &[String]) {
    if !blank.is_empty() {
        eprintln!(
            "warning: {} deck card(s) are played WITHOUT their abilities (--allow-unimplemented): {}",
            blank.len(),
            clip(&blank.join(", "))
        );
    }
}

/// Titles of deck cards whose abilities the engine does not implement.
pub(super) fn missing_deck_cards(db: &CardDb, decks: &[Deck]) -> Vec<String> {
    missing_ids(db, decks.iter())
        .iter()
        .map(|&id| db.def(id).title.clone())
        .collect()
}

/// The distinct cards (heroes, deck and loot cards) of `decks` whose abilities are not
/// implemented, in id order.
fn missing_ids<'d>(db: &CardDb, decks: impl Iterator<Item = &'d Deck>) -> Vec<DefId> {
    let mut ids: Vec<DefId> = decks
        .flat_map(|d| d.heroes.iter().chain(&d.cards).chain(&d.loot).copied())
        .filter(|&id| cards::status(db, id) == Status::Missing)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Edit distance (Levenshtein) between two short strings, for suggestions.
pub(super) fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + (ca != cb) as usize)
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// ` (did you mean `x`?)` when one of `choices` is close to `word`, else empty.
pub fn suggest<'a>(word: &str, choices: impl IntoIterator<Item = &'a str>) -> String {
    let w = word.trim().to_ascii_lowercase();
    let best = choices
        .into_iter()
        .map(|c| {
            let d = if !w.is_empty() && (c.starts_with(&w) || c.contains(&w)) {
                0
            } else {
                distance(&w, c)
            };
            (d, c)
        })
        .min();
    match best {
        Some((d, c)) if d <= (w.chars().count() / 3).max(2) => format!(" (did you mean `{c}`?)"),
        _ => String::new(),
    }
}

/// Split a `--scenario` / `--mode` value: `None` for `all`, else the trimmed names.
pub(super) fn list_spec(spec: &str, what: &str) -> Result<Option<Vec<String>>> {
    if spec.trim() == "all" {
        return Ok(None);
    }
    let names: Vec<String> = spec.split(',').map(|s| s.trim().to_string()).collect();
    if names.iter().any(|n| n.is_empty()) {
        return usage(format!(
            "--{what} `{spec}` has an empty name; give a name, a comma list without blanks, or `all`"
        ));
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return usage(format!("--{what} names `{n}` twice"));
        }
    }
    Ok(Some(names))
}

pub(super) fn parse_mode(name: &str) -> Result<Mode> {
    match Mode::ALL.into_iter().find(|m| m.name() == name) {
        Some(m) => Ok(m),
        None => usage(format!(
            "unknown mode `{name}`{}; valid modes: {} (or a comma list, or `all`)",
            suggest(name, Mode::ALL.iter().map(|m| m.name())),
            mode_names(&Mode::ALL)
        )),
    }
}

/// Stop flag set by SIGINT (Ctrl-C) and SIGTERM (what Slurm and Kubernetes send before
/// killing a job); a second SIGINT ends the process at once.
pub(super) fn stop_flag() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    use signal_hook::consts::{SIGINT, SIGTERM};
    for sig in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(sig, 130, Arc::clone(&stop));
        let _ = signal_hook::flag::register(sig, Arc::clone(&stop));
    }
    stop
}

/// Progress on stderr: a bar on a terminal (for `len` ≥ 10 000), else a plain line every
/// `every` seconds (Slurm and CI logs): done, rate, ETA. Nothing when `quiet`.
pub(super) struct Progress {
    bar: indicatif::ProgressBar,
    ticker: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
}

impl Progress {
    pub(super) fn start(len: u64, pos: u64, unit: &'static str, quiet: bool, every: f64) -> Self {
        use std::io::IsTerminal;
        let hidden = || {
            let b = indicatif::ProgressBar::with_draw_target(
                Some(len),
                indicatif::ProgressDrawTarget::hidden(),
            );
            b.set_position(pos);
            b
        };
        if quiet {
            return Progress {
                bar: hidden(),
                ticker: None,
            };
        }
        if std::io::stderr().is_terminal() {
            let bar = if len >= 10_000 {
                progress_bar(len, pos)
            } else {
                hidden()
            };
            return Progress { bar, ticker: None };
        }
        let bar = hidden();
        let ticker = (every > 0.0).then(|| {
            let stop = Arc::new(AtomicBool::new(false));
            let (b, s) = (bar.clone(), Arc::clone(&stop));
            // At most ten lines a second, whatever was asked.
            let every = std::time::Duration::from_secs_f64(every.max(0.1));
            let handle = std::thread::spawn(move || {
                use std::sync::atomic::Ordering;
                let t0 = std::time::Instant::now();
                let mut next = every;
                while !s.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(20).min(every));
                    if t0.elapsed() >= next {
                        next += every;
                        eprintln!("{}", progress_line(&b, pos, t0.elapsed(), unit));
                    }
                }
            });
            (stop, handle)
        });
        Progress { bar, ticker }
    }

    pub(super) fn bar(&self) -> &indicatif::ProgressBar {
        &self.bar
    }

    pub(super) fn finish(self) {
        if let Some((stop, handle)) = self.ticker {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let _ = handle.join();
        }
        self.bar.finish_and_clear();
    }
}

/// `progress: [msg ]N of M games (P%), R games/s, ETA H:MM:SS`.
fn progress_line(
    b: &indicatif::ProgressBar,
    pos0: u64,
    t: std::time::Duration,
    unit: &str,
) -> String {
    let (pos, len) = (b.position(), b.length().unwrap_or(0));
    let rate = (pos - pos0.min(pos)) as f64 / t.as_secs_f64().max(1e-9);
    let eta = if rate > 0.0 {
        let s = (len.saturating_sub(pos) as f64 / rate).min(1e12) as u64;
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        "unknown".to_string()
    };
    let msg = b.message();
    format!(
        "progress: {}{pos} of {len} {unit} ({:.1}%), {rate:.0} {unit}/s, ETA {eta}",
        if msg.is_empty() {
            String::new()
        } else {
            format!("{msg}: ")
        },
        100.0 * pos as f64 / len.max(1) as f64
    )
}

/// A message made safe to print: control characters (escape sequences from a file) shown as
/// `?`, a quoted value longer than 80 characters cut, a line longer than 4000 characters cut
/// in the middle (its start says what is wrong, its end what to do).
pub fn clip(msg: &str) -> String {
    let clean: String = msg
        .chars()
        .map(|c| if c.is_control() && c != '\n' { '?' } else { c })
        .collect();
    // Quoted values: the odd pieces between backticks.
    let mut quoted = String::with_capacity(clean.len().min(4096));
    for (i, part) in clean.split('`').enumerate() {
        if i > 0 {
            quoted.push('`');
        }
        let n = part.chars().count();
        if i % 2 == 1 && n > 80 {
            quoted.extend(part.chars().take(60));
            quoted.push_str(&format!("… ({} more characters)", n - 60));
        } else {
            quoted.push_str(part);
        }
    }
    // Long unquoted words (a path, a file's line) likewise.
    let quoted = quoted
        .split(' ')
        .map(|w| {
            let n = w.chars().count();
            if n > 200 {
                let head: String = w.chars().take(120).collect();
                format!("{head}… ({} more characters)", n - 120)
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    quoted
        .split('\n')
        .map(|l| {
            let n = l.chars().count();
            if n <= 4000 {
                l.to_string()
            } else {
                let head: String = l.chars().take(2000).collect();
                let tail: String = l.chars().skip(n - 1000).collect();
                format!("{head} … ({} characters cut) … {tail}", n - 3000)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub(super) fn progress_bar(len: u64, pos: u64) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::new(len);
    pb.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} {elapsed_precise} [{wide_bar}] {pos}/{len} games ({per_sec}, ETA {eta})",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    pb.set_position(pos);
    pb
}

/// One-line summary of a game record, as `trace` prints it.
pub fn record_line(r: &GameRecord) -> String {
    let threat: Vec<String> = r.final_threat[..(r.players as usize).min(MAX_PLAYERS)]
        .iter()
        .map(|t| t.to_string())
        .collect();
    format!(
        "result: index={} outcome={} rounds={} rounds_completed={} final_threat={} score={} unimplemented_plays={}",
        r.index,
        r.outcome.name(),
        r.rounds,
        r.rounds_completed,
        threat.join("+"),
        r.score,
        r.unimplemented_plays
    )
}

/// Files a comparison writes in its output folder.
pub(super) const COMPARE_FILES: [&str; 2] = ["compare.csv", "pairs.csv"];

/// What a command is about to write into an output folder.
pub(super) enum Writes<'a> {
    /// A run (or merged shards) with this checkpoint.
    Run(&'a Checkpoint),
    /// A comparison.
    Compare,
    /// A campaign run (`campaign`).
    Campaign,
}

/// Every file a run or a comparison leaves in its folder (what `--force` replaces), pictures
/// included.
fn known_outputs() -> impl Iterator<Item = &'static str> {
    report::RESULT_FILES
        .into_iter()
        .chain([
            lotr_sim::checkpoint::GAMES_PART,
            lotr_sim::checkpoint::CHECKPOINT,
        ])
        .chain(COMPARE_FILES)
        .chain(lotr_sim::plot::PLOT_FILES)
}

/// At most this many entries of a folder are looked at for files that are not ours.
const FOREIGN_SCAN: usize = 10_000;

/// The entries of `out` that no lotr-sim command wrote (hidden entries aside: the lock, the
/// temporary files of an atomic write, and the `.gitkeep` / `.DS_Store` kind), sorted, and
/// whether there were more than [`FOREIGN_SCAN`] entries to look at.
fn foreign_entries(out: &Path) -> Result<(Vec<String>, bool)> {
    let ours: Vec<&str> = known_outputs()
        .chain(lotr_sim::campaign::report::CAMPAIGN_FILES)
        .collect();
    let mut foreign = Vec::new();
    let entries = std::fs::read_dir(out).map_err(|e| {
        UsageError(format!(
            "cannot list output folder {}: {e}; choose another --out",
            out.display()
        ))
    })?;
    for (n, entry) in entries.enumerate() {
        if n == FOREIGN_SCAN {
            return Ok((foreign, true));
        }
        let name = entry
            .with_context(|| format!("cannot list output folder {}", out.display()))?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if !name.starts_with('.') && !ours.contains(&name.as_str()) {
            foreign.push(name);
        }
    }
    foreign.sort();
    Ok((foreign, false))
}

/// Why `out` cannot take what `writes` will write, if it cannot (checked under the lock).
fn out_conflict(out: &Path, writes: &Writes, force: bool) -> Result<()> {
    if force {
        return Ok(());
    }
    let shown = out.display();
    // An output folder is one command's: not a folder of the user's files (`--out .`, `--out
    // ~`, `--out /`), whose listing the reports would join.
    let (foreign, more) = foreign_entries(out)?;
    if !foreign.is_empty() || more {
        let shown_names: Vec<String> = foreign
            .iter()
            .take(3)
            .map(|n| format!("`{}`", clip(n)))
            .collect();
        let count = if more {
            format!("over {}", FOREIGN_SCAN - 1)
        } else {
            foreign.len().to_string()
        };
        return usage(format!(
            "output folder {shown} holds {count} entries that are not lotr-sim's (e.g. {}): an output folder holds one command's results; choose a new or empty folder for --out, or pass --force to write beside them (--force replaces only lotr-sim's own files)",
            shown_names.join(", ")
        ));
    }
    let campaign = lotr_sim::campaign::report::CAMPAIGN_FILES
        .iter()
        .find(|f| out.join(f).exists());
    if let (Writes::Run(_) | Writes::Compare, Some(f)) = (writes, campaign) {
        return usage(format!(
            "output folder {shown} holds a campaign run ({f}); choose another --out, or pass --force to replace it"
        ));
    }
    if let Writes::Campaign = writes {
        let campaign = lotr_sim::campaign::report::CAMPAIGN_FILES;
        return match known_outputs().chain(campaign).find(|f| out.join(f).exists()) {
            Some(f) => usage(format!(
                "output folder {shown} holds results ({f}); choose another --out, or pass --force to replace them"
            )),
            None => Ok(()),
        };
    }
    let compare = COMPARE_FILES.iter().find(|f| out.join(f).exists());
    let run = match Checkpoint::read(out) {
        Err(e) => {
            return usage(format!(
                "{e}. This folder cannot be resumed; choose another --out, or pass --force to start over in it"
            ))
        }
        Ok(c) => c,
    };
    match (writes, run) {
        (Writes::Run(_), _) | (Writes::Compare, None) if compare.is_some() => usage(format!(
            "output folder {shown} holds a comparison ({}); choose another --out, or pass --force to replace it",
            compare.copied().unwrap_or_default()
        )),
        (Writes::Compare, Some(c)) => usage(format!(
            "output folder {shown} holds a run ({} of {} games played); choose another --out, or pass --force to replace it",
            c.played(),
            c.planned()
        )),
        (Writes::Compare, None) => match report::RESULT_FILES.iter().find(|f| out.join(f).exists()) {
            Some(f) => usage(format!(
                "output folder {shown} holds results ({f}) of a run; choose another --out, or pass --force to replace them"
            )),
            None => Ok(()),
        },
        (Writes::Run(run), Some(c)) => {
            let diff = c.differences(run, false);
            if !diff.is_empty() {
                return usage(format!(
                    "output folder {shown} holds the results of another run (it differs in: {}); choose another --out, or pass --force to replace them",
                    diff.join(", ")
                ));
            }
            if !c.complete {
                return usage(format!(
                    "output folder {shown} holds an unfinished run of this configuration ({} of {} games played); continue it with `lotr-sim run --resume {shown}`, or pass --force to start over",
                    c.played(),
                    c.planned()
                ));
            }
            Ok(())
        }
        (Writes::Run(_), None) => match report::RESULT_FILES.iter().find(|f| out.join(f).exists()) {
            Some(f) => usage(format!(
                "output folder {shown} holds results ({f}) of another run without a checkpoint; choose another --out, or pass --force to replace them"
            )),
            None => Ok(()),
        },
        (Writes::Campaign, _) => Ok(()),
    }
}

/// Lock an existing folder for `command` (see `lotr_sim::lock`): a folder another process
/// holds is a usage error naming that process.
pub(super) fn lock_folder(dir: &Path, command: &str) -> Result<FolderLock> {
    FolderLock::acquire(dir, command).map_err(|e| match e {
        LockError::Busy { .. } => UsageError(e.to_string()).into(),
        LockError::Io { error, path } => UsageError(format!(
            "output folder {} is not writable (cannot lock {}: {error}); choose another --out",
            dir.display(),
            path.display()
        ))
        .into(),
    })
}

/// Claim `out` for `writes` before anything is written: create it, lock it for the whole
/// command (see `lotr_sim::lock`), check under the lock that it holds nothing that would be
/// lost (unless `force`), and remove the files of an earlier run or comparison there. An error
/// leaves the folder as it was (a folder created here is removed again).
pub(super) fn claim_out(
    out: &Path,
    writes: Writes,
    force: bool,
    command: &str,
) -> Result<FolderLock> {
    let shown = out.display();
    if out.as_os_str().is_empty() {
        return usage("--out is empty; name an output folder");
    }
    if out.exists() && !out.is_dir() {
        return usage(format!(
            "output folder {shown} is a file, not a folder; choose another --out"
        ));
    }
    let existed = out.exists();
    std::fs::create_dir_all(out).map_err(|e| {
        UsageError(format!(
            "cannot create output folder {shown}: {e}; choose another --out"
        ))
    })?;
    let undo = || {
        if !existed {
            // Only when still empty: another process may have started to use it.
            let _ = std::fs::remove_dir(out);
        }
    };
    let lock = match lock_folder(out, command) {
        Ok(l) => l,
        Err(e) => {
            undo();
            return Err(e);
        }
    };
    if let Err(e) = out_conflict(out, &writes, force) {
        drop(lock);
        undo();
        return Err(e);
    }
    let stale: Vec<&str> = match writes {
        // The pictures too: an interrupted run must not leave an earlier one's `report.html`.
        Writes::Run(_) if !force => report::RESULT_FILES
            .into_iter()
            .chain([lotr_sim::checkpoint::GAMES_PART])
            .chain(lotr_sim::plot::PLOT_FILES)
            .collect(),
        Writes::Compare if !force => COMPARE_FILES
            .into_iter()
            .chain(lotr_sim::plot::PLOT_FILES)
            .collect(),
        Writes::Campaign if !force => lotr_sim::campaign::report::CAMPAIGN_FILES.to_vec(),
        _ => known_outputs()
            .chain(lotr_sim::campaign::report::CAMPAIGN_FILES)
            .collect(),
    };
    for f in stale {
        let p = out.join(f);
        if p.exists() {
            std::fs::remove_file(&p).with_context(|| format!("cannot remove {}", p.display()))?;
        }
    }
    Ok(lock)
}

pub(super) fn print_summary(key: &RunKey, acc: &Accumulator) -> Result<()> {
    out!(
        "{} ({}), {} player(s), decks {}, bots {}, seed {}",
        key.scenario,
        key.mode.name(),
        key.players,
        key.decks_joined(),
        key.bots_joined(),
        key.seed
    );
    let (lo, hi) = acc.win_interval95();
    let rate = acc.win_rate().unwrap_or(0.0);
    // One precision for the whole line: 4 decimals when the interval reaches below 1%.
    let d = if hi < 0.01 || (rate > 0.0 && rate < 0.01) {
        4
    } else {
        2
    };
    out!(
        "win rate {:.d$}% (95% CI {:.d$}% to {:.d$}%); {} wins",
        100.0 * rate,
        100.0 * lo,
        100.0 * hi,
        acc.wins()
    );
    out!(
        "losses: threat {}, heroes dead {}, scenario {}; round cap {}",
        acc.count(Outcome::LossThreat),
        acc.count(Outcome::LossHeroes),
        acc.count(Outcome::LossScenario),
        acc.count(Outcome::RoundCap)
    );
    if let Some((m, lo, hi)) = lotr_sim::stats::hist_mean_ci95(&acc.rounds_all()) {
        out!("rounds played: mean {m:.2} (95% CI {lo:.2} to {hi:.2})");
    }
    if acc.unimplemented_plays > 0 {
        out!(
            "unimplemented cards played as blank: {} plays",
            acc.unimplemented_plays
        );
    }
    Ok(())
}
