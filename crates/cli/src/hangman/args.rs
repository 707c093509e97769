//! Command-line arguments of `hangman`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use hangman::strategy::StrategyInfo;

use super::flags::{MaxWrong, MaxWrongOrLives, SkipInvalid, Threads};
use super::values::{
    Param, StrategyChoice, StrategyPick, parse_param, parse_strategy, parse_strategy_or_all,
    parse_targeted_param,
};
use crate::export::bench::BenchFormat;

/// Score, benchmark, play and solve hangman (the 2011 Factual challenge's rules).
///
/// Without a subcommand, plays each test word with a strategy and prints its score and the
/// average (lower is better): `hangman [DICTIONARY] [WORD]...`. With no DICTIONARY the
/// embedded word list is used.
#[derive(Debug, Parser)]
#[command(
    name = "hangman",
    version,
    args_conflicts_with_subcommands = true,
    // Written out: clap would render the one list of positionals as `<DICTIONARY] [WORD>`.
    override_usage = "hangman [OPTIONS] [DICTIONARY] [WORD]...\n       \
                      hangman <COMMAND>\n       \
                      hangman --generate <KIND>"
)]
pub(crate) struct Cli {
    /// Write the man page or shell completions to stdout, e.g. `--generate complete-bash`.
    #[arg(long, value_name = "KIND", value_enum, exclusive = true)]
    pub(crate) generate: Option<crate::generate::Generate>,

    /// A subcommand; without one, the scorer runs.
    #[command(subcommand)]
    pub(crate) command: Option<Command>,

    /// The scorer's arguments (used when there is no subcommand).
    #[command(flatten)]
    pub(crate) score: ScoreArgs,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// List the strategies, one line each.
    List,
    /// Benchmark strategies side by side: score, losses, time per game, per word length.
    Bench(BenchArgs),
    /// Win rates on words that are not in the list: hold out words of the list (or test the
    /// words of --test FILE) and play them with the letter model.
    Holdout(super::holdout::HoldoutArgs),
    /// Play hangman in the terminal (a plain line mode when not on a terminal).
    Play(PlayArgs),
    /// Suggest the next letter for a board and the wrong guesses, with the odds.
    Suggest(SuggestArgs),
    /// Evil hangman solved exactly: per word length, the misses an optimal cheating referee
    /// forces on an optimal guesser, and which side wins.
    Solve(super::solve::SolveArgs),
    /// Re-check the certificates of `hangman solve --certificate DIR` with plain code
    /// that shares nothing with the search; exit 1 on any flaw.
    Verify(super::verify::VerifyArgs),
    /// Re-check the lower-bound certificates of `hangman bench --bound-certificate DIR`
    /// with plain code that shares nothing with the search; exit 1 on any flaw.
    VerifyBound(super::verify_bound::VerifyBoundArgs),
}

/// Arguments of `hangman play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// Who referees your guesses: fair, evil (keeps the largest word family),
    /// evil-lookahead (keeps the family worth the most misses, estimated) or optimal (the
    /// family worth the most misses, proven within a second per answer).
    #[arg(long, value_name = "NAME", default_value = "fair")]
    pub(crate) referee: hangman::referee::RefereeKind,

    /// Word length (default: random, 4 to 13).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=lexicon::MAX_WORD_LEN as u64))]
    pub(crate) length: Option<u64>,

    /// The limit of wrong guesses (`--lives N`, hidden, is `-m N-1`).
    #[command(flatten)]
    pub(crate) limit: MaxWrongOrLives,

    /// Seed of the session's random choices (default: from the clock).
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,

    /// Reverse the roles: you think of a word and answer, this strategy guesses (default
    /// `player`: it weighs words by how familiar they are and learns the words you name
    /// that it did not know, kept in the scores store; `player`, `mixed` and `letters` guess
    /// with the letter model once your word is not in their words). Put the dictionary
    /// before `--guesser` or write `--guesser=NAME`.
    #[arg(long, value_name = "STRATEGY", value_parser = parse_strategy, num_args = 0..=1,
          default_missing_value = "player")]
    pub(crate) guesser: Option<StrategyChoice>,

    /// Neither read nor write the guesser's cache of decisions (`best`).
    #[arg(long)]
    pub(crate) no_cache: bool,

    /// Use the plain line mode even on a terminal.
    #[arg(long)]
    pub(crate) line: bool,

    /// Which common words a fair referee picks: any, or by how many wrong guesses a good
    /// guesser needs (easy: at most 1, medium: 2-3, hard: 4 or more).
    #[arg(long, value_enum, default_value_t = crate::hangman::play::secrets::SecretDifficulty::Any)]
    pub(crate) difficulty: crate::hangman::play::secrets::SecretDifficulty,

    /// The common words secrets are drawn from (default: the embedded SCOWL list of
    /// familiar words); one word per line, lines with capitals or non-letters skipped.
    #[arg(long, value_name = "FILE")]
    pub(crate) common: Option<PathBuf>,

    /// Colour in the terminal UI: auto (unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = crate::terminal::ColorChoice::Auto)]
    pub(crate) color: crate::terminal::ColorChoice,

    /// A word-list file (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,
}

