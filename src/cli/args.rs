//! The clap types of every subcommand, in one place.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub const DEFAULT_SCENARIO: &str = "intruders-in-chetwood";
pub const DEFAULT_DECK: &str = "core-leadership";
pub const DEFAULT_BOT: &str = "basic";

/// Most games per combination of a `run` (and per `soak`): the counters' headroom (threat
/// sums of 4 seats × 255 × 10^15 games stay far below 2^64), far beyond any real batch.
pub const MAX_GAMES: u64 = 1_000_000_000_000_000;
/// Most pairs of a `compare` and games per comparison of `tune`: they keep every game's
/// result in memory (about 24 bytes each).
pub const MAX_PAIRS: u64 = 10_000_000;
/// Most games of a `soak` (it lists its work in pieces of 256 games up front).
pub const MAX_SOAK_GAMES: u64 = 100_000_000;
/// Most games of a `--per-game` run, over every combination (its rows are held in memory to
/// be written sorted; about 80 bytes each).
pub const MAX_PER_GAME_ROWS: u64 = 20_000_000;
/// Most worker threads.
pub const MAX_THREADS: usize = 1024;
/// Longest checkpoint or progress interval, in seconds (one day).
pub const MAX_INTERVAL: f64 = 86_400.0;

/// A whole number from `lo` to `hi`, or the error that says so.
fn whole(s: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let range = format!("a whole number from {lo} to {hi}");
    match s.trim().parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        Ok(n) => Err(format!("{n} is out of range: give {range}")),
        Err(_) => Err(format!("not {range}")),
    }
}

pub fn seed_arg(s: &str) -> Result<u64, String> {
    whole(s, 0, u64::MAX)
}

pub fn games_arg(s: &str) -> Result<u64, String> {
    whole(s, 1, MAX_GAMES)
}

pub fn soak_games_arg(s: &str) -> Result<u64, String> {
    whole(s, 1, MAX_SOAK_GAMES)
}

pub fn pairs_arg(s: &str) -> Result<u64, String> {
    whole(s, 1, MAX_PAIRS)
}

pub fn threads_arg(s: &str) -> Result<usize, String> {
    whole(s, 1, MAX_THREADS as u64).map(|n| n as usize)
}

pub fn max_rounds_arg(s: &str) -> Result<u16, String> {
    whole(s, 1, lotr_sim::record::MAX_ROUNDS as u64).map(|n| n as u16)
}

pub fn players_arg(s: &str) -> Result<u8, String> {
    whole(s, 1, lotr_sim::record::MAX_PLAYERS as u64).map(|n| n as u8)
}

pub fn seat_arg(s: &str) -> Result<usize, String> {
    whole(s, 1, lotr_sim::record::MAX_PLAYERS as u64).map(|n| n as usize)
}

pub fn passes_arg(s: &str) -> Result<u32, String> {
    whole(s, 1, 1000).map(|n| n as u32)
}

/// A number in `(lo, hi]` (`lo` itself allowed with `lo_ok`), or the error that says so.
fn real(s: &str, lo: f64, lo_ok: bool, hi: f64) -> Result<f64, String> {
    let range = format!(
        "a number {} {lo} up to {hi}",
        if lo_ok { "from" } else { "above" }
    );
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (x > lo || (lo_ok && x == lo)) && x <= hi => Ok(x),
        Ok(_) => Err(format!("out of range: give {range}")),
        Err(_) => Err(format!("not {range}")),
    }
}

pub fn step_arg(s: &str) -> Result<f64, String> {
    real(s, 0.0, false, 10.0)
}

pub fn z_arg(s: &str) -> Result<f64, String> {
    real(s, 0.0, true, 100.0)
}

