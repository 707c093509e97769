//! End to end in a real terminal: `blender play` inside tmux, typed into like a person would.
//! Skipped (with a message) when tmux is not installed.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin_cmd;

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// Waits until the screen shows `text`; panics with the screen after `timeout`.
    fn wait_for(&self, text: &str, timeout: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > timeout {
                panic!("timed out waiting for {text:?}; screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

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
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("skipped: tmux is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let scores = dir.path().join("scores.json");
    let (letters, word) = first_round(&dir.path().join("line-scores.json"));

    let tmux = Tmux {
        socket: format!("blender-test-{}", std::process::id()),
    };
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "100",
        "-y",
        "30",
        "/bin/sh",
    ]);
    let before = dir.path().join("stty-before");
    let after = dir.path().join("stty-after");
    let bin = env!("CARGO_BIN_EXE_blender");
    let script = format!(
        "stty -g > {b}; {bin} play --seed 1 --scores {s}; stty -g > {a}; echo END-OF-''GAME",
        b = before.display(),
        a = after.display(),
        s = scores.display()
    );
    tmux.keys(&[&script, "Enter"]);

    let screen = tmux.wait_for("Word Blender", Duration::from_secs(60));
    assert!(screen.contains("round 1 · score 0"), "{screen}");
    // The rack as the line mode showed it (spaced letters).
    let spaced = letters.split(' ').collect::<Vec<_>>().join("   ");
    assert!(
        screen.contains(&spaced),
        "rack {spaced:?} not on screen:\n{screen}"
    );

    tmux.keys(&[&word, "Enter"]);
    let upper = word.to_ascii_uppercase();
    let screen = tmux.wait_for(&format!("{upper}: found!"), Duration::from_secs(10));
    assert!(
        screen.contains("You will advance to the next round!"),
        "{screen}"
    );
    assert!(screen.contains(&format!("6 letters: {upper}")), "{screen}");
    assert!(!screen.contains("round 1 · score 0 "), "{screen}");

    // Give up the round, then quit from the round's end screen.
    tmux.keys(&["Escape"]);
    tmux.wait_for("Enter next round · Esc quit", Duration::from_secs(10));
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for("END-OF-GAME", Duration::from_secs(10));

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
