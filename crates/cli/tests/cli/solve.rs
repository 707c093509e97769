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
    assert_eq!(rows[1]["verdict_proven"], true);
    assert_eq!(rows[1]["best_first_complete"], true);
    assert!(json["stopped"].is_null());
}

/// `-m M` is the old (hidden) `--lives M+1`, as in `hangman play`; without either, `-m 5`;
/// giving both is a usage error.
#[test]
fn solve_takes_max_wrong_as_the_other_commands_do() {
    let dict = fixture();
    let path = dict.path().to_str().unwrap();
    let verdict = |limit: &[&str]| {
        let out = cargo_bin_cmd!("hangman")
            .args(["solve", path, "--length", "2", "--format", "csv"])
            .args(limit)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        // Without the timing columns, which differ from run to run on a loaded machine.
        let text = String::from_utf8(out).unwrap();
        let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
        let timed: Vec<bool> = rows[0].iter().map(|h| h.contains("seconds")).collect();
        rows.iter()
            .map(|row| {
                let kept: Vec<&str> = row
                    .iter()
                    .zip(&timed)
                    .filter(|(_, t)| !**t)
                    .map(|(c, _)| *c)
                    .collect();
                kept.join(",") + "\n"
            })
            .collect::<String>()
    };
    let lives = verdict(&["--lives", "5"]);
    assert!(lives.contains("guesser wins with 5 lives"), "{lives}");
    assert_eq!(verdict(&["-m", "4"]), lives);
    assert_eq!(verdict(&["--max-wrong", "4"]), lives);
    assert_eq!(verdict(&[]), verdict(&["-m", "5"]));
    assert_eq!(verdict(&["--lives", "6"]), verdict(&["-m", "5"]));
    cargo_bin_cmd!("hangman")
        .args(["solve", path, "-m", "4", "--lives", "5"])
        .assert()
        .code(2);
}

