//! CSV: one row per length. The columns of the first release come first, in their order;
//! newer ones are appended so that scripts reading columns by position keep working.

use std::io::Write;

use super::report::{SolveReport, SolveRow};
use crate::export::exporter::Export;

/// Formats seconds in CSV cells.
fn seconds(s: f64) -> String {
    format!("{s:.3}")
}

/// CSV: one row per length.
#[derive(Clone, Copy, Debug)]
pub(super) struct Csv;

impl Export<SolveReport> for Csv {
    fn write(&self, out: &mut dyn Write, report: &SolveReport) -> std::io::Result<()> {
        write_header(out)?;
        for r in &report.lengths {
            write_row(out, r)?;
        }
        Ok(())
    }
}

/// Writes the header line (a run that streams its rows writes it first).
pub(super) fn write_header(out: &mut dyn Write) -> std::io::Result<()> {
    let mut w = ::csv::Writer::from_writer(out);
    w.write_record([
        "length",
        "words",
        "misses_lower",
        "misses_upper",
        "exact",
        "best_first",
        "best_first_complete",
        "verdict",
        "seconds",
        "verdict_proven",
        "seconds_with_first",
        "verdict_seconds",
        "nodes",
    ])?;
    w.flush()
}

/// Writes one length's row.
pub(super) fn write_row(out: &mut dyn Write, r: &SolveRow) -> std::io::Result<()> {
    let mut w = ::csv::Writer::from_writer(out);
    let s = &r.solution;
    w.write_record([
        s.length.to_string(),
        s.words.to_string(),
        s.misses.lower.to_string(),
        s.misses.upper.to_string(),
        r.exact.to_string(),
        s.best_first.join(""),
        s.best_first_complete.to_string(),
        r.verdict.clone(),
        seconds(s.seconds),
        r.verdict_proven.to_string(),
        seconds(s.seconds_with_first),
        s.verdict_seconds.map(seconds).unwrap_or_default(),
        s.nodes.to_string(),
    ])?;
    w.flush()
}
