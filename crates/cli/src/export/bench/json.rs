//! JSON: the whole [`BenchReport`] as one document (the scorer's JSON writer, shared).

use std::io::Write;

use super::report::BenchReport;

pub(super) fn write(out: &mut dyn Write, report: &BenchReport) -> std::io::Result<()> {
    super::super::json::write(out, report)
}
