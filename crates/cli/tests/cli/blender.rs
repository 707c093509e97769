//! The `blender` binary: solver, list of games, statistics and scripted line-mode games.

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

/// One rack (e i l n s t), so every round of the fixture deals it.
const ACCEPTED: &str = "enlist\ninlets\nlisten\nsilent\ntinsel\ninlet\nislet\nlines\nstein\ntiles\n\
lens\nlent\nline\nlist\nnest\nsilt\ntile\nlie\nlit\nnet\nnil\nset\nsit\nten\ntin\ncat\n";
/// Lines with capitals or apostrophes are skipped, like in /usr/share/dict/words.
const COMMON: &str = "enlist\nlisten\nsilent\ntinsel\ninlet\nlines\ntiles\nlens\nlent\nline\n\
list\nnest\ntile\nlie\nlit\nnet\nset\nsit\nten\ntin\nListen\nlist's\n";

struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("accepted.txt"), ACCEPTED).unwrap();
        std::fs::write(dir.path().join("common.txt"), COMMON).unwrap();
        Fixture { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn cmd(&self) -> assert_cmd::Command {
        let mut cmd = cargo_bin_cmd!("blender");
        cmd.arg("--dict")
            .arg(self.path("accepted.txt"))
            .arg("--common")
            .arg(self.path("common.txt"));
        cmd
    }

    fn play(&self, script: &str) -> assert_cmd::assert::Assert {
        self.cmd()
            .args([
                "play",
                "--seed",
                "1",
                "--min-words",
                "1",
                "--name",
                "tester",
                "--scores",
            ])
            .arg(self.path("scores.json"))
            .write_stdin(script)
            .assert()
    }
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

fn redact(text: &str, dir: &Path) -> String {
    text.replace(&dir.display().to_string(), "[TMP]")
}

const SCRIPT: &str = "ab\nlisp\nsnit\nlisten\nLISTEN\ninlets\n/hint\n/board\n/give\n\
tiles\nlens\n/shuffle\nenlist\n/quit\n";

#[test]
fn scripted_line_mode_game() {
    let fx = Fixture::new();
    let assert = fx.play(SCRIPT).success();
    let out = stdout(&assert);
    // Every kind of message, in order.
    let expected = [
        "Round 1: letters ",
        "20 words to find (7x3, 6x4, 3x5, 4x6 letters) | 120 s | score 0",
        "AB: too short",
        "LISP: uses letters you don't have",
        "SNIT: not a word",
        "LISTEN: found! +80 Time bonus +120! You will advance to the next round!",
        "LISTEN: already found",
        "INLETS: bonus word! +40",
        "hint: E_____ (-10 s)",
        "6: LISTEN E_____ ______ ______",
        "bonus: INLETS",
        "Round 1 over (round ended): 1/20 words, 240 points.",
        "Missed: lie lit net set sit ten tin lens lent line list nest tile inlet lines tiles enlist silent tinsel",
        "You found a six-letter word: on to the next round!",
        "Round 2: letters ",
        "| score 240",
        "TILES: found! +40",
        "LENS: found! +20",
        "letters: ",
        "ENLIST: found! +80 Time bonus +120! You will advance to the next round!",
        "Round 2 over (round ended): 3/20 words, 260 points.",
        "You ended the game.",
        "Game over: score 500, 2 rounds won.",
        "high score #1! saved to",
        "  1. tester              500  (2 rounds)",
    ];
    let mut rest = out.as_str();
    for piece in expected {
        let at = rest
            .find(piece)
            .unwrap_or_else(|| panic!("{piece:?} missing or out of order in:\n{out}"));
        rest = &rest[at + piece.len()..];
    }
    insta::assert_snapshot!("line_mode_game", redact(&out, fx.dir.path()));
    // The table was saved as JSON.
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fx.path("scores.json")).unwrap()).unwrap();
    assert_eq!(table["entries"][0]["score"], 500);
    assert_eq!(table["entries"][0]["rounds"], 2);
}

#[test]
fn line_mode_is_deterministic_per_seed() {
    let fx = Fixture::new();
    let a = stdout(&fx.play("/board\n"));
    let b = stdout(&fx.play("/board\n"));
    assert_eq!(a, b);
    assert!(a.contains("Round 1: letters "));
}

#[test]
fn a_game_without_six_letters_ends_after_one_round() {
    let fx = Fixture::new();
    let assert = fx.play("lens\n/give\nlist\n").success();
    let out = stdout(&assert);
    assert!(out.contains("No six-letter word found."), "{out}");
    assert!(out.contains("Game over: score 20, 0 rounds won."), "{out}");
    assert!(!out.contains("Round 2"), "{out}");
    assert!(
        !out.contains("LIST:"),
        "input after the game is ignored: {out}"
    );
}

