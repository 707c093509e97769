//! Text: every `blender` report as lines and tables for a person.

use std::io::Write;

use blender::{Answer, GameEntry, GamesStats, Rack};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};

use super::report::DealReport;
use crate::export::exporter::Export;

pub(super) fn solve(
    out: &mut dyn Write,
    rack: &Rack,
    answers: &[Answer<'_>],
) -> std::io::Result<()> {
    writeln!(
        out,
        "{} ({} letters): {} word{}",
        rack.to_string().to_ascii_uppercase(),
        rack.len(),
        answers.len(),
        if answers.len() == 1 { "" } else { "s" }
    )?;
    for chunk in answers.chunk_by(|a, b| a.word.len() == b.word.len()) {
        let words: Vec<&str> = chunk.iter().map(|a| a.word).collect();
        writeln!(
            out,
            "{:>2} letters ({}): {}",
            chunk[0].word.len(),
            chunk.len(),
            words.join(" ")
        )?;
    }
    Ok(())
}

/// Text: one line per game and the count; a dealt round in a few lines.
#[derive(Clone, Copy, Debug)]
pub(super) struct Text;

impl<'a> Export<[GameEntry<'a>]> for Text {
    fn write(&self, out: &mut dyn Write, games: &[GameEntry<'a>]) -> std::io::Result<()> {
        for g in games {
            // Required words, then ` | ` and the bonus words when there are any.
            write!(out, "{} {}: {}", g.letters, g.total(), g.required.join(" "))?;
            if !g.accepted.is_empty() {
                write!(out, " | {}", g.accepted.join(" "))?;
            }
            writeln!(out)?;
        }
        writeln!(out, "{} games", games.len())
    }
}

pub(super) fn stats(
    out: &mut dyn Write,
    stats: &GamesStats,
    min_words: usize,
    max_words: usize,
) -> std::io::Result<()> {
    writeln!(out, "games (six-letter signatures): {}", stats.games)?;
    writeln!(
        out,
        "playable (a common six-letter word): {}",
        stats.playable
    )?;
    writeln!(
        out,
        "playable with {min_words}..={max_words} required words: {}",
        stats.in_bounds
    )?;
    for (title, column, rows) in [
        (
            "required words per playable game",
            "required words",
            &stats.required_per_game,
        ),
        (
            "words per game (all accepted)",
            "words",
            &stats.accepted_per_game,
        ),
    ] {
        let mut table = Table::new();
        table
            .load_style(UTF8_FULL_CONDENSED)
            .set_header([column, "games"]);
        for (words, games) in rows {
            table.add_row([words.to_string(), games.to_string()]);
        }
        writeln!(out, "\n{title}:\n{table}")?;
    }
    Ok(())
}

impl Export<DealReport<'_>> for Text {
    fn write(&self, out: &mut dyn Write, report: &DealReport<'_>) -> std::io::Result<()> {
        let (view, dealing) = (&report.view, report.dealing);
        let what = match &dealing.daily {
            Some(date) => format!("daily {date}"),
            None => format!("seed {}, {}", dealing.seed, dealing.difficulty.name()),
        };
        let spaced: Vec<String> = view.letters.chars().map(String::from).collect();
        writeln!(out, "letters: {} ({what})", spaced.join(" "))?;
        writeln!(
            out,
            "required ({}): {}",
            view.required.len(),
            view.required.join(" ")
        )?;
        writeln!(
            out,
            "bonus ({}): {}",
            view.bonus.len(),
            view.bonus.join(" ")
        )
    }
}
