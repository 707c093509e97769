//! Flag groups more than one subcommand takes, defined once and flattened into each
//! command's arguments, so that a flag is spelled, checked and documented the same way
//! everywhere.

use clap::Args;

/// `-m/--max-wrong`: the game's limit, as every hangman command counts it.
#[derive(Clone, Copy, Debug, Args)]
pub struct MaxWrong {
    /// Wrong guesses allowed; one more loses (the challenge: 5, six lives; the seed tool
    /// used 4).
    #[arg(short = 'm', long = "max-wrong", visible_alias = "max-wrong-guesses",
          value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(0..=25))]
    pub max_wrong: u32,
}
