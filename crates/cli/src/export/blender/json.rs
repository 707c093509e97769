//! JSON: the games with their count, and a dealt round with its settings.

use std::io::Write;

use blender::GameEntry;
use serde::Serialize;

use super::report::DealReport;
use crate::export::exporter::Export;

#[derive(Serialize)]
struct GamesJson<'a> {
    count: usize,
    games: &'a [GameEntry<'a>],
}

#[derive(Serialize)]
struct DealJson<'a> {
    seed: u64,
    daily: Option<&'a str>,
    difficulty: &'a str,
    min_words: usize,
    max_words: usize,
    letters: &'a str,
    required: &'a [&'a str],
    bonus: &'a [&'a str],
}

/// JSON: the games with their count; a dealt round with its settings.
#[derive(Clone, Copy, Debug)]
pub(super) struct Json;

impl<'a> Export<[GameEntry<'a>]> for Json {
    fn write(&self, out: &mut dyn Write, games: &[GameEntry<'a>]) -> std::io::Result<()> {
        let json = GamesJson {
            count: games.len(),
            games,
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)
    }
}

impl Export<DealReport<'_>> for Json {
    fn write(&self, out: &mut dyn Write, report: &DealReport<'_>) -> std::io::Result<()> {
        let (view, dealing) = (&report.view, report.dealing);
        let json = DealJson {
            seed: dealing.seed,
            daily: dealing.daily.as_deref(),
            difficulty: dealing.difficulty.name(),
            min_words: dealing.words.0,
            max_words: dealing.words.1,
            letters: &view.letters,
            required: &view.required,
            bonus: &view.bonus,
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)
    }
}
