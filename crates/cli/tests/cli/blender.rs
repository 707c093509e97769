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
        self.play_bytes(script.as_bytes())
    }

    fn play_bytes(&self, script: &[u8]) -> assert_cmd::assert::Assert {
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
            .arg(self.path("scores.sqlite3"))
            .write_stdin(script.to_vec())
            .assert()
    }
}

/// The high-score table of the store at `path`.
fn top(path: &Path) -> Vec<wordplay_scores::BlenderScore> {
    wordplay_scores::Store::open(path)
        .unwrap()
        .blender_top(wordplay_scores::KEEP)
        .unwrap()
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
    // The score is in the store beside the JSON path given (the one `wordplay serve` reads).
    let top = top(&fx.path("scores.sqlite3"));
    assert_eq!((top[0].score, top[0].rounds), (500, 2));
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
fn a_file_that_is_not_a_store_is_refused_before_the_game() {
    let fx = Fixture::new();
    // A JSON high-score table of early versions is not read: it is not a store.
    let text = r#"{"format": 2, "entries": [{"name": "old", "score": 5, "rounds": 0, "when": 1}]}"#;
    std::fs::write(fx.path("scores.json"), text).unwrap();
    let out = fx
        .cmd()
        .args(["play", "--min-words", "1", "--scores"])
        .arg(fx.path("scores.json"))
        .write_stdin("listen\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("scores store"));
    assert!(stdout(&out).is_empty(), "no game was played");
    assert_eq!(
        std::fs::read_to_string(fx.path("scores.json")).unwrap(),
        text
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
        .args(["stats", "--min-words", "9", "--max-words", "2"])
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
        .arg(dir.path().join("s.sqlite3"))
        .write_stdin("")
        .assert()
        .success();
    let out = stdout(&assert);
    assert!(out.contains("Round 1: letters "), "{out}");
    assert!(out.contains("Missed: "), "{out}");
}

#[test]
fn deal_prints_the_first_round_of_play() {
    let fx = Fixture::new();
    let json = stdout(
        &fx.cmd()
            .args([
                "deal",
                "--seed",
                "1",
                "--min-words",
                "1",
                "--format",
                "json",
            ])
            .assert()
            .success(),
    );
    let deal: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(deal["seed"], 1);
    assert_eq!(deal["required"].as_array().unwrap().len(), 20);
    assert_eq!(
        deal["bonus"],
        serde_json::json!(["nil", "silt", "islet", "stein", "inlets"])
    );
    // The rack is the one the game with the same seed shows.
    let letters = deal["letters"].as_str().unwrap();
    let spaced: Vec<String> = letters.chars().map(String::from).collect();
    let game = stdout(&fx.play(""));
    assert!(
        game.contains(&format!("Round 1: letters {} |", spaced.join(" "))),
        "{letters} vs\n{game}"
    );
    let text = stdout(
        &fx.cmd()
            .args(["deal", "--seed", "1", "--min-words", "1"])
            .assert()
            .success(),
    );
    assert!(text.starts_with(&format!("letters: {} (seed 1, normal)\n", spaced.join(" "))));
    assert!(
        text.contains("\nbonus (5): nil silt islet stein inlets\n"),
        "{text}"
    );
}

#[test]
fn the_embedded_tier_makes_familiar_required_words() {
    // Seed 3 once required "erk euk kue lek leu lur ure leku ruer lurer" (no common tier).
    let out = cargo_bin_cmd!("blender")
        .args(["deal", "--seed", "3", "--format", "json"])
        .assert()
        .success();
    let deal: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let required: Vec<&str> = deal["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    let common = lexicon::Lexicon::common();
    assert!(required.iter().all(|w| common.contains(w)), "{required:?}");
    assert!((10..=30).contains(&required.len()), "{required:?}");
    assert!(
        deal["bonus"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| !common.contains(w.as_str().unwrap()))
    );
    // Nothing about a missing tier on stderr.
    assert!(out.get_output().stderr.is_empty());
}

#[test]
fn the_daily_puzzle_is_one_round_the_same_for_a_date() {
    let fx = Fixture::new();
    let deal = |date: &str| {
        stdout(
            &fx.cmd()
                .args(["deal", "--daily", date, "--format", "json"])
                .assert()
                .success(),
        )
    };
    assert_eq!(deal("2026-05-14"), deal("2026-05-14"));
    assert!(deal("2026-05-14").contains("\"daily\": \"2026-05-14\""));
    let out = stdout(
        &fx.cmd()
            .args(["play", "--daily", "2026-05-14", "--name", "d", "--scores"])
            .arg(fx.path("scores.sqlite3"))
            .write_stdin("listen\nlens\n/give\nlist\n")
            .assert()
            .success(),
    );
    assert!(out.contains("Word Blender (daily 2026-05-14)"), "{out}");
    assert!(out.contains("That was the daily puzzle."), "{out}");
    assert!(!out.contains("Round 2"), "{out}");
    // Spoiler-free: counts and squares, no letters of the rack.
    let share = out
        .lines()
        .find(|l| l.starts_with("Word Blender #134 2026-05-14: 2/20 words, "))
        .unwrap_or_else(|| panic!("no share line in\n{out}"));
    assert!(share.contains("| 4 ■□□□□□ |"), "{share}");
    assert!(!share.to_ascii_lowercase().contains("listen"), "{share}");
    assert!(out.contains("(daily 2026-05-14)"), "{out}");
    // Puzzle 134 (numbered from 2026-01-01) is long past: played, but not counted (only
    // the player's own date counts, as on the web page).
    assert!(
        out.contains("daily puzzle #134: not counted (only today's puzzle counts); 0 played"),
        "{out}"
    );
    // Today's counts in the statistics the web page shows, once: won (LISTEN).
    let today = |input: &str| {
        stdout(
            &fx.cmd()
                .args(["play", "--daily", "today", "--name", "d", "--scores"])
                .arg(fx.path("scores.sqlite3"))
                .write_stdin(input.to_string())
                .assert()
                .success(),
        )
    };
    let out = today("listen\nlens\n/give\nlist\n");
    assert!(
        out.contains(": 1 played, 1 won, current streak 1, max streak 1"),
        "{out}"
    );
    // The store keeps the share line the player saw, as the page stores its own.
    let date = jiff::ZonedDateTime::now().date().to_string();
    let store = wordplay_scores::Store::open(&fx.path("scores.sqlite3")).unwrap();
    let kept = store.daily_result("blender", "d", &date).unwrap().unwrap();
    assert!(out.contains(&kept.share), "{out}");
    let again = today("listen\n");
    assert!(
        again.contains(": not counted (played before); 1 played, 1 won"),
        "{again}"
    );
    fx.cmd()
        .args(["deal", "--daily", "2026-02-30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a date"));
    fx.cmd()
        .args(["deal", "--daily", "2026-02-03", "--difficulty", "hard"])
        .assert()
        .code(2);
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
    let fx = Fixture::new();
    let out = stdout(&fx.play_bytes(b"lis\xfften\nlisten\n/quit\n").success());
    assert!(
        out.contains("\"lis\u{fffd}ten\" is not UTF-8 text: type a word of letters, or /help"),
        "{out}"
    );
    assert!(out.contains("LISTEN: found!"), "{out}");
    assert!(out.contains("high score #1!"), "{out}");
}

#[test]
fn scores_that_are_not_a_regular_file_are_errors_before_the_game() {
    let fx = Fixture::new();
    let run = |path: &Path| {
        fx.cmd()
            .args(["play", "--min-words", "1", "--scores"])
            .arg(path)
            .write_stdin("listen\n")
            .timeout(std::time::Duration::from_secs(30))
            .assert()
    };
    let out = run(Path::new("/dev/null")).code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains("scores store /dev/null: is not a regular file"),
        "{err}"
    );
    assert!(stdout(&out).is_empty(), "no game was played");
    let fifo = fx.path("fifo");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        run(&fifo)
            .code(1)
            .stderr(predicate::str::contains("is not a regular file"));
    }
    run(fx.dir.path())
        .code(1)
        .stderr(predicate::str::contains("is not a regular file"));
}

/// A place where a file cannot be created: a read-only directory, or for root (who writes
/// into those anyway) sysfs; `None` if neither refuses.
#[cfg(unix)]
fn unwritable(dir: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let ro = dir.join("ro");
    std::fs::create_dir(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    for candidate in [
        ro.join("scores.sqlite3"),
        PathBuf::from("/sys/wordplay-scores.sqlite3"),
    ] {
        match std::fs::File::create_new(&candidate) {
            Ok(_) => std::fs::remove_file(&candidate).unwrap(),
            Err(_) => return Some(candidate),
        }
    }
    None
}

#[cfg(unix)]
#[test]
fn a_store_that_cannot_be_written_is_refused_before_the_game() {
    let fx = Fixture::new();
    let path = unwritable(fx.dir.path())
        .expect("a read-only folder, or sysfs for root, refuses a new file");
    fx.cmd()
        .args(["play", "--min-words", "1", "--scores"])
        .arg(&path)
        .write_stdin("listen\n/quit\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("scores store"));
    let parent = path.parent().unwrap();
    let names: Vec<_> = std::fs::read_dir(parent)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("scores"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
    // A folder that does not exist is refused, not created.
    fx.cmd()
        .args(["play", "--min-words", "1", "--scores"])
        .arg(fx.path("nowhere").join("scores.sqlite3"))
        .write_stdin("listen\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("does not exist (create it first)"));
    assert!(!fx.path("nowhere").exists());
}

/// Eight games ending at once on one file: every entry is kept.
#[test]
fn games_saving_at_once_keep_every_entry() {
    let fx = Fixture::new();
    let bin = env!("CARGO_BIN_EXE_blender");
    let scores = fx.path("scores.sqlite3");
    let children: Vec<_> = (0..8)
        .map(|i| {
            let mut child = std::process::Command::new(bin)
                .arg("--dict")
                .arg(fx.path("accepted.txt"))
                .arg("--common")
                .arg(fx.path("common.txt"))
                .args([
                    "play",
                    "--min-words",
                    "1",
                    "--name",
                    &format!("p{i}"),
                    "--scores",
                ])
                .arg(&scores)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            // Different scores: i three-letter words, then the game ends.
            let words = ["lie", "lit", "net", "set", "sit", "ten", "tin", "lens"];
            let input: String = words[..=i].iter().map(|w| format!("{w}\n")).collect();
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(input.as_bytes())
                .unwrap();
            child
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("saved to"));
    }
    let mut names: Vec<String> = top(&fx.path("scores.sqlite3"))
        .into_iter()
        .map(|e| e.name)
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
    let names: Vec<_> = std::fs::read_dir(fx.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains("tmp")), "{names:?}");
}

#[test]
fn help_describes_blender_and_puts_each_flag_where_it_applies() {
    let help = stdout(&cargo_bin_cmd!("blender").arg("--help").assert().success());
    assert!(help.starts_with("Word Blender"), "{help}");
    assert!(!help.contains("command-line programs"), "{help}");
    let solve = stdout(
        &cargo_bin_cmd!("blender")
            .args(["solve", "--help"])
            .assert()
            .success(),
    );
    for flag in ["--seed", "--min-words", "--daily", "--difficulty"] {
        assert!(!solve.contains(flag), "{flag} under solve:\n{solve}");
    }
    let deal = stdout(
        &cargo_bin_cmd!("blender")
            .args(["deal", "--help"])
            .assert()
            .success(),
    );
    assert!(
        deal.contains("--seed") && deal.contains("--min-words"),
        "{deal}"
    );
}

#[test]
fn games_text_lines_end_without_a_dangling_bar() {
    // The same list for both tiers: no game has bonus words.
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, COMMON).unwrap();
    let text = stdout(
        &cargo_bin_cmd!("blender")
            .arg("--dict")
            .arg(&list)
            .arg("--common")
            .arg(&list)
            .args(["--skip-invalid", "games"])
            .assert()
            .success(),
    );
    assert!(text.lines().count() > 1, "{text}");
    for line in text.lines() {
        assert!(!line.trim_end().ends_with('|'), "{line:?}");
    }
}

/// Without `--scores`: the default store in the data folder, created with its folder.
#[cfg(target_os = "linux")]
#[test]
fn the_default_store_is_made_in_the_data_folder() {
    let fx = Fixture::new();
    let data = fx.path("data");
    std::fs::create_dir(&data).unwrap();
    let play = || {
        fx.cmd()
            .env("XDG_DATA_HOME", &data)
            .args(["play", "--min-words", "1", "--seed", "1", "--name", "new"])
            .write_stdin("listen\n/quit\n")
            .assert()
            .success()
    };
    play();
    play();
    let names: Vec<String> = top(&data.join("wordplay").join("scores.sqlite3"))
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["new", "new"]);
}
