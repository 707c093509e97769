//! JSON: the whole report as one document.

use std::io::Write;

use super::ScoreReport;

pub(super) fn write(out: &mut dyn Write, report: &ScoreReport) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    writeln!(out)
}
