//! The terminal table: one row per game (optional), then the summary.

use std::io::Write;

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

use super::ScoreReport;

pub(super) fn write(out: &mut dyn Write, report: &ScoreReport, rows: bool) -> std::io::Result<()> {
    if rows && !report.games.is_empty() {
        for g in report.games.iter().filter(|g| !g.transcript.is_empty()) {
            writeln!(out, "{}:", g.word)?;
            for line in &g.transcript {
                writeln!(out, "  {line}")?;
            }
        }
        let mut table = Table::new();
        table
            .load_style(presets::NOTHING)
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header(["word", "score", "result", "wrong", "guesses", "µs"]);
        for g in &report.games {
            table.add_row([
                g.word.clone(),
                g.score.to_string(),
                (if g.won { "won" } else { "lost" }).to_string(),
                g.wrong_guesses.to_string(),
                g.guesses.to_string(),
                format!("{:.1}", g.micros),
            ]);
        }
        for column in 1..6 {
            if let Some(c) = table.column_mut(column) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        writeln!(out, "{table}")?;
        writeln!(out)?;
    }
    let s = &report.summary;
    writeln!(
        out,
        "strategy {} · dictionary {} ({} words) · max wrong {} · {} game(s)",
        report.strategy, report.dictionary, report.dictionary_words, report.max_wrong, s.games
    )?;
    writeln!(
        out,
        "average score {:.4} (total {}) · losses {} ({:.2}%)",
        s.average_score, s.total_score, s.losses, s.loss_percent
    )?;
    writeln!(
        out,
        "time per game {:.2} µs mean, {:.2} µs median, {:.2} µs p99 · wall {:.1} ms on {} thread(s)",
        s.mean_micros, s.median_micros, s.p99_micros, s.wall_ms, report.threads
    )?;
    writeln!(
        out,
        "one-time setup: dictionary load {:.1} ms, strategy setup {:.1} ms",
        report.load_ms, s.setup_ms
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
