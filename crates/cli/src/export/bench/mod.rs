//! Output of `hangman bench`, one module per format, plus the charts. Every format reads the
//! same [`BenchReport`]: one [`BenchRow`] per (strategy, max wrong) with its deviation from
//! the best row of the same max wrong (the seed's "matrix of deviation from the best"), and
//! a per-word-length breakdown.

mod csv;
mod json;
mod markdown;
pub mod plot;
mod table;

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use hangman::result::{GameResult, RunSummary};
use serde::Serialize;

/// The output formats of `hangman bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchFormat {
    /// Aligned text tables.
    Table,
    /// GitHub Markdown tables.
    Markdown,
    /// One CSV row per (strategy, max wrong), per-length columns at the end.
    Csv,
    /// One JSON document.
    Json,
}

/// How a row's games were evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The strategy's decision tree over whole length buckets: exact scores, and a time per
    /// game that is the tree's time amortized over its words (no per-game distribution).
    Tree,
    /// Every game played on its own: per-game times with median and 99th percentile.
    Replay,
}

impl Mode {
    /// How the mode is shown in tables.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Tree => "tree (amortized)",
            Mode::Replay => "replay",
        }
    }

    /// The mode's name in CSV and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Tree => "tree",
            Mode::Replay => "replay",
        }
    }
}

/// Scores of one strategy on the words of one length.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LengthRow {
    /// Word length.
    pub length: usize,
    /// Games (words) of this length.
    pub games: usize,
    /// Mean score on them.
    pub average_score: f64,
    /// Games lost.
    pub losses: usize,
}

