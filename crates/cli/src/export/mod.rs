//! Output formats, one folder per command (`score`, `bench`, `solve`, `blender`, `holdout`),
//! one module per format inside it, each reading the command's plain report struct
//! (`suggest`, with one format, is one file); `json` and `units` serve them all. Every
//! format is a type implementing `exporter::Export` for its command's report, as hyperfine's
//! exporters do; each command's format enum picks one.

pub(crate) mod bench;
pub(crate) mod blender;
mod exporter;
pub(crate) mod holdout;
mod json;
pub(crate) mod score;
pub(crate) mod solve;
pub(crate) mod suggest;
#[cfg(test)]
mod tests;
pub(crate) mod units;

pub(crate) use score::{Format, ScoreReport, write};

/// The width of the terminal standard output is, if it is one: tables are fitted to it.
/// In a pipe or file, lines keep their natural width.
pub(crate) fn terminal_width() -> Option<u16> {
    terminal_size::terminal_size_of(std::io::stdout()).map(|(terminal_size::Width(w), _)| w)
}
