//! `hangman suggest`: the best next letters for a board and the wrong guesses, with odds.

use std::io::Write;

use anyhow::{Context, anyhow};
use hangman::strategy::{self, Settings};
use hangman::suggest::{self, Advice, Snapshot, SnapshotError};
use lexicon::{Letter, LetterSet};

use super::args::SuggestArgs;
use crate::dictionary;
use crate::error::usage;

pub(super) fn run(args: SuggestArgs) -> anyhow::Result<()> {
    let cells = parse_board(&args.board)?;
    if let Some(n) = args.length
        && n != cells.len()
    {
        return Err(usage(format!(
            "--length {n} does not match the board {:?} of {} letters",
            args.board,
            cells.len()
        )));
    }
    let wrong = parse_letters(&args.wrong)?;
    let snapshot =
        Snapshot::new(cells, wrong, &args.wrong_words, args.max_wrong).map_err(|e| match e {
            SnapshotError::BadLength | SnapshotError::BadWord(_) => usage(e.to_string()),
            _ => anyhow!("{e}"),
        })?;
    let info = strategy::find(&args.strategy)?;
    let dict = dictionary::load(args.dictionary.as_deref(), false)?;
    let settings = Settings {
        max_wrong: args.max_wrong,
        seed: args.seed,
        params: Vec::new(),
        cache_dir: None,
    };
    let advice = suggest::advise(&dict.lexicon, info, &settings, &snapshot, args.exact_limit)?;
    let mut out = std::io::stdout().lock();
    write_advice(&mut out, &args, info.name, &advice).context("cannot write output")?;
    out.flush().context("cannot write output")
}

/// Board cells: letters (any case) where shown; `-`, `_` or `.` where unknown.
fn parse_board(board: &str) -> anyhow::Result<Vec<Option<Letter>>> {
    board
        .trim()
        .chars()
        .map(|c| match c {
            '-' | '_' | '.' => Ok(None),
            c => Letter::from_char(c).map(Some).ok_or_else(|| {
                usage(format!(
                    "--board {board:?}: {c:?} is neither a letter a-z nor an unknown cell (- _ .)"
                ))
            }),
        })
        .collect()
}

/// Letters a-z in any case; commas and spaces between them are allowed.
fn parse_letters(text: &str) -> anyhow::Result<LetterSet> {
    text.chars()
        .filter(|c| !matches!(c, ',' | ' '))
        .map(|c| {
            Letter::from_char(c)
                .ok_or_else(|| usage(format!("--wrong {text:?}: {c:?} is not a letter a-z")))
        })
        .collect()
}

fn write_advice(
    out: &mut dyn Write,
    args: &SuggestArgs,
    strategy: &str,
    advice: &Advice,
) -> std::io::Result<()> {
    let n = advice.candidates.len();
    let plural = if n == 1 { "" } else { "s" };
    writeln!(
        out,
        "Board {}: {n} candidate{plural}; score so far {}, {} wrong guess(es) left.",
        args.board.trim().to_ascii_uppercase(),
        advice.score,
        advice.wrong_left
    )?;
    let exact = advice.letters.iter().any(|a| a.expected_score.is_some());
    if exact {
        writeln!(
            out,
            "Letters by expected final score (guess it, then {strategy} plays on; lower is better):"
        )?;
    } else {
        writeln!(
            out,
            "Letters by share of candidates containing them (no expected scores: more \
             than --exact-limit {} candidates):",
            args.exact_limit
        )?;
    }
    writeln!(out, "  rank  letter  words  share   exp. score")?;
    for (rank, a) in advice.letters.iter().take(args.top as usize).enumerate() {
        let score = a
            .expected_score
            .map_or_else(|| "-".to_string(), |s| format!("{s:.3}"));
        let mark = if advice.pick == hangman::Guess::Letter(a.letter) {
            format!("  <- {strategy}")
        } else {
            String::new()
        };
        writeln!(
            out,
            "  {:>4}  {:<6}  {:>5}  {:>5.1}%  {:>10}{mark}",
            rank + 1,
            a.letter.upper() as char,
            a.containing,
            100.0 * a.share,
            score
        )?;
    }
    match &advice.pick {
        hangman::Guess::Word(w) => writeln!(
            out,
            "{strategy} guesses the word: {}",
            w.to_ascii_uppercase()
        )?,
        hangman::Guess::Letter(l) => {
            if !advice.letters[..advice.letters.len().min(args.top as usize)]
                .iter()
                .any(|a| a.letter == *l)
            {
                writeln!(out, "{strategy} picks {}", l.upper() as char)?;
            }
        }
    }
    if n <= args.show {
        writeln!(out, "Candidates: {}", advice.candidates.join(", "))?;
    }
    Ok(())
}
