//! `hangman suggest` against a fixture list (cat cot cut dog bat act tact), and on the
//! embedded list with `--common`.

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

fn suggest(args: &[&str]) -> assert_cmd::assert::Assert {
    let dict = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suggest.txt");
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.arg("suggest").arg(dict).args(args);
    cmd.assert()
}

/// `hangman ARGS` on the embedded list.
fn hangman(args: &[&str]) -> assert_cmd::assert::Assert {
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.args(args);
    cmd.assert()
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

#[test]
fn known_board_ranks_letters_with_odds_and_expected_scores() {
    // c-t with A wrong leaves cot and cut. Guessing O: cot wins at 4 (c t o right, a wrong);
    // cut misses (4) and greedy then guesses the word for free: 4. U is symmetric. Greedy
    // itself guesses a word at two candidates, the first, COT: 3 if it is, else a miss and
    // CUT, 4.
    let out =
        stdout(&suggest(&["--board", "c-t", "--wrong", "a", "--strategy", "greedy"]).success());
    let expected = "\
Board C-T: 2 candidates; score so far 3, 4 wrong guesses left.
greedy guesses the word COT (expected final score 3.500).
Letters by expected final score (guess it, then greedy plays on; lower is better):
  rank  letter  words  share   exp. score
     1  O           1   50.0%       4.000
     2  U           1   50.0%       4.000
Candidates: cot, cut
";
    assert_eq!(out, expected);
}

#[test]
fn blank_board_counts_each_word_once() {
    // Three-letter words: cat cot cut dog bat act. T is in 5 of 6, A in 3, C in 4.
    let out = stdout(
        &suggest(&[
            "--board",
            "---",
            "--exact-limit",
            "0",
            "--strategy",
            "greedy",
        ])
        .success(),
    );
    assert!(out.contains("Board ---: 6 candidates; score so far 0, 5 wrong guesses left."));
    assert!(out.contains("greedy guesses T.\n"), "{out}");
    assert!(
        out.contains("     1  T           5   83.3%           -  <- greedy\n"),
        "{out}"
    );
    assert!(
        out.contains("     2  C           4   66.7%           -\n"),
        "{out}"
    );
    assert!(out.contains("     3  A           3   50.0%"), "{out}");
    // The pick is a letter: the words by familiarity (`hangman::familiarity`), most first.
    assert!(
        out.contains("Candidates: act, cut, dog, cat, bat, cot\n"),
        "{out}"
    );
}

/// `best` by default: its pick first, with the expected final score of playing it out,
/// the same as the pick's row.
#[test]
fn the_default_pick_is_bests_with_its_expected_score() {
    let out = stdout(&suggest(&["--board", "---"]).success());
    let pick = out.lines().nth(1).unwrap();
    assert!(pick.starts_with("best guesses "), "{out}");
    let first = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    assert!(first.ends_with("<- best"), "{out}");
    let letter = first.split_whitespace().nth(1).unwrap();
    let score = first.split_whitespace().nth(4).unwrap();
    assert_eq!(
        pick,
        format!("best guesses {letter} (expected final score {score})."),
        "{out}"
    );
}

/// Against the optimal referee the letters are ranked by the misses it can still force,
/// proven exactly on six words, lowest first; with one word left the word is named.
#[test]
fn against_the_optimal_referee_letters_show_proven_misses() {
    let out = stdout(&suggest(&["--board", "---", "--referee", "optimal"]).success());
    assert!(
        out.contains("Letters by the misses the optimal referee can still force after each"),
        "{out}"
    );
    assert!(
        out.contains("  rank  letter  words  share   misses\n"),
        "{out}"
    );
    let rows: Vec<(String, String)> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[1].to_string(), f[4].to_string())
        })
        .collect();
    assert!(rows.len() >= 5, "{out}");
    let values: Vec<u32> = rows.iter().map(|(_, m)| m.parse().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{out}");
    assert!(
        out.contains(&format!("the optimal guesser guesses {}.", rows[0].0)),
        "{out}"
    );
    let known = stdout(&suggest(&["--board", "d--", "--referee", "optimal"]).success());
    assert!(known.contains("The word is DOG.\n"), "{known}");
}

