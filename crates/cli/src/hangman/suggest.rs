//! `hangman suggest`: the best next guess for a board and the wrong guesses, with the
//! letters ranked as the game's referee plays (`hangman::hint`, the engine of the web's hints).

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow};
use hangman::hint::{HintOptions, Hints};
use hangman::strategy::letter_model::{LetterModel, Weights};
use hangman::suggest::{self, AdviceError, Snapshot, SnapshotError};
use lexicon::{Letter, LetterSet, Lexicon};

use super::args::SuggestArgs;
use crate::dictionary;
use crate::error::usage;
use crate::export::suggest as export;

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
    let pool = if args.common {
        Arc::new(dict.lexicon.intersection(&Lexicon::common()))
    } else {
        Arc::clone(&dict.lexicon)
    };
    let hints = Hints::with_strategy(Arc::clone(&dict.lexicon), pool, info);
    let options = HintOptions {
        exact_limit: args.exact_limit,
        pick_limit: args.exact_limit,
        show: args.show,
        proof_budget: Duration::from_millis(args.proof_ms),
        seed: args.seed,
    };
    let view = export::View {
        board: args.board.trim().to_ascii_uppercase(),
        top: args.top as usize,
        exact_limit: args.exact_limit,
        verbose: args.verbose,
    };
    let mut out = std::io::stdout().lock();
    let report = match hints.hint(args.referee, &snapshot, &options) {
        Ok(hint) => export::Report::Hint {
            strategy: info.name.to_string(),
            hint,
        },
        Err(AdviceError::NoCandidates) if args.common => {
            return Err(anyhow!(
                "no common word of the dictionary fits this board (without --common every \
                 word of the dictionary is a candidate)"
            ));
        }
        Err(AdviceError::NoCandidates) => {
            // The word is not in the list: rank letters with the letter model trained on it.
            let model = LetterModel::train(Arc::clone(&dict.lexicon), Weights::default());
            export::Report::Outside {
                trained_on: dict.lexicon.len(),
                advice: Box::new(suggest::advise_outside(&model, &snapshot)),
            }
        }
        Err(e) => return Err(e.into()),
    };
    export::write(&mut out, &report, &view).context("cannot write output")?;
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