/// Arguments of `hangman suggest`.
#[derive(Debug, Args)]
pub(crate) struct SuggestArgs {
    /// The board: letters where shown, `-`, `_` or `.` where unknown (e.g. "-A---A-").
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
    pub(crate) board: String,

    /// The word length (optional; must match the board).
    #[arg(long, value_name = "N")]
    pub(crate) length: Option<usize>,

    /// The letters guessed wrong (e.g. "xyz").
    #[arg(long, value_name = "LETTERS", default_value = "")]
    pub(crate) wrong: String,

    /// Words guessed wrong, comma-separated.
    #[arg(long, value_name = "W1,W2", value_delimiter = ',')]
    pub(crate) wrong_words: Vec<String>,

    /// The strategy whose pick is marked (and that plays on for the expected scores).
    #[arg(long, value_name = "NAME", default_value = "best", value_parser = parse_strategy)]
    pub(crate) strategy: StrategyChoice,

    /// Who referees the game: fair (a secret word, every candidate equally likely), evil or
    /// evil-lookahead (the candidates are the words the referee still holds), or optimal
    /// (letters ranked by the misses the optimal cheating referee can still force, proven).
    #[arg(long, value_name = "NAME", default_value = "fair")]
    pub(crate) referee: hangman::referee::RefereeKind,

    /// The secret is a common word, as the fair referees of `hangman play` and `wordplay
    /// serve` draw it: the candidates are the dictionary's words in the embedded common tier.
    #[arg(long)]
    pub(crate) common: bool,

    /// Against the optimal referee: how long the solver may search for proofs, in
    /// milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub(crate) proof_ms: u64,

    /// How many letters to list.
    #[arg(long, value_name = "K", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=26))]
    pub(crate) top: u64,

    /// The limit of wrong guesses.
    #[command(flatten)]
    pub(crate) limit: MaxWrong,

    /// Play out expected final scores when at most this many candidates are left.
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub(crate) exact_limit: usize,

    /// List the candidates when at most this many are left.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub(crate) show: usize,

    /// Explain the ranking: with no word of the list fitting, the letter model's view of
    /// each blank, its likeliest words and how much each source weighed.
    #[arg(short = 'v', long)]
    pub(crate) verbose: bool,

    /// Seed for strategies that sample.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,

    /// A word-list file (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,
}

/// Choosing a strategy: by name, or with the seed tool's flags.
#[derive(Debug, Args, Clone)]
pub(crate) struct StrategyArgs {
    /// Strategy by name (see `hangman list`).
    #[arg(long, value_name = "NAME", default_value = "greedy", value_parser = parse_strategy)]
    pub(crate) strategy: StrategyChoice,

    /// Seed flag: the deterministic regex strategy (same as `--strategy deterministic-regex`).
    #[arg(short = 'd', long,
          conflicts_with_all = ["strategy", "sampling_regex", "predicate", "trie"])]
    pub(crate) deterministic_regex: bool,

    /// Seed flag: the sampling regex strategy.
    #[arg(short = 's', long, conflicts_with_all = ["strategy", "predicate", "trie"])]
    pub(crate) sampling_regex: bool,

    /// Seed flag: the predicate strategy.
    #[arg(short = 'p', long, conflicts_with_all = ["strategy", "trie"])]
    pub(crate) predicate: bool,

    /// Seed flag: the trie strategy.
    #[arg(short = 't', long, conflicts_with = "strategy")]
    pub(crate) trie: bool,

    /// A strategy parameter, KEY=VALUE (repeatable; see `hangman list`).
    #[arg(long = "param", value_name = "KEY=VALUE", value_parser = parse_param)]
    pub(crate) params: Vec<(String, String)>,

    /// Neither read nor write the cache of decisions of slow strategies (`best`).
    #[arg(long)]
    pub(crate) no_cache: bool,
}

/// The seed tool's four strategies, in the order of their flags `-d`, `-s`, `-p`, `-t`.
pub(crate) const SEED_STRATEGIES: [&str; 4] =
    ["deterministic-regex", "sampling-regex", "predicate", "trie"];

impl StrategyArgs {
    /// The chosen strategy's registry entry: a seed flag, or `--strategy` (clap refuses
    /// both at once, so neither silently wins).
    pub(crate) fn resolve(&self) -> &'static StrategyInfo {
        let flags = [
            self.deterministic_regex,
            self.sampling_regex,
            self.predicate,
            self.trie,
        ];
        let Some(seed_flag) = SEED_STRATEGIES
            .iter()
            .zip(flags)
            .find_map(|(name, set)| set.then_some(*name))
        else {
            return self.strategy.0;
        };
        hangman::strategy::find(seed_flag).expect("the seed strategies are registered")
    }
}

/// Which words a run plays (scorer and bench).
#[derive(Debug, Args)]
pub(crate) struct Selection {
    /// Play every word of the dictionary.
    #[arg(short = 'a', long, conflicts_with = "sample")]
    pub(crate) all: bool,

