//! Output of `hangman bench`, one module per format, plus the charts. Every format reads the
//! same [`BenchReport`]: one [`BenchRow`] per (strategy, max wrong) with its deviation from
//! the best row of the same max wrong (the seed's "matrix of deviation from the best"), and
//! a per-word-length breakdown.

mod csv;
mod grid;
mod markdown;
#[cfg(feature = "plot")]
pub(crate) mod plot;
mod report;
mod table;

use std::io::Write;

use super::exporter::Export;
use super::json::Json;

#[cfg(test)]
pub(crate) use report::LengthRow;
pub(crate) use report::{BenchReport, BenchRow, LengthOptimum, Mode, OptimumKind};

/// The output formats of `hangman bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum BenchFormat {
    /// Aligned text tables.
    Table,
    /// GitHub Markdown tables.
    Markdown,
    /// One CSV row per (strategy, max wrong), per-length columns at the end.
    Csv,
    /// One JSON document.
    Json,
}

/// Writes `report` in `format`.
pub(crate) fn write(
    out: &mut dyn Write,
    report: &BenchReport,
    format: BenchFormat,
) -> std::io::Result<()> {
    let exporter: &dyn Export<BenchReport> = match format {
        BenchFormat::Table => &table::TextTable {
            width: super::terminal_width(),
        },
        BenchFormat::Markdown => &markdown::Markdown,
        BenchFormat::Csv => &csv::Csv,
        BenchFormat::Json => &Json,
    };
    exporter.write(out, report)
}

/// The table format at a given width, for the format tests.
#[cfg(test)]
pub(crate) fn table_for_tests(
    out: &mut dyn Write,
    report: &BenchReport,
    width: Option<u16>,
) -> std::io::Result<()> {
    table::TextTable { width }.write(out, report)
}
