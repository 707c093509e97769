//! The terminal tables: the summary with deviations from the best, then scores per length.
//!
//! On a terminal narrower than a table, the least needed columns are left out (said in a
//! line under it; `--format csv` has them all) rather than every cell wrapping mid-word;
//! only a table still too wide then wraps its cells. Text lines wrap between words.

use std::io::Write;

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

use super::grid::{Grid, caption, length_grid, notes, summary_grid};
use super::report::BenchReport;
use crate::export::exporter::Export;

/// The summary's columns in the order they are left out to fit a narrow terminal.
const LEAVE_OUT: [&str; 9] = [
    "× fastest",
    "median",
    "p99",
    "setup",
    "wall",
    "mode",
    "loss %",
    "losses",
    "Δ best",
];

/// Aligned text tables, fitted to `width` columns when given.
#[derive(Clone, Copy, Debug)]
pub(super) struct TextTable {
    /// The terminal width, if any.
    pub(super) width: Option<u16>,
}

impl Export<BenchReport> for TextTable {
    fn write(&self, out: &mut dyn Write, report: &BenchReport) -> std::io::Result<()> {
        let width = self.width;
        let text = |out: &mut dyn Write, line: &str| -> std::io::Result<()> {
            match width {
                Some(w) => {
                    for part in textwrap::wrap(line, usize::from(w)) {
                        writeln!(out, "{part}")?;
                    }
                    Ok(())
                }
                None => writeln!(out, "{line}"),
            }
        };
        text(out, &caption(report))?;
        let (summary, left_out) = fit(summary_grid(report), width);
        writeln!(out, "{summary}")?;
        if !left_out.is_empty() {
            text(
                out,
                &format!(
                    "(left out to fit the terminal: {}; --format csv has every column)",
                    left_out.join(", ")
                ),
            )?;
        }
        for &m in &report.max_wrong {
            writeln!(out)?;
            writeln!(out, "average score (losses) by word length, max wrong {m}:")?;
            writeln!(out, "{}", fit(length_grid(report, m), width).0)?;
        }
        writeln!(out)?;
        for note in notes(report) {
            text(out, note)?;
        }
        Ok(())
    }
}

/// `grid` as a table no wider than `width`: columns of [`LEAVE_OUT`] removed one by one
/// while it is too wide, then cells wrapped if it still is. Returns the headings left out.
fn fit(mut grid: Grid, width: Option<u16>) -> (Table, Vec<&'static str>) {
    let mut left_out = Vec::new();
    let Some(width) = width else {
        return (render(&grid), left_out);
    };
    loop {
        let table = render(&grid);
        let wide = table.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        if wide <= usize::from(width) {
            return (table, left_out);
        }
        let next = LEAVE_OUT.iter().find_map(|name| {
            grid.header
                .iter()
                .position(|h| h == name)
                .map(|i| (i, *name))
        });
        let Some((column, name)) = next else {
            let mut table = table;
            table
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width);
            return (table, left_out);
        };
        grid.header.remove(column);
        for row in &mut grid.rows {
            row.remove(column);
        }
        if column < grid.text_columns {
            grid.text_columns -= 1;
        }
        left_out.push(name);
    }
}

/// Renders `grid` at its natural width, number columns right-aligned.
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