#[test]
fn corrupt_high_scores_are_set_aside() {
    let fx = Fixture::new();
    std::fs::write(fx.path("scores.json"), "not json").unwrap();
    let out = stdout(&fx.play("listen\n/quit\n").success());
    assert!(out.contains("was not a table; it was copied to"), "{out}");
    let aside: Vec<_> = std::fs::read_dir(fx.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("scores.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(
        std::fs::read_to_string(fx.path(&aside[0])).unwrap(),
        "not json"
    );
    assert!(
        std::fs::read_to_string(fx.path("scores.json"))
            .unwrap()
            .contains("\"score\": 200")
    );
}

#[test]
fn solve_groups_words_by_length() {
    let fx = Fixture::new();
    fx.cmd()
        .args(["solve", "Tinsel"])
        .assert()
        .success()
        .stdout(
            "EILNST (6 letters): 25 words\n \
             3 letters (8): lie lit net nil set sit ten tin\n \
             4 letters (7): lens lent line list nest silt tile\n \
             5 letters (5): inlet islet lines stein tiles\n \
             6 letters (5): enlist inlets listen silent tinsel\n",
        );
    // Racks up to twelve letters, repeats allowed.
    fx.cmd()
        .args(["solve", "catcatcatcat"])
        .assert()
        .success()
        .stdout("AAAACCCCTTTT (12 letters): 1 word\n 3 letters (1): cat\n");
}

#[test]
fn bad_input_gets_clear_errors_and_exit_codes() {
    let fx = Fixture::new();
    fx.cmd()
        .args(["solve", "ab3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("contains '3'"));
    fx.cmd()
        .args(["solve", "abcdefghijklm"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has 13 letters; at most 12"));
    fx.cmd()
        .args(["--min-words", "9", "--max-words", "2", "stats"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--min-words 9 is greater than --max-words 2",
        ));
    fx.cmd().args(["games", "--format", "xml"]).assert().code(2);
    fx.cmd().args(["play", "--time", "0"]).assert().code(2);
    cargo_bin_cmd!("blender")
        .args(["--dict", "/no/such/file", "solve", "abc"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "cannot read word list /no/such/file",
        ));
    cargo_bin_cmd!("blender")
        .args(["--common", "/no/such/common", "stats"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("loading the common words"));
    fx.cmd()
        .args(["play", "--min-words", "50", "--max-words", "60"])
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no common six-letter word has between 50 and 60",
        ));
}

#[test]
fn games_in_three_formats() {
    let fx = Fixture::new();
    let text = fx.cmd().args(["games"]).assert().success();
    assert_eq!(
        stdout(&text),
        "eilnst 25: lie lit net set sit ten tin lens lent line list nest tile inlet lines tiles \
         enlist listen silent tinsel | nil silt islet stein inlets\n1 games\n"
    );
    assert!(
        String::from_utf8_lossy(&text.get_output().stderr)
            .contains("common.txt (20 words; 2 lines")
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(
        &fx.cmd()
            .args(["games", "--format", "json"])
            .assert()
            .success(),
    ))
    .unwrap();
    assert_eq!(json["count"], 1);
    assert_eq!(json["games"][0]["letters"], "eilnst");
    assert_eq!(json["games"][0]["accepted"].as_array().unwrap().len(), 5);
    let csv = stdout(
        &fx.cmd()
            .args(["games", "--format", "csv"])
            .assert()
            .success(),
    );
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("letters,required_count,accepted_count,required,accepted")
    );
    assert!(lines.next().unwrap().starts_with("eilnst,20,5,lie lit"));
    assert_eq!(lines.next(), None);
}

#[test]
fn stats_count_games() {
    let fx = Fixture::new();
    let out = stdout(&fx.cmd().args(["stats"]).assert().success());
    assert!(out.contains("games (six-letter signatures): 1\n"), "{out}");
    assert!(
        out.contains("playable with 10..=30 required words: 1\n"),
        "{out}"
    );
    assert!(out.contains("│ 20             ┆ 1     │"), "{out}");
}

#[test]
fn the_embedded_list_plays_with_no_files() {
    let dir = tempfile::tempdir().unwrap();
    let assert = cargo_bin_cmd!("blender")
        .args(["play", "--seed", "1", "--scores"])
        .arg(dir.path().join("s.json"))
        .write_stdin("")
        .assert()
        .success();
    let out = stdout(&assert);
    assert!(out.contains("Round 1: letters "), "{out}");
    assert!(out.contains("Missed: "), "{out}");
}
