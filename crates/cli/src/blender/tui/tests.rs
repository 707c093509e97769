use std::time::Duration;

use blender::{Dictionary, FakeClock, Game, RoundGenerator};
use lexicon::Lexicon;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::{Terminal, backend::TestBackend};

use super::App;

const ACCEPTED: &[&str] = &[
    "enlist", "inlets", "listen", "silent", "tinsel", "inlet", "islet", "lines", "stein", "tiles",
    "lens", "lent", "line", "list", "nest", "silt", "tile", "lie", "lit", "net", "nil", "set",
    "sit", "ten", "tin",
];
const COMMON: &[&str] = &[
    "enlist", "listen", "silent", "tinsel", "inlet", "lines", "tiles", "lens", "line", "list",
    "nest", "tile", "lie", "lit", "net", "set", "sit", "ten", "tin",
];

fn dictionary() -> Dictionary {
    let accepted = Lexicon::from_words(ACCEPTED.iter().copied()).unwrap();
    let common = Lexicon::from_words(COMMON.iter().copied()).unwrap();
    Dictionary::new(&accepted, Some(&common))
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn type_word(app: &mut App<'_, FakeClock>, word: &str) {
    for c in word.chars() {
        app.handle_key(key(KeyCode::Char(c)));
    }
    app.handle_key(key(KeyCode::Enter));
}

fn screen(app: &App<'_, FakeClock>) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 20)).unwrap();
    terminal.draw(|f| app.render(f)).unwrap();
    terminal.backend().to_string()
}

#[test]
fn screens_during_and_after_a_round() {
    let dict = dictionary();
    let generator = RoundGenerator::new(&dict, 1, 40).unwrap();
    let clock = FakeClock::new();
    let game = Game::new(generator, clock.clone(), 1, Duration::from_secs(120));
    let mut app = App::new(game);
    insta::assert_snapshot!("start", screen(&app));

    type_word(&mut app, "listen");
    type_word(&mut app, "inlets");
    type_word(&mut app, "list");
    type_word(&mut app, "list");
    app.handle_key(key(KeyCode::Char('?')));
    clock.advance(Duration::from_secs(30));
    app.handle_key(key(KeyCode::Char('t')));
    app.handle_key(key(KeyCode::Char('e')));
    app.tick();
    insta::assert_snapshot!("playing", screen(&app));

    clock.advance(Duration::from_secs(100));
    app.tick();
    insta::assert_snapshot!("round_over", screen(&app));
    assert!(!app.wants_quit());
    app.handle_key(key(KeyCode::Enter));
    assert_eq!(app.game().round_number(), 2);
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.wants_quit());
}
