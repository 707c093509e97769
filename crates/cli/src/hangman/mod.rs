//! The `hangman` command: the seed-compatible scorer by default, and subcommands.

mod args;
mod bench;
mod flags;
mod holdout;
mod list;
pub mod play;
mod resolve;
mod score;
mod solve;
mod suggest;
mod values;
mod verify;
mod verify_bound;

use std::ffi::OsString;

use clap::{CommandFactory, Parser};

use args::{Cli, Command};

/// The `hangman` program's parser.
pub fn command() -> clap::Command {
    Cli::command()
}

/// Parses `args` (program name first) and runs the command.
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<()> {
    let cli = Cli::try_parse_from(args)?;
    if let Some(kind) = cli.generate {
        return Ok(kind.write(Cli::command(), &mut std::io::stdout().lock())?);
    }
    match cli.command {
        Some(Command::List) => list::run(),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Holdout(args)) => holdout::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Suggest(args)) => suggest::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Verify(args)) => verify::run(args),
        Some(Command::VerifyBound(args)) => verify_bound::run(args),
        None => score::run(cli.score),
    }
}
