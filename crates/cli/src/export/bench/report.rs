//! What `hangman bench` produced, as every format reads it: one row per strategy and limit,
//! with per-length rows.

use std::collections::BTreeMap;
use std::time::Duration;

use hangman::result::{GameResult, RunSummary};
use serde::Serialize;

/// How a row's games were evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Mode {
    /// The strategy's decision tree over whole length buckets: exact scores, and a time per
    /// game that is the tree's time amortized over its words (no per-game distribution).
    Tree,
    /// Every game played on its own: per-game times with median and 99th percentile.
    Replay,
}

impl Mode {
    /// How the mode is shown in tables.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Mode::Tree => "tree (amortized)",
            Mode::Replay => "replay",
        }
    }

    /// The mode's name in CSV and JSON.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mode::Tree => "tree",
            Mode::Replay => "replay",
        }
    }
}

/// Scores of one strategy on the words of one length.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct LengthRow {
    /// Word length.
    pub length: usize,
    /// Games (words) of this length.
    pub games: usize,
    /// Mean score on them.
    pub average_score: f64,
    /// Games lost.
    pub losses: usize,
}

/// Whether a [`LengthOptimum`] is the exact optimum or a lower bound of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum OptimumKind {
    /// The exact optimum.
    Optimum,
    /// A proven lower bound of the optimum (`hangman::bound`).
    Bound,
}

/// The least average score any strategy can reach on the words of one length at one
/// maximum of wrong guesses: exact, or bounded from below.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct LengthOptimum {
    /// Maximum wrong guesses.
    pub max_wrong: u32,
    /// Word length.
    pub length: usize,
    /// Words of this length.
    pub words: usize,
    /// Exact or a lower bound.
    pub kind: OptimumKind,
    /// How it is known: `shipped table`, `exact search`, `lower bound`, or `lower bound met
    /// by STRATEGY` (a strategy scoring the bound proves it optimal).
    pub source: String,
    /// The least total score (or its lower bound).
    pub total: u64,
    /// `total` over the words.
    pub average: f64,
    /// No strategy loses fewer words of this length (a proven lower bound).
    pub losses: u64,
    /// Time spent finding it, in ms.
    pub millis: f64,
}

impl LengthOptimum {
    /// The average as tables show it: `≥ ` before a bound.
    pub(crate) fn cell(&self) -> String {
        match self.kind {
            OptimumKind::Optimum => format!("{:.3}", self.average),
            OptimumKind::Bound => format!("≥ {:.3}", self.average),
        }
    }

    /// How far `average` is from it, as tables show it: `≤ ` before the gap to a bound.
    pub(crate) fn gap_cell(&self, average: f64) -> String {
        match self.kind {
            OptimumKind::Optimum => format!("{:.3}", average - self.average),
            OptimumKind::Bound => format!("≤ {:.3}", average - self.average),
        }
    }
}

/// One strategy at one maximum of wrong guesses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct BenchRow {
    /// Strategy name.
    pub strategy: String,
    /// Maximum wrong guesses (one more loses).
    pub max_wrong: u32,
    /// Tree evaluation or per-game replay.
    pub mode: Mode,
    /// Games played.
    pub games: usize,
    /// Sum of scores.
    pub total_score: u64,
    /// Mean score (lower is better).
    pub average_score: f64,
    /// Games lost.
    pub losses: usize,
    /// Losses as a percentage of games.
    pub loss_percent: f64,
    /// Time per game in µs: the mean in replay, the amortized tree time in tree mode.
    pub micros_per_game: f64,
    /// Median time per game in µs (replay only).
    pub median_micros: Option<f64>,
    /// 99th percentile of time per game in µs (replay only).
    pub p99_micros: Option<f64>,
    /// One-time strategy setup in ms (building it and its opening book).
    pub setup_ms: f64,
    /// Wall time of the games (or the tree walk) in ms.
    pub wall_ms: f64,
    /// Average score minus the best average score at this max wrong (0 for the best).
    pub score_delta: f64,
    /// Time per game divided by the fastest time per game at this max wrong (1 for it).
    pub time_ratio: f64,
    /// Scores per word length, ascending.
    pub by_length: Vec<LengthRow>,
}

impl BenchRow {
    /// Summarizes one run's `results`; the deviations are filled in by
    /// [`BenchReport::with_deviations`].
    pub(crate) fn new(
        strategy: &str,
        max_wrong: u32,
        mode: Mode,
        results: &[GameResult],
        setup: Duration,
        wall: Duration,
    ) -> BenchRow {
        let summary = RunSummary::new(results, setup, wall);
        let replay = mode == Mode::Replay;
        BenchRow {
            strategy: strategy.to_string(),
            max_wrong,
            mode,
            games: summary.games,
            total_score: summary.total_score,
            average_score: summary.average_score,
            losses: summary.losses,
            loss_percent: summary.loss_percent,
            micros_per_game: summary.mean_micros,
            median_micros: replay.then_some(summary.median_micros),
            p99_micros: replay.then_some(summary.p99_micros),
            setup_ms: summary.setup_ms,
            wall_ms: summary.wall_ms,
            score_delta: 0.0,
            time_ratio: 1.0,
            by_length: by_length(results),
        }
    }