    /// Play N random words of the dictionary, chosen by --seed.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) sample: Option<u64>,

    /// Seed for --sample and for strategies that sample.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
}

/// Arguments of the scorer.
#[derive(Debug, Args)]
pub(crate) struct ScoreArgs {
    /// The strategy and its parameters.
    #[command(flatten)]
    pub(crate) strategy: StrategyArgs,

    /// The limit of wrong guesses.
    #[command(flatten)]
    pub(crate) limit: MaxWrong,

    /// Who answers: `fair` (the test word is the secret), `evil` (keeps the largest word
    /// family), `evil-lookahead` (keeps the family worth the most misses, estimated) or
    /// `optimal` (worth the most misses, proven within a second per answer). A cheating
    /// referee uses only each test word's length: it plays every word of that length.
    #[arg(long, value_name = "NAME", default_value = "fair")]
    pub(crate) referee: hangman::referee::RefereeKind,

    /// The test words, when none are given: the whole dictionary or a sample.
    #[command(flatten)]
    pub(crate) selection: Selection,

    /// The worker pool.
    #[command(flatten)]
    pub(crate) threads: Threads,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: crate::export::Format,

    /// Print each game's guesses (table and JSON formats).
    #[arg(short = 'v', long)]
    pub(crate) verbose: bool,

    /// Print only the summary, not one row per game (table format).
    #[arg(short = 'q', long, conflicts_with = "verbose")]
    pub(crate) summary: bool,

    /// Play test words that are not in the dictionary instead of only reporting them.
    #[arg(long)]
    pub(crate) allow_unknown: bool,

    /// What to do with dictionary lines that are not words.
    #[command(flatten)]
    pub(crate) invalid: SkipInvalid,

    /// The dictionary file (then every positional argument is a test word).
    #[arg(long, value_name = "FILE")]
    pub(crate) dict: Option<PathBuf>,

    /// An optional word-list file, then the test words. The first is the dictionary unless it
    /// is a plain word (letters only): `hangman cat` plays "cat" even where a file `cat`
    /// exists (a note then says so); write `./cat` or `--dict cat` for the file.
    #[arg(value_name = "DICTIONARY] [WORD")]
    pub(crate) positionals: Vec<String>,
}

/// Arguments of `hangman bench`.
#[derive(Debug, Args)]
pub(crate) struct BenchArgs {
    /// The word list (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,

    /// Strategies to compare, comma-separated names or aliases, or `all` (default: every
    /// strategy but the four seed ones, which replay every game and take minutes on a
    /// whole list).
    #[arg(long, value_name = "NAMES", value_delimiter = ',',
          value_parser = parse_strategy_or_all)]
    pub(crate) strategies: Vec<StrategyPick>,

    /// Wrong guesses allowed; one more loses. Several values: `-m 4,5` or `-m 4 -m 5`.
    #[arg(short = 'm', long = "max-wrong", visible_alias = "max-wrong-guesses",
          value_name = "N", value_delimiter = ',',
          default_value = "5", value_parser = clap::value_parser!(u32).range(0..=25))]
    pub(crate) max_wrong: Vec<u32>,

    /// The words: the whole dictionary (the default, `--all`) or `--sample N` (always
    /// replayed).
    #[command(flatten)]
    pub(crate) selection: Selection,

    /// Play every game on its own even when a strategy has a tree evaluator (per-game times).
    #[arg(long)]
    pub(crate) replay: bool,

    /// Who answers: `fair` (each word is the secret), `evil`, `evil-lookahead` or `optimal` (each word
    /// stands for its length; the cheating referee keeps a family of words). Cheating
    /// referees are always replayed.
    #[arg(long, value_name = "NAME", default_value = "fair")]
    pub(crate) referee: hangman::referee::RefereeKind,

    /// The worker pool.
    #[command(flatten)]
    pub(crate) threads: Threads,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: BenchFormat,

    /// Also write the charts (score by length, time by strategy) as SVG and PNG into DIR.
    #[arg(long, value_name = "DIR")]
    pub(crate) plot: Option<PathBuf>,

    /// A strategy parameter: KEY=VALUE for every chosen strategy, or STRATEGY:KEY=VALUE for
    /// one (repeatable; see `hangman list`).
    #[arg(long = "param", value_name = "[STRATEGY:]KEY=VALUE", value_parser = parse_targeted_param)]
    pub(crate) params: Vec<Param>,

    /// What to do with dictionary lines that are not words.
    #[command(flatten)]
    pub(crate) invalid: SkipInvalid,

    /// Neither read nor write the cache of decisions of slow strategies (`best`).
    #[arg(long)]
    pub(crate) no_cache: bool,

    /// Also write the proofs of the per-length lower bounds into DIR
    /// (`length-L.score.cert.gz`, or `length-L.score.rule` where another rule proves more,
    /// and `length-L.losses.cert.gz`; every length is searched again),
    /// for `hangman verify-bound DIR DICTIONARY`. Needs the whole dictionary, the fair
    /// referee and one `-m`.
    #[arg(long, value_name = "DIR")]
    pub(crate) bound_certificate: Option<PathBuf>,
}
