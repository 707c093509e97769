//! `hangman holdout`'s formats: text tables and JSON, both reading [`Report`].

mod report;
mod table;
#[cfg(test)]
mod tests;

use std::io::Write;

use super::exporter::Export;
use super::json::Json;

pub(crate) use report::{FitSummary, Report, StrategyRun, WeightsSummary};

/// Output formats of `hangman holdout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum HoldoutFormat {
    /// Aligned text tables.
    Table,
    /// One JSON document.
    Json,
}

/// Writes `report` in `format`; `verbose` lists the words each strategy lost (tables).
///
/// # Errors
/// When `out` fails.
pub(crate) fn write(
    out: &mut dyn Write,
    report: &Report,
    format: HoldoutFormat,
    verbose: bool,
) -> std::io::Result<()> {
    let exporter: &dyn Export<Report> = match format {
        HoldoutFormat::Table => &table::TextTable { verbose },
        HoldoutFormat::Json => &Json,
    };
    exporter.write(out, report)
}