    /// The row's name in charts and per-length tables: the strategy, with the max wrong when
    /// the report has several.
    #[cfg(feature = "plot")]
    pub(crate) fn label(&self, several_max_wrong: bool) -> String {
        if several_max_wrong {
            format!("{} m{}", self.strategy, self.max_wrong)
        } else {
            self.strategy.clone()
        }
    }
}

/// Groups results by word length.
fn by_length(results: &[GameResult]) -> Vec<LengthRow> {
    let mut groups: BTreeMap<usize, (usize, u64, usize)> = BTreeMap::new();
    for r in results {
        let g = groups.entry(r.word.len()).or_default();
        g.0 += 1;
        g.1 += u64::from(r.score);
        g.2 += usize::from(!r.won);
    }
    groups
        .into_iter()
        .map(|(length, (games, total, losses))| LengthRow {
            length,
            games,
            average_score: total as f64 / games as f64,
            losses,
        })
        .collect()
}

/// Everything a bench run produced.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct BenchReport {
    /// Dictionary path, or `embedded`.
    pub dictionary: String,
    /// Dictionary size.
    pub dictionary_words: usize,
    /// `all` (the whole dictionary) or `sample` (random words chosen by the seed).
    pub selection: String,
    /// Who answered the guesses: `fair`, `evil`, `evil-lookahead` or `optimal`.
    pub referee: String,
    /// Words played by each row.
    pub words: usize,
    /// Run seed (word sample and seeded strategies).
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Dictionary load time in ms.
    pub load_ms: f64,
    /// The maximum wrong guesses benchmarked, in the order given.
    pub max_wrong: Vec<u32>,
    /// One row per (strategy, max wrong): strategies in the order given, then max wrong.
    pub rows: Vec<BenchRow>,
    /// Per max wrong and length, the optimum or a lower bound of it: whole-dictionary runs
    /// against the fair referee only (a sample's averages are not a length's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub optimum: Vec<LengthOptimum>,
}

impl BenchReport {
    /// Fills in each row's deviation from the best row of its max wrong (lowest average
    /// score; fastest time per game): the report's last step once its rows are in.
    #[must_use]
    pub(crate) fn with_deviations(mut self) -> BenchReport {
        for &m in &self.max_wrong {
            let group = self.rows.iter().filter(|r| r.max_wrong == m);
            let best_score = group
                .clone()
                .map(|r| r.average_score)
                .fold(f64::INFINITY, f64::min);
            let best_time = group
                .map(|r| r.micros_per_game)
                .fold(f64::INFINITY, f64::min);
            for row in self.rows.iter_mut().filter(|r| r.max_wrong == m) {
                row.score_delta = row.average_score - best_score;
                // A zero best time (clock too coarse) would make every ratio infinite.
                row.time_ratio = if best_time > 0.0 {
                    row.micros_per_game / best_time
                } else {
                    1.0
                };
            }
        }
        self
    }

    /// Adds the optimum of each length and max wrong; a bound that a row scores exactly is
    /// that length's optimum (no strategy goes below it, and one reaches it).
    #[must_use]
    pub(crate) fn with_optimum(mut self, mut optimum: Vec<LengthOptimum>) -> BenchReport {
        for o in &mut optimum {
            if o.kind != OptimumKind::Bound {
                continue;
            }
            let met = self.rows.iter().find(|r| {
                r.max_wrong == o.max_wrong
                    && r.by_length.iter().any(|l| {
                        l.length == o.length
                            && (l.average_score * l.games as f64).round() as u64 == o.total
                    })
            });
            if let Some(row) = met {
                o.kind = OptimumKind::Optimum;
                o.source = format!("lower bound met by {}", row.strategy);
            }
        }
        self.optimum = optimum;
        self
    }

    /// The optimum known for `length` at max wrong `m`, if any.
    pub(crate) fn optimum(&self, m: u32, length: usize) -> Option<&LengthOptimum> {
        self.optimum
            .iter()
            .find(|o| o.max_wrong == m && o.length == length)
    }

    /// Whether rows differ in max wrong (then labels name it).
    #[cfg(feature = "plot")]
    pub(crate) fn several_max_wrong(&self) -> bool {
        self.max_wrong.len() > 1
    }

    /// Every word length that any row played, ascending.
    pub(crate) fn lengths(&self) -> Vec<usize> {
        let mut lengths: Vec<usize> = self
            .rows
            .iter()
            .flat_map(|r| r.by_length.iter().map(|l| l.length))
            .collect();
        lengths.sort_unstable();
        lengths.dedup();
        lengths
    }
}