#[test]
fn solve_table_and_csv_for_one_length() {
    let dict = fixture();
    cargo_bin_cmd!("hangman")
        .args(["solve", dict.path().to_str().unwrap(), "--length", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "guesser wins with 6 lives (proven)",
        ))
        .stdout(predicate::str::contains("- = not computed"));
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

/// The JSON of `hangman solve ARGS --format json`, without the fields that measure the run
/// (nodes, seconds, threads).
fn solve_json(args: &[&str]) -> serde_json::Value {
    let out = cargo_bin_cmd!("hangman")
        .arg("solve")
        .args(args)
        .args(["--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let mut json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    json.as_object_mut().unwrap().remove("threads");
    for row in json["lengths"].as_array_mut().unwrap() {
        let row = row.as_object_mut().unwrap();
        for field in ["nodes", "seconds", "verdict_seconds", "seconds_with_first"] {
            row.remove(field);
        }
    }
    json
}

#[test]
fn solve_output_does_not_depend_on_the_thread_count() {
    // Embedded-list lengths of thousands of words: large families search in parallel.
    let one = solve_json(&["--lengths", "13-15", "--threads", "1"]);
    assert_eq!(one["lengths"].as_array().unwrap().len(), 3);
    for row in one["lengths"].as_array().unwrap() {
        assert_eq!(row["exact"], true);
        assert_eq!(row["best_first_complete"], true);
    }
    assert_eq!(solve_json(&["--lengths", "13-15", "--threads", "2"]), one);
    assert_eq!(solve_json(&["--lengths", "13-15", "--threads", "3"]), one);
}

#[test]
fn solve_stops_at_the_time_limit_with_proven_bounds_and_reports_progress() {
    // Length 5 of the embedded list takes minutes to solve exactly; the verdict for 6 lives
    // takes a moment.
    let start = std::time::Instant::now();
    let out = cargo_bin_cmd!("hangman")
        .args([
            "solve",
            "--length",
            "5",
            "--time-limit",
            "2",
            "--format",
            "json",
        ])
        .args(["--progress-every", "0.5"])
        .assert()
        .success()
        .get_output()
        .clone();
    // Generous: the limit must stop the search, not end it within a precise time.
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &json["lengths"][0];
    assert_eq!(json["stopped"], "time limit");
    assert_eq!(row["verdict"], "referee wins against 6 lives");
    assert_eq!(row["verdict_proven"], true);
    let (lo, hi) = (
        row["misses"]["lower"].as_u64().unwrap(),
        row["misses"]["upper"].as_u64().unwrap(),
    );
    assert!(6 <= lo && lo <= hi && hi <= 26, "{lo}..{hi}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("L5: M "), "no status line: {stderr}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_bounds_proven_so_far() {
    use std::io::Read;
    use std::process::Command;
    let (mut child, mut stderr) = running(&["--length", "5", "--format", "json"]);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    assert!(child.wait().unwrap().success());
    let json: serde_json::Value = serde_json::from_slice(&stdout).unwrap();
    assert_eq!(json["stopped"], "interrupted");
    let row = &json["lengths"][0];
    let (lo, hi) = (
        row["misses"]["lower"].as_u64().unwrap(),
        row["misses"]["upper"].as_u64().unwrap(),
    );
    assert!(lo <= hi);
    assert!(rest.contains("interrupted"), "{rest}");
}

#[test]
fn verdict_only_stops_once_the_verdict_is_proven() {
    let dict = fixture();
    let json = solve_json(&[
        dict.path().to_str().unwrap(),
        "--verdict-only",
        "--lives",
        "5",
    ]);
    assert_eq!(json["verdict_only"], true);
    assert!(json["stopped"].is_null());
    let rows = json["lengths"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for (row, verdict) in rows
        .iter()
        .zip(["guesser wins with 5 lives", "referee wins against 5 lives"])
    {
        assert_eq!(row["verdict"], verdict);
        assert_eq!(row["verdict_proven"], true);
        // No first letters: they need the exact value, which was not asked for.
        assert_eq!(row["best_first"].as_array().unwrap().len(), 0);
        assert_eq!(row["best_first_complete"], false);
    }
    // Length 3's value is 8, above the 5 lives: a test at 5 proves the verdict, and the
    // bounds need not be narrowed to 8.
    assert!(rows[1]["misses"]["lower"].as_u64().unwrap() >= 5);
}

/// `hangman solve ARGS` with piped stdout and stderr, once its first status line says the
/// search of length 5 (and the Ctrl-C handler) is running; the rest of stderr.
#[cfg(unix)]
fn running(
    args: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
) {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("hangman"))
        .arg("solve")
        .args(args)
        .args(["--progress-every", "0.2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.contains("L5: M "), "{line}");
    (child, stderr)
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_is_a_quiet_success() {
    use std::io::Read;
    for format in ["json", "csv", "table"] {
        let args = ["--length", "5", "--time-limit", "1", "--format", format];
        let (mut child, mut stderr) = running(&args);
        // Nothing is written before the time limit: close the reading end now.
        drop(child.stdout.take());
        let mut rest = String::new();
        stderr.read_to_string(&mut rest).unwrap();
        assert!(child.wait().unwrap().success(), "{format}: {rest}");
        assert!(!rest.contains("error"), "{format}: {rest}");
    }
}

/// `hangman solve --format csv | head -1` on a length that takes minutes: the closed pipe
/// is noticed while the search runs, not at the next row, and the exit is quiet.
#[cfg(unix)]
#[test]
fn a_pipe_closed_after_the_header_stops_the_search() {
    use std::io::{BufRead, Read};
    use std::time::{Duration, Instant};
    let (mut child, mut stderr) = running(&["--length", "5", "--format", "csv"]);
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut header = String::new();
    stdout.read_line(&mut header).unwrap();
    assert!(header.starts_with("length,words,"), "{header}");
    drop(stdout);
    // Without the watch, the search would go on to length 5's first letters (minutes).
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still running 60 s after its stdout was closed");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{rest}");
    assert!(!rest.contains("error"), "{rest}");
    assert!(!rest.contains("interrupted"), "{rest}");
}

#[test]
fn help_explains_the_output_marks() {
    cargo_bin_cmd!("hangman")
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("- = not computed"))
        .stdout(predicate::str::contains("+? after them"))
        .stdout(predicate::str::contains("--verdict-only"));
}

#[test]
fn certificates_are_written_and_verified_and_a_tampered_one_is_rejected() {
    let dict = fixture();
    let dir = tempfile::tempdir().unwrap();
    let certs = dir.path().join("certs");
    let dict_path = dict.path().to_str().unwrap();
    cargo_bin_cmd!("hangman")
        .args(["solve", dict_path, "--certificate", certs.to_str().unwrap()])
        .assert()
        .success();
    cargo_bin_cmd!("hangman")
        .args(["verify", certs.to_str().unwrap(), dict_path])
        .assert()
        .success()
        .stdout(predicate::str::contains("length  2: M = 4"))
        .stdout(predicate::str::contains("length  3: M = 8"))
        .stdout(predicate::str::contains("first letters: optimal"))
        .stdout(predicate::str::contains("every letter settled"));
    // A first-letter file with a flaw is rejected too (its value line changed).
    let first = certs.join("length-2.first.gz");
    let text = hangman::verify::decode(&std::fs::read(&first).unwrap()).unwrap();
    std::fs::remove_file(&first).unwrap();
    std::fs::write(
        certs.join("length-2.first"),
        text.replace("value 4\n", "value 3\n"),
    )
    .unwrap();
    cargo_bin_cmd!("hangman")
        .args(["verify", certs.to_str().unwrap(), dict_path])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "length  2: first letters REJECTED",
        ));
    std::fs::write(certs.join("length-2.first"), text).unwrap();
    // A claimed value off by one is a flaw: exit 1. The files are gzip-compressed; the
    // tampered one is written back as plain text, which verify reads too.
    let path = certs.join("length-3.cert.gz");
    let text = hangman::verify::decode(&std::fs::read(&path).unwrap()).unwrap();
    assert!(text.contains("upper 8\n"), "{text}");
    std::fs::remove_file(&path).unwrap();
    let plain = certs.join("length-3.cert");
    std::fs::write(&plain, text.replace("upper 8\n", "upper 7\n")).unwrap();
    cargo_bin_cmd!("hangman")
        .args(["verify", certs.to_str().unwrap(), dict_path])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("length  3: REJECTED"));
    // No folder: a usage error.
    cargo_bin_cmd!("hangman")
        .args(["verify", dir.path().join("none").to_str().unwrap()])
        .assert()
        .code(2);
}

#[test]
fn csv_rows_stream_in_length_order() {
    let dict = fixture();
    let out = cargo_bin_cmd!("hangman")
        .args(["solve", dict.path().to_str().unwrap(), "--format", "csv"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("length,words,"));
    assert!(lines[1].starts_with("2,5,4,4,true,"));
    assert!(lines[2].starts_with("3,9,8,8,true,"));
}

/// Every 40th six-letter word of the embedded list: a list whose lower bound is proven on
/// all words, with the referee narrowing below its first letters.
fn sampled_list() -> tempfile::NamedTempFile {
    let lexicon = lexicon::Lexicon::embedded();
    let bucket = lexicon.bucket(6);
    let words: Vec<&str> = (0..bucket.len())
        .step_by(40)
        .map(|i| bucket.word_str(i))
        .collect();
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), words.join("\n") + "\n").unwrap();
    file
}

#[test]
fn certificates_are_the_same_bytes_at_any_thread_count() {
    let dict = sampled_list();
    let dir = tempfile::tempdir().unwrap();
    let written: Vec<Vec<u8>> = ["1", "2"]
        .iter()
        .map(|threads| {
            let certs = dir.path().join(format!("certs-{threads}"));
            cargo_bin_cmd!("hangman")
                .args(["solve", dict.path().to_str().unwrap(), "--threads", threads])
                .args(["--certificate", certs.to_str().unwrap()])
                .assert()
                .success();
            let mut bytes = std::fs::read(certs.join("length-6.cert.gz")).unwrap();
            bytes.extend(std::fs::read(certs.join("length-6.first.gz")).unwrap());
            bytes
        })
        .collect();
    assert_eq!(written[0], written[1]);
    // The lower bound is proven on all words and narrows below the root.
    let path = dir.path().join("certs-1/length-6.cert.gz");
    let text = hangman::verify::decode(&std::fs::read(path).unwrap()).unwrap();
    assert!(text.contains("family all\n"), "{text}");
    assert!(text.contains("\nn "), "{text}");
    cargo_bin_cmd!("hangman")
        .args(["verify", dir.path().join("certs-1").to_str().unwrap()])
        .arg(dict.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("proven"));
}

/// A bare run finishes because each length's first letters get a node cap: the letters left
/// open are marked, the run says why, and the same letters are settled at any thread count.
#[test]
fn the_first_letter_cap_leaves_letters_open_and_says_so() {
    let run = |threads: &str, cap: &str| {
        solve_json(&[
            "--lengths",
            "13-14",
            "--threads",
            threads,
            "--first-letter-nodes",
            cap,
            "--progress-every",
            "0",
        ])
    };
    let capped = run("1", "1");
    assert_eq!(capped["stopped"], "first-letter cap");
    let rows = capped["lengths"].as_array().unwrap();
    assert!(
        rows.iter().all(|r| r["exact"] == true),
        "values are not capped"
    );
    assert!(rows.iter().any(|r| r["best_first_complete"] == false));
    assert_eq!(run("2", "1"), capped, "the same letters on two threads");
    let full = run("2", "0");
    assert!(full["stopped"].is_null());
    for (c, f) in rows.iter().zip(full["lengths"].as_array().unwrap()) {
        let all: Vec<_> = f["best_first"].as_array().unwrap().iter().collect();
        assert!(
            c["best_first"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| all.contains(&g))
        );
    }
}
