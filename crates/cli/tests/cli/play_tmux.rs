//! End to end in a real terminal: `hangman play` inside tmux, typed into like a person
//! would, quit by keys and by signals. Ignored ("needs tmux") where tmux is not installed.

use std::path::PathBuf;
use std::time::Duration;

use super::tmux::{Tmux, kill, wait_hung_up};

const WAIT: Duration = Duration::from_secs(20);

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/play.txt")
}

/// Starts `hangman play FIXTURE ARGS` in a `width`x`height` tmux session.
fn start(name: &str, width: u16, height: u16, args: &str) -> (Tmux, tempfile::TempDir) {
    start_with_env(name, width, height, "", args)
}

/// [`start`] with environment settings (`NAME=VALUE ...`) for the program.
fn start_with_env(
    name: &str,
    width: u16,
    height: u16,
    env: &str,
    args: &str,
) -> (Tmux, tempfile::TempDir) {
    let bin = env!("CARGO_BIN_EXE_hangman");
    Tmux::start_program(name, width, height, |_| {
        format!("env {env} {bin} play {} {args}", fixture().display())
    })
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn play_in_tmux_draws_board_and_alphabet_and_restores_the_terminal() {
    let words = std::fs::read_to_string(fixture()).unwrap();
    let (tmux, _dir) = start("play", 80, 24, "--seed 1");
    let pane = tmux.wait_until("the start screen", WAIT, |p| p.contains("guess>"));
    // The fixture has one word per length 4 to 13; the title says which length seed 1 drew.
    let length: usize = pane
        .split(" letters")
        .next()
        .and_then(|t| t.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no length in the title:\n{pane}"));
    assert!((4..=13).contains(&length));
    let word = words.lines().find(|w| w.len() == length).unwrap();
    assert!(pane.contains(&format!("Word:   {}", vec!["_"; length].join(" "))));
    assert!(pane.contains("a b c d e f g h i j k l m"), "{pane}");

    // A hit (every fixture word has an e) and a miss: a letter is a guess on its key press.
    let miss = ('a'..='z').find(|c| !word.contains(*c)).unwrap();
    tmux.keys(&["e", &miss.to_string()]);
    let board: Vec<String> = word
        .chars()
        .map(|c| if c == 'e' { "E".into() } else { "_".into() })
        .collect();
    let board = format!("Word:   {}", board.join(" "));
    let upper = miss.to_ascii_uppercase();
    let pane = tmux.wait_until("the miss", WAIT, |p| {
        p.contains(&format!("Missed: {upper}"))
    });
    assert!(pane.contains(&board), "expected {board:?} in\n{pane}");
    assert!(pane.contains("Lives:  ♥♥♥♥♥· 5 of 6"), "{pane}");
    // The alphabet marks the hit in upper case and the miss with a dot.
    let alphabet: String = ('a'..='z')
        .map(|c| match c {
            'e' => 'E',
            c if c == miss => '·',
            c => c,
        })
        .collect();
    let row = |s: &str| s.chars().map(String::from).collect::<Vec<_>>().join(" ");
    assert!(pane.contains(&row(&alphabet[..alphabet.char_indices().nth(13).unwrap().0])));
    assert!(pane.contains(&row(&alphabet[alphabet.char_indices().nth(13).unwrap().0..])));

    // Esc on a game in progress asks first; another key keeps the game.
    tmux.keys(&["Escape"]);
    tmux.wait_until("the question", WAIT, |p| p.contains("Quit this game?"));
    tmux.keys(&["n"]);
    tmux.wait_until("the game again", WAIT, |p| p.contains("Carry on."));
    tmux.keys(&["Escape"]);
    tmux.wait_until("the question", WAIT, |p| p.contains("Quit this game?"));
    tmux.keys(&["y"]);
    let pane = tmux.wait_exit(WAIT);
    assert!(pane.contains("EXITED rc=0"), "{pane}");
    assert!(
        !pane.contains("guess>"),
        "the UI is still on screen:\n{pane}"
    );
    assert!(pane.contains("games 0, wins 0"), "{pane}");
}

/// A signal mid-game: the terminal is restored, the session's statistics printed, and the
/// exit code is 128 + the signal.
fn stopped_by(signal: &str, number: i32) {
    let (tmux, dir) = start(&format!("play-{signal}"), 80, 24, "--length 5 --seed 1");
    tmux.wait_until("the start screen", WAIT, |p| p.contains("guess>"));
    // Win one game (the fixture's only five-letter word), start another.
    // Enter first: then the keys spell a word instead of guessing letters.
    tmux.keys(&["Enter", "crane", "Enter"]);
    tmux.wait_until("the win", WAIT, |p| p.contains("You won!"));
    tmux.keys(&["Enter"]);
    tmux.wait_until("the next game", WAIT, |p| p.contains("Word:   _ _ _ _ _"));
    kill(signal, dir.path());
    let pane = tmux.wait_exit(WAIT);
    assert!(
        pane.contains(&format!("EXITED rc={}", 128 + number)),
        "{pane}"
    );
    assert!(pane.contains("games 1, wins 1"), "{pane}");
    assert!(
        !pane.contains("guess>"),
        "the UI is still on screen:\n{pane}"
    );
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn sigterm_restores_the_terminal_and_keeps_the_score() {
    stopped_by("TERM", 15);
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn sighup_restores_the_terminal_and_keeps_the_score() {
    stopped_by("HUP", 1);
}

/// `tmux kill-session` closes the terminal under the game: it ends as SIGHUP ends it (exit
/// 129, statistics printed) instead of reading the end of the dead terminal forever.
#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn a_closed_terminal_ends_the_session() {
    let bin = env!("CARGO_BIN_EXE_hangman");
    let (tmux, dir) = Tmux::start_to_hang_up("play-hangup", true, |_| {
        format!("{bin} play {} --length 5 --seed 1", fixture().display())
    });
    tmux.wait_until("the start screen", WAIT, |p| p.contains("guess>"));
    // Enter first: then the keys spell a word instead of guessing letters.
    tmux.keys(&["Enter", "crane", "Enter"]);
    tmux.wait_until("the win", WAIT, |p| p.contains("You won!"));
    tmux.kill_session();
    assert_eq!(wait_hung_up(dir.path(), WAIT), 129);
    let stderr = std::fs::read_to_string(dir.path().join("stderr")).unwrap();
    assert!(stderr.contains("games 1, wins 1"), "{stderr}");
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn the_too_small_screen_takes_no_guesses() {
    let (tmux, _dir) = start("play-small", 20, 8, "--length 5 --seed 1");
    tmux.wait_until("the notice", WAIT, |p| p.contains("The terminal is too"));
    tmux.keys(&["q", "Enter", "x", "Enter"]);
    std::thread::sleep(Duration::from_millis(300));
    tmux.resize(80, 24);
    let pane = tmux.wait_until("the game", WAIT, |p| p.contains("guess>"));
    assert!(pane.contains("Lives:  ♥♥♥♥♥♥ 6 of 6"), "{pane}");
    assert!(pane.contains("Missed: -"), "{pane}");
    tmux.keys(&["C-c"]);
    assert!(tmux.wait_exit(WAIT).contains("EXITED rc=0"));
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn colour_follows_the_flag_and_no_color() {
    // tmux reports colours as SGR sequences: green is 32 or 38;5;2.
    let runs = std::cell::Cell::new(0);
    let coloured = |env: &str, extra: &str| {
        let args = format!("--length 5 --seed 1 {extra}");
        // A server of its own each time: a new one on a socket just killed may not start.
        runs.set(runs.get() + 1);
        let name = format!("play-colour-{}", runs.get());
        let (tmux, _dir) = start_with_env(&name, 80, 24, env, &args);
        tmux.wait_until("the start screen", WAIT, |p| p.contains("guess>"));
        tmux.keys(&["c", "z"]);
        tmux.wait_until("the miss", WAIT, |p| p.contains("Missed: Z"));
        let styled = tmux.pane_styled();
        tmux.keys(&["C-c"]);
        tmux.wait_exit(WAIT);
        let green = styled.contains("\x1b[32m") || styled.contains("38;5;2m");
        // Without colour the hit is still bold.
        assert!(styled.contains("\x1b[1m"), "{styled}");
        green
    };
    assert!(coloured("", ""), "hits are green by default");
    assert!(!coloured("NO_COLOR=1", ""));
    assert!(coloured("NO_COLOR=1", "--color=always"));
    assert!(!coloured("", "--color never"));
}
