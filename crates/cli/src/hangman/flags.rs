//! Flag groups more than one subcommand takes, defined once and flattened into each
//! command's arguments, so that a flag is spelled, checked and documented the same way
//! everywhere.

use clap::Args;

/// `-m/--max-wrong`: the game's limit, as every hangman command counts it.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct MaxWrong {
    /// Wrong guesses allowed; one more loses (the challenge: 5, six lives; the seed tool
    /// used 4).
    #[arg(short = 'm', long = "max-wrong", visible_alias = "max-wrong-guesses",
          value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(0..=25))]
    pub(crate) max_wrong: u32,
}

/// `-m/--max-wrong` with the old spelling `--lives N` (the game lost on the Nth wrong guess,
/// i.e. `-m N-1`), hidden from the help and kept for the commands that took it (`play`,
/// `solve`). Giving both is a usage error.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct MaxWrongOrLives {
    /// The limit of wrong guesses.
    #[command(flatten)]
    pub(crate) limit: MaxWrong,

    /// Hidden: the old spelling of the limit, lost on the Nth wrong guess (`-m N-1`).
    #[arg(long, value_name = "N", hide = true, conflicts_with = "max_wrong",
          value_parser = clap::value_parser!(u32).range(1..=26))]
    pub(crate) lives: Option<u32>,
}

impl MaxWrongOrLives {
    /// Wrong guesses allowed: `-m`, or `--lives` - 1.
    pub(crate) fn max_wrong(self) -> u32 {
        self.lives.map_or(self.limit.max_wrong, |n| n - 1)
    }
}

/// `--threads N`: the worker pool of a command that plays or searches many games.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct Threads {
    /// Worker threads (default: all cores). Results are identical for any count.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(crate) threads: Option<u64>,
}

impl Threads {
    /// Runs `f` on a pool of the chosen size; returns its result and the pool's size.
    pub(crate) fn install<T: Send>(
        self,
        f: impl FnOnce() -> T + Send,
    ) -> anyhow::Result<(T, usize)> {
        super::resolve::with_threads(self.threads.map(|n| n as usize), f)
    }
}

/// `--skip-invalid`: how a command treats dictionary lines that are not words.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct SkipInvalid {
    /// Drop dictionary lines that are not words of letters a-z (counted) instead of failing.
    #[arg(long)]
    pub(crate) skip_invalid: bool,
}
