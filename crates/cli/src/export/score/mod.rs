//! The scorer's output formats (`hangman [WORD]...`), one module per format; every format
//! reads the same [`ScoreReport`].

mod csv;
mod edn;
mod report;
mod table;

use std::io::Write;

use super::exporter::Export;
use super::json::Json;

pub(crate) use report::ScoreReport;

/// The output formats of the scorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Aligned text table, then the summary.
    Table,
    /// One JSON document.
    Json,
    /// One CSV row per game.
    Csv,
    /// The seed tool's EDN map: `{:data {word {:time-in-ms .. :score ..}} ...}`.
    Edn,
}

/// Writes `report` in `format`; `rows` says whether the table format lists every game.
pub(crate) fn write(
    out: &mut dyn Write,
    report: &ScoreReport,
    format: Format,
    rows: bool,
) -> std::io::Result<()> {
    let exporter: &dyn Export<ScoreReport> = match format {
        Format::Table => &table::TextTable { rows },
        Format::Json => &Json,
        Format::Csv => &csv::Csv,
        Format::Edn => &edn::Edn,
    };
    exporter.write(out, report)
}
