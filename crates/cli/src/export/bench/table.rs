//! The terminal tables: the summary with deviations from the best, then scores per length.

use std::io::Write;

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

use super::{BenchReport, Grid, NOTES, caption, length_grid, summary_grid};

pub(super) fn write(out: &mut dyn Write, report: &BenchReport) -> std::io::Result<()> {
    writeln!(out, "{}", caption(report))?;
    writeln!(out, "{}", render(&summary_grid(report)))?;
    for &m in &report.max_wrong {
        writeln!(out)?;
        writeln!(out, "average score (losses) by word length, max wrong {m}:")?;
        writeln!(out, "{}", render(&length_grid(report, m)))?;
    }
    writeln!(out)?;
    for note in NOTES {
        writeln!(out, "{note}")?;
    }
    Ok(())
}

/// Renders `grid` with its number columns right-aligned.
fn render(grid: &Grid) -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(grid.header.clone());
    for row in &grid.rows {
        table.add_row(row.clone());
    }
    for column in grid.text_columns..grid.header.len() {
        if let Some(c) = table.column_mut(column) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
}
