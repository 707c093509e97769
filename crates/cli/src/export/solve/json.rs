//! JSON: the whole [`SolveReport`] as one document (the scorer's JSON writer, shared). Per
//! length: `length`, `words`, `misses.lower`/`misses.upper`, `best_first`,
//! `best_first_complete`, `nodes`, `seconds` (search for `M`), `verdict_seconds`,
//! `seconds_with_first`, `exact`, `verdict`, `verdict_proven`.

use std::io::Write;

use super::SolveReport;

pub(super) fn write(out: &mut dyn Write, report: &SolveReport) -> std::io::Result<()> {
    super::super::json::write(out, report)
}
