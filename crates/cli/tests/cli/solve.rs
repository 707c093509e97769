//! `hangman solve` and `hangman --referee` from the command line.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

fn fixture() -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().unwrap();
    // Length 2: five words with disjoint letters (4 misses); length 3: nine words whose
    // first letters differ (8 misses).
    std::fs::write(
        file.path(),
        "ab\ncd\nef\ngh\nij\nbat\ncat\nhat\nmat\nrat\nsat\nvat\npat\neat\n",
    )
    .unwrap();
    file
}

#[test]
fn solve_reports_exact_values_and_verdicts() {
    let dict = fixture();
    let out = cargo_bin_cmd!("hangman")
        .args([
            "solve",
            dict.path().to_str().unwrap(),
            "--format",
            "json",
            "--lives",
            "5",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let rows = json["lengths"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["length"], 2);
    assert_eq!(rows[0]["misses"]["lower"], 4);
    assert_eq!(rows[0]["misses"]["upper"], 4);
    assert_eq!(rows[0]["verdict"], "guesser wins with 5 lives");
    assert_eq!(rows[1]["misses"]["lower"], 8);
    assert_eq!(rows[1]["verdict"], "referee wins against 5 lives");
    assert_eq!(rows[1]["best_first"].as_array().unwrap().len(), 9);
}

#[test]
fn solve_table_and_csv_for_one_length() {
    let dict = fixture();
    cargo_bin_cmd!("hangman")
        .args(["solve", dict.path().to_str().unwrap(), "--length", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("guesser wins with 6 lives"));
    cargo_bin_cmd!("hangman")
        .args([
            "solve",
            dict.path().to_str().unwrap(),
            "--lengths",
            "3-3",
            "--format",
            "csv",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("3,9,8,8,true"));
}

#[test]
fn solve_rejects_bad_input() {
    let dict = fixture();
    let path = dict.path().to_str().unwrap();
    for args in [
        vec!["solve", path, "--lengths", "5-2"],
        vec!["solve", path, "--lengths", "x"],
        vec!["solve", path, "--length", "0"],
        vec!["solve", path, "--time-limit", "-3"],
        vec!["solve", path, "--length", "9"],
    ] {
        cargo_bin_cmd!("hangman").args(&args).assert().code(2);
    }
    cargo_bin_cmd!("hangman")
        .args(["solve", "/nonexistent/words.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot load the dictionary"));
}

#[test]
fn scorer_plays_lengths_against_an_evil_referee() {
    let dict = fixture();
    let out = cargo_bin_cmd!("hangman")
        .args([
            dict.path().to_str().unwrap(),
            "--referee",
            "evil",
            "xyz",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let game = &json["games"][0];
    // Nine words with distinct first letters: the referee forces 8 misses > 5 allowed.
    assert_eq!(game["won"], false);
    assert_eq!(game["word"].as_str().unwrap().len(), 3);
    cargo_bin_cmd!("hangman")
        .args([dict.path().to_str().unwrap(), "--referee", "sneaky", "xyz"])
        .assert()
        .code(2);
}
