//! Output of `blender`'s reports, one module per format: `text` (every report), `json`
//! (games and deal) and `csv` (games). The games and the deal, which have a choice of
//! formats, go through `exporter::Export`; each report function here picks the format.

mod csv;
mod json;
mod report;
mod text;

use std::io::Write;

use blender::{Answer, Deal, GameEntry, GamesStats, Rack};

use report::{DealReport, DealView};

use super::exporter::Export;
pub(crate) use report::Dealing;

/// Output formats of `blender games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum GamesFormat {
    /// One line per game.
    Text,
    /// A JSON document with the count and the games.
    Json,
    /// CSV with a header row.
    Csv,
}

/// Output formats of `blender deal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum DealFormat {
    /// A few lines of text.
    Text,
    /// A JSON object.
    Json,
}

/// Every word of the rack, one line per length (shortest first).
///
/// # Errors
/// When `out` fails.
pub(crate) fn solve(
    out: &mut dyn Write,
    rack: &Rack,
    answers: &[Answer<'_>],
) -> std::io::Result<()> {
    text::solve(out, rack, answers)
}

/// The list of games in `format`, with its count.
///
/// # Errors
/// When `out` fails.
pub(crate) fn games(
    out: &mut dyn Write,
    games: &[GameEntry<'_>],
    format: GamesFormat,
) -> std::io::Result<()> {
    let exporter: &dyn Export<[GameEntry<'_>]> = match format {
        GamesFormat::Text => &text::Text,
        GamesFormat::Json => &json::Json,
        GamesFormat::Csv => &csv::Csv,
    };
    exporter.write(out, games)
}

/// Counts and the two distributions of words per game.
///
/// # Errors
/// When `out` fails.
pub(crate) fn stats(
    out: &mut dyn Write,
    stats: &GamesStats,
    min_words: usize,
    max_words: usize,
) -> std::io::Result<()> {
    text::stats(out, stats, min_words, max_words)
}

/// A round's rack, its required words and its bonus words in `format`.
///
/// # Errors
/// When `out` fails.
pub(crate) fn deal(
    out: &mut dyn Write,
    deal: &Deal,
    dealing: &Dealing,
    format: DealFormat,
) -> std::io::Result<()> {
    let report = DealReport {
        view: DealView::of(deal),
        dealing,
    };
    let exporter: &dyn Export<DealReport<'_>> = match format {
        DealFormat::Text => &text::Text,
        DealFormat::Json => &json::Json,
    };
    exporter.write(out, &report)
}

#[cfg(test)]
mod tests;
