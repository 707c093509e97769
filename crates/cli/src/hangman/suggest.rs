//! `hangman suggest`: the best next letters for a board and the wrong guesses, with odds.

use std::io::Write;

use std::sync::Arc;

use anyhow::{Context, anyhow};
use hangman::strategy::Settings;
use hangman::strategy::letter_model::{LetterModel, Weights};
use hangman::suggest::{self, Advice, AdviceError, OutsideAdvice, Snapshot, SnapshotError};
use lexicon::{Letter, LetterSet};

use super::args::SuggestArgs;
use crate::dictionary;
use crate::error::usage;
use crate::export::units::plural;

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
    let snapshot = Snapshot::new(cells, wrong, &args.wrong_words, args.limit.max_wrong).map_err(
        |e| match e {
            SnapshotError::BadLength | SnapshotError::BadWord(_) => usage(e.to_string()),
            _ => anyhow!("{e}"),
        },
    )?;
    let info = args.strategy.0;
    let dict = dictionary::load(args.dictionary.as_deref(), false)?;
    let settings = Settings {
        max_wrong: args.limit.max_wrong,
        seed: args.seed,
        params: Vec::new(),
        cache_dir: None,
    };
    let mut out = std::io::stdout().lock();
    match suggest::advise(&dict.lexicon, info, &settings, &snapshot, args.exact_limit) {
        Ok(advice) => {
            write_advice(&mut out, &args, info.name, &advice).context("cannot write output")?;
        }
        Err(AdviceError::NoCandidates) => {
            // The word is not in the list: rank letters with the letter model trained on it.
            let model = LetterModel::train(Arc::clone(&dict.lexicon), Weights::default());
            let advice = suggest::advise_outside(&model, &snapshot);
            write_outside(&mut out, &args, dict.lexicon.len(), &advice)
                .context("cannot write output")?;
        }
        Err(e) => return Err(e.into()),
    }
    out.flush().context("cannot write output")
}

/// The letter model's ranking for a board no word of the list fits; with `-v`, why.
fn write_outside(
    out: &mut dyn Write,
    args: &SuggestArgs,
    trained_on: usize,
    advice: &OutsideAdvice,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Board {}: no word of the dictionary fits, so the word is taken to be one it does \
         not hold.",
        args.board.trim().to_ascii_uppercase()
    )?;
    writeln!(
        out,
        "Letters by the letter model's chance of being in the word (trained on the \
         {trained_on} dictionary words):"
    )?;
    writeln!(out, "  rank  letter  chance")?;
    for (rank, (letter, p)) in advice.letters.iter().take(args.top as usize).enumerate() {
        writeln!(
            out,
            "  {:>4}  {:<6}  {:>5.1}%",
            rank + 1,
            letter.upper() as char,
            100.0 * p
        )?;
    }
    if !args.verbose {
        return Ok(());
    }
    let odds = &advice.odds;
    let top3 = |p: &[f64; 26]| -> String {
        let mut ranked: Vec<(usize, f64)> = p.iter().copied().enumerate().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked
            .iter()
            .take(3)
            .filter(|(_, q)| *q > 0.0)
            .map(|&(i, q)| format!("{} {:.0}%", (b'A' + i as u8) as char, 100.0 * q))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(out, "Why:")?;
    writeln!(
        out,
        "  dictionary words of this length that fit all but one cell: {}",
        odds.near_fits
    )?;
    for (cell, p) in &odds.cells {
        writeln!(
            out,
            "  blank {}: the board's windows around it favour {}",
            cell + 1,
            top3(p)
        )?;
    }
    writeln!(
        out,
        "  in the word, from the windows alone: {}",
        top3(&odds.from_windows)
    )?;
    match &odds.from_completions {
        Some(p) => writeln!(
            out,
            "  in the word, from the model's completions of the board: {}",
            top3(p)
        )?,
        None => writeln!(out, "  the model found no completion of the board")?,
    }
    if !odds.likely.is_empty() {
        let likely: Vec<String> = odds
            .likely
            .iter()
            .map(|(w, p)| format!("{} {:.1}%", w.to_ascii_uppercase(), 100.0 * p))
            .collect();
        writeln!(out, "  likeliest words: {}", likely.join(", "))?;
    }
    Ok(())
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
    writeln!(
        out,
        "Board {}: {}; score so far {}, {} left.",
        args.board.trim().to_ascii_uppercase(),
        plural(advice.candidates.len(), "candidate"),
        advice.score,
        plural(advice.wrong_left as usize, "wrong guess")
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
    if advice.candidates.len() <= args.show {
        writeln!(out, "Candidates: {}", advice.candidates.join(", "))?;
    }
    Ok(())
}
