//! The terminal table: one row per game (optional), then the summary.

use std::io::Write;

use super::report::ScoreReport;
use crate::export::exporter::Export;
use crate::export::units::{micros, millis, plural};

/// An aligned text table, then the summary.
#[derive(Clone, Copy, Debug)]
pub(super) struct TextTable {
    /// Whether to list every game (else only the summary).
    pub(super) rows: bool,
}

impl Export<ScoreReport> for TextTable {
    fn write(&self, out: &mut dyn Write, report: &ScoreReport) -> std::io::Result<()> {
        let rows = self.rows;
        if rows && !report.games.is_empty() {
            for g in report.games.iter().filter(|g| !g.transcript.is_empty()) {
                writeln!(out, "{}:", g.word)?;
                for line in &g.transcript {
                    writeln!(out, "  {line}")?;
                }
            }
            // Streamed row by row (a table crate would hold a second copy of every row: 2 GB
            // for a million words); the column widths come from one pass over the results.
            let header = ["word", "score", "result", "wrong", "guesses", "µs"];
            let cells = |g: &hangman::result::GameResult| {
                [
                    g.score.to_string(),
                    (if g.won { "won" } else { "lost" }).to_string(),
                    g.wrong_guesses.to_string(),
                    g.guesses.to_string(),
                    format!("{:.1}", g.micros),
                ]
            };
            let mut widths = header.map(|h| h.chars().count());
            for g in &report.games {
                widths[0] = widths[0].max(g.word.chars().count());
                for (w, cell) in widths[1..].iter_mut().zip(cells(g)) {
                    *w = (*w).max(cell.chars().count());
                }
            }
            // One space either side of every cell; the word left-aligned, numbers right.
            let line = |out: &mut dyn Write, word: &str, rest: &[String]| -> std::io::Result<()> {
                write!(out, " {word:<w$} ", w = widths[0])?;
                for (cell, w) in rest.iter().zip(&widths[1..]) {
                    write!(out, " {cell:>w$} ")?;
                }
                writeln!(out)
            };
            let titles: Vec<String> = header[1..].iter().map(|h| h.to_string()).collect();
            line(out, header[0], &titles)?;
            for g in &report.games {
                line(out, &g.word, &cells(g))?;
            }
            writeln!(out)?;
        }
        let s = &report.summary;
        writeln!(
            out,
            "strategy {} · dictionary {} ({}) · max wrong {} · {}",
            report.strategy,
            report.dictionary,
            plural(report.dictionary_words, "word"),
            report.max_wrong,
            plural(s.games, "game")
        )?;
        writeln!(
            out,
            "average score {:.4} (total {}) · losses {} ({:.2}%)",
            s.average_score, s.total_score, s.losses, s.loss_percent
        )?;
        writeln!(
            out,
            "time per game {} mean, {} median, {} p99 · wall {} on {}",
            micros(s.mean_micros),
            micros(s.median_micros),
            micros(s.p99_micros),
            millis(s.wall_ms),
            plural(report.threads, "thread")
        )?;
        writeln!(
            out,
            "one-time setup: dictionary load {}, strategy setup {}",
            millis(report.load_ms),
            millis(s.setup_ms)
        )?;
        if !report.not_played.is_empty() {
            writeln!(
                out,
                "not played (not in the dictionary): {}",
                report.not_played.join(", ")
            )?;
        }
        Ok(())
    }
}
