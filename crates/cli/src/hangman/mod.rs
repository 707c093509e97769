//! The `hangman` command: the seed-compatible scorer by default, and subcommands.

mod args;
mod bench;
mod list;
pub mod play;
mod score;
mod solve;
mod suggest;

use std::ffi::OsString;

use clap::Parser;

pub use args::{
    BenchArgs, Cli, Command, PlayArgs, ScoreArgs, Selection, StrategyArgs, SuggestArgs,
};
pub use solve::{SolveArgs, SolveFormat};

/// Parses `args` (program name first) and runs the command.
pub fn run(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<()> {
    let cli = Cli::try_parse_from(args)?;
    match cli.command {
        Some(Command::List) => list::run(),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Suggest(args)) => suggest::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        None => score::run(cli.score),
    }
}

/// Runs `f` on a rayon pool of `threads` threads (all cores when `None`).
pub(crate) fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> anyhow::Result<(T, usize)> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n);
    }
    let pool = builder.build()?;
    let n = pool.current_num_threads();
    Ok((pool.install(f), n))
}
