//! CSV: one row per game, with a header.

use std::io::Write;

use super::report::ScoreReport;
use crate::export::exporter::Export;

/// CSV: one row per game.
#[derive(Clone, Copy, Debug)]
pub(super) struct Csv;

impl Export<ScoreReport> for Csv {
    fn write(&self, out: &mut dyn Write, report: &ScoreReport) -> std::io::Result<()> {
        let mut csv = ::csv::Writer::from_writer(out);
        csv.write_record(["word", "score", "won", "wrong_guesses", "guesses", "micros"])?;
        for g in &report.games {
            csv.write_record([
                g.word.clone(),
                g.score.to_string(),
                g.won.to_string(),
                g.wrong_guesses.to_string(),
                g.guesses.to_string(),
                format!("{:.3}", g.micros),
            ])?;
        }
        csv.flush()
    }
}