/// One strategy at one maximum of wrong guesses.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchRow {
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
    /// Summarizes one run's `results`; the deviations are filled in by [`BenchReport::new`].
    pub fn new(
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
    pub fn label(&self, several_max_wrong: bool) -> String {
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
pub struct BenchReport {
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
}

impl BenchReport {
    /// Assembles a report and computes each row's deviation from the best row of its max
    /// wrong (lowest average score; fastest time per game).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        dictionary: String,
        dictionary_words: usize,
        selection: String,
        referee: String,
        words: usize,
        seed: u64,
        threads: usize,
        load_ms: f64,
        max_wrong: Vec<u32>,
        mut rows: Vec<BenchRow>,
    ) -> BenchReport {
        for &m in &max_wrong {
            let group = rows.iter().filter(|r| r.max_wrong == m);
            let best_score = group
                .clone()
                .map(|r| r.average_score)
                .fold(f64::INFINITY, f64::min);
            let best_time = group
                .map(|r| r.micros_per_game)
                .fold(f64::INFINITY, f64::min);
            for row in rows.iter_mut().filter(|r| r.max_wrong == m) {
                row.score_delta = row.average_score - best_score;
                // A zero best time (clock too coarse) would make every ratio infinite.
                row.time_ratio = if best_time > 0.0 {
                    row.micros_per_game / best_time
                } else {
                    1.0
                };
            }
        }
        BenchReport {
            dictionary,
            dictionary_words,
            selection,
            referee,
            words,
            seed,
            threads,
            load_ms,
            max_wrong,
            rows,
        }
    }

    /// Whether rows differ in max wrong (then labels name it).
    pub fn several_max_wrong(&self) -> bool {
        self.max_wrong.len() > 1
    }

    /// Every word length that any row played, ascending.
    pub fn lengths(&self) -> Vec<usize> {
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

/// Writes `report` in `format`.
pub fn write(
    out: &mut dyn Write,
    report: &BenchReport,
    format: BenchFormat,
) -> std::io::Result<()> {
    match format {
        BenchFormat::Table => table::write(out, report, crate::export::terminal_width()),
        BenchFormat::Markdown => markdown::write(out, report),
        BenchFormat::Csv => csv::write(out, report),
        BenchFormat::Json => json::write(out, report),
    }
}

/// A header row and body rows of text cells, shared by the table and Markdown formats;
/// the first `text_columns` columns are left-aligned, the others are numbers.
/// The table format at a given width, for the format tests.
#[cfg(test)]
pub(crate) fn table_for_tests(
    out: &mut dyn Write,
    report: &BenchReport,
    width: Option<u16>,
) -> std::io::Result<()> {
    table::write(out, report, width)
}

#[derive(Clone)]
struct Grid {
    text_columns: usize,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// The run's description line.
fn caption(report: &BenchReport) -> String {
    let selection = if report.selection == "all" {
        "whole dictionary".to_string()
    } else {
        format!("sample of {} words, seed {}", report.words, report.seed)
    };
    let max_wrong: Vec<String> = report.max_wrong.iter().map(u32::to_string).collect();
    format!(
        "dictionary {} ({} words) · {selection} · referee {} · max wrong {} · {} thread(s) · load {:.1} ms",
        report.dictionary,
        report.dictionary_words,
        report.referee,
        max_wrong.join(", "),
        report.threads,
        report.load_ms
    )
}

/// How a summary column shows one row's value; each format renders it in its own way.
enum Cell {
    /// Text, the same in every format.
    Text(String),
    /// The evaluation mode: its label in tables, its name in CSV.
    Mode(Mode),
    /// A whole number.
    Count(u64),
    /// A decimal number, or none (`-` in tables, empty in CSV); digits after the point in
    /// tables and in CSV, and whether tables show a `+` on positive values.
    Decimal {
        value: Option<f64>,
        table: usize,
        csv: usize,
        signed: bool,
    },
    /// A time in µs: human units in tables (µs, ms or s by size), the plain number with
    /// `csv` decimals in CSV (whose column name says the unit).
    Time {
        micros: Option<f64>,
        csv_scale: f64,
        csv: usize,
    },
}

impl Cell {
    fn decimal(value: f64, table: usize, csv: usize) -> Cell {
        Cell::optional(Some(value), table, csv)
    }

    fn optional(value: Option<f64>, table: usize, csv: usize) -> Cell {
        Cell::Decimal {
            value,
            table,
            csv,
            signed: false,
        }
    }

    /// As the terminal and Markdown tables show it.
    /// A time of `micros` µs, written to CSV in µs.
    fn micros(micros: Option<f64>) -> Cell {
        Cell::Time {
            micros,
            csv_scale: 1.0,
            csv: 3,
        }
    }

    /// A time of `millis` ms, written to CSV in ms.
    fn millis(millis: f64) -> Cell {
        Cell::Time {
            micros: Some(millis * 1e3),
            csv_scale: 1e-3,
            csv: 3,
        }
    }

    fn table(&self) -> String {
        match self {
            Cell::Time { micros: None, .. } => "-".to_string(),
            Cell::Time {
                micros: Some(us), ..
            } => crate::export::units::micros(*us),
            Cell::Text(text) => text.clone(),
            Cell::Mode(mode) => mode.label().to_string(),
            Cell::Count(n) => n.to_string(),
            Cell::Decimal { value: None, .. } => "-".to_string(),
            Cell::Decimal {
                value: Some(v),
                table,
                signed: true,
                ..
            } => format!("{v:+.table$}"),
            Cell::Decimal {
                value: Some(v),
                table,
                ..
            } => format!("{v:.table$}"),
        }
    }

    /// As CSV shows it.
    fn csv(&self) -> String {
        match self {
            Cell::Time { micros: None, .. } => String::new(),
            Cell::Time {
                micros: Some(us),
                csv_scale,
                csv,
            } => format!("{:.csv$}", us * csv_scale),
            Cell::Text(text) => text.clone(),
            Cell::Mode(mode) => mode.name().to_string(),
            Cell::Count(n) => n.to_string(),
            Cell::Decimal { value: None, .. } => String::new(),
            Cell::Decimal {
                value: Some(v),
                csv,
                ..
            } => format!("{v:.csv$}"),
        }
    }
}

/// One column of the summary (one line per strategy and max wrong), for every format.
struct Column {
    /// The column's name in CSV.
    name: &'static str,
    /// Its heading in the terminal and Markdown tables and its place among their columns;
    /// `None` where the tables leave it out.
    table: Option<(usize, &'static str)>,
    /// The row's value.
    cell: fn(&BenchRow) -> Cell,
}

/// The summary columns, in CSV order (the tables order them by their own places).
const COLUMNS: [Column; 15] = [
    Column {
        name: "strategy",
        table: Some((0, "strategy")),
        cell: |r| Cell::Text(r.strategy.clone()),
    },
    Column {
        name: "max_wrong",
        table: Some((1, "max wrong")),
        cell: |r| Cell::Count(u64::from(r.max_wrong)),
    },
    Column {
        name: "mode",
        table: Some((2, "mode")),
        cell: |r| Cell::Mode(r.mode),
    },
    Column {
        name: "games",
        table: None,
        cell: |r| Cell::Count(r.games as u64),
    },
    Column {
        name: "total_score",
        table: None,
        cell: |r| Cell::Count(r.total_score),
    },
    Column {
        name: "average_score",
        table: Some((3, "average")),
        cell: |r| Cell::decimal(r.average_score, 4, 6),
    },
    Column {
        name: "losses",
        table: Some((5, "losses")),
        cell: |r| Cell::Count(r.losses as u64),
    },
    Column {
        name: "loss_percent",
        table: Some((6, "loss %")),
        cell: |r| Cell::decimal(r.loss_percent, 2, 4),
    },
    Column {
        name: "micros_per_game",
        table: Some((7, "time/game")),
        cell: |r| Cell::micros(Some(r.micros_per_game)),
    },
    Column {
        name: "median_micros",
        table: Some((8, "median")),
        cell: |r| Cell::micros(r.median_micros),
    },
    Column {
        name: "p99_micros",
        table: Some((9, "p99")),
        cell: |r| Cell::micros(r.p99_micros),
    },
    Column {
        name: "setup_ms",
        table: Some((11, "setup")),
        cell: |r| Cell::millis(r.setup_ms),
    },
    Column {
        name: "wall_ms",
        table: Some((12, "wall")),
        cell: |r| Cell::millis(r.wall_ms),
    },
    Column {
        name: "score_delta",
        table: Some((4, "Δ best")),
        cell: |r| Cell::Decimal {
            value: Some(r.score_delta),
            table: 4,
            csv: 6,
            signed: true,
        },
    },
    Column {
        name: "time_ratio",
        table: Some((10, "× fastest")),
        cell: |r| Cell::decimal(r.time_ratio, 2, 4),
    },
];

/// The summary grid: one line per row, with the deviation from the best.
fn summary_grid(report: &BenchReport) -> Grid {
    let mut columns: Vec<(usize, &'static str, &Column)> = COLUMNS
        .iter()
        .filter_map(|c| c.table.map(|(place, heading)| (place, heading, c)))
        .collect();
    columns.sort_by_key(|&(place, _, _)| place);
    let rows = report
        .rows
        .iter()
        .map(|r| {
            columns
                .iter()
                .map(|(_, _, c)| (c.cell)(r).table())
                .collect()
        })
        .collect();
    Grid {
        text_columns: 3,
        header: columns.iter().map(|(_, h, _)| h.to_string()).collect(),
        rows,
    }
}

/// The per-length grid of the rows with max wrong `m`: one line per length, a column per
/// strategy with `average (losses)`.
fn length_grid(report: &BenchReport, m: u32) -> Grid {
    let rows_m: Vec<&BenchRow> = report.rows.iter().filter(|r| r.max_wrong == m).collect();
    let mut header = vec!["length".to_string(), "words".to_string()];
    header.extend(rows_m.iter().map(|r| r.strategy.clone()));
    let rows = report
        .lengths()
        .into_iter()
        .map(|length| {
            let cell = |r: &BenchRow| r.by_length.iter().find(|l| l.length == length).copied();
            let words = rows_m.iter().find_map(|r| cell(r)).map_or(0, |l| l.games);
            let mut line = vec![length.to_string(), words.to_string()];
            line.extend(rows_m.iter().map(|r| {
                cell(r).map_or_else(
                    || "-".to_string(),
                    |l| format!("{:.3} ({})", l.average_score, l.losses),
                )
            }));
            line
        })
        .collect();
    Grid {
        text_columns: 1,
        header,
        rows,
    }
}

/// What the table and Markdown formats say under the tables.
const NOTES: &[&str] = &[
    "Δ best: average score minus the lowest average at the same max wrong; × fastest: time per game over the fastest.",
    "time/game: mean of per-game times in replay mode (a few slow games, such as the first of a length filling caches, can lift the mean above the p99); in tree mode the decision tree's time amortized over its words (no median or p99).",
    "Per-length cells: average score (losses).",
];
