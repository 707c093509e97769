//! The text tables: the run's settings, wins per strategy, win % by word length.

use std::io::Write;

use super::report::Report;
use crate::export::exporter::Export;
use crate::export::units::plural;

/// Aligned text tables.
#[derive(Clone, Copy, Debug)]
pub(super) struct TextTable {
    /// Whether to list the words each strategy lost.
    pub(super) verbose: bool,
}

impl Export<Report> for TextTable {
    fn write(&self, out: &mut dyn Write, r: &Report) -> std::io::Result<()> {
        let verbose = self.verbose;
        match &r.test_file {
            Some(file) => writeln!(
                out,
                "test words: {} of {} not in {} ({} in it, not played); trained on all {} words",
                r.strategies.first().map_or(0, |s| s.summary.all.games),
                file,
                r.dictionary,
                r.test_in_list,
                r.training_words
            )?,
            None => writeln!(
                out,
                "held out {} of the {} words of {} (seed {}); trained on the other {}",
                r.held_out, r.dictionary_words, r.dictionary, r.seed, r.training_words
            )?,
        }
        writeln!(
            out,
            "max wrong {} ({} lives) · letter model trained in {:.0} ms · {}",
            r.max_wrong,
            r.max_wrong + 1,
            r.train_ms,
            plural(r.threads, "thread")
        )?;
        match &r.fit {
            Some(f) => writeln!(
                out,
                "weights fitted on {} training words ({} boards) in {:.1} s: log-loss {:.4} -> {:.4}, \
                 top letter in the word {:.1}% -> {:.1}%; completions share {:.2}, discount {:.2}",
                f.fold,
                f.boards,
                f.fit_ms / 1e3,
                f.log_loss_before,
                f.log_loss_after,
                100.0 * f.top_letter_hits_before,
                100.0 * f.top_letter_hits_after,
                r.weights.completions,
                r.weights.discount
            )?,
            None => writeln!(
                out,
                "default weights (completions share {:.2}, order {}, discount {:.2}, beam {})",
                r.weights.completions, r.weights.order, r.weights.discount, r.weights.beam
            )?,
        }
        writeln!(out)?;
        let mut table = new_table([
            "strategy",
            "games",
            "wins",
            "win %",
            "mean wrong",
            "ms/game",
        ]);
        for s in &r.strategies {
            let a = &s.summary.all;
            table.add_row([
                s.strategy.clone(),
                a.games.to_string(),
                a.wins.to_string(),
                format!("{:.1}", a.win_percent),
                format!("{:.2}", a.mean_wrong),
                format!("{:.2}", s.ms_per_game),
            ]);
        }
        writeln!(out, "{table}")?;
        writeln!(out)?;
        writeln!(out, "win % by word length")?;
        let mut header = vec!["length".to_string(), "games".to_string()];
        header.extend(r.strategies.iter().map(|s| s.strategy.clone()));
        let mut table = new_table(header);
        if let Some(first) = r.strategies.first() {
            for (i, row) in first.summary.by_length.iter().enumerate() {
                let mut cells = vec![row.length.to_string(), row.games.to_string()];
                cells.extend(
                    r.strategies
                        .iter()
                        .map(|s| format!("{:.1}", s.summary.by_length[i].win_percent)),
                );
                table.add_row(cells);
            }
        }
        writeln!(out, "{table}")?;
        if verbose {
            for s in &r.strategies {
                writeln!(out)?;
                writeln!(
                    out,
                    "{} lost ({}): {}",
                    s.strategy,
                    s.lost.len(),
                    s.lost.join(" ")
                )?;
            }
        }
        Ok(())
    }
}

fn new_table<T: Into<comfy_table::Cell>>(
    header: impl IntoIterator<Item = T>,
) -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table
        .load_style(comfy_table::presets::NOTHING)
        .set_content_arrangement(comfy_table::ContentArrangement::Disabled)
        .set_header(header);
    let columns = table.column_count();
    for column in 1..columns {
        if let Some(c) = table.column_mut(column) {
            c.set_cell_alignment(comfy_table::CellAlignment::Right);
        }
    }
    table
}
