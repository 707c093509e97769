//! `hangman holdout`: win rates on words that are not in the list. Holds out N words of the
//! list by seed and trains on the rest (or trains on the whole list and tests the words of
//! `--test FILE` that are not in it), then plays every test word with each strategy and
//! reports win rate, mean wrong guesses and win rate per word length.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use hangman::eval::holdout::{self, WinSummary};
use hangman::eval::{self, RunOptions};
use hangman::result::GameResult;
use hangman::strategy::letter_model::{FitOptions, LetterModel, Weights};
use hangman::strategy::{self, Settings};
use lexicon::{Lexicon, LoadOptions};

use super::flags::{MaxWrong, Threads};
use super::resolve::{self, Chosen};
use super::values::{Param, StrategyChoice};
use crate::dictionary;
use crate::error::usage;
use crate::export::holdout::{
    self as export, FitSummary, HoldoutFormat, Report, StrategyRun, WeightsSummary,
};

/// Arguments of `hangman holdout`.
#[derive(Debug, Args)]
pub(crate) struct HoldoutArgs {
    /// The word list (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,

    /// Words held out of the list (drawn by --seed) and played; the rest is trained on.
    #[arg(short = 'n', long = "holdout", value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) holdout: u64,

    /// Test the words of FILE that are not in the list instead (one per line), training on
    /// the whole list.
    #[arg(long, value_name = "FILE")]
    pub(crate) test: Option<PathBuf>,

    /// Seed of the held-out words (and of the fitting fold).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,

    /// The limit of wrong guesses.
    #[command(flatten)]
    pub(crate) limit: MaxWrong,

    /// Strategies to play, comma-separated (letters and mixed share one letter model).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', default_value = "letters,mixed",
          value_parser = super::values::parse_strategy)]
    pub(crate) strategies: Vec<StrategyChoice>,

    /// Use the letter model's default weights instead of fitting them on a fold of the
    /// training words (the fit takes a minute or so; it never sees the test words).
    #[arg(long)]
    pub(crate) no_fit: bool,

    /// Training words set aside to fit the weights on.
    #[arg(long, value_name = "N", default_value_t = 1000, conflicts_with = "no_fit",
          value_parser = clap::value_parser!(u64).range(10..))]
    pub(crate) fold: u64,

    /// A strategy parameter: KEY=VALUE for every strategy, or STRATEGY:KEY=VALUE for one
    /// (repeatable; see `hangman list`; letters and mixed share the model, so its
    /// parameters are not taken here).
    #[arg(long = "param", value_name = "[STRATEGY:]KEY=VALUE", value_parser = super::values::parse_targeted_param)]
    pub(crate) params: Vec<Param>,

    /// The worker pool.
    #[command(flatten)]
    pub(crate) threads: Threads,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: HoldoutFormat,

    /// Also list the words each strategy lost (table format).
    #[arg(short = 'v', long)]
    pub(crate) verbose: bool,

    /// Drop lines that are not words of letters a-z (counted) instead of failing, in the
    /// list and the test file.
    #[arg(long)]
    pub(crate) skip_invalid: bool,

    /// With --test, neither read nor write `best`'s cache of decisions (which `mixed`
    /// shares); without --test it is never used, since each split is a new list.
    #[arg(long)]
    pub(crate) no_cache: bool,
}

