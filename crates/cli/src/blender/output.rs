//! Output formats of `blender solve`, `blender deal`, `blender games` and `blender stats`.

use std::io::Write;

use blender::{Answer, Deal, GameEntry, GamesStats, Rack};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use serde::Serialize;

use super::{DealFormat, Dealing, Format};

/// Every word of the rack, one line per length (shortest first).
pub(crate) fn solve(
    out: &mut impl Write,
    rack: &Rack,
    answers: &[Answer<'_>],
) -> anyhow::Result<()> {
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

#[derive(Serialize)]
struct GamesJson<'a> {
    count: usize,
    games: &'a [GameEntry<'a>],
}

/// The list of games in the chosen format, with its count.
pub(crate) fn games(
    out: &mut impl Write,
    games: &[GameEntry<'_>],
    format: Format,
) -> anyhow::Result<()> {
    match format {
        Format::Text => {
            for g in games {
                writeln!(
                    out,
                    "{} {}: {} | {}",
                    g.letters,
                    g.total(),
                    g.required.join(" "),
                    g.accepted.join(" ")
                )?;
            }
            writeln!(out, "{} games", games.len())?;
        }
        Format::Json => {
            serde_json::to_writer_pretty(
                &mut *out,
                &GamesJson {
                    count: games.len(),
                    games,
                },
            )?;
            writeln!(out)?;
        }
        Format::Csv => {
            let mut w = csv::Writer::from_writer(&mut *out);
            w.write_record([
                "letters",
                "required_count",
                "accepted_count",
                "required",
                "accepted",
            ])?;
            for g in games {
                w.write_record([
                    g.letters.as_str(),
                    &g.required.len().to_string(),
                    &g.accepted.len().to_string(),
                    &g.required.join(" "),
                    &g.accepted.join(" "),
                ])?;
            }
            w.flush()?;
        }
    }
    Ok(())
}

/// Counts and the two distributions as tables.
pub(crate) fn stats(
    out: &mut impl Write,
    stats: &GamesStats,
    min_words: usize,
    max_words: usize,
) -> anyhow::Result<()> {
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

#[derive(Serialize)]
struct DealJson<'a> {
    seed: u64,
    daily: Option<&'a str>,
    difficulty: &'a str,
    min_words: usize,
    max_words: usize,
    letters: String,
    required: Vec<&'a str>,
    bonus: Vec<&'a str>,
}

/// A round's rack (in display order), its required words and its bonus words, by length
/// then alphabetically.
pub(crate) fn deal(
    out: &mut impl Write,
    deal: &Deal,
    dealing: &Dealing,
    format: DealFormat,
) -> anyhow::Result<()> {
    let letters = String::from_utf8_lossy(&deal.letters).to_ascii_uppercase();
    let required: Vec<&str> = deal.required().collect();
    let bonus: Vec<&str> = deal
        .words
        .iter()
        .filter(|w| !w.required)
        .map(|w| w.word.as_str())
        .collect();
    match format {
        DealFormat::Json => {
            let json = DealJson {
                seed: dealing.seed,
                daily: dealing.daily.as_deref(),
                difficulty: dealing.difficulty.name(),
                min_words: dealing.words.0,
                max_words: dealing.words.1,
                letters,
                required,
                bonus,
            };
            serde_json::to_writer_pretty(&mut *out, &json)?;
            writeln!(out)?;
        }
        DealFormat::Text => {
            let what = match &dealing.daily {
                Some(date) => format!("daily {date}"),
                None => format!("seed {}, {}", dealing.seed, dealing.difficulty.name()),
            };
            let spaced: Vec<String> = letters.chars().map(String::from).collect();
            writeln!(out, "letters: {} ({what})", spaced.join(" "))?;
            writeln!(out, "required ({}): {}", required.len(), required.join(" "))?;
            writeln!(out, "bonus ({}): {}", bonus.len(), bonus.join(" "))?;
        }
    }
    Ok(())
}
