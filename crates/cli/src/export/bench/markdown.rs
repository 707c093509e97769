//! Markdown: the same tables as the terminal format, as GitHub pipe tables.

use std::io::Write;

use super::grid::{Grid, caption, length_grid, notes, summary_grid};
use super::report::BenchReport;
use crate::export::exporter::Export;

/// GitHub Markdown tables.
#[derive(Clone, Copy, Debug)]
pub(super) struct Markdown;

impl Export<BenchReport> for Markdown {
    fn write(&self, out: &mut dyn Write, report: &BenchReport) -> std::io::Result<()> {
        writeln!(out, "{}\n", caption(report))?;
        write_grid(out, &summary_grid(report))?;
        for &m in &report.max_wrong {
            writeln!(
                out,
                "\nAverage score (losses) by word length, max wrong {m}:\n"
            )?;
            write_grid(out, &length_grid(report, m))?;
        }
        writeln!(out)?;
        for note in notes(report) {
            writeln!(out, "- {note}")?;
        }
        Ok(())
    }
}

/// One pipe table, number columns right-aligned.
fn write_grid(out: &mut dyn Write, grid: &Grid) -> std::io::Result<()> {
    writeln!(out, "| {} |", escape_row(&grid.header).join(" | "))?;
    let rule: Vec<&str> = (0..grid.header.len())
        .map(|i| {
            if i >= grid.text_columns {
                "---:"
            } else {
                "---"
            }
        })
        .collect();
    writeln!(out, "|{}|", rule.join("|"))?;
    for row in &grid.rows {
        writeln!(out, "| {} |", escape_row(row).join(" | "))?;
    }
    Ok(())
}

/// Cells with `|` escaped so they cannot split a column.
fn escape_row(cells: &[String]) -> Vec<String> {
    cells.iter().map(|c| c.replace('|', "\\|")).collect()
}
