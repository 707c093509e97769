//! What `hangman holdout` produced, as its formats read it.

use hangman::eval::holdout::WinSummary;
use hangman::strategy::letter_model::{FitReport, Weights};
use serde::Serialize;

/// Everything a run produced.
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    /// The word list: its path, or `embedded`.
    pub dictionary: String,
    /// How many words it holds.
    pub dictionary_words: usize,
    /// Held out of the list (0 with a test file).
    pub held_out: usize,
    /// The test file (`--test`), if any.
    pub test_file: Option<String>,
    /// Words of the test file that are in the list, not played.
    pub test_in_list: usize,
    /// The seed of the split and of the games.
    pub seed: u64,
    /// Wrong guesses allowed.
    pub max_wrong: u32,
    /// How many words the letter model trained on.
    pub training_words: usize,
    /// Training the letter model, ms.
    pub train_ms: f64,
    /// The weight fit, unless `--no-fit`.
    pub fit: Option<FitSummary>,
    /// The weights the strategies played with.
    pub weights: WeightsSummary,
    /// One run per strategy, in the order asked.
    pub strategies: Vec<StrategyRun>,
    /// Worker threads used.
    pub threads: usize,
}

/// How the letter model's weights were fitted.
#[derive(Debug, Serialize)]
pub(crate) struct FitSummary {
    /// Training words the fit held out in turn.
    pub fold: usize,
    /// Boards the fit scored.
    pub boards: usize,
    /// Log-loss of the letter odds with the default weights.
    pub log_loss_before: f64,
    /// Log-loss with the fitted weights.
    pub log_loss_after: f64,
    /// Share of boards whose top letter is in the word, default weights.
    pub top_letter_hits_before: f64,
    /// The same with the fitted weights.
    pub top_letter_hits_after: f64,
    /// Time the fit took, ms.
    pub fit_ms: f64,
}

/// The letter model's weights.
#[derive(Debug, Serialize)]
pub(crate) struct WeightsSummary {
    /// Weight of each window size.
    pub windows: Vec<f64>,
    /// Weight of exact fits.
    pub exact: f64,
    /// Weight of near fits.
    pub near: f64,
    /// Weight of the positional prior.
    pub prior: f64,
    /// Share given to the model's completions of the board.
    pub completions: f64,
    /// Order of the letter model.
    pub order: usize,
    /// Discount of the letter model.
    pub discount: f64,
    /// Beam width of the completions.
    pub beam: usize,
}

/// One strategy's games on the test words.
#[derive(Debug, Serialize)]
pub(crate) struct StrategyRun {
    /// The strategy's name.
    pub strategy: String,
    /// Building the strategy, ms.
    pub setup_ms: f64,
    /// Mean time per game, ms.
    pub ms_per_game: f64,
    /// Wins and misses, overall and by word length.
    pub summary: WinSummary,
    /// The test words it lost.
    pub lost: Vec<String>,
}

impl FitSummary {
    /// The summary of a fit.
    pub(crate) fn of(report: &FitReport) -> FitSummary {
        FitSummary {
            fold: report.fold,
            boards: report.boards,
            log_loss_before: report.loss.0,
            log_loss_after: report.loss.1,
            top_letter_hits_before: report.hits.0,
            top_letter_hits_after: report.hits.1,
            fit_ms: report.elapsed.as_secs_f64() * 1e3,
        }
    }
}

impl WeightsSummary {
    /// The summary of weights.
    pub(crate) fn of(w: &Weights) -> WeightsSummary {
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
}
