//! `hangman suggest` against a fixture list (cat cot cut dog bat act tact).

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

fn suggest(args: &[&str]) -> assert_cmd::assert::Assert {
    let dict = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/suggest.txt");
    let mut cmd = cargo_bin_cmd!("hangman");
    cmd.arg("suggest").arg(dict).args(args);
    cmd.assert()
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

#[test]
fn known_board_ranks_letters_with_odds_and_expected_scores() {
    // c-t with A wrong leaves cot and cut. Guessing O: cot wins at 4 (c t o right, a wrong);
    // cut misses (4) and greedy then guesses the word for free: 4. U is symmetric. Greedy
    // itself guesses a word at two candidates: the first, COT.
    let out = stdout(&suggest(&["--board", "c-t", "--wrong", "a"]).success());
    let expected = "\
Board C-T: 2 candidates; score so far 3, 4 wrong guesses left.
Letters by expected final score (guess it, then greedy plays on; lower is better):
  rank  letter  words  share   exp. score
     1  O           1   50.0%       4.000
     2  U           1   50.0%       4.000
greedy guesses the word: COT
Candidates: cot, cut
";
    assert_eq!(out, expected);
}

#[test]
fn blank_board_counts_each_word_once() {
    // Three-letter words: cat cot cut dog bat act. T is in 5 of 6, A in 3, C in 4.
    let out = stdout(&suggest(&["--board", "---", "--exact-limit", "0"]).success());
    assert!(out.contains("Board ---: 6 candidates; score so far 0, 5 wrong guesses left."));
    assert!(
        out.contains("     1  T           5   83.3%           -  <- greedy\n"),
        "{out}"
    );
    assert!(
        out.contains("     2  C           4   66.7%           -\n"),
        "{out}"
    );
    assert!(out.contains("     3  A           3   50.0%"), "{out}");
    assert!(out.contains("Candidates: act, bat, cat, cot, cut, dog"));
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
    assert!(dash.contains("greedy guesses the word: TACT"), "{dash}");
    assert_eq!(dash.replace("TA-T", "TA_T"), under);
    assert_eq!(dash.replace("TA-T", "TA.T"), dot);
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
