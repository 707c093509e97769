//! `hangman suggest`'s text: the ranked letters for a board, or the letter model's ranking
//! when no word of the list fits it.

use std::io::Write;

use hangman::Guess;
use hangman::hint::{Hint, HintKind};
use hangman::suggest::OutsideAdvice;

use super::exporter::Export;
use super::units::plural;

/// What `hangman suggest` found for a board.
#[derive(Clone, Debug)]
pub(crate) enum Report {
    /// Words of the list fit the board: the pick and the ranked letters.
    Hint {
        /// The strategy whose pick is shown and which plays on after each letter.
        strategy: String,
        /// The pick, the ranked letters and the candidates.
        hint: Hint,
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
            Report::Hint { strategy, hint } => write_hint(out, self.view, strategy, hint),
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

/// The pick, the ranked letters for a board and, when few, the candidates.
fn write_hint(
    out: &mut dyn Write,
    view: &View,
    strategy: &str,
    hint: &Hint,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Board {}: {}; score so far {}, {} left.",
        view.board,
        plural(hint.candidates, "candidate"),
        hint.score,
        plural(hint.wrong_left as usize, "wrong guess")
    )?;
    let who = match hint.kind {
        HintKind::Odds => strategy,
        HintKind::Proven => "the optimal guesser",
    };
    let expected = hint
        .pick_expected_score
        .map_or_else(String::new, |s| format!(" (expected final score {s:.3})"));
    match &hint.pick {
        Guess::Word(w) if hint.candidates == 1 => {
            writeln!(out, "The word is {}.", w.to_ascii_uppercase())?;
        }
        Guess::Word(w) => writeln!(
            out,
            "{who} guesses the word {}{expected}.",
            w.to_ascii_uppercase()
        )?,
        Guess::Letter(l) => writeln!(out, "{who} guesses {}{expected}.", l.upper() as char)?,
    }
    match hint.kind {
        HintKind::Odds => write_odds_letters(out, view, strategy, hint)?,
        HintKind::Proven => write_proven_letters(out, view, hint)?,
    }
    if !hint.words.is_empty() {
        writeln!(out, "Candidates: {}", hint.words.join(", "))?;
    }
    Ok(())
}

/// The letters by expected final score (when played out) or share.
fn write_odds_letters(
    out: &mut dyn Write,
    view: &View,
    strategy: &str,
    hint: &Hint,
) -> std::io::Result<()> {
    if hint.letters.is_empty() {
        return Ok(());
    }
    // The pick's own expected score may be known (one play-out, or shipped) when the
    // others' are not.
    let others = hint
        .letters
        .iter()
        .filter(|a| hint.pick != Guess::Letter(a.letter));
    let why_not = if hint.candidates > view.exact_limit {
        format!("more than --exact-limit {} candidates", view.exact_limit)
    } else {
        // Within the limit, the strategy's own play-out budget said no (`best`, `mixed`).
        format!(
            "playing {strategy} out from here costs more than its budget, candidates × \
             letters × lives left"
        )
    };
    if others.clone().any(|a| a.expected_score.is_some()) {
        writeln!(
            out,
            "Letters by expected final score (guess it, then {strategy} plays on; lower is better):"
        )?;
    } else if hint.letters.len() > others.count() {
        writeln!(
            out,
            "Letters: {strategy}'s pick, then by share of candidates containing them (no \
             expected scores for the others: {why_not}):"
        )?;
    } else {
        writeln!(
            out,
            "Letters by share of candidates containing them (no expected scores: {why_not}):"
        )?;
    }
    writeln!(out, "  rank  letter  words  share   exp. score")?;
    for (rank, a) in hint.letters.iter().take(view.top).enumerate() {
        let score = a
            .expected_score
            .map_or_else(|| "-".to_string(), |s| format!("{s:.3}"));
        let mark = if hint.pick == Guess::Letter(a.letter) {
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
    Ok(())
}

/// The letters by the misses the optimal referee can still force, as proven.
fn write_proven_letters(out: &mut dyn Write, view: &View, hint: &Hint) -> std::io::Result<()> {
    if hint.letters.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "Letters by the misses the optimal referee can still force after each (proven; \
         a..b: only bounded), then by share:"
    )?;
    writeln!(out, "  rank  letter  words  share   misses")?;
    for (rank, a) in hint.letters.iter().take(view.top).enumerate() {
        let misses = a.misses.map_or_else(|| "-".to_string(), |b| b.to_string());
        writeln!(
            out,
            "  {:>4}  {:<6}  {:>5}  {:>5.1}%  {:>7}",
            rank + 1,
            a.letter.upper() as char,
            a.containing,
            100.0 * a.share,
            misses
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use hangman::hint::HintLetter;
    use hangman::solve::Bounds;
    use hangman::strategy::letter_model::LetterOdds;
    use lexicon::Letter;

    use super::*;

    fn letter(c: char) -> Letter {
        Letter::from_char(c).unwrap()
    }

    fn hint_letter(c: char, containing: usize, share: f64, score: Option<f64>) -> HintLetter {
        HintLetter {
            letter: letter(c),
            containing,
            share,
            expected_score: score,
            misses: None,
        }
    }

    #[test]
    fn a_hint_on_a_hand_built_position() {
        let view = View {
            board: "C-T".to_string(),
            top: 1,
            exact_limit: 500,
            verbose: false,
        };
        let hint = Hint {
            kind: HintKind::Odds,
            score: 3,
            wrong_left: 1,
            candidates: 2,
            words: vec!["cut".to_string(), "cot".to_string()],
            pick: Guess::Letter(letter('u')),
            pick_expected_score: Some(4.5),
            letters: vec![
                hint_letter('u', 1, 0.5, None),
                hint_letter('o', 1, 0.5, Some(4.0)),
            ],
        };
        let report = Report::Hint {
            strategy: "greedy".to_string(),
            hint,
        };
        let mut out = Vec::new();
        write(&mut out, &report, &view).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Board C-T: 2 candidates; score so far 3, 1 wrong guess left.\n\
             greedy guesses U (expected final score 4.500).\n\
             Letters by expected final score (guess it, then greedy plays on; lower is better):\n\
             \x20 rank  letter  words  share   exp. score\n\
             \x20    1  U           1   50.0%           -  <- greedy\n\
             Candidates: cut, cot\n"
        );
    }

    #[test]
    fn a_proven_hint_shows_bounds_and_the_known_word() {
        let view = View {
            board: "-----".to_string(),
            top: 3,
            exact_limit: 500,
            verbose: false,
        };
        let proven = |c: char, lower: u32, upper: u32| HintLetter {
            misses: Some(Bounds { lower, upper }),
            ..hint_letter(c, 10, 0.25, None)
        };
        let hint = Hint {
            kind: HintKind::Proven,
            score: 0,
            wrong_left: 5,
            candidates: 40,
            words: Vec::new(),
            pick: Guess::Letter(letter('e')),
            pick_expected_score: None,
            letters: vec![proven('e', 3, 3), proven('a', 3, 4), proven('x', 4, 4)],
        };
        let mut out = Vec::new();
        let report = Report::Hint {
            strategy: "best".to_string(),
            hint: hint.clone(),
        };
        write(&mut out, &report, &view).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Board -----: 40 candidates; score so far 0, 5 wrong guesses left.\n\
             the optimal guesser guesses E.\n\
             Letters by the misses the optimal referee can still force after each (proven; \
             a..b: only bounded), then by share:\n\
             \x20 rank  letter  words  share   misses\n\
             \x20    1  E          10   25.0%        3\n\
             \x20    2  A          10   25.0%     3..4\n\
             \x20    3  X          10   25.0%        4\n"
        );
        let known = Hint {
            candidates: 1,
            words: vec!["shape".to_string()],
            pick: Guess::Word("shape".to_string()),
            letters: Vec::new(),
            ..hint
        };
        let mut out = Vec::new();
        let report = Report::Hint {
            strategy: "best".to_string(),
            hint: known,
        };
        write(&mut out, &report, &view).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Board -----: 1 candidate; score so far 0, 5 wrong guesses left.\n\
             The word is SHAPE.\n\
             Candidates: shape\n"
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
