//! End to end in a real terminal: `blender play` inside tmux, typed into like a person would.
//! Skipped (with a message) when tmux is not installed.

use std::path::Path;
use std::time::Duration;

use assert_cmd::cargo::cargo_bin_cmd;

use super::tmux::Tmux;

/// A six-letter word of the first round of seed 1, learnt from the line mode (which lists
/// the missed words, six-letter ones last, when its input ends at once).
fn first_round(scores: &Path) -> (String, String) {
    let out = cargo_bin_cmd!("blender")
        .args(["play", "--seed", "1", "--line", "--scores"])
        .arg(scores)
        .write_stdin("")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let letters = text
        .lines()
        .find_map(|l| l.strip_prefix("Round 1: letters "))
        .and_then(|l| l.split(" | ").next())
        .expect("round header")
        .to_string();
    let word = text
        .lines()
        .find_map(|l| l.strip_prefix("Missed: "))
        .and_then(|l| l.split(' ').rfind(|w| w.len() == 6))
        .expect("a six-letter word")
        .to_string();
    (letters, word)
}

#[test]
fn play_in_tmux_and_restore_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let scores = dir.path().join("scores.json");
    let (letters, word) = first_round(&dir.path().join("line-scores.json"));

    let before = dir.path().join("stty-before");
    let after = dir.path().join("stty-after");
    let bin = env!("CARGO_BIN_EXE_blender");
    let script = format!(
        "stty -g > {b}; {bin} play --seed 1 --scores {s}; stty -g > {a}; echo END-OF-GAME; sleep 60",
        b = before.display(),
        a = after.display(),
        s = scores.display()
    );
    let Some(tmux) = Tmux::start("blender", 100, 30, &script) else {
        return;
    };

    let screen = tmux.wait_until("Word Blender", Duration::from_secs(60), |p| {
        p.contains("Word Blender")
    });
    assert!(screen.contains("round 1 · score 0"), "{screen}");
    // The rack as the line mode showed it (spaced letters).
    let spaced = letters.split(' ').collect::<Vec<_>>().join("   ");
    assert!(
        screen.contains(&spaced),
        "rack {spaced:?} not on screen:\n{screen}"
    );

    tmux.keys(&[&word, "Enter"]);
    let upper = word.to_ascii_uppercase();
    let screen = tmux.wait_until("the word found", Duration::from_secs(10), |p| {
        p.contains(&format!("{upper}: found!"))
    });
    assert!(
        screen.contains("You will advance to the next round!"),
        "{screen}"
    );
    assert!(screen.contains(&format!("6 letters: {upper}")), "{screen}");
    assert!(!screen.contains("round 1 · score 0 "), "{screen}");

    // Give up the round, then quit from the round's end screen.
    tmux.keys(&["Escape"]);
    tmux.wait_until(
        "Enter next round · Esc quit",
        Duration::from_secs(10),
        |p| p.contains("Enter next round · Esc quit"),
    );
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_until("END-OF-GAME", Duration::from_secs(10), |p| {
        p.contains("END-OF-GAME")
    });

    // Back on the normal screen, with the game's summary printed there.
    assert!(
        screen.contains("game over, score 80, 1 round won."),
        "{screen}"
    );
    assert!(
        !screen.contains("Enter next round"),
        "alternate screen still shown:\n{screen}"
    );
    let before = std::fs::read_to_string(before).unwrap();
    let after = std::fs::read_to_string(after).unwrap();
    assert!(!before.trim().is_empty());
    assert_eq!(before, after, "terminal modes not restored");
    assert!(
        std::fs::read_to_string(&scores)
            .unwrap()
            .contains("\"score\": 80")
    );
}
