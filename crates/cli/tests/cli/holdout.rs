//! `hangman holdout`: win rates on held-out words and on test files, on the embedded common
//! tier written to a temporary file (about 39,000 words: quick to train on).

use std::io::Write;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;

/// The embedded common tier as a word-list file.
fn common_list() -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    for word in lexicon::Lexicon::common().words() {
        writeln!(file, "{word}").unwrap();
    }
    file
}

fn holdout(list: &tempfile::NamedTempFile, args: &[&str]) -> assert_cmd::assert::Assert {
    let mut cmd = cargo_bin_cmd!("hangman");
    // No decision cache: a test leaves the user's cache folder alone.
    cmd.arg("holdout")
        .arg(list.path())
        .args(["--no-fit", "--no-cache"])
        .args(args);
    cmd.assert()
}

fn json(assert: &assert_cmd::assert::Assert) -> Value {
    serde_json::from_slice(&assert.get_output().stdout).unwrap()
}

/// The report without its timings and thread count.
fn without_timings(mut report: Value) -> Value {
    let obj = report.as_object_mut().unwrap();
    for key in ["train_ms", "threads"] {
        obj.remove(key);
    }
    for run in obj["strategies"].as_array_mut().unwrap() {
        let run = run.as_object_mut().unwrap();
        run.remove("setup_ms");
        run.remove("ms_per_game");
    }
    report
}

#[test]
fn held_out_games_are_the_same_for_any_thread_count() {
    let list = common_list();
    let args = ["-n", "40", "--seed", "5", "--strategies", "letters,greedy"];
    let one = json(
        &holdout(
            &list,
            &[&args[..], &["--format", "json", "--threads", "1"]].concat(),
        )
        .success(),
    );
    let two = json(
        &holdout(
            &list,
            &[&args[..], &["--format", "json", "--threads", "2"]].concat(),
        )
        .success(),
    );
    assert_eq!(without_timings(one.clone()), without_timings(two));
    assert_eq!(one["held_out"], 40);
    assert_eq!(
        one["training_words"].as_u64().unwrap() + 40,
        one["dictionary_words"].as_u64().unwrap()
    );
    let runs = one["strategies"].as_array().unwrap();
    let wins = |i: usize| runs[i]["summary"]["all"]["wins"].as_u64().unwrap();
    assert_eq!(runs[0]["summary"]["all"]["games"], 40);
    assert!(
        wins(0) > wins(1),
        "letters beat greedy on held-out words: {one}"
    );
    // Per-length rows add up to the whole.
    let by_length = runs[0]["summary"]["by_length"].as_array().unwrap();
    let games: u64 = by_length.iter().map(|r| r["games"].as_u64().unwrap()).sum();
    assert_eq!(games, 40);
}

#[test]
fn a_test_file_plays_only_its_words_outside_the_list() {
    let list = common_list();
    let mut test = tempfile::NamedTempFile::new().unwrap();
    // "house" and "water" are common words; the others are not in the tier.
    writeln!(test, "house\nzorbing\nwater\nblogroll\nzorbing").unwrap();
    let out = holdout(
        &list,
        &[
            "--test",
            test.path().to_str().unwrap(),
            "--strategies",
            "letters",
        ],
    )
    .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("test words: 2 of"), "{text}");
    assert!(text.contains("(2 in it, not played)"), "{text}");
    // The letters row: 2 games (zorbing once, blogroll).
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.trim_start().starts_with("letters "))
        .unwrap_or_else(|| panic!("no letters row: {text}"))
        .split_whitespace()
        .collect();
    assert_eq!(row[1], "2", "{text}");
    // Nothing left to test is a usage error.
    let mut known = tempfile::NamedTempFile::new().unwrap();
    writeln!(known, "house\nwater").unwrap();
    holdout(&list, &["--test", known.path().to_str().unwrap()])
        .code(2)
        .stderr(predicates::str::contains("nothing to test"));
}

#[test]
fn bad_requests_are_usage_errors() {
    let list = common_list();
    holdout(&list, &["-n", "1000000"])
        .code(2)
        .stderr(predicates::str::contains(
            "something must be left to train on",
        ));
    holdout(
        &list,
        &["-n", "5", "--strategies", "mixed", "--param", "outside=2"],
    )
    .code(2)
    .stderr(predicates::str::contains("outside"));
    holdout(&list, &["-n", "5", "--param", "nosuch:a=1"])
        .code(2)
        .stderr(predicates::str::contains("nosuch"));
    holdout(&list, &["-n", "5", "--strategies", "nosuch"]).code(2);
}