#[test]
fn unknown_cells_may_be_dashes_underscores_or_dots_and_wrong_words_count() {
    let dash = stdout(&suggest(&["--board", "ta-t", "--wrong-words", "tart"]).success());
    let under = stdout(&suggest(&["--board", "ta_t", "--wrong-words", "tart"]).success());
    let dot = stdout(&suggest(&["--board", "TA.T", "--wrong-words", "tart"]).success());
    assert!(
        dash.contains("1 candidate; score so far 3, 4 wrong guesses left."),
        "{dash}"
    );
    assert!(dash.contains("The word is TACT."), "{dash}");
    assert_eq!(dash.replace("TA-T", "TA_T"), under);
    assert_eq!(dash.replace("TA-T", "TA.T"), dot);
}

/// `--common` plays the fair referees' pool: the embedded list's common words only.
#[test]
fn common_keeps_the_common_words_as_candidates() {
    let count = |out: &str| -> usize {
        let first = out.lines().next().unwrap();
        first
            .split_whitespace()
            .find_map(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{out}"))
    };
    let all = stdout(&hangman(&["suggest", "--board", "----", "--exact-limit", "0"]).success());
    let common = stdout(
        &hangman(&[
            "suggest",
            "--board",
            "----",
            "--exact-limit",
            "0",
            "--common",
        ])
        .success(),
    );
    assert!(count(&common) * 2 < count(&all), "{common}\n{all}");
    hangman(&["suggest", "--board", "zzz-", "--common"])
        .code(1)
        .stderr(predicate::str::contains(
            "no common word of the dictionary fits this board",
        ));
}

#[test]
fn top_limits_the_list() {
    let out = stdout(&suggest(&["--board", "---", "--top", "2"]).success());
    let ranks: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|first| first.parse::<u32>().is_ok())
        .collect();
    assert_eq!(ranks, ["1", "2"], "{out}");
}

#[test]
fn inconsistent_input_fails_with_a_clear_message() {
    suggest(&["--board", "c-t", "--wrong", "tx"])
        .code(1)
        .stderr(predicate::str::contains(
            "T is shown on the board, so it cannot be a wrong letter",
        ));
    suggest(&["--board", "cat"])
        .code(1)
        .stderr(predicate::str::contains("already won"));
    suggest(&["--board", "---", "--wrong", "bdefgh"])
        .code(1)
        .stderr(predicate::str::contains("already lost"));
}

#[test]
fn malformed_input_is_a_usage_error() {
    suggest(&["--board", "c1t"])
        .code(2)
        .stderr(predicate::str::contains("'1' is neither a letter"));
    suggest(&["--board", "c-t", "--wrong", "x!"])
        .code(2)
        .stderr(predicate::str::contains("'!' is not a letter"));
    suggest(&["--board", "c-t", "--length", "4"])
        .code(2)
        .stderr(predicate::str::contains("does not match the board"));
    suggest(&["--board", "c-t", "--wrong-words", "ab3"]).code(2);
    suggest(&["--board", "c-t", "--strategy", "nosuch"]).code(2);
    suggest(&["--board", ""]).code(2);
    suggest(&[]).code(2);
}

/// A board no word of the list fits still gets a ranking: the letter model's, said so, with
/// `-v` saying why; never a letter already guessed.
#[test]
fn a_board_no_word_fits_is_ranked_by_the_letter_model() {
    let out = suggest(&["--board", "z-z", "--wrong", "ae", "--top", "26", "-v"]).success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("Board Z-Z: no word of the dictionary fits"),
        "{text}"
    );
    assert!(text.contains("letter model's chance"), "{text}");
    let ranked: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("rank  letter  chance"))
        .skip(1)
        .take_while(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    // Every letter but the guessed Z, A and E, each once.
    assert_eq!(ranked.len(), 23, "{text}");
    for guessed in ["Z", "A", "E"] {
        assert!(!ranked.contains(&guessed), "{guessed} ranked: {text}");
    }
    assert!(text.contains("Why:") && text.contains("blank 2:"), "{text}");
}
