//! What several subcommands share: configuration errors, the game configuration from
//! `GameArgs`, name lookups with suggestions, the stop flag and the progress bar.

use anyhow::{Context, Result};
use lotr_sim::bots::{self, BOTS};
use lotr_sim::cards::{self, Status};
use lotr_sim::checkpoint::Checkpoint;
use lotr_sim::data::{self, CardDb, DefId, Mode};
use lotr_sim::deck::{self, Deck};
use lotr_sim::engine::{GameSetup, RuleOptions};
use lotr_sim::record::{GameRecord, Outcome, MAX_PLAYERS, MAX_ROUNDS};
use lotr_sim::report::{self, RunKey};
use lotr_sim::stats::Accumulator;
use std::fmt;
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
        if let Err(e) = options.set(name.trim(), value.trim()) {
            return usage(format!("{e} (see `lotr-sim list rules`)"));
        }
        changed.push(format!("{}={}", name.trim(), options.get(name.trim())));
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
    let specs: Vec<String> = match (a.decks.len(), a.players) {
        (0, None | Some(1)) => vec![DEFAULT_DECK.to_string()],
        (n, Some(p)) if n != p as usize => {
            return usage(format!(
                "--players {p} needs {p} decks but {n} --deck given: pass --deck once per player, \
                 e.g. `--deck core-leadership --deck core-tactics` (built-in decks: {}; or a deck file path)",
                builtin_names()
            ))
        }
        _ => a.decks.clone(),
    };
    if specs.len() > MAX_PLAYERS {
        return usage(format!(
            "at most {MAX_PLAYERS} players, but {} --deck given",
            specs.len()
        ));
    }
    let mut decks: Vec<Deck> = Vec::with_capacity(specs.len());
    for s in &specs {
        match deck::resolve_deck(s, db) {
            Ok(d) => decks.push(d),
            Err(e) => {
                return Err(anyhow::Error::new(UsageError(e.to_string()))
                    .context(format!("cannot load deck `{s}`")))
            }
        }
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

/// Titles of deck cards whose abilities the engine does not implement.
pub(super) fn missing_deck_cards(db: &CardDb, decks: &[Deck]) -> Vec<String> {
    let mut ids: Vec<DefId> = decks
        .iter()
        .flat_map(|d| d.heroes.iter().chain(&d.cards).chain(&d.loot).copied())
        .filter(|&id| cards::status(db, id) == Status::Missing)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().map(|&id| db.def(id).title.clone()).collect()
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

/// Check that `out` can take the results of `run` before anything is written, then create it
/// (and remove the result files of an earlier run there). Errors leave nothing behind.
pub(super) fn prepare_out(out: &std::path::Path, run: &Checkpoint, force: bool) -> Result<()> {
    let shown = out.display();
    if out.exists() && !out.is_dir() {
        return usage(format!(
            "output folder {shown} is a file, not a folder; choose another --out"
        ));
    }
    if out.is_dir() {
        match Checkpoint::read(out) {
            Err(e) if !force => {
                return usage(format!(
                    "{e}. This folder cannot be resumed; choose another --out, or pass --force to start over in it"
                ))
            }
            Ok(Some(c)) if !force => {
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
            }
            Ok(None) if !force => {
                if let Some(f) = report::RESULT_FILES
                    .iter()
                    .find(|f| out.join(f).exists())
                {
                    return usage(format!(
                        "output folder {shown} holds results ({f}) of another run without a checkpoint; choose another --out, or pass --force to replace them"
                    ));
                }
            }
            _ => {}
        }
    }
    let existed = out.exists();
    std::fs::create_dir_all(out).map_err(|e| {
        UsageError(format!(
            "cannot create output folder {shown}: {e}; choose another --out"
        ))
    })?;
    let probe = out.join(format!(".write-test-{}", std::process::id()));
    if let Err(e) = std::fs::write(&probe, b"") {
        if !existed {
            let _ = std::fs::remove_dir(out);
        }
        return usage(format!(
            "output folder {shown} is not writable: {e}; choose another --out"
        ));
    }
    let _ = std::fs::remove_file(&probe);
    for f in report::RESULT_FILES
        .iter()
        .chain(&[lotr_sim::checkpoint::GAMES_PART])
    {
        let p = out.join(f);
        if p.exists() {
            std::fs::remove_file(&p).with_context(|| format!("cannot remove {}", p.display()))?;
        }
    }
    Ok(())
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
