//! Command line: `run` (default), `trace` and `list`.
//!
//! Every configuration problem (unknown scenario, mode, bot or deck, wrong counts) is found
//! before anything is written, reported with the valid choices, and exits with status 2;
//! other failures exit with status 1.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use lotr_sim::batch::run_work;
use lotr_sim::bots::{self, BOTS};
use lotr_sim::cards::{self, Status};
use lotr_sim::checkpoint::{fnv1a64, Checkpoint, ComboState, Resolved, RunSpec, RunState, Shard};
use lotr_sim::data::{self, CardDb, DefId, Mode};
use lotr_sim::deck::{self, Deck};
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};
use lotr_sim::record::{GameRecord, Outcome, MAX_PLAYERS, MAX_ROUNDS};
use lotr_sim::report::{self, RunKey};
use lotr_sim::soak::missing_scenario_cards;
use lotr_sim::stats::Accumulator;

pub const DEFAULT_SCENARIO: &str = "intruders-in-chetwood";
pub const DEFAULT_DECK: &str = "core-leadership";
pub const DEFAULT_BOT: &str = "basic";

#[derive(Parser, Debug)]
#[command(
    name = "lotr-sim",
    version,
    about = "Monte Carlo simulator for The Lord of the Rings: The Card Game",
    long_about = "Monte Carlo simulator for The Lord of the Rings: The Card Game.\n\n\
                  Without a subcommand, runs `run` with every default."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a batch of games and write summary.csv, rounds.csv, threat.csv (and games.csv).
    Run(RunArgs),
    /// Play one game of a batch with the game log on and print it.
    Trace(TraceArgs),
    /// List scenarios, built-in decks, bots or cards.
    List(ListArgs),
    /// Merge the output folders of the shards of one run (`run --shard K/N`) into full reports.
    Merge(MergeArgs),
    /// Play many games of every playable scenario × mode × bot × player count with every
    /// invariant checked; report violations.
    Soak(SoakArgs),
    /// Deck tools: `deck check FILE...` (import, legality, profile).
    Deck(crate::cli_deck::DeckArgs),
    /// Paired comparison of two decks (same scenario, bots and seeds).
    Compare(crate::cli_compare::CompareArgs),
}

/// What identifies a game configuration (shared by `run` and `trace`).
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Scenario slug (see `list scenarios`); for `run` also a comma list or `all` (every
    /// playable one).
    #[arg(long, default_value = DEFAULT_SCENARIO)]
    pub scenario: String,
    /// Difficulty mode: easy, standard or nightmare; for `run` also a comma list or `all`.
    #[arg(long, default_value = "standard")]
    pub mode: String,
    /// Deck of one player: a built-in deck name (see `list decks`) or a deck file path
    /// (.o8d or text list). Repeat once per player. Default: core-leadership for one player.
    #[arg(long = "deck", value_name = "SPEC")]
    pub decks: Vec<String>,
    /// Number of players (1-4); needs that many --deck.
    #[arg(long)]
    pub players: Option<u8>,
    /// Bot of each seat (see `list bots`): once per seat, or once for every seat.
    #[arg(long = "bot", value_name = "NAME")]
    pub bots: Vec<String>,
    /// Master seed of the batch.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Round cap; reaching it is its own outcome (never a win).
    #[arg(long, default_value_t = 30)]
    pub max_rounds: u16,
    /// Play cards whose abilities are not implemented as if blank (counted in the reports).
    #[arg(long)]
    pub allow_unimplemented: bool,
    /// Change an engine rule choice (RULES.md "UNSURE" points), e.g. `--rule first_player=random`.
    /// Repeatable; see `list rules`.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: results/<scenario>-<mode>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write games.csv with one row per game.
    #[arg(long)]
    pub per_game: bool,
    /// No progress bar and no notes; only the final summary.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard K of N (0-based) of the games, for `lotr-sim merge` later.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Continue the interrupted run whose output folder is DIR (its checkpoint names the run).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["out", "force"])]
    pub resume: Option<PathBuf>,
    /// Replace what the output folder holds (another run's results, an unfinished run).
    #[arg(long)]
    pub force: bool,
    /// Seconds between checkpoints (0: only at the end and when interrupted).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    pub checkpoint_interval: f64,
    /// Options given on the command line (filled in by `main`, for `--resume`).
    #[arg(skip)]
    pub explicit: Vec<String>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Output folders of the shards (`run --shard K/N --out DIR`), all N of them.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Folder for the merged reports.
    #[arg(long)]
    pub out: PathBuf,
    /// Replace what the output folder holds.
    #[arg(long)]
    pub force: bool,
    /// Only the final summary.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct SoakArgs {
    /// Games in all (spread evenly over the configurations).
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Round cap.
    #[arg(long, default_value_t = 30)]
    pub max_rounds: u16,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Index of the game in the batch (0-based).
    #[arg(long = "game", value_name = "I", default_value_t = 0)]
    pub game_index: u64,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListWhat {
    Scenarios,
    Decks,
    Bots,
    Cards,
    Rules,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    pub what: ListWhat,
    /// With `cards`: only this scenario's quest and encounter cards.
    #[arg(long)]
    pub scenario: Option<String>,
}

/// A configuration error: reported with the valid choices, exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

pub(crate) fn usage<T>(msg: impl Into<String>) -> Result<T> {
    Err(UsageError(msg.into()).into())
}

/// Checks `--max-rounds` and applies each `--rule NAME=VALUE`: the rule options and the changed
/// rules as `name=value` (their canonical spelling), for the reports.
pub(crate) fn rules_and_cap(
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

/// Entry point of the binary: parse, run, print errors with their whole context chain.
/// `println!` that reports a failed write (e.g. a closed pipe) as an error instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)?;
    }};
}

