//! A closed standard output (`hangman ... | head`, `blender games | true`) is the reader's
//! choice: every command and format exits 0 quietly, in both programs.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// Runs `bin ARGS` with a standard output whose reading end is closed before it starts
/// (so its first write fails with EPIPE) and empty input; checks the quiet exit 0.
fn closed_stdout(bin: &str, args: &[&str]) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(bin)
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{bin} {args:?} exited {:?}: {stderr}",
        out.status
    );
    assert!(
        !stderr.contains("error") && !stderr.contains("panicked") && !stderr.contains("Broken"),
        "{bin} {args:?}: {stderr}"
    );
}

fn hangman(args: &[&str]) {
    closed_stdout(env!("CARGO_BIN_EXE_hangman"), args);
}

fn blender(args: &[&str]) {
    closed_stdout(env!("CARGO_BIN_EXE_blender"), args);
}

#[test]
fn hangman_list_and_help() {
    hangman(&["list"]);
    hangman(&["--help"]);
    hangman(&["bench", "--help"]);
    hangman(&["--version"]);
    hangman(&["--generate", "complete-bash"]);
    hangman(&["--generate", "man"]);
}

#[test]
fn the_scorer_in_every_format() {
    let dict = fixture("suggest.txt");
    for format in ["table", "json", "csv", "edn"] {
        hangman(&[&dict, "--all", "--format", format]);
    }
    hangman(&[&dict, "--all", "-q"]);
}

#[test]
fn bench_in_every_format() {
    let dict = fixture("suggest.txt");
    for format in ["table", "markdown", "csv", "json"] {
        hangman(&["bench", &dict, "--strategies", "greedy", "--format", format]);
    }
}

#[test]
fn solve_in_every_format() {
    let dict = fixture("suggest.txt");
    for format in ["table", "json", "csv"] {
        hangman(&["solve", &dict, "--format", format]);
    }
}

#[test]
fn suggest_and_play() {
    let dict = fixture("suggest.txt");
    hangman(&["suggest", "--board", "_a_", &dict]);
    hangman(&["play", "--line", "--seed", "1", &fixture("play.txt")]);
}

#[test]
fn blender_in_every_format() {
    for format in ["text", "json", "csv"] {
        blender(&["games", "--format", format]);
    }
    for format in ["text", "json"] {
        blender(&["deal", "--seed", "1", "--format", format]);
    }
    blender(&["stats"]);
    blender(&["solve", "abcdef"]);
    blender(&["--help"]);
}

#[test]
fn blender_play_in_line_mode() {
    let dir = tempfile::tempdir().unwrap();
    let scores = dir.path().join("scores.json").display().to_string();
    blender(&["play", "--line", "--seed", "1", "--scores", &scores]);
}
