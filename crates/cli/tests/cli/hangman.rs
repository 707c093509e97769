//! The `hangman` scorer from the outside: output formats, the bad-input matrix, and the
//! challenge's sample words when the shared dictionary is present.

use std::path::PathBuf;

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;
use predicates::str::contains;
use wordplay_testkit::shared_data;

const FIXTURE: &str = "bat\ncat\ncot\ncab\ndog\ndig\nfactual\nactual\nnatural\n";

fn hangman() -> Command {
    cargo_bin_cmd!("hangman")
}

/// A temporary directory holding `name` with `bytes`.
fn fixture(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

/// Timings (and the thread count) differ run to run: snapshots show `T` instead.
fn redact_times(text: &str) -> String {
    let keys = [
        "\"micros\": ",
        "\"mean_micros\": ",
        "\"median_micros\": ",
        "\"p99_micros\": ",
        "\"setup_ms\": ",
        "\"wall_ms\": ",
        "\"load_ms\": ",
        ":time-in-ms ",
        ":average-time-in-ms ",
        "\"threads\": ",
    ];
    let mut out = text.to_string();
    for key in keys {
        let mut result = String::new();
        let mut rest = out.as_str();
        while let Some(i) = rest.find(key) {
            result.push_str(&rest[..i + key.len()]);
            rest = &rest[i + key.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
                .unwrap_or(rest.len());
            result.push('T');
            rest = &rest[end..];
        }
        result.push_str(rest);
        out = result;
    }
    out
}

#[test]
fn edn_output_matches_the_seed_format() {
    let (_dir, dict) = fixture("words.txt", FIXTURE.as_bytes());
    let out = hangman()
        .arg(&dict)
        .args(["cot", "factual", "--format", "edn"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    insta::assert_snapshot!(redact_times(&String::from_utf8(out).unwrap()));
}

#[test]
fn json_output_holds_games_and_summary() {
    let (_dir, dict) = fixture("words.txt", FIXTURE.as_bytes());
    let out = hangman()
        .args(["--dict"])
        .arg(&dict)
        .args(["cot", "dig", "--format", "json", "--threads", "1"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let parsed: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(parsed["games"].as_array().unwrap().len(), 2);
    let dict_name = parsed["dictionary"].as_str().unwrap().to_string();
    insta::assert_snapshot!(redact_times(&text).replace(&dict_name, "[dict]"));
}

#[test]
fn csv_has_a_row_per_game() {
    let (_dir, dict) = fixture("words.txt", FIXTURE.as_bytes());
    let out = hangman()
        .arg(&dict)
        .args(["--all", "--format", "csv"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let mut reader = csv::Reader::from_reader(out.as_slice());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), FIXTURE.lines().count());
    assert_eq!(&rows[0][0], "bat");
}

#[test]
fn table_lists_games_then_the_summary() {
    let (_dir, dict) = fixture("words.txt", FIXTURE.as_bytes());
    hangman()
        .arg(&dict)
        .args(["cot", "-v"])
        .assert()
        .success()
        .stdout(contains("cot -> COT; score=").and(contains("average score")))
        .stdout(contains("· 1 game\n"));
}

#[test]
fn sample_is_seeded_and_thread_count_free() {
    let run = |threads: &str, seed: &str| {
        let out = hangman()
            .args([
                "--sample",
                "300",
                "--seed",
                seed,
                "--threads",
                threads,
                "--format",
                "csv",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        // Drop the timing column.
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| l.rsplit_once(',').unwrap().0.to_string())
            .collect::<Vec<_>>()
    };
    let one = run("1", "7");
    assert_eq!(one.len(), 301);
    assert_eq!(one, run("2", "7"));
    assert_ne!(one, run("1", "8"));
}

#[test]
fn words_without_a_dictionary_use_the_embedded_list() {
    hangman()
        .args(["factual", "hangman"])
        .assert()
        .success()
        .stdout(contains("dictionary embedded (198420 words)"));
}

#[test]
fn normalized_dictionaries_are_accepted_with_a_note() {
    let (_dir, dict) = fixture("words.txt", b"Cat\r\nBAT\r\ncat\r\ncot\r\n");
    hangman()
        .arg(&dict)
        .arg("cot")
        .assert()
        .success()
        .stderr(contains("1 duplicate(s) dropped").and(contains("CRLF")))
        .stdout(contains("(3 words)"));
}

#[test]
fn skip_invalid_drops_bad_lines() {
    let (_dir, dict) = fixture("words.txt", "cat\nd0g\ncafé\ncot\n".as_bytes());
    hangman()
        .arg(&dict)
        .args(["cot", "--skip-invalid"])
        .assert()
        .success()
        .stderr(contains("2 invalid line(s) skipped"));
}

/// Every bad input: a clear message, the conventional exit code, never a panic.
#[test]
fn bad_input_matrix() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p.display().to_string()
    };
    let good = write("good.txt", FIXTURE.as_bytes());
    let empty = write("empty.txt", b"");
    let blank = write("blank.txt", b"\n\n \n");
    let latin1 = write("latin1.txt", b"cat\ncaf\xe9\n");
    let digits = write("digits.txt", b"cat\nr2d2\n");
    let accents = write("accents.txt", "cat\ncafé\n".as_bytes());
    let missing = dir.path().join("missing.txt").display().to_string();
    let directory = dir.path().display().to_string();
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (vec![&missing, "cat"], 1, "missing.txt"),
        (vec![&empty, "cat"], 1, "has no words"),
        (vec![&blank, "cat"], 1, "has no words"),
        (vec![&directory, "cat"], 1, "is a directory"),
        (vec![&latin1, "cat"], 1, "latin1.txt:2: invalid UTF-8"),
        (
            vec![&digits, "cat"],
            1,
            "digits.txt:2: \"r2d2\" contains the digit '2'",
        ),
        (
            vec![&accents, "cat"],
            1,
            "accents.txt:2: \"café\" contains 'é'",
        ),
        (vec![&good, "zebra"], 1, "not in the dictionary"),
        (vec![&good, "c4t"], 2, "test word \"c4t\" is not a word"),
        (vec![&good, "cat", "-m", "-1"], 2, "-1"),
        (vec![&good, "cat", "-m", "abc"], 2, "invalid value 'abc'"),
        (vec![&good, "cat", "-m", "26"], 2, "26"),
        (vec![&good, "--sample", "0"], 2, "invalid value '0'"),
        (vec![&good, "--sample", "100"], 2, "more than the 9 words"),
        (
            vec![&good, "--strategy", "nope", "cat"],
            2,
            "unknown strategy \"nope\"",
        ),
        (vec![&good, "--param", "x", "cat"], 2, "is not KEY=VALUE"),
        (
            vec![&good, "--param", "x=1", "cat"],
            2,
            "unknown parameter \"x\"",
        ),
        (vec![&good], 2, "no test words"),
        (vec![&good, "cat", "--all"], 2, "not both"),
        (vec![&good, "--threads", "0", "cat"], 2, "invalid value '0'"),
        (
            vec![&good, "--format", "xml", "cat"],
            2,
            "invalid value 'xml'",
        ),
        (vec![&good, "-d", "-t", "cat"], 2, "cannot be used with"),
    ];
    for (args, code, needle) in cases {
        hangman()
            .args(&args)
            .assert()
            .code(code)
            .stderr(contains(needle).and(contains("panicked").not()))
            .append_context("args", format!("{args:?}"))
            .get_output();
    }
}

#[test]
fn unknown_words_play_with_allow_unknown() {
    let (_dir, dict) = fixture("words.txt", FIXTURE.as_bytes());
    hangman()
        .arg(&dict)
        .args(["zebra", "cot", "--allow-unknown"])
        .assert()
        .success()
        .stdout(contains("zebra").and(contains("2 games")));
    // Without the flag the known word is still played and the run fails.
    hangman()
        .arg(&dict)
        .args(["zebra", "cot"])
        .assert()
        .code(1)
        .stdout(contains("· 1 game\n").and(contains("not played (not in the dictionary): zebra")));
}

#[test]
fn list_names_every_strategy() {
    let out = hangman()
        .arg("list")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for info in hangman::strategy::REGISTRY {
        assert!(
            text.contains(info.name),
            "{} missing from\n{text}",
            info.name
        );
    }
}

#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn challenge_samples_beat_the_baseline() {
    let (words, samples) = (shared_data("words.txt"), shared_data("factual-samples.tsv"));
    let tsv = std::fs::read_to_string(samples).unwrap();
    let sample_words: Vec<&str> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(sample_words.len(), 15);
    let out = hangman()
        .arg(&words)
        .args(&sample_words)
        .args(["--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let parsed: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(parsed["games"].as_array().unwrap().len(), 15);
    let total = parsed["summary"]["total_score"].as_u64().unwrap();
    assert!(
        total < 130,
        "greedy total {total} is not below the challenge baseline 130"
    );
}
