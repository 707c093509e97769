//! The `hangman` command: the seed-compatible scorer by default, and subcommands.

mod args;
mod bench;
mod holdout;
mod list;
pub mod play;
mod score;
mod solve;
mod suggest;
mod verify;

use std::ffi::OsString;

use clap::{CommandFactory, Parser};

pub use args::{
    BenchArgs, Cli, Command, PlayArgs, ScoreArgs, Selection, StrategyArgs, StrategyChoice,
    SuggestArgs,
};
pub use holdout::{HoldoutArgs, HoldoutFormat};
pub use solve::SolveArgs;
pub use verify::VerifyArgs;

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
        None => score::run(cli.score),
    }
}

/// Where slow strategies keep their decisions between runs: `wordplay/decisions` in the
/// platform's cache folder (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches`
/// on macOS, `%LOCALAPPDATA%` on Windows); `None` with `--no-cache` or without such a folder.
pub(crate) fn cache_dir(no_cache: bool) -> Option<std::path::PathBuf> {
    if no_cache {
        return None;
    }
    dirs::cache_dir().map(|dir| dir.join("wordplay").join("decisions"))
}

/// Writes a strategy's cache after a run; a failure only costs the next run time, so it is
/// a warning.
pub(crate) fn save_cache(strategy: &dyn hangman::Strategy) {
    if let Err(e) = strategy.save_cache() {
        eprintln!("warning: cannot write the decision cache: {e}");
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
