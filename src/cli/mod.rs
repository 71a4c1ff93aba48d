//! Command line: `run` (default), `trace` and `list`.
//!
//! Every configuration problem (unknown scenario, mode, bot or deck, wrong counts) is found
//! before anything is written, reported with the valid choices, and exits with status 2;
//! other failures exit with status 1.

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

/// `println!` that reports a failed write (e.g. a closed pipe) as an error instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        anyhow::Context::context(
            writeln!(std::io::stdout().lock(), $($t)*),
            "cannot write to standard output",
        )?;
    }};
}

mod args;
mod campaign;
mod common;
mod compare;
mod deck;
mod list;
mod merge;
mod plot;
mod run;
mod soak;
mod trace;
mod tune;

use args::*;
use common::*;
use list::cmd_list;
use merge::cmd_merge;
use run::cmd_run;
use soak::cmd_soak;
use trace::cmd_trace;
use tune::cmd_tune;

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

/// Entry point of the binary: parse, run, print errors with their whole context chain.
pub fn main() -> ExitCode {
    let cli = match parse_cli() {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            if e.use_stderr() {
                // The value given is echoed: cut it if it is huge.
                eprint!("{}", clip(&e.render().to_string()));
            } else {
                let _ = e.print();
            }
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
            eprintln!("{}", clip(&e.to_string()));
            ExitCode::from(130)
        }
        Err(e) => {
            eprintln!("error: {}", clip(&e.to_string()));
            for cause in e.chain().skip(1) {
                eprintln!("  caused by: {}", clip(&cause.to_string()));
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
        Command::Tune(a) => cmd_tune(&a),
        Command::Deck(a) => deck::run(&a),
        Command::Compare(a) => compare::run(&a),
        Command::Plot(a) => plot::cmd_plot(&a),
        Command::Campaign(a) => campaign::run(&a),
    }
}
