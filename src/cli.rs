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

use lotr_sim::batch::run_batch;
use lotr_sim::bots::{self, BOTS};
use lotr_sim::cards::{self, Status};
use lotr_sim::data::{self, CardDb, DefId, Mode};
use lotr_sim::deck::{self, Deck};
use lotr_sim::engine::{play_game, Game, GameSetup, RuleOptions};
use lotr_sim::record::{GameRecord, Outcome, MAX_PLAYERS, MAX_ROUNDS};
use lotr_sim::report::{self, RunKey};
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
    /// Deck tools: `deck check FILE...` (import, legality, profile).
    Deck(crate::cli_deck::DeckArgs),
    /// Paired comparison of two decks (same scenario, bots and seeds).
    Compare(crate::cli_compare::CompareArgs),
}

/// What identifies a game configuration (shared by `run` and `trace`).
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Scenario slug (see `list scenarios`).
    #[arg(long, default_value = DEFAULT_SCENARIO)]
    pub scenario: String,
    /// Difficulty mode: easy, standard or nightmare.
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

fn usage<T>(msg: impl Into<String>) -> Result<T> {
    Err(UsageError(msg.into()).into())
}

/// Entry point of the binary: parse, run, print errors with their whole context chain.
/// `println!` that reports a failed write (e.g. a closed pipe) as an error instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)?;
    }};
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
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
            "unknown scenario `{slug}`; valid scenarios: {}",
            db.scenarios
                .iter()
                .map(|s| s.slug.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

fn configure(db: &CardDb, a: &GameArgs) -> Result<Config> {
    let sc = find_scenario(db, &a.scenario)?;
    let mode = match Mode::ALL.into_iter().find(|m| m.name() == a.mode) {
        Some(m) => m,
        None => {
            return usage(format!(
                "unknown mode `{}`; valid modes: {}",
                a.mode,
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
            return usage(format!("unknown bot `{b}`; valid bots: {}", bot_names()));
        }
    }
    if a.max_rounds == 0 || a.max_rounds as usize > MAX_ROUNDS {
        return usage(format!(
            "--max-rounds must be 1 to {MAX_ROUNDS}, not {}",
            a.max_rounds
        ));
    }
    let mut options = RuleOptions::default();
    let mut changed = Vec::new();
    for r in &a.rules {
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
    let key = RunKey {
        scenario: db.scenarios[sc].slug.clone(),
        mode,
        players: players as u8,
        decks: decks.iter().map(|d| d.name.clone()).collect(),
        bots: bots.clone(),
        seed: a.seed,
        rules: changed.join(";"),
        max_rounds: a.max_rounds,
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
        .flat_map(|d| d.heroes.iter().chain(&d.cards).copied())
        .filter(|&id| cards::status(db, id) == Status::Missing)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().map(|&id| db.def(id).title.clone()).collect()
}

/// Refuse to simulate what the engine cannot play faithfully: a scenario with encounter or quest
/// cards whose abilities are missing (always), or decks with such cards (unless
/// `--allow-unimplemented`, which plays them without their abilities and says so).
/// Encounter, quest and Nightmare setup cards of scenario `sc` in `mode` whose abilities the
/// engine does not implement.
fn missing_scenario_cards(db: &CardDb, sc: usize, mode: Mode) -> Vec<DefId> {
    let sc = &db.scenarios[sc];
    let mut enc: Vec<DefId> = sc.encounter[mode as usize]
        .iter()
        .map(|&(d, _)| d)
        .chain(
            sc.quest[mode as usize]
                .iter()
                .flat_map(|&q| [Some(q), db.def(q).back])
                .flatten(),
        )
        .chain(if mode == Mode::Nightmare {
            sc.nightmare_setup
        } else {
            None
        })
        .filter(|&id| cards::status(db, id) == Status::Missing)
        .collect();
    enc.sort_unstable();
    enc.dedup();
    enc
}

fn check_implemented(db: &CardDb, setup: &GameSetup, quiet: bool) -> Result<()> {
    let sc = &db.scenarios[setup.scenario];
    let enc = missing_scenario_cards(db, setup.scenario, setup.mode);
    if !enc.is_empty() {
        let names: Vec<String> = enc
            .iter()
            .map(|&id| format!("{} ({})", db.def(id).title, db.def(id).code))
            .collect();
        return usage(format!(
            "scenario `{}` in {} mode is not implemented yet: {} encounter/quest card(s) have abilities the engine does not implement: {}. See `lotr-sim list cards --scenario {}`.",
            sc.slug,
            setup.mode.name(),
            enc.len(),
            names.join(", "),
            sc.slug
        ));
    }
    let missing = missing_deck_cards(db, &setup.decks);
    if !missing.is_empty() {
        if !setup.allow_unimplemented {
            return usage(format!(
                "{} deck card(s) have abilities the engine does not implement: {}. Remove them, or pass --allow-unimplemented to play them without their abilities (reported in the summary).",
                missing.len(),
                missing.join(", ")
            ));
        }
        let _ = quiet;
        eprintln!(
            "warning: {} deck card(s) are played WITHOUT their abilities (--allow-unimplemented): {}",
            missing.len(),
            missing.join(", ")
        );
    }
    Ok(())
}

fn cmd_run(a: &RunArgs) -> Result<()> {
    let db = load_db()?;
    let cfg = configure(&db, &a.game)?;
    if a.games == 0 {
        return usage("--games must be at least 1");
    }
    let threads = match a.threads {
        Some(0) => return usage("--threads must be at least 1"),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let out = a.out.clone().unwrap_or_else(|| {
        PathBuf::from("results").join(format!("{}-{}", cfg.key.scenario, cfg.key.mode.name()))
    });
    check_implemented(&db, &cfg.setup, a.quiet)?;
    if !a.quiet {
        for (seat, d) in cfg.setup.decks.iter().enumerate() {
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
    let pb = (a.games >= 10_000 && !a.quiet).then(|| {
        let pb = indicatif::ProgressBar::new(a.games);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {pos}/{len} games ({per_sec}, ETA {eta})",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        pb
    });
    let t0 = Instant::now();
    let res = run_batch(
        &db,
        &cfg.setup,
        &cfg.bots,
        a.games,
        cfg.key.seed,
        threads,
        pb.as_ref(),
        a.per_game,
    );
    let secs = t0.elapsed().as_secs_f64();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    report::write_all(
        &out,
        &cfg.key,
        &res.acc,
        a.per_game.then_some(res.games.as_slice()),
    )?;
    print_summary(&cfg.key, &res.acc, secs, threads)?;
    out!("results: {}", out.display());
    Ok(())
}

fn print_summary(key: &RunKey, acc: &Accumulator, secs: f64, threads: usize) -> Result<()> {
    out!(
        "{} ({}), {} player(s), decks {}, bots {}, seed {}",
        key.scenario,
        key.mode.name(),
        key.players,
        key.decks_joined(),
        key.bots_joined(),
        key.seed
    );
    out!(
        "{} games in {:.2} s on {} thread(s) ({:.0} games/s)",
        acc.games,
        secs,
        threads,
        acc.games as f64 / secs.max(1e-9)
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
                        out!(
                            "{name:16}  heroes: {}; {} cards",
                            heroes.join(", "),
                            d.cards.len()
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
