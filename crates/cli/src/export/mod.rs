//! Output formats of a scoring run, one module per format. Every format reads the same
//! [`ScoreReport`].

pub mod bench;
mod csv;
mod edn;
mod json;
mod table;

use std::io::Write;

use hangman::result::{GameResult, RunSummary};
use serde::Serialize;

/// The output formats of the scorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Aligned text table, then the summary.
    Table,
    /// One JSON document.
    Json,
    /// One CSV row per game.
    Csv,
    /// The seed tool's EDN map: `{:data {word {:time-in-ms .. :score ..}} ...}`.
    Edn,
}

/// Everything a scoring run produced.
#[derive(Debug, Serialize)]
pub struct ScoreReport {
    /// Strategy name.
    pub strategy: String,
    /// Dictionary path, or `embedded`.
    pub dictionary: String,
    /// Dictionary size.
    pub dictionary_words: usize,
    /// Maximum wrong guesses.
    pub max_wrong: u32,
    /// Run seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Dictionary load time, ms.
    pub load_ms: f64,
    /// One result per game, in the order the words were given.
    pub games: Vec<GameResult>,
    /// Totals.
    pub summary: RunSummary,
    /// Test words not in the dictionary that were not played.
    pub not_played: Vec<String>,
}

/// Writes `report` in `format`; `rows` says whether the table format lists every game.
pub fn write(
    out: &mut dyn Write,
    report: &ScoreReport,
    format: Format,
    rows: bool,
) -> std::io::Result<()> {
    match format {
        Format::Table => table::write(out, report, rows),
        Format::Json => json::write(out, report),
        Format::Csv => csv::write(out, report),
        Format::Edn => edn::write(out, report),
    }
}
