//! Reversed roles end to end in a real terminal (`hangman play --guesser`), inside tmux:
//! a board filled with a non-word, the win counter, "no word fits" said once, and every
//! answer taking Enter. Ignored ("needs tmux") where tmux is not installed.

use std::time::Duration;

use super::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// Three-letter words only, so a game of length 3 has a dictionary to guess from.
const WORDS: &str = "cat\ndog\nant\nbee\ntea\nowl\nemu\nyak\n";

/// Starts `hangman play DICT --guesser greedy ARGS` (DICT: [`WORDS`]) in a wide tmux
/// session.
fn start(name: &str, args: &str) -> (Tmux, tempfile::TempDir) {
    let bin = env!("CARGO_BIN_EXE_hangman");
    Tmux::start_program(name, 150, 30, |dir| {
        let dict = dir.join("words.txt");
        std::fs::write(&dict, WORDS).unwrap();
        format!(
            "{bin} play {} --guesser greedy --seed 1 {args}",
            dict.display()
        )
    })
}

/// The letter the computer asks about on `pane` ("I guess X.").
fn asked(pane: &str) -> char {
    pane.rsplit("I guess ")
        .next()
        .and_then(|t| t.chars().next())
        .filter(char::is_ascii_uppercase)
        .unwrap_or_else(|| panic!("no guess on screen:\n{pane}"))
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn reversed_roles_ask_about_a_non_word_and_count_wins_for_the_right_side() {
    let (tmux, _dir) = start("reverse-nonword", "--lives 2");
    tmux.wait_until("the length question", WAIT, |p| p.contains("length>"));
    tmux.keys(&["3", "Enter"]);
    let pane = tmux.wait_until("the first guess", WAIT, |p| p.contains("I guess "));
    let letter = asked(&pane);
    let filled: String = std::iter::repeat_n(letter, 3).collect();
    tmux.keys(&["1 2 3", "Enter"]);
    let pane = tmux.wait_until("the question about the word", WAIT, |p| {
        p.contains("a word I do not know")
    });
    assert!(
        pane.contains(&format!("Your answers spell {filled}")),
        "{pane}"
    );
    assert!(!pane.contains("I got it"), "claimed a non-word:\n{pane}");
    tmux.keys(&["yes", "Enter"]);
    let pane = tmux.wait_until("the end", WAIT, |p| p.contains("play again"));
    assert!(
        pane.contains(&format!("I got it: {filled}, a word I did not know")),
        "{pane}"
    );
    // The computer won: the player's win counter stays at 0.
    assert!(pane.contains("games 1 · wins 0"), "{pane}");

    // Second game: deny every letter until the computer runs out of lives (2).
    tmux.keys(&["Enter"]);
    tmux.wait_until("the length question", WAIT, |p| p.contains("length>"));
    tmux.keys(&["3", "Enter"]);
    for _ in 0..2 {
        tmux.wait_until("a guess", WAIT, |p| p.contains("I guess "));
        tmux.keys(&["no", "Enter"]);
    }
    let pane = tmux.wait_until("the end", WAIT, |p| p.contains("What was your word?"));
    assert!(pane.contains("You win"), "{pane}");
    assert!(pane.contains("games 2 · wins 1"), "{pane}");
    // It checks the word it lost to against the answers (two misses: no `z` among them).
    tmux.keys(&["zzz", "Enter"]);
    let pane = tmux.wait_until("the verdict", WAIT, |p| p.contains("play again"));
    assert!(pane.contains("ZZZ: a word I did not know"), "{pane}");
    tmux.keys(&["q"]);
    let pane = tmux.wait_exit(WAIT);
    assert!(pane.contains("EXITED rc=0"), "{pane}");
    assert!(pane.contains("games 2, wins 1"), "{pane}");
}

#[test]
#[cfg_attr(not(has_tmux), ignore = "needs tmux")]
fn reversed_roles_say_no_word_fits_once_and_answers_take_enter() {
    let (tmux, _dir) = start("reverse-nofit", "--lives 20");
    tmux.wait_until("the length question", WAIT, |p| p.contains("length>"));
    tmux.keys(&["3", "Enter"]);
    // Deny letters (and word guesses) until no dictionary word is left.
    let asking =
        |p: &str| (p.contains("I guess ") || p.contains("Is your word")) && !p.contains("Thinking");
    let mut pane = tmux.wait_until("a guess", WAIT, asking);
    for _ in 0..20 {
        if pane.contains("fits your answers") {
            break;
        }
        tmux.keys(&["no", "Enter"]);
        let previous = pane;
        pane = tmux.wait_until("the next guess", WAIT, |p| {
            p != previous && asking(p) && !p.contains("answer> no")
        });
    }
    assert_eq!(
        pane.matches("fits your answers").count(),
        1,
        "said other than once:\n{pane}"
    );
    // It keeps guessing.
    let before = asked(&pane);
    // A single key is typed, not acted on: u without Enter undoes nothing.
    tmux.keys(&["u"]);
    let pane = tmux.wait_until("the typed u", WAIT, |p| p.contains("answer> u"));
    assert!(!pane.contains("undone"), "{pane}");
    tmux.keys(&["Enter"]);
    let pane = tmux.wait_until("the undo", WAIT, |p| p.contains("Last answer undone"));
    assert!(!pane.contains("fits your answers"), "{pane}");
    // The question before the last answer comes back.
    assert!(!pane.contains(&format!("I guess {before}.")), "{pane}");
    assert!(
        pane.contains("I guess ") || pane.contains("Is your word"),
        "{pane}"
    );
    tmux.keys(&["Escape"]);
    tmux.wait_until("the question", WAIT, |p| p.contains("Quit this game?"));
    tmux.keys(&["y"]);
    let pane = tmux.wait_exit(WAIT);
    assert!(pane.contains("EXITED rc=0"), "{pane}");
}
