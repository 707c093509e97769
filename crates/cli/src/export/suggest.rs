//! `hangman suggest`'s text: the ranked letters for a board, or the letter model's ranking
//! when no word of the list fits it.

use std::io::Write;

use hangman::suggest::{Advice, OutsideAdvice};

use super::exporter::Export;
use super::units::plural;

/// What `hangman suggest` found for a board.
#[derive(Clone, Debug)]
pub(crate) enum Report {
    /// Words of the list fit the board: the ranked letters and the strategy's pick.
    Advice {
        /// The strategy whose pick is shown and which plays on after each letter.
        strategy: String,
        /// The ranked letters, the pick and the candidates.
        advice: Advice,
    },
    /// No word of the list fits: the letter model's ranking.
    Outside {
        /// How many dictionary words the letter model was trained on.
        trained_on: usize,
        /// The letter model's ranking and, for `-v`, why (boxed: its odds are large).
        advice: Box<OutsideAdvice>,
    },
}

/// What the text shows besides the advice, from the command's flags.
#[derive(Clone, Debug)]
pub(crate) struct View {
    /// The board as given, upper case.
    pub board: String,
    /// How many letters to list.
    pub top: usize,
    /// `--exact-limit`, named when expected scores were not computed.
    pub exact_limit: usize,
    /// List the candidates when at most this many are left.
    pub show: usize,
    /// Say why the letter model ranks as it does.
    pub verbose: bool,
}

/// The text format: `view` says what to show besides the advice.
#[derive(Clone, Debug)]
struct Text<'v> {
    view: &'v View,
}

impl Export<Report> for Text<'_> {
    fn write(&self, out: &mut dyn Write, report: &Report) -> std::io::Result<()> {
        match report {
            Report::Advice { strategy, advice } => write_advice(out, self.view, strategy, advice),
            Report::Outside { trained_on, advice } => {
                write_outside(out, self.view, *trained_on, advice)
            }
        }
    }
}

/// Writes `report` as text, showing what `view` asks for besides the advice.
///
/// # Errors
/// When `out` fails.
pub(crate) fn write(out: &mut dyn Write, report: &Report, view: &View) -> std::io::Result<()> {
    Text { view }.write(out, report)
}

/// The letter model's ranking for a board no word of the list fits; with `-v`, why.
fn write_outside(
    out: &mut dyn Write,
    view: &View,
    trained_on: usize,
    advice: &OutsideAdvice,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Board {}: no word of the dictionary fits, so the word is taken to be one it does \
         not hold.",
        view.board
    )?;
    writeln!(
        out,
        "Letters by the letter model's chance of being in the word (trained on the \
         {trained_on} dictionary words):"
    )?;
    writeln!(out, "  rank  letter  chance")?;
    for (rank, (letter, p)) in advice.letters.iter().take(view.top).enumerate() {
        writeln!(
            out,
            "  {:>4}  {:<6}  {:>5.1}%",
            rank + 1,
            letter.upper() as char,
            100.0 * p
        )?;
    }
    if !view.verbose {
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

/// The ranked letters for a board, the strategy's pick and, when few, the candidates.
fn write_advice(
    out: &mut dyn Write,
    view: &View,
    strategy: &str,
    advice: &Advice,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Board {}: {}; score so far {}, {} left.",
        view.board,
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
    } else if advice.candidates.len() > view.exact_limit {
        writeln!(
            out,
            "Letters by share of candidates containing them (no expected scores: more \
             than --exact-limit {} candidates):",
            view.exact_limit
        )?;
    } else {
        // Within the limit, the strategy's own play-out budget said no (`best`, `mixed`).
        writeln!(
            out,
            "Letters by share of candidates containing them (no expected scores: playing \
             {strategy} out from here costs more than its budget, candidates × letters × \
             lives left):"
        )?;
    }
    writeln!(out, "  rank  letter  words  share   exp. score")?;
    for (rank, a) in advice.letters.iter().take(view.top).enumerate() {
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
            if !advice.letters[..advice.letters.len().min(view.top)]
                .iter()
                .any(|a| a.letter == *l)
            {
                writeln!(out, "{strategy} picks {}", l.upper() as char)?;
            }
        }
    }
    if advice.candidates.len() <= view.show {
        writeln!(out, "Candidates: {}", advice.candidates.join(", "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use hangman::Guess;
    use hangman::strategy::letter_model::LetterOdds;
    use hangman::suggest::LetterAdvice;
    use lexicon::Letter;

    use super::*;

    fn letter(c: char) -> Letter {
        Letter::from_char(c).unwrap()
    }

    #[test]
    fn advice_on_a_hand_built_position() {
        let view = View {
            board: "C-T".to_string(),
            top: 1,
            exact_limit: 500,
            show: 5,
            verbose: false,
        };
        let advice = Advice {
            score: 3,
            wrong_left: 1,
            candidates: vec!["cot".to_string(), "cut".to_string()],
            letters: vec![
                LetterAdvice {
                    letter: letter('o'),
                    containing: 1,
                    share: 0.5,
                    expected_score: Some(4.0),
                },
                LetterAdvice {
                    letter: letter('u'),
                    containing: 1,
                    share: 0.5,
                    expected_score: None,
                },
            ],
            pick: Guess::Letter(letter('u')),
        };
        let report = Report::Advice {
            strategy: "greedy".to_string(),
            advice,
        };
        let mut out = Vec::new();
        write(&mut out, &report, &view).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Board C-T: 2 candidates; score so far 3, 1 wrong guess left.\n\
             Letters by expected final score (guess it, then greedy plays on; lower is better):\n\
             \x20 rank  letter  words  share   exp. score\n\
             \x20    1  O           1   50.0%       4.000\n\
             greedy picks U\n\
             Candidates: cot, cut\n"
        );
    }

    /// Letter odds with `a` and `e` (in that order) and zero for every other letter.
    fn odds(a: f64, e: f64) -> [f64; 26] {
        let mut p = [0.0; 26];
        p[0] = a;
        p[4] = e;
        p
    }

    #[test]
    fn outside_advice_on_a_hand_built_board_with_reasons() {
        let view = View {
            board: "Q-Z".to_string(),
            top: 2,
            exact_limit: 500,
            show: 5,
            verbose: true,
        };
        let advice = OutsideAdvice {
            letters: vec![(letter('a'), 0.5), (letter('e'), 0.25), (letter('i'), 0.1)],
            odds: LetterOdds {
                present: odds(0.5, 0.25),
                from_windows: odds(0.6, 0.3),
                from_completions: None,
                cells: vec![(1, odds(0.9, 0.1))],
                likely: vec![("qaz".to_string(), 0.75)],
                log_mass: None,
                exact_fits: 0,
                near_fits: 3,
                from_derived: None,
                derived_share: 0.0,
            },
        };
        let report = Report::Outside {
            trained_on: 7,
            advice: Box::new(advice),
        };
        let mut out = Vec::new();
        write(&mut out, &report, &view).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Board Q-Z: no word of the dictionary fits, so the word is taken to be one it does \
             not hold.\n\
             Letters by the letter model's chance of being in the word (trained on the 7 \
             dictionary words):\n\
             \x20 rank  letter  chance\n\
             \x20    1  A        50.0%\n\
             \x20    2  E        25.0%\n\
             Why:\n\
             \x20 dictionary words of this length that fit all but one cell: 3\n\
             \x20 blank 2: the board's windows around it favour A 90%, E 10%\n\
             \x20 in the word, from the windows alone: A 60%, E 30%\n\
             \x20 the model found no completion of the board\n\
             \x20 likeliest words: QAZ 75.0%\n"
        );
    }
}