pub(super) fn run(args: HoldoutArgs) -> anyhow::Result<()> {
    let strategies = resolve::strategies(
        args.strategies.iter().map(|choice| choice.0).collect(),
        &args.params,
    )?;
    let dict = dictionary::load(args.dictionary.as_deref(), args.skip_invalid)?;
    let (training, test, held_out, test_in_list) = match &args.test {
        Some(path) => {
            let (words, report) = Lexicon::from_path(
                path,
                &LoadOptions {
                    skip_invalid: args.skip_invalid,
                },
            )
            .context("cannot load the test words")?;
            if let Some(notes) = report.notes() {
                eprintln!("note: {notes}");
            }
            let (test, known) = holdout::outside(&dict.lexicon, words.words());
            if test.is_empty() {
                return Err(usage(format!(
                    "every word of {} is in the list {}: nothing to test",
                    path.display(),
                    dict.name
                )));
            }
            (Arc::clone(&dict.lexicon), test, 0, known.len())
        }
        None => {
            let n = usize::try_from(args.holdout).unwrap_or(usize::MAX);
            let split = holdout::hold_out(&dict.lexicon, n, args.seed)
                .map_err(|e| usage(format!("--holdout: {e}")))?;
            (Arc::new(split.training), split.test, n, 0)
        }
    };
    let (report, threads) = args.threads.install(|| -> anyhow::Result<Report> {
        let mut fit = None;
        let mut weights = Weights::default();
        if !args.no_fit {
            let report = strategy::letter_model::fit(
                &training,
                &FitOptions {
                    fold: usize::try_from(args.fold).unwrap_or(usize::MAX),
                    seed: args.seed,
                    max_wrong: args.limit.max_wrong,
                    ..FitOptions::default()
                },
            );
            weights = report.weights.clone();
            fit = Some(FitSummary::of(&report));
        }
        let start = Instant::now();
        let model = Arc::new(LetterModel::train(Arc::clone(&training), weights.clone()));
        let train_ms = ms(start.elapsed());
        let mut runs = Vec::new();
        for chosen in strategies {
            runs.push(play(chosen, &training, &model, &test, &args)?);
        }
        Ok(Report {
            dictionary: dict.name.clone(),
            dictionary_words: dict.lexicon.len(),
            held_out,
            test_file: args.test.as_ref().map(|p| p.display().to_string()),
            test_in_list,
            seed: args.seed,
            max_wrong: args.limit.max_wrong,
            training_words: training.len(),
            train_ms,
            fit,
            weights: WeightsSummary::of(&weights),
            strategies: runs,
            threads: 0,
        })
    })?;
    let mut report = report?;
    report.threads = threads;
    let mut out = std::io::stdout().lock();
    export::write(&mut out, &report, args.format, args.verbose).context("cannot write output")?;
    out.flush().context("cannot write output")
}

/// Plays every test word with a chosen strategy.
fn play(
    chosen: Chosen,
    training: &Arc<Lexicon>,
    model: &Arc<LetterModel>,
    test: &[String],
    args: &HoldoutArgs,
) -> anyhow::Result<StrategyRun> {
    let name = chosen.info.name;
    let settings = Settings {
        max_wrong: args.limit.max_wrong,
        seed: args.seed,
        params: chosen.params,
        // With --test the list is the whole dictionary, whose decisions `best` caches; each
        // held-out split is a new list, whose cache would never be read again.
        cache_dir: if args.test.is_some() {
            resolve::cache_dir(args.no_cache)
        } else {
            None
        },
    };
    let start = Instant::now();
    let strategy = strategy::build_with_model(name, Arc::clone(training), &settings, model)
        .map_err(|e| usage(e.to_string()))?;
    let setup = start.elapsed() + eval::prepare(strategy.as_ref(), test);
    let options = RunOptions {
        seed: args.seed,
        record: false,
    };
    let bar = crate::progress::bar(test.len() as u64, name);
    let games: Vec<GameResult> =
        eval::play_words(strategy.as_ref(), test, &options, &|| bar.inc(1))?;
    bar.finish_and_clear();
    resolve::save_cache(strategy.as_ref());
    let mean_micros = games.iter().map(|g| g.micros).sum::<f64>() / games.len().max(1) as f64;
    Ok(StrategyRun {
        strategy: name.to_string(),
        setup_ms: ms(setup),
        ms_per_game: mean_micros / 1e3,
        summary: WinSummary::new(&games),
        lost: games
            .iter()
            .filter(|g| !g.won)
            .map(|g| g.word.clone())
            .collect(),
    })
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
