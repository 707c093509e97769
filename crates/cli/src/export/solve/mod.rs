//! Output of `hangman solve`, one module per format. Every format reads the same
//! [`SolveReport`]: one [`SolveRow`] per word length, the solver's
//! [`hangman::solve::LengthSolution`] with the verdict it proves for the lives asked for.

mod csv;
mod report;
mod table;

#[cfg(test)]
mod tests;

pub(crate) use report::{SolveReport, SolveRow, Stopped};

use std::io::Write;

use super::exporter::Export;
use super::json::Json;

/// The output formats of `hangman solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SolveFormat {
    /// Aligned text table.
    Table,
    /// One JSON document. Per length: `length`, `words`, `misses.lower`/`misses.upper`,
    /// `best_first`, `best_first_complete`, `nodes`, `seconds` (search for `M`),
    /// `verdict_seconds`, `seconds_with_first`, `exact`, `verdict`, `verdict_proven`.
    Json,
    /// One CSV row per length.
    Csv,
}

/// Writes `report` in `format`.
///
/// # Errors
///
/// Any error of `out` (a closed pipe included: the caller decides whether it matters).
pub(crate) fn write(
    out: &mut dyn Write,
    report: &SolveReport,
    format: SolveFormat,
) -> std::io::Result<()> {
    let exporter: &dyn Export<SolveReport> = match format {
        SolveFormat::Table => &table::TextTable,
        SolveFormat::Json => &Json,
        SolveFormat::Csv => &csv::Csv,
    };
    exporter.write(out, report)
}

/// Writes the CSV header of a run whose rows are streamed with [`write_csv_row`] as each
/// length is settled.
///
/// # Errors
///
/// Any error of `out`.
pub(crate) fn write_csv_header(out: &mut dyn Write) -> std::io::Result<()> {
    csv::write_header(out)
}

/// Writes one CSV row (see [`write_csv_header`]).
///
/// # Errors
///
/// Any error of `out`.
pub(crate) fn write_csv_row(out: &mut dyn Write, row: &SolveRow) -> std::io::Result<()> {
    csv::write_row(out, row)
}
