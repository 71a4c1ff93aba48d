//! The `lotr-sim` binary; everything is in [`cli`].

mod cli;
mod cli_compare;
mod cli_deck;

fn main() -> std::process::ExitCode {
    cli::main()
}