/// Ids of the `run` options that identify a run (checked against a checkpoint on `--resume`).
const RUN_KEY_ARGS: [&str; 12] = [
    "scenario",
    "mode",
    "decks",
    "players",
    "bots",
    "seed",
    "max_rounds",
    "allow_unimplemented",
    "rules",
    "games",
    "shard",
    "per_game",
];

/// The run was stopped by a signal; its checkpoint was kept. Exit status 130.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

fn parse_cli() -> Result<Cli, clap::Error> {
    use clap::{parser::ValueSource, CommandFactory, FromArgMatches};
    let matches = Cli::command().try_get_matches()?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Some(Command::Run(a)), Some(m)) = (&mut cli.command, matches.subcommand_matches("run"))
    {
        a.explicit = RUN_KEY_ARGS
            .iter()
            .filter(|id| m.value_source(id) == Some(ValueSource::CommandLine))
            .map(|id| id.to_string())
            .collect();
    }
    Ok(cli)
}

pub fn main() -> ExitCode {
    let cli = match parse_cli() {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            let _ = e.print();
            return ExitCode::from(code.clamp(0, 255) as u8);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // Output piped into a program that stopped reading (e.g. `| head`): not an error.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) if e.is::<Interrupted>() => {
            eprintln!("{e}");
            ExitCode::from(130)
        }
        Err(e) => {
            eprintln!("error: {e}");
            for cause in e.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            if e.chain().any(|c| c.is::<UsageError>()) {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

pub fn run(cli: Cli) -> Result<()> {
    let command = match cli.command {
        Some(c) => c,
        // No subcommand: `run` with all defaults.
        None => Cli::try_parse_from(["lotr-sim", "run"])?
            .command
            .expect("`run` parses"),
    };
    match command {
        Command::Run(a) => cmd_run(&a),
        Command::Trace(a) => cmd_trace(&a),
        Command::List(a) => cmd_list(&a),
        Command::Merge(a) => cmd_merge(&a),
        Command::Soak(a) => cmd_soak(&a),
        Command::Deck(a) => crate::cli_deck::run(&a),
        Command::Compare(a) => crate::cli_compare::run(&a),
    }
}

fn load_db() -> Result<CardDb> {
    data::load_embedded().context("cannot load the embedded card data")
}

/// A validated configuration.
struct Config {
    setup: GameSetup,
    bots: Vec<String>,
    key: RunKey,
}

fn scenario_modes(db: &CardDb, sc: usize) -> Vec<Mode> {
    Mode::ALL
        .into_iter()
        .filter(|&m| !db.scenarios[sc].quest[m as usize].is_empty())
        .collect()
}

fn mode_names(modes: &[Mode]) -> String {
    modes
        .iter()
        .map(|m| m.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn builtin_names() -> String {
    deck::builtin_decks()
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

fn bot_names() -> String {
    BOTS.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
}

fn find_scenario(db: &CardDb, slug: &str) -> Result<usize> {
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

fn configure(db: &CardDb, a: &GameArgs) -> Result<Config> {
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
    for b in &bots {
        if bots::make(b).is_none() {
            return usage(format!(
                "unknown bot `{b}`{}; valid bots: {}",
                suggest(b, BOTS.iter().map(|x| x.name)),
                bot_names()
            ));
        }
    }
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
fn missing_deck_cards(db: &CardDb, decks: &[Deck]) -> Vec<String> {
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
fn distance(a: &str, b: &str) -> usize {
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
fn list_spec(spec: &str, what: &str) -> Result<Option<Vec<String>>> {
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

fn parse_mode(name: &str) -> Result<Mode> {
    match Mode::ALL.into_iter().find(|m| m.name() == name) {
        Some(m) => Ok(m),
        None => usage(format!(
            "unknown mode `{name}`{}; valid modes: {} (or a comma list, or `all`)",
            suggest(name, Mode::ALL.iter().map(|m| m.name())),
            mode_names(&Mode::ALL)
        )),
    }
}

/// Game arguments of one combination of a run spec.
fn game_args(spec: &RunSpec, scenario: &str, mode: &str) -> GameArgs {
    GameArgs {
        scenario: scenario.to_string(),
        mode: mode.to_string(),
        decks: spec.decks.clone(),
        players: spec.players,
        bots: spec.bots.clone(),
        seed: spec.seed,
        max_rounds: spec.max_rounds,
        allow_unimplemented: spec.allow_unimplemented,
        rules: spec.rules.clone(),
    }
}

/// Content hash of a resolved deck: card codes of heroes and cards, in deck order.
fn deck_hash(db: &CardDb, d: &Deck) -> u64 {
    let mut s = String::new();
    for &h in &d.heroes {
        s.push_str(&db.def(h).code);
        s.push(',');
    }
    s.push(';');
    for &c in &d.cards {
        s.push_str(&db.def(c).code);
        s.push(',');
    }
    // A loot deck (The Burglar's Turn) only when there is one: other decks keep their hash.
    if !d.loot.is_empty() {
        s.push_str(";loot:");
        for &c in &d.loot {
            s.push_str(&db.def(c).code);
            s.push(',');
        }
    }
    fnv1a64(s.as_bytes())
}

/// A validated run: one configuration per scenario × mode combination.
struct Plan {
    configs: Vec<Config>,
    resolved: Resolved,
    /// Combinations `all` left out, with the reason.
    skipped: Vec<String>,
    /// Deck cards played without their abilities (`--allow-unimplemented`).
    blank: Vec<String>,
}

/// Resolve and validate a run spec. Refuses what the engine cannot play faithfully: a
/// scenario × mode with encounter or quest cards whose abilities are missing (named
/// explicitly: an error; through `all`: skipped), or decks with such cards (unless
/// `--allow-unimplemented`, which plays them without their abilities and says so).
fn plan(db: &CardDb, spec: &RunSpec) -> Result<Plan> {
    if spec.games == 0 {
        return usage("--games must be at least 1");
    }
    if spec.shard.count > spec.games {
        return usage(format!(
            "--shard {}: {} shards of {} games would leave shards without games; use at most {} shards",
            spec.shard, spec.shard.count, spec.games, spec.games
        ));
    }
    let sc_list = list_spec(&spec.scenario, "scenario")?;
    let mode_list = list_spec(&spec.mode, "mode")?;
    let scs: Vec<usize> = match &sc_list {
        None => (0..db.scenarios.len()).collect(),
        Some(names) => names
            .iter()
            .map(|n| find_scenario(db, n))
            .collect::<Result<_>>()?,
    };
    let modes: Vec<Mode> = match &mode_list {
        None => Mode::ALL.to_vec(),
        Some(names) => names.iter().map(|n| parse_mode(n)).collect::<Result<_>>()?,
    };
    let sweep_all = sc_list.is_none() || mode_list.is_none();
    let mut configs = Vec::new();
    let mut skipped = Vec::new();
    for &sc in &scs {
        let slug = &db.scenarios[sc].slug;
        for &m in &modes {
            if !scenario_modes(db, sc).contains(&m) {
                if sweep_all {
                    skipped.push(format!("{slug} {}: no such mode", m.name()));
                    continue;
                }
                return usage(format!(
                    "scenario `{slug}` has no {} mode; available: {}",
                    m.name(),
                    mode_names(&scenario_modes(db, sc))
                ));
            }
            let enc = missing_scenario_cards(db, sc, m);
            if !enc.is_empty() {
                if sweep_all {
                    skipped.push(format!(
                        "{slug} {}: {} card(s) not implemented",
                        m.name(),
                        enc.len()
                    ));
                    continue;
                }
                let names: Vec<String> = enc
                    .iter()
                    .map(|&id| format!("{} ({})", db.def(id).title, db.def(id).code))
                    .collect();
                return usage(format!(
                    "scenario `{slug}` in {} mode is not implemented yet: {} encounter/quest card(s) have abilities the engine does not implement: {}. See `lotr-sim list cards --scenario {slug}`.",
                    m.name(),
                    enc.len(),
                    names.join(", "),
                ));
            }
            configs.push(configure(db, &game_args(spec, slug, m.name()))?);
        }
    }
    if configs.is_empty() {
        return usage(format!(
            "nothing to play: no scenario × mode of --scenario {} --mode {} can be played ({}); see `lotr-sim list scenarios`",
            spec.scenario,
            spec.mode,
            skipped.join("; ")
        ));
    }
    let blank = missing_deck_cards(db, &configs[0].setup.decks);
    if !blank.is_empty() && !spec.allow_unimplemented {
        return usage(format!(
            "{} deck card(s) have abilities the engine does not implement: {}. Remove them, or pass --allow-unimplemented to play them without their abilities (reported in the summary).",
            blank.len(),
            blank.join(", ")
        ));
    }
    for c in &mut configs {
        c.key.unimplemented_cards = blank.join(";");
    }
    let first = &configs[0];
    for d in &first.setup.decks {
        if d.name.contains(['\n', '\r']) {
            return usage("a deck name cannot contain a line break");
        }
    }
    for d in &spec.decks {
        if d.contains(['\n', '\r']) {
            return usage("a --deck path cannot contain a line break");
        }
    }
    let resolved = Resolved {
        engine_version: report::ENGINE_VERSION.to_string(),
        decks: first
            .setup
            .decks
            .iter()
            .map(|d| (d.name.clone(), deck_hash(db, d)))
            .collect(),
        combos: configs
            .iter()
            .map(|c| (c.key.scenario.clone(), c.key.mode))
            .collect(),
        bots: first.bots.clone(),
        rules: first.key.rules.clone(),
        unimplemented: blank.join(";"),
    };
    Ok(Plan {
        configs,
        resolved,
        skipped,
        blank,
    })
}

fn spec_from_args(a: &RunArgs) -> Result<RunSpec> {
    let shard = match &a.shard {
        None => Shard::default(),
        Some(s) => match Shard::parse(s) {
            Ok(s) => s,
            Err(e) => return usage(e),
        },
    };
    Ok(RunSpec {
        scenario: a.game.scenario.clone(),
        mode: a.game.mode.clone(),
        decks: a.game.decks.clone(),
        players: a.game.players,
        bots: a.game.bots.clone(),
        seed: a.game.seed,
        max_rounds: a.game.max_rounds,
        rules: a.game.rules.clone(),
        allow_unimplemented: a.game.allow_unimplemented,
        games: a.games,
        shard,
        per_game: a.per_game,
    })
}

/// Check that `out` can take the results of `run` before anything is written, then create it
/// (and remove the result files of an earlier run there). Errors leave nothing behind.
fn prepare_out(out: &std::path::Path, run: &Checkpoint, force: bool) -> Result<()> {
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

/// Stop flag set by SIGINT (Ctrl-C) and SIGTERM (what Slurm and Kubernetes send before
/// killing a job); a second SIGINT ends the process at once.
fn stop_flag() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    use signal_hook::consts::{SIGINT, SIGTERM};
    for sig in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(sig, 130, Arc::clone(&stop));
        let _ = signal_hook::flag::register(sig, Arc::clone(&stop));
    }
    stop
}

fn progress_bar(len: u64, pos: u64) -> indicatif::ProgressBar {
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

fn cmd_run(a: &RunArgs) -> Result<()> {
    let db = load_db()?;
    let threads = match a.threads {
        Some(0) => return usage("--threads must be at least 1"),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if !(a.checkpoint_interval.is_finite() && a.checkpoint_interval >= 0.0) {
        return usage(format!(
            "--checkpoint-interval must be a number of seconds ≥ 0, not {}",
            a.checkpoint_interval
        ));
    }
    let interval = (a.checkpoint_interval > 0.0)
        .then(|| std::time::Duration::from_secs_f64(a.checkpoint_interval));
    let (spec, out, resumed) = match &a.resume {
        Some(dir) => {
            let ck = match Checkpoint::read(dir) {
                Ok(Some(c)) => c,
                Ok(None) => {
                    return usage(format!(
                        "nothing to resume in {}: it has no checkpoint.txt (is it the --out folder of a run?)",
                        dir.display()
                    ))
                }
                Err(e) => {
                    return usage(format!(
                        "{e}. This run cannot be resumed; start it again (with --force to reuse the folder)"
                    ))
                }
            };
            // Options given with --resume must agree with the checkpoint.
            let given = spec_from_args(a)?;
            let mut spec = ck.spec.clone();
            for id in &a.explicit {
                match id.as_str() {
                    "scenario" => spec.scenario = given.scenario.clone(),
                    "mode" => spec.mode = given.mode.clone(),
                    "decks" => spec.decks = given.decks.clone(),
                    "players" => spec.players = given.players,
                    "bots" => spec.bots = given.bots.clone(),
                    "seed" => spec.seed = given.seed,
                    "max_rounds" => spec.max_rounds = given.max_rounds,
                    "allow_unimplemented" => spec.allow_unimplemented = given.allow_unimplemented,
                    "rules" => spec.rules = given.rules.clone(),
                    "games" => spec.games = given.games,
                    "shard" => spec.shard = given.shard,
                    "per_game" => spec.per_game = given.per_game,
                    _ => {}
                }
            }
            let asked = Checkpoint {
                spec: spec.clone(),
                resolved: ck.resolved.clone(),
                ..Checkpoint::default()
            };
            let diff = ck.differences(&asked, false);
            if !diff.is_empty() {
                return usage(format!(
                    "the checkpoint in {} is for a different run (it differs in: {}); drop those options to resume it, or start a new run with another --out",
                    dir.display(),
                    diff.join(", ")
                ));
            }
            (spec, dir.clone(), Some(ck))
        }
        None => {
            let spec = spec_from_args(a)?;
            let out = a.out.clone().unwrap_or_else(|| {
                let name = format!("{}-{}", spec.scenario.trim(), spec.mode.trim())
                    .replace([',', '/', ' '], "+");
                PathBuf::from("results").join(name)
            });
            (spec, out, None)
        }
    };
    let p = plan(&db, &spec)?;
    let fresh = Checkpoint {
        spec,
        resolved: p.resolved.clone(),
        complete: false,
        games_bytes: 0,
        combos: vec![ComboState::default(); p.configs.len()],
    };
    let ckpt = match resumed {
        Some(ck) => {
            let diff = ck.differences(&fresh, false);
            if !diff.is_empty() {
                return usage(format!(
                    "cannot resume {}: the run no longer resolves the same ({}); start it again with --force",
                    out.display(),
                    diff.join(", ")
                ));
            }
            ck
        }
        None => {
            prepare_out(&out, &fresh, a.force)?;
            fresh
        }
    };
    if !p.skipped.is_empty() {
        eprintln!(
            "skipped {} scenario × mode combination(s) that cannot be played: {}",
            p.skipped.len(),
            p.skipped.join("; ")
        );
    }
    if !p.blank.is_empty() {
        eprintln!(
            "warning: {} deck card(s) are played WITHOUT their abilities (--allow-unimplemented): {}",
            p.blank.len(),
            p.blank.join(", ")
        );
    }
    if !a.quiet {
        for (seat, d) in p.configs[0].setup.decks.iter().enumerate() {
            if d.cards.len() < 50 {
                eprintln!(
                    "note: deck `{}` (seat {}) has {} cards; constructed decks need 50 (the Core sphere decks are 30-card introductory decks)",
                    d.name,
                    seat + 1,
                    d.cards.len()
                );
            }
        }
    }
    let mut state = RunState::open(&out, ckpt, interval).map_err(anyhow::Error::msg)?;
    state
        .checkpoint()
        .with_context(|| format!("cannot write the checkpoint in {}", out.display()))?;
    let planned = state.ckpt.planned();
    let before = state.ckpt.played();
    let keys = state.ckpt.keys();
    let items = state.remaining();
    let pb = (planned >= 10_000 && !a.quiet).then(|| progress_bar(planned, before));
    let stop = stop_flag();
    let setups: Vec<GameSetup> = p.configs.iter().map(|c| c.setup.clone()).collect();
    let mut io_err = None;
    let t0 = Instant::now();
    run_work(
        &db,
        &setups,
        &p.configs[0].bots,
        state.ckpt.spec.seed,
        &items,
        threads,
        state.ckpt.spec.per_game,
        &stop,
        |d| {
            if let Some(pb) = &pb {
                let k = &keys[d.item.combo];
                pb.set_message(format!("{} {}", k.scenario, k.mode.name()));
                pb.inc(d.item.end - d.item.start);
            }
            if io_err.is_none() {
                if let Err(e) = state.add(d) {
                    io_err = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        },
    );
    let secs = t0.elapsed().as_secs_f64();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    if let Some(e) = io_err {
        return Err(anyhow::Error::new(e)
            .context(format!("cannot write the checkpoint in {}", out.display())));
    }
    state
        .checkpoint()
        .with_context(|| format!("cannot write the checkpoint in {}", out.display()))?;
    let played = state.ckpt.played();
    if played < planned {
        return Err(Interrupted(format!(
            "interrupted: {played} of {planned} games played; they are kept in the checkpoint {}.\nresume with: lotr-sim run --resume {}",
            out.join(lotr_sim::checkpoint::CHECKPOINT).display(),
            out.display()
        ))
        .into());
    }
    let runs: Vec<(&RunKey, &Accumulator)> = keys
        .iter()
        .zip(state.ckpt.combos.iter().map(|c| &c.acc))
        .collect();
    let shard = state.ckpt.spec.shard;
    if shard.count == 1 {
        let rows = state
            .ckpt
            .spec
            .per_game
            .then_some(state.rows.as_mut_slice());
        report::write_results(&out, &runs, rows)?;
    }
    for (k, acc) in &runs {
        print_summary(k, acc)?;
    }
    let now = played - before;
    out!(
        "{now} games in {secs:.2} s on {threads} thread(s) ({:.0} games/s)",
        now as f64 / secs.max(1e-9)
    );
    if shard.count > 1 {
        let (lo, hi) = shard.range(state.ckpt.spec.games);
        out!(
            "shard {shard} (games {lo} to {}) done: {}; merge all {} shards with `lotr-sim merge --out DIR SHARD_DIR...`",
            hi.saturating_sub(1),
            out.display(),
            shard.count
        );
    } else {
        out!("results: {}", out.display());
    }
    Ok(())
}

fn cmd_merge(a: &MergeArgs) -> Result<()> {
    let m = lotr_sim::merge::merge_dirs(&a.dirs).map_err(UsageError)?;
    let same = |x: &std::path::Path, y: &std::path::Path| {
        x == y || matches!((x.canonicalize(), y.canonicalize()), (Ok(p), Ok(q)) if p == q)
    };
    if a.dirs.iter().any(|d| same(d, &a.out)) {
        return usage("--out must not be one of the shard folders");
    }
    let mut ckpt = m.ckpt;
    prepare_out(&a.out, &ckpt, a.force)?;
    let mut rows = m.rows;
    if let Some(rows) = &rows {
        let mut text = String::new();
        for (c, _, row) in rows {
            text.push_str(&format!("{c},{row}\n"));
        }
        let path = a.out.join(lotr_sim::checkpoint::GAMES_PART);
        lotr_sim::checkpoint::write_atomic(&path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        ckpt.games_bytes = text.len() as u64;
    }
    ckpt.write(&a.out)
        .with_context(|| format!("cannot write the checkpoint in {}", a.out.display()))?;
    let keys = ckpt.keys();
    let runs: Vec<(&RunKey, &Accumulator)> = keys
        .iter()
        .zip(ckpt.combos.iter().map(|c| &c.acc))
        .collect();
    report::write_results(&a.out, &runs, rows.as_deref_mut())?;
    if !a.quiet {
        for (k, acc) in &runs {
            print_summary(k, acc)?;
        }
    }
    out!("merged {} shards: {}", a.dirs.len(), a.out.display());
    Ok(())
}

fn cmd_soak(a: &SoakArgs) -> Result<()> {
    use lotr_sim::soak;
    let db = load_db()?;
    if a.games == 0 {
        return usage("--games must be at least 1");
    }
    if a.max_rounds == 0 || a.max_rounds as usize > MAX_ROUNDS {
        return usage(format!(
            "--max-rounds must be 1 to {MAX_ROUNDS}, not {}",
            a.max_rounds
        ));
    }
    let threads = match a.threads {
        Some(0) => return usage("--threads must be at least 1"),
        Some(t) => t,
        None => 0,
    };
    let configs = soak::soak_configs(&db);
    if configs.is_empty() {
        return usage("no scenario × mode can be played yet: nothing to soak");
    }
    let per = a.games.div_ceil(configs.len() as u64);
    let total = per * configs.len() as u64;
    let pb = (!a.quiet).then(|| progress_bar(total, 0));
    let stop = stop_flag();
    let t0 = Instant::now();
    let progress = |n: u64| {
        if let Some(pb) = &pb {
            pb.set_position(n);
        }
    };
    let r = soak::soak(
        &db,
        &configs,
        per,
        a.seed,
        a.max_rounds,
        threads,
        &stop,
        &progress,
    )
    .map_err(anyhow::Error::msg)?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    let combos = soak::playable_combos(&db);
    let names: Vec<String> = combos
        .iter()
        .map(|&(sc, m)| format!("{} {}", db.scenarios[sc].slug, m.name()))
        .collect();
    out!(
        "soak: {} configurations ({} × {} bots × 1-4 players), {} games per configuration",
        r.configs,
        names.join(", "),
        BOTS.len(),
        per
    );
    out!(
        "played {} games ({} decisions) in {:.1} s, seed {}; invariant violations: {}",
        r.games,
        r.decisions,
        t0.elapsed().as_secs_f64(),
        a.seed,
        r.violations
    );
    if let Some(v) = &r.first {
        let c = &v.config;
        let decks: Vec<String> = soak::SOAK_DECKS[..c.players]
            .iter()
            .map(|d| format!("--deck {d}"))
            .collect();
        out!(
            "first failure: {} {} {} player(s) bot {} seed {} game {}: {}",
            db.scenarios[c.scenario].slug,
            c.mode.name(),
            c.players,
            c.bot,
            v.seed,
            v.game,
            v.what
        );
        out!(
            "replay: lotr-sim trace --scenario {} --mode {} {} --bot {} --seed {} --game {} --max-rounds {}",
            db.scenarios[c.scenario].slug,
            c.mode.name(),
            decks.join(" "),
            c.bot,
            v.seed,
            v.game,
            a.max_rounds
        );
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Interrupted("soak interrupted".into()).into());
    }
    if r.violations > 0 {
        anyhow::bail!("{} game(s) broke an invariant", r.violations);
    }
    Ok(())
}

fn print_summary(key: &RunKey, acc: &Accumulator) -> Result<()> {
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
    if acc.unimplemented_plays > 0 {
        out!(
            "unimplemented cards played as blank: {} plays",
            acc.unimplemented_plays
        );
    }
    Ok(())
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

fn cmd_trace(a: &TraceArgs) -> Result<()> {
    let db = load_db()?;
    let cfg = configure(&db, &a.game)?;
    let mut game = Game::new(&db, &cfg.setup);
    game.set_logging(true);
    let mut bots = lotr_sim::batch::make_bots(&cfg.bots);
    let r = play_game(&mut game, &mut bots, cfg.key.seed, a.game_index);
    let k = &cfg.key;
    out!(
        "# {} ({}), decks {}, bots {}, seed {}, game {}",
        k.scenario,
        k.mode.name(),
        k.decks_joined(),
        k.bots_joined(),
        k.seed,
        a.game_index
    );
    for line in game.log_lines() {
        out!("{line}");
    }
    out!("{}", record_line(&r));
    Ok(())
}

fn cmd_list(a: &ListArgs) -> Result<()> {
    if a.scenario.is_some() && a.what != ListWhat::Cards {
        return usage("--scenario only applies to `list cards`");
    }
    match a.what {
        ListWhat::Scenarios => {
            let db = load_db()?;
            let w = db.scenarios.iter().map(|s| s.slug.len()).max().unwrap_or(0);
            for (i, s) in db.scenarios.iter().enumerate() {
                let modes: Vec<String> = scenario_modes(&db, i)
                    .iter()
                    .map(|&m| match missing_scenario_cards(&db, i, m).len() {
                        0 => format!("{}: playable", m.name()),
                        n => format!("{}: {n} cards missing", m.name()),
                    })
                    .collect();
                out!("{:w$}  {}  [{}]", s.slug, s.title, modes.join(", "));
            }
        }
        ListWhat::Decks => {
            let db = load_db()?;
            for (name, _) in deck::builtin_decks() {
                match deck::resolve_deck(name, &db) {
                    Ok(d) => {
                        let heroes: Vec<&str> =
                            d.heroes.iter().map(|&h| db.def(h).title.as_str()).collect();
                        // A contract starts in play: not one of the deck's cards.
                        let contracts: Vec<&str> = d
                            .cards
                            .iter()
                            .filter(|&&c| db.def(c).ty == lotr_sim::data::CardType::Contract)
                            .map(|&c| db.def(c).title.as_str())
                            .collect();
                        let extra = if contracts.is_empty() {
                            String::new()
                        } else if d.loot.is_empty() {
                            format!(" + {}", contracts.join(", "))
                        } else {
                            format!(
                                " + {} ({}-card loot deck)",
                                contracts.join(", "),
                                d.loot.len()
                            )
                        };
                        out!(
                            "{name:16}  heroes: {}; {} cards{extra}",
                            heroes.join(", "),
                            d.cards.len() - contracts.len()
                        );
                    }
                    Err(e) => out!("{name:16}  (cannot load: {e})"),
                }
            }
            out!("(or pass a path to an OCTGN .o8d file or a text deck list)");
        }
        ListWhat::Bots => {
            let w = BOTS.iter().map(|b| b.name.len()).max().unwrap_or(0);
            for b in BOTS {
                out!("{:w$}  {}", b.name, b.about);
            }
        }
        ListWhat::Rules => {
            let d = RuleOptions::default();
            for (name, section, about) in RuleOptions::DOCS {
                out!("{name:32} default {:7} {section:9} {about}", d.get(name));
            }
        }
        ListWhat::Cards => {
            let db = load_db()?;
            let ids: Vec<DefId> = match &a.scenario {
                None => (0..db.defs.len() as DefId).collect(),
                Some(slug) => {
                    let sc = &db.scenarios[find_scenario(&db, slug)?];
                    let mut ids: Vec<DefId> = Vec::new();
                    for m in 0..3 {
                        ids.extend(&sc.quest[m]);
                        ids.extend(sc.encounter[m].iter().map(|&(id, _)| id));
                    }
                    ids.extend(sc.nightmare_setup);
                    let backs: Vec<DefId> = ids.iter().filter_map(|&id| db.def(id).back).collect();
                    ids.extend(backs);
                    ids.sort_unstable();
                    ids.dedup();
                    ids
                }
            };
            let mut totals = [0usize; 3];
            for &id in &ids {
                let d = db.def(id);
                let st = cards::status(&db, id);
                totals[st as usize] += 1;
                out!(
                    "{:10}  {:20}  {:11}  {}",
                    d.code,
                    format!("{:?}", d.ty),
                    st.name(),
                    d.title
                );
            }
            out!(
                "total {}: {} {}, {} {}, {} {}",
                ids.len(),
                totals[Status::Implemented as usize],
                Status::Implemented.name(),
                totals[Status::Vanilla as usize],
                Status::Vanilla.name(),
                totals[Status::Missing as usize],
                Status::Missing.name()
            );
        }
    }
    Ok(())
}
