//! The terminal table: one row per length, then a legend and the run's facts.

use std::io::Write;

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

use super::report::SolveReport;
use crate::export::exporter::Export;
use crate::export::units::plural;

/// An aligned text table.
#[derive(Clone, Copy, Debug)]
pub(super) struct TextTable;

impl Export<SolveReport> for TextTable {
    fn write(&self, out: &mut dyn Write, report: &SolveReport) -> std::io::Result<()> {
        let mut table = Table::new();
        table
            .load_style(presets::NOTHING)
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header(["length", "words", "M", "verdict", "best first", "s"]);
        for r in &report.lengths {
            let verdict = if r.verdict_proven {
                format!("{} (proven)", r.verdict)
            } else {
                r.verdict.clone()
            };
            table.add_row([
                r.solution.length.to_string(),
                r.solution.words.to_string(),
                r.misses(),
                verdict,
                r.first_letters(),
                format!("{:.2}", r.solution.seconds),
            ]);
        }
        for column in [0, 1, 2, 5] {
            if let Some(c) = table.column_mut(column) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        writeln!(out, "{table}")?;
        let lives = report.lives;
        writeln!(
            out,
            "M = misses an optimal cheating referee forces on an optimal guesser before one word \
             is left; a..b = proven bounds ({}). The guesser wins with {lives} lives iff M < {lives}.",
            if report.verdict_only {
                "--verdict-only stops once the verdict is proven"
            } else {
                "the search stopped first"
            }
        )?;
        writeln!(
            out,
            "best first = the guesser's optimal first letters; +? = more may exist (the search \
             stopped while settling them: time limit or --first-letter-nodes); - = not \
             computed (M not exact, --verdict-only, or no time left); s = seconds to find M \
             (or, with --verdict-only, the verdict)."
        )?;
        let stopped = match report.stopped {
            Some(why) => format!(" · stopped: {}", why.label()),
            None => String::new(),
        };
        writeln!(
            out,
            "dictionary {} · {}{stopped}",
            report.dictionary,
            plural(report.threads, "thread")
        )
    }
}