/// Seconds from 0 to [`MAX_INTERVAL`] (fractions allowed).
pub fn seconds_arg(s: &str) -> Result<f64, String> {
    let range = format!("a number of seconds from 0 to {MAX_INTERVAL}");
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=MAX_INTERVAL).contains(&x) => Ok(x),
        Ok(_) => Err(format!("out of range: give {range}")),
        Err(_) => Err(format!("not {range}")),
    }
}

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
    Deck(DeckArgs),
    /// Improve the `basic` bot's weights on one configuration by paired comparisons on shared
    /// seeds (coordinate search); prints each step and the `--bot basic:...` it found.
    Tune(TuneArgs),
    /// Paired comparison of two decks (same scenario, bots and seeds).
    Compare(CompareArgs),
    /// Draw threat.svg, winrate.svg, rounds.svg (compare.svg) and report.html from the CSVs of
    /// a result folder.
    Plot(PlotArgs),
    /// Play seeded campaigns (the Angmar Awakened scenarios in order, with the campaign log,
    /// boons, burdens, fallen heroes and the threat penalty) and write campaign.csv and
    /// campaign_scenarios.csv.
    Campaign(CampaignArgs),
}

/// The win-rate axis of `winrate.svg`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScaleArg {
    /// Log when the rates span a factor 20 or more.
    Auto,
    Linear,
    Log,
}

#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The output folder of a run, merge or compare.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Win-rate axis of winrate.svg (log shows rates near 0).
    #[arg(long, value_enum, default_value = "auto")]
    pub scale: ScaleArg,
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
    #[arg(long, value_parser = players_arg, allow_negative_numbers = true)]
    pub players: Option<u8>,
    /// Bot of each seat: `NAME` or `NAME:key=value,...` (see `list bots`), once per seat or once
    /// for every seat.
    #[arg(long = "bot", value_name = "SPEC")]
    pub bots: Vec<String>,
    /// Master seed of the batch.
    #[arg(long, default_value_t = 1, value_parser = seed_arg, allow_negative_numbers = true)]
    pub seed: u64,
    /// Round cap (1-64); reaching it is its own outcome (never a win).
    #[arg(long, default_value_t = 30, value_parser = max_rounds_arg, allow_negative_numbers = true)]
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
    /// Number of games (per scenario × mode combination).
    #[arg(long, default_value_t = 100_000, value_parser = games_arg, allow_negative_numbers = true)]
    pub games: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
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
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = seconds_arg, allow_negative_numbers = true)]
    pub checkpoint_interval: f64,
    /// Seconds between progress lines on stderr when it is not a terminal (0: none).
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = seconds_arg, allow_negative_numbers = true)]
    pub progress_interval: f64,
    /// Write no pictures (threat.svg, winrate.svg, rounds.svg, report.html).
    #[arg(long)]
    pub no_plots: bool,
    /// Options given on the command line (filled in by `main`, for `--resume`).
    #[arg(skip)]
    pub explicit: Vec<String>,
}

#[derive(Args, Debug)]
pub struct CampaignArgs {
    /// Deck of one player (built-in name or file); repeat once per player. Heroes in a deck
    /// file's sideboard are that player's reserve (replacements for fallen heroes, in order).
    #[arg(long = "deck", value_name = "SPEC")]
    pub decks: Vec<String>,
    /// Number of players (1-4); needs that many --deck.
    #[arg(long, value_parser = players_arg, allow_negative_numbers = true)]
    pub players: Option<u8>,
    /// Bot of each seat (see `list bots`), once per seat or once for every seat.
    #[arg(long = "bot", value_name = "SPEC")]
    pub bots: Vec<String>,
    /// Difficulty mode of every scenario: easy, standard or nightmare.
    #[arg(long, default_value = "standard")]
    pub mode: String,
    /// Master seed: campaign i is a pure function of (seed, i).
    #[arg(long, default_value_t = 1, value_parser = seed_arg, allow_negative_numbers = true)]
    pub seed: u64,
    /// Number of campaigns.
    #[arg(long, default_value_t = 1000, value_parser = pairs_arg, allow_negative_numbers = true)]
    pub games: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// First scenario: its number 1-9 or slug (default 1, or the log's `next`).
    #[arg(long, value_name = "SCENARIO")]
    pub from: Option<String>,
    /// Start every campaign from this campaign log (see README *Campaign*).
    #[arg(long, value_name = "FILE")]
    pub campaign_log: Option<PathBuf>,
    /// A lost scenario is played again up to N more times before the campaign counts as lost.
    #[arg(long, value_name = "N", default_value_t = lotr_sim::campaign::play::DEFAULT_RETRIES, value_parser = retries_arg, allow_negative_numbers = true)]
    pub retries: u32,
    /// Round cap of each game (1-64).
    #[arg(long, default_value_t = 30, value_parser = max_rounds_arg, allow_negative_numbers = true)]
    pub max_rounds: u16,
    /// Change an engine rule choice (see `list rules`); repeatable.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
    /// Play deck cards whose abilities are not implemented as if blank.
    #[arg(long)]
    pub allow_unimplemented: bool,
    /// Output folder (default: results/campaign-<mode>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace what the output folder holds.
    #[arg(long)]
    pub force: bool,
    /// Also write campaign_games.csv with one row per campaign.
    #[arg(long)]
    pub per_game: bool,
    /// Print the full trace of campaign I (every game and the log after each scenario) instead
    /// of running the batch.
    #[arg(long, value_name = "I", value_parser = seed_arg)]
    pub trace: Option<u64>,
    /// Only the final summary.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard K of N (0-based) of the campaigns, for `lotr-sim merge` later.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Continue the interrupted campaign run whose output folder is DIR (its checkpoint names
    /// the run; only --threads and --quiet may be given again).
    #[arg(long, value_name = "DIR", conflicts_with_all = [
        "decks", "players", "bots", "mode", "seed", "games", "from", "campaign_log", "retries",
        "max_rounds", "rules", "allow_unimplemented", "out", "force", "per_game", "trace", "shard",
    ])]
    pub resume: Option<PathBuf>,
    /// Seconds between checkpoints (0: only at the end and when interrupted).
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = seconds_arg, allow_negative_numbers = true)]
    pub checkpoint_interval: f64,
    /// Stop (as if interrupted) once N campaigns were played: for tests of `--resume`.
    #[arg(long, value_name = "N", hide = true)]
    pub stop_after: Option<u64>,
}

