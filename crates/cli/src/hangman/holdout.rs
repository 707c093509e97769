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
use hangman::strategy::letter_model::{FitOptions, FitReport, LetterModel, Weights};
use hangman::strategy::{self, Settings};
use lexicon::{Lexicon, LoadOptions};
use serde::Serialize;

use super::flags::{MaxWrong, Threads};
use crate::dictionary;
use crate::error::usage;
use crate::export::units::plural;

/// Arguments of `hangman holdout`.
#[derive(Debug, Args)]
pub struct HoldoutArgs {
    /// The word list (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub dictionary: Option<PathBuf>,

    /// Words held out of the list (drawn by --seed) and played; the rest is trained on.
    #[arg(short = 'n', long = "holdout", value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub holdout: u64,

    /// Test the words of FILE that are not in the list instead (one per line), training on
    /// the whole list.
    #[arg(long, value_name = "FILE")]
    pub test: Option<PathBuf>,

    /// Seed of the held-out words (and of the fitting fold).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// The limit of wrong guesses.
    #[command(flatten)]
    pub limit: MaxWrong,

    /// Strategies to play, comma-separated (letters and mixed share one letter model).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', default_value = "letters,mixed",
          value_parser = strategy_name)]
    pub strategies: Vec<String>,

    /// Use the letter model's default weights instead of fitting them on a fold of the
    /// training words (the fit takes a minute or so; it never sees the test words).
    #[arg(long)]
    pub no_fit: bool,

    /// Training words set aside to fit the weights on.
    #[arg(long, value_name = "N", default_value_t = 1000, conflicts_with = "no_fit",
          value_parser = clap::value_parser!(u64).range(10..))]
    pub fold: u64,

    /// A strategy parameter: KEY=VALUE for every strategy, or STRATEGY:KEY=VALUE for one
    /// (repeatable; see `hangman list`; letters and mixed share the model, so its
    /// parameters are not taken here).
    #[arg(long = "param", value_name = "[STRATEGY:]KEY=VALUE", value_parser = super::values::parse_param)]
    pub params: Vec<(String, String)>,

    /// The worker pool.
    #[command(flatten)]
    pub threads: Threads,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: HoldoutFormat,

    /// Also list the words each strategy lost (table format).
    #[arg(short = 'v', long)]
    pub verbose: bool,

    /// Drop lines that are not words of letters a-z (counted) instead of failing, in the
    /// list and the test file.
    #[arg(long)]
    pub skip_invalid: bool,
}

/// Output formats of `hangman holdout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HoldoutFormat {
    /// Aligned text tables.
    Table,
    /// One JSON document.
    Json,
}

/// Everything a run produced.
#[derive(Debug, Serialize)]
struct Report {
    dictionary: String,
    dictionary_words: usize,
    /// Held out of the list (0 with a test file).
    held_out: usize,
    test_file: Option<String>,
    /// Words of the test file that are in the list, not played.
    test_in_list: usize,
    seed: u64,
    max_wrong: u32,
    training_words: usize,
    /// Training the letter model, ms.
    train_ms: f64,
    fit: Option<FitSummary>,
    weights: WeightsSummary,
    strategies: Vec<StrategyRun>,
    threads: usize,
}

#[derive(Debug, Serialize)]
struct FitSummary {
    fold: usize,
    boards: usize,
    log_loss_before: f64,
    log_loss_after: f64,
    top_letter_hits_before: f64,
    top_letter_hits_after: f64,
    fit_ms: f64,
}

#[derive(Debug, Serialize)]
struct WeightsSummary {
    windows: Vec<f64>,
    exact: f64,
    near: f64,
    prior: f64,
    completions: f64,
    order: usize,
    discount: f64,
    beam: usize,
}

#[derive(Debug, Serialize)]
struct StrategyRun {
    strategy: String,
    setup_ms: f64,
    /// Mean time per game, ms.
    ms_per_game: f64,
    summary: WinSummary,
    lost: Vec<String>,
}

/// A strategy's canonical name, from a name or an alias.
fn strategy_name(name: &str) -> Result<String, String> {
    super::values::parse_strategy(name).map(|choice| choice.0.name.to_string())
}

pub(super) fn run(args: HoldoutArgs) -> anyhow::Result<()> {
    for (key, _) in &args.params {
        if let Some((prefix, _)) = key.split_once(':') {
            let known = strategy::find(prefix)
                .is_ok_and(|info| args.strategies.iter().any(|name| name == info.name));
            if !known {
                return Err(usage(format!(
                    "--param {key}: {prefix:?} is not one of the chosen strategies ({})",
                    args.strategies.join(", ")
                )));
            }
        }
    }
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
            fit = Some(fit_summary(&report));
        }
        let start = Instant::now();
        let model = Arc::new(LetterModel::train(Arc::clone(&training), weights.clone()));
        let train_ms = ms(start.elapsed());
        let mut runs = Vec::new();
        for name in &args.strategies {
            runs.push(play(name, &training, &model, &test, &args)?);
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
            weights: weights_summary(&weights),
            strategies: runs,
            threads: 0,
        })
    })?;
    let mut report = report?;
    report.threads = threads;
    let mut out = std::io::stdout().lock();
    match args.format {
        HoldoutFormat::Table => write_table(&mut out, &report, args.verbose),
        HoldoutFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &report).map_err(std::io::Error::from)?;
            writeln!(out)
        }
    }
    .context("cannot write output")?;
    out.flush().context("cannot write output")
}

