//! The layout the table, Markdown and CSV formats share: the summary's columns, the grids
//! of text cells, the caption and the notes.

use super::report::{BenchReport, BenchRow, Mode};
use crate::export::units::plural;

/// A header row and body rows of text cells, shared by the table and Markdown formats;
/// the first `text_columns` columns are left-aligned, the others are numbers.
#[derive(Clone)]
pub(super) struct Grid {
    pub(super) text_columns: usize,
    pub(super) header: Vec<String>,
    pub(super) rows: Vec<Vec<String>>,
}

/// The run's description line.
pub(super) fn caption(report: &BenchReport) -> String {
    let selection = if report.selection == "all" {
        "whole dictionary".to_string()
    } else {
        format!(
            "sample of {}, seed {}",
            plural(report.words, "word"),
            report.seed
        )
    };
    let max_wrong: Vec<String> = report.max_wrong.iter().map(u32::to_string).collect();
    format!(
        "dictionary {} ({}) · {selection} · referee {} · max wrong {} · {} · load {:.1} ms",
        report.dictionary,
        plural(report.dictionary_words, "word"),
        report.referee,
        max_wrong.join(", "),
        plural(report.threads, "thread"),
        report.load_ms
    )
}

/// How a summary column shows one row's value; each format renders it in its own way.
pub(super) enum Cell {
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
    pub(super) fn decimal(value: f64, table: usize, csv: usize) -> Cell {
        Cell::optional(Some(value), table, csv)
    }

    pub(super) fn optional(value: Option<f64>, table: usize, csv: usize) -> Cell {
        Cell::Decimal {
            value,
            table,
            csv,
            signed: false,
        }
    }

    /// As the terminal and Markdown tables show it.
    /// A time of `micros` µs, written to CSV in µs.
    pub(super) fn micros(micros: Option<f64>) -> Cell {
        Cell::Time {
            micros,
            csv_scale: 1.0,
            csv: 3,
        }
    }

    /// A time of `millis` ms, written to CSV in ms.
    pub(super) fn millis(millis: f64) -> Cell {
        Cell::Time {
            micros: Some(millis * 1e3),
            csv_scale: 1e-3,
            csv: 3,
        }
    }

    pub(super) fn table(&self) -> String {
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
    pub(super) fn csv(&self) -> String {
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
pub(super) struct Column {
    /// The column's name in CSV.
    pub(super) name: &'static str,
    /// Its heading in the terminal and Markdown tables and its place among their columns;
    /// `None` where the tables leave it out.
    pub(super) table: Option<(usize, &'static str)>,
    /// The row's value.
    pub(super) cell: fn(&BenchRow) -> Cell,
}

/// The summary columns, in CSV order (the tables order them by their own places).
pub(super) const COLUMNS: [Column; 15] = [
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
pub(super) fn summary_grid(report: &BenchReport) -> Grid {
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

/// The name of the strategy whose gap to the optimum the per-length grid shows.
const BEST: &str = "best";

/// The per-length grid of the rows with max wrong `m`: one line per length, a column per
/// strategy with `average (losses)`; then, when the report knows it, the optimum (or `≥` a
/// lower bound), `best`'s gap to it (`≤` against a bound) and the fewest losses any
/// strategy can have (`≥` a lower bound, plain when `best` loses no more).
pub(super) fn length_grid(report: &BenchReport, m: u32) -> Grid {
    let rows_m: Vec<&BenchRow> = report.rows.iter().filter(|r| r.max_wrong == m).collect();
    let mut header = vec!["length".to_string(), "words".to_string()];
    header.extend(rows_m.iter().map(|r| r.strategy.clone()));
    let optimum = report.optimum.iter().any(|o| o.max_wrong == m);
    let best = rows_m.iter().find(|r| r.strategy == BEST);
    if optimum {
        header.push("optimum".to_string());
        if best.is_some() {
            header.push("best gap".to_string());
        }
        header.push("min losses".to_string());
    }
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
            if optimum {
                let known = report.optimum(m, length);
                line.push(known.map_or_else(|| "-".to_string(), |o| o.cell()));
                if let Some(best) = best {
                    let gap = known
                        .zip(cell(best))
                        .map(|(o, l)| o.gap_cell(l.average_score));
                    line.push(gap.unwrap_or_else(|| "-".to_string()));
                }
                let losses = known.map(|o| {
                    let met = best
                        .and_then(|b| cell(b))
                        .is_some_and(|l| l.losses as u64 == o.losses);
                    if met {
                        o.losses.to_string()
                    } else {
                        format!("≥ {}", o.losses)
                    }
                });
                line.push(losses.unwrap_or_else(|| "-".to_string()));
            }
            line
        })
        .collect();
    Grid {
        text_columns: 1,
        header,
        rows,
    }
}

/// What the table and Markdown formats say under the tables of `report`.
pub(super) fn notes(report: &BenchReport) -> Vec<&'static str> {
    let mut notes = NOTES.to_vec();
    if !report.optimum.is_empty() {
        notes.push(OPTIMUM_NOTE);
    }
    notes
}

/// The note under tables that show the optimum.
const OPTIMUM_NOTE: &str = "optimum: the least average score any strategy can reach on the length, where a proven lower bound (docs/bench.md) meets a strategy's average; ≥ x: that lower bound; best gap: best's average minus it (≤: at most); min losses: the fewest words any strategy loses (≥ n: a proven lower bound; plain where best meets it).";

/// What the table and Markdown formats always say under the tables.
const NOTES: &[&str] = &[
    "Δ best: average score minus the lowest average at the same max wrong; × fastest: time per game over the fastest.",
    "time/game: mean of per-game times in replay mode (a few slow games, such as the first of a length filling caches, can lift the mean above the p99); in tree mode the decision tree's time amortized over its words (no median or p99).",
    "Per-length cells: average score (losses).",
];