pub fn retries_arg(s: &str) -> Result<u32, String> {
    whole(s, 0, 1000).map(|n| n as u32)
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
    /// Write no pictures (threat.svg, winrate.svg, rounds.svg, report.html).
    #[arg(long)]
    pub no_plots: bool,
}

#[derive(Args, Debug)]
pub struct SoakArgs {
    /// Games in all (spread evenly over the configurations).
    #[arg(long, default_value_t = 20_000, value_parser = soak_games_arg, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1, value_parser = seed_arg, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Round cap (1-64).
    #[arg(long, default_value_t = 30, value_parser = max_rounds_arg, allow_negative_numbers = true)]
    pub max_rounds: u16,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Only this scenario (slug, see `list scenarios`): its playable modes × bots × 1-4 players.
    #[arg(long)]
    pub scenario: Option<String>,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Index of the game in the batch (0-based).
    #[arg(long = "game", value_name = "I", default_value_t = 0, value_parser = seed_arg, allow_negative_numbers = true)]
    pub game_index: u64,
    /// Also log, before each choice a searching bot (`lookahead`) searched, every candidate it
    /// weighed with its mean rollout score and number of rollouts (`*`: the one chosen). The
    /// game played is the same with or without it.
    #[arg(long)]
    pub explain: bool,
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

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Deck A: a built-in deck name or a deck file. With --bot-a/--bot-b it may be the only
    /// deck (both sides play it) or absent (the default deck).
    #[arg(value_name = "DECK_A")]
    pub deck_a: Option<String>,
    /// Deck B: a built-in deck name or a deck file (default with --bot-a/--bot-b: DECK_A).
    #[arg(value_name = "DECK_B")]
    pub deck_b: Option<String>,
    /// Bot-vs-bot: the bot spec of side A (e.g. `lookahead:rollouts=8`), once for every seat
    /// or once per seat; needs --bot-b, replaces --bot.
    #[arg(
        long = "bot-a",
        value_name = "SPEC",
        conflicts_with = "bots",
        requires = "bots_b"
    )]
    pub bots_a: Vec<String>,
    /// Bot-vs-bot: the bot spec of side B, once for every seat or once per seat.
    #[arg(
        long = "bot-b",
        value_name = "SPEC",
        conflicts_with = "bots",
        requires = "bots_a"
    )]
    pub bots_b: Vec<String>,
    /// Scenario slug (see `list scenarios`).
    #[arg(long, default_value = crate::cli::DEFAULT_SCENARIO)]
    pub scenario: String,
    /// Difficulty mode: easy, standard or nightmare.
    #[arg(long, default_value = "standard")]
    pub mode: String,
    /// Multi-player: the deck of another seat, fixed in both games of a pair (repeat once per
    /// other seat, in seat order).
    #[arg(long = "deck", value_name = "SPEC")]
    pub others: Vec<String>,
    /// Seat (1-based) that plays DECK_A / DECK_B; the --deck decks fill the other seats.
    #[arg(long, default_value_t = 1, value_parser = seat_arg, allow_negative_numbers = true)]
    pub seat: usize,
    /// Bot of each seat (both sides): once per seat, or once for every seat. `NAME` or
    /// `NAME:key=value,...` (see `list bots`).
    #[arg(long = "bot", value_name = "SPEC")]
    pub bots: Vec<String>,
    /// Number of pairs (each pair is one game with each deck).
    #[arg(long, default_value_t = 100_000, value_parser = pairs_arg, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed (shared by both decks).
    #[arg(long, default_value_t = 1, value_parser = seed_arg, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Round cap (1-64); reaching it is its own outcome (never a win).
    #[arg(long, default_value_t = 30, value_parser = max_rounds_arg, allow_negative_numbers = true)]
    pub max_rounds: u16,
    /// Play cards whose abilities are not implemented as if blank.
    #[arg(long)]
    pub allow_unimplemented: bool,
    /// Change an engine rule choice, e.g. `--rule first_player=random` (repeatable).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
    /// Output folder (default: results/compare-<scenario>-<mode>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write pairs.csv with both outcomes of every pair.
    #[arg(long)]
    pub per_game: bool,
    /// Replace what the output folder holds (an earlier comparison).
    #[arg(long)]
    pub force: bool,
    /// Seconds between progress lines on stderr when it is not a terminal (0: none).
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = seconds_arg, allow_negative_numbers = true)]
    pub progress_interval: f64,
    /// No progress bar; only the summary.
    #[arg(long)]
    pub quiet: bool,
    /// Write no pictures (threat.svg, winrate.svg, rounds.svg, compare.svg, report.html).
    #[arg(long)]
    pub no_plots: bool,
}

