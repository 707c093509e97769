//! Output formats, one folder per command (`score`, `bench`, `solve`, `blender`, `holdout`),
//! one module per format inside it, each reading the command's plain report struct
//! (`suggest`, with one format, is one file); `json` and `units` serve them all. Every
//! format is a type implementing `exporter::Export` for its command's report, as hyperfine's
//! exporters do; each command's format enum picks one.

pub mod bench;
pub mod blender;
mod exporter;
pub mod holdout;
mod json;
pub mod score;
pub mod solve;
pub mod suggest;
#[cfg(test)]
mod tests;
pub mod units;

pub use score::{Format, ScoreReport, write};

/// The width of the terminal standard output is, if it is one: tables are fitted to it.
/// In a pipe or file, lines keep their natural width.
pub fn terminal_width() -> Option<u16> {
    terminal_size::terminal_size_of(std::io::stdout()).map(|(terminal_size::Width(w), _)| w)
}
