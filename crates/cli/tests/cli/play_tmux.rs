//! End to end in a real terminal: `hangman play --seed 1` inside tmux. Skips (with a
//! printed reason) when tmux is not installed.

use std::path::PathBuf;
use std::time::Duration;

use super::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(10);

#[test]
fn play_in_tmux_draws_board_and_alphabet_and_restores_the_terminal() {
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/play.txt");
    let words = std::fs::read_to_string(&fixture).unwrap();
    let bin = env!("CARGO_BIN_EXE_hangman");
    // After the game: the exit code, and whether the terminal is back in cooked mode with
    // echo (raw mode turns both off).
    let script = format!(
        "'{bin}' play '{}' --seed 1; echo EXITED rc=$?; \
         stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; \
         echo; sleep 60",
        fixture.display()
    );
    let Some(tmux) = Tmux::start("play", 80, 24, &script) else {
        return;
    };

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

    // A hit (every fixture word has an e) and a miss.
    let miss = ('a'..='z').find(|c| !word.contains(*c)).unwrap();
    tmux.keys(&["e", "Enter", &miss.to_string(), "Enter"]);
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

    // Quit with Escape: the alternate screen is gone and the terminal is cooked again.
    tmux.keys(&["Escape"]);
    // The typed command line holds "EXITED rc=$?" too: wait for the printed line.
    let pane = tmux.wait_until("the exit", WAIT, |p| {
        p.lines()
            .any(|l| l.starts_with("EXITED rc=") && !l.contains('$'))
    });
    assert!(pane.contains("EXITED rc=0"), "{pane}");
    let pane = tmux.wait_until("stty", WAIT, |p| p.contains("icanon"));
    assert!(
        pane.contains("icanon echo"),
        "terminal not restored:\n{pane}"
    );
    assert!(
        !pane.contains("-icanon") && !pane.contains("-echo"),
        "{pane}"
    );
    assert!(
        !pane.contains("guess>"),
        "the UI is still on screen:\n{pane}"
    );
    assert!(pane.contains("games 0, wins 0"), "{pane}");
}