#[derive(Args, Debug)]
pub struct DeckArgs {
    #[command(subcommand)]
    pub command: DeckCommand,
}

#[derive(Subcommand, Debug)]
pub enum DeckCommand {
    /// Import deck files (RingsDB JSON or text, OCTGN .o8d, forum lists) or built-in decks and
    /// report legality (errors vs warnings), starting threat, spheres and unimplemented cards.
    Check(CheckArgs),
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Deck files or built-in deck names.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
}

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The configuration; `--bot` may give the starting weights (`basic:style=aggressive,...`).
    #[command(flatten)]
    pub game: GameArgs,
    /// Games per comparison (each is played with both weight sets).
    #[arg(long, default_value_t = 2000, value_parser = pairs_arg, allow_negative_numbers = true)]
    pub games: u64,
    /// Passes over the weights.
    #[arg(long, default_value_t = 2, value_parser = passes_arg, allow_negative_numbers = true)]
    pub passes: u32,
    /// Weights to search (comma list of `list bots` names, or `all`).
    #[arg(long, default_value = "all")]
    pub params: String,
    /// Relative size of a move (0.25: ±25%, at least ±1), above 0 up to 10.
    #[arg(long, default_value_t = 0.25, value_parser = step_arg, allow_negative_numbers = true)]
    pub step: f64,
    /// Keep a move when its paired gain is at least this many standard errors above 0 (0 to 100).
    #[arg(long, default_value_t = 1.0, value_parser = z_arg, allow_negative_numbers = true)]
    pub z: f64,
    /// What a game is worth: `progress` (100 for a win, else stages and progress reached) or
    /// `wins`.
    #[arg(long, default_value = "progress")]
    pub objective: String,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Search over several configurations at once: `SCENARIO/MODE/DECK`, repeatable (in place
    /// of --scenario, --mode and --deck; one player each). A move is kept on the mean of the
    /// cells' paired gains; each cell's gain is printed beside it.
    #[arg(long = "cell", value_name = "SCENARIO/MODE/DECK")]
    pub cells: Vec<String>,
}
