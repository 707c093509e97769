//! Output of `blender`'s reports, one module per format: [`text`] (every report), [`json`]
//! (games and deal) and [`csv`] (games). Each report function here picks the module.

mod csv;
mod json;
mod report;
mod text;

use std::io::Write;

use blender::{Answer, Deal, GameEntry, GamesStats, Rack};

use report::DealView;
pub use report::Dealing;

/// Output formats of `blender games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GamesFormat {
    /// One line per game.
    Text,
    /// A JSON document with the count and the games.
    Json,
    /// CSV with a header row.
    Csv,
}

/// Output formats of `blender deal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DealFormat {
    /// A few lines of text.
    Text,
    /// A JSON object.
    Json,
}

/// Every word of the rack, one line per length (shortest first).
///
/// # Errors
/// When `out` fails.
pub fn solve(out: &mut dyn Write, rack: &Rack, answers: &[Answer<'_>]) -> std::io::Result<()> {
    text::solve(out, rack, answers)
}

/// The list of games in `format`, with its count.
///
/// # Errors
/// When `out` fails.
pub fn games(
    out: &mut dyn Write,
    games: &[GameEntry<'_>],
    format: GamesFormat,
) -> std::io::Result<()> {
    match format {
        GamesFormat::Text => text::games(out, games),
        GamesFormat::Json => json::games(out, games),
        GamesFormat::Csv => csv::games(out, games),
    }
}

/// Counts and the two distributions of words per game.
///
/// # Errors
/// When `out` fails.
pub fn stats(
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
pub fn deal(
    out: &mut dyn Write,
    deal: &Deal,
    dealing: &Dealing,
    format: DealFormat,
) -> std::io::Result<()> {
    let view = DealView::of(deal);
    match format {
        DealFormat::Text => text::deal(out, &view, dealing),
        DealFormat::Json => json::deal(out, &view, dealing),
    }
}

#[cfg(test)]
mod tests;