/// Plays every test word with strategy `name`.
fn play(
    name: &str,
    training: &Arc<Lexicon>,
    model: &Arc<LetterModel>,
    test: &[String],
    args: &HoldoutArgs,
) -> anyhow::Result<StrategyRun> {
    let info = strategy::find(name)?;
    let params = args
        .params
        .iter()
        .filter_map(|(key, value)| match key.split_once(':') {
            None => Some((key.clone(), value.clone())),
            Some((prefix, key)) => strategy::find(prefix)
                .is_ok_and(|p| p.name == info.name)
                .then(|| (key.to_string(), value.clone())),
        })
        .collect();
    let settings = Settings {
        max_wrong: args.limit.max_wrong,
        seed: args.seed,
        params,
        // Each held-out split trains on a different list, so a cached book is never reused.
        cache_dir: None,
    };
    let start = Instant::now();
    let strategy = strategy::build_with_model(name, Arc::clone(training), &settings, model)
        .map_err(|e| usage(e.to_string()))?;
    let setup = start.elapsed() + eval::prepare(strategy.as_ref(), test);
    let options = RunOptions {
        max_wrong: args.limit.max_wrong,
        seed: args.seed,
        record: false,
    };
    let bar = crate::progress::bar(test.len() as u64, name);
    let games: Vec<GameResult> =
        eval::play_words(strategy.as_ref(), test, &options, &|| bar.inc(1))?;
    bar.finish_and_clear();
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

fn fit_summary(report: &FitReport) -> FitSummary {
    FitSummary {
        fold: report.fold,
        boards: report.boards,
        log_loss_before: report.loss.0,
        log_loss_after: report.loss.1,
        top_letter_hits_before: report.hits.0,
        top_letter_hits_after: report.hits.1,
        fit_ms: ms(report.elapsed),
    }
}

fn weights_summary(w: &Weights) -> WeightsSummary {
    WeightsSummary {
        windows: w.windows.to_vec(),
        exact: w.exact,
        near: w.near,
        prior: w.prior,
        completions: w.completions,
        order: w.order,
        discount: w.discount,
        beam: w.beam,
    }
}

fn write_table(out: &mut dyn Write, r: &Report, verbose: bool) -> std::io::Result<()> {
    match &r.test_file {
        Some(file) => writeln!(
            out,
            "test words: {} of {} not in {} ({} in it, not played); trained on all {} words",
            r.strategies.first().map_or(0, |s| s.summary.all.games),
            file,
            r.dictionary,
            r.test_in_list,
            r.training_words
        )?,
        None => writeln!(
            out,
            "held out {} of the {} words of {} (seed {}); trained on the other {}",
            r.held_out, r.dictionary_words, r.dictionary, r.seed, r.training_words
        )?,
    }
    writeln!(
        out,
        "max wrong {} ({} lives) · letter model trained in {:.0} ms · {}",
        r.max_wrong,
        r.max_wrong + 1,
        r.train_ms,
        plural(r.threads, "thread")
    )?;
    match &r.fit {
        Some(f) => writeln!(
            out,
            "weights fitted on {} training words ({} boards) in {:.1} s: log-loss {:.4} -> {:.4}, \
             top letter in the word {:.1}% -> {:.1}%; completions share {:.2}, discount {:.2}",
            f.fold,
            f.boards,
            f.fit_ms / 1e3,
            f.log_loss_before,
            f.log_loss_after,
            100.0 * f.top_letter_hits_before,
            100.0 * f.top_letter_hits_after,
            r.weights.completions,
            r.weights.discount
        )?,
        None => writeln!(
            out,
            "default weights (completions share {:.2}, order {}, discount {:.2}, beam {})",
            r.weights.completions, r.weights.order, r.weights.discount, r.weights.beam
        )?,
    }
    writeln!(out)?;
    let mut table = new_table([
        "strategy",
        "games",
        "wins",
        "win %",
        "mean wrong",
        "ms/game",
    ]);
    for s in &r.strategies {
        let a = &s.summary.all;
        table.add_row([
            s.strategy.clone(),
            a.games.to_string(),
            a.wins.to_string(),
            format!("{:.1}", a.win_percent),
            format!("{:.2}", a.mean_wrong),
            format!("{:.2}", s.ms_per_game),
        ]);
    }
    writeln!(out, "{table}")?;
    writeln!(out)?;
    writeln!(out, "win % by word length")?;
    let mut header = vec!["length".to_string(), "games".to_string()];
    header.extend(r.strategies.iter().map(|s| s.strategy.clone()));
    let mut table = new_table(header);
    if let Some(first) = r.strategies.first() {
        for (i, row) in first.summary.by_length.iter().enumerate() {
            let mut cells = vec![row.length.to_string(), row.games.to_string()];
            cells.extend(
                r.strategies
                    .iter()
                    .map(|s| format!("{:.1}", s.summary.by_length[i].win_percent)),
            );
            table.add_row(cells);
        }
    }
    writeln!(out, "{table}")?;
    if verbose {
        for s in &r.strategies {
            writeln!(out)?;
            writeln!(
                out,
                "{} lost ({}): {}",
                s.strategy,
                s.lost.len(),
                s.lost.join(" ")
            )?;
        }
    }
    Ok(())
}

fn new_table<T: Into<comfy_table::Cell>>(
    header: impl IntoIterator<Item = T>,
) -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table
        .load_style(comfy_table::presets::NOTHING)
        .set_content_arrangement(comfy_table::ContentArrangement::Disabled)
        .set_header(header);
    let columns = table.column_count();
    for column in 1..columns {
        if let Some(c) = table.column_mut(column) {
            c.set_cell_alignment(comfy_table::CellAlignment::Right);
        }
    }
    table
}
