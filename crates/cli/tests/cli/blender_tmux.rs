//! End to end in a real terminal: `blender play` inside tmux, typed into like a person would,
//! stopped by keys and by signals. Ignored ("needs tmux") where tmux is not installed.

use std::time::Duration;

use assert_cmd::cargo::cargo_bin_cmd;

use super::tmux::{Tmux, kill, wait_hung_up};

const WAIT: Duration = Duration::from_secs(20);

/// The first round of seed 1 as `blender deal` gives it: the rack as shown (upper case)
/// and a six-letter required word.
fn first_round() -> (String, String) {
    let out = cargo_bin_cmd!("blender")
        .args(["deal", "--seed", "1", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let deal: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let letters = deal["letters"].as_str().unwrap().to_string();
    let word = deal["required"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|w| w.as_str())
        .find(|w| w.len() == 6)
        .expect("a six-letter required word")
        .to_string();
    (letters, word)
}

/// The high-score table of the store at `path`.
fn top(path: &std::path::Path) -> Vec<wordplay_scores::BlenderScore> {
    wordplay_scores::Store::open(path)
        .unwrap()
        .blender_top(wordplay_scores::KEEP)
        .unwrap()
}

/// Starts `blender play --seed 1 ARGS --scores DIR/scores.sqlite3` in tmux.
fn start(name: &str, width: u16, height: u16, args: &str) -> (Tmux, tempfile::TempDir) {
    let bin = env!("CARGO_BIN_EXE_blender");
    Tmux::start_program(name, width, height, |dir| {
        format!(
            "{bin} play --seed 1 {args} --scores {}",
            dir.join("scores.sqlite3").display()
        )
    })
}

/// The rack as the UI draws it: tiles ` A ` one space apart.
fn tiles(letters: &str) -> String {
    letters
        .chars()
        .map(|c| format!(" {c} "))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn a_game_with_escape_pause_and_a_name_for_the_table() {
    let (letters, word) = first_round();
    let (tmux, dir) = start("blender", 100, 30, "");
    let scores = dir.path().join("scores.sqlite3");
    let screen = tmux.wait_until("the rack", WAIT, |p| p.contains(&tiles(&letters)));
    assert!(screen.contains("round 1 · score 0"), "{screen}");

    // A letter that is not in the rack is refused.
    let missing = ('A'..='Z').find(|c| !letters.contains(*c)).unwrap();
    tmux.keys(&[&missing.to_ascii_lowercase().to_string()]);
    tmux.wait_until("the refusal", WAIT, |p| {
        p.contains(&format!("{missing} is not in the letters"))
    });
    // Esc while typing clears the guess and nothing else.
    tmux.keys(&[&word[..3], "Escape"]);
    tmux.wait_until("the cleared guess", WAIT, |p| p.contains("Cleared."));
    // Esc on an empty guess asks; any other key keeps playing.
    tmux.keys(&["Escape"]);
    tmux.wait_until("the question", WAIT, |p| p.contains("Give up this round?"));
    tmux.keys(&["n"]);
    tmux.wait_until("playing again", WAIT, |p| p.contains("Keep going!"));

    tmux.keys(&[&word, "Enter"]);
    let upper = word.to_ascii_uppercase();
    let screen = tmux.wait_until("the word found", WAIT, |p| {
        p.contains(&format!("{upper}: found!"))
    });
    assert!(screen.contains("Time bonus +"), "{screen}");
    assert!(screen.contains(&format!("6 letters: {upper}")), "{screen}");

    // Pause: the letters are hidden and the timer stands still.
    tmux.keys(&["Tab"]);
    let paused = tmux.wait_until("the pause", WAIT, |p| p.contains("Paused"));
    assert!(!paused.contains(&tiles(&letters)), "{paused}");
    let clock = |pane: &str| {
        pane.lines()
            .next()
            .and_then(|l| l.rsplit('·').next())
            .map(|t| t.trim_matches(|c: char| !c.is_ascii_digit()).to_string())
            .unwrap()
    };
    let stopped = clock(&paused);
    std::thread::sleep(Duration::from_millis(2100));
    assert_eq!(clock(&tmux.pane()), stopped, "the timer ran while paused");
    tmux.keys(&["x"]);
    tmux.wait_until("the game again", WAIT, |p| p.contains("Go on!"));

    // Give up the round, end the game, type a name for the table.
    tmux.keys(&["Escape"]);
    tmux.wait_until("the question", WAIT, |p| p.contains("Give up this round?"));
    tmux.keys(&["y"]);
    let over = tmux.wait_until("the round's end", WAIT, |p| {
        p.contains("Enter next round · Esc end the game")
    });
    // Missed words stand in their slots, in lower case.
    assert!(over.contains("3 letters: "), "{over}");
    tmux.keys(&["Escape"]);
    tmux.wait_until("the name prompt", WAIT, |p| p.contains("name> "));
    tmux.keys(&["C-u"]);
    for _ in 0..20 {
        tmux.keys(&["BSpace"]);
    }
    tmux.keys(&["Ada", "Enter"]);
    let table = tmux.wait_until("the table", WAIT, |p| p.contains("high scores:"));
    assert!(table.contains("high score #1!"), "{table}");
    assert!(table.contains("  1. Ada"), "{table}");
    tmux.keys(&["Enter"]);
    let pane = tmux.wait_exit(WAIT);
    assert!(pane.contains("EXITED rc=0"), "{pane}");
    assert!(pane.contains("game over, score"), "{pane}");
    let saved = top(&scores.with_extension("sqlite3"));
    assert_eq!(saved[0].name, "Ada");
}

/// SIGTERM or SIGHUP mid-round: the terminal is restored, the points are saved and the
/// exit code is 128 + the signal.
fn stopped_by(signal: &str, number: i32) {
    let (letters, word) = first_round();
    let (tmux, dir) = start(&format!("blender-{signal}"), 100, 30, "--name sig");
    let scores = dir.path().join("scores.sqlite3");
    tmux.wait_until("the rack", WAIT, |p| p.contains(&tiles(&letters)));
    tmux.keys(&[&word, "Enter"]);
    let upper = word.to_ascii_uppercase();
    tmux.wait_until("the word found", WAIT, |p| {
        p.contains(&format!("{upper}: found!"))
    });
    kill(signal, dir.path());
    let pane = tmux.wait_exit(WAIT);
    assert!(
        pane.contains(&format!("EXITED rc={}", 128 + number)),
        "{pane}"
    );
    assert!(
        !pane.contains("^C quit"),
        "the UI is still on screen:\n{pane}"
    );
    let saved = top(&scores.with_extension("sqlite3"));
    assert_eq!(saved[0].name, "sig");
    assert!(saved[0].score >= 80);
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn sigterm_restores_the_terminal_and_saves_the_points() {
    stopped_by("TERM", 15);
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn sighup_restores_the_terminal_and_saves_the_points() {
    stopped_by("HUP", 1);
}

/// `tmux kill-session` closes the terminal under the game: it ends as SIGHUP ends it (exit
/// 129, points saved) instead of reading the end of the dead terminal forever. Stderr stays
/// on the dead terminal: the terminal's restore fails there and must not panic (which
/// lost the points when ratatui reported it with `eprintln!`).
#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn a_closed_terminal_ends_the_game_and_saves_the_points() {
    let (letters, word) = first_round();
    let bin = env!("CARGO_BIN_EXE_blender");
    let (tmux, dir) = Tmux::start_to_hang_up("blender-hangup", false, |dir| {
        format!(
            "{bin} play --seed 1 --name gone --scores {}",
            dir.join("scores.sqlite3").display()
        )
    });
    tmux.wait_until("the rack", WAIT, |p| p.contains(&tiles(&letters)));
    tmux.keys(&[&word, "Enter"]);
    let upper = word.to_ascii_uppercase();
    tmux.wait_until("the word found", WAIT, |p| {
        p.contains(&format!("{upper}: found!"))
    });
    tmux.kill_session();
    assert_eq!(wait_hung_up(dir.path(), WAIT), 129);
    let saved = top(&dir.path().join("scores.sqlite3"));
    assert_eq!(saved[0].name, "gone");
    assert!(saved[0].score >= 80);
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn a_tiny_terminal_stops_the_timer_until_it_grows() {
    let (letters, _) = first_round();
    let (tmux, _dir) = start("blender-tiny", 20, 8, "--time 3");
    tmux.wait_until("the notice", WAIT, |p| p.contains("The terminal is too"));
    // Longer than the round; keys are ignored meanwhile.
    std::thread::sleep(Duration::from_secs(4));
    tmux.keys(&["Escape", "y"]);
    tmux.resize(100, 30);
    let screen = tmux.wait_until("the game", WAIT, |p| p.contains(&tiles(&letters)));
    assert!(screen.contains("round 1 · score 0"), "{screen}");
    assert!(!screen.contains("time is up"), "{screen}");
    tmux.keys(&["C-c"]);
    let pane = tmux.wait_exit(WAIT);
    assert!(pane.contains("EXITED rc=0"), "{pane}");
}
