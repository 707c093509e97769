use std::path::Path;
use std::time::Duration;

use blender::{Dictionary, Difficulty, FakeClock, Game, RoundGenerator};
use lexicon::Lexicon;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::{Terminal, backend::TestBackend};

use super::app::BlenderApp;
use super::look::BlenderPalette;
use crate::blender::session::BlenderSettings;
use crate::terminal::frame;

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

fn settings(scores: &Path, name: Option<&str>) -> BlenderSettings {
    BlenderSettings {
        seed: 1,
        daily: None,
        difficulty: Difficulty::Normal,
        time_limit: Duration::from_secs(120),
        store: std::sync::Arc::new(wordplay_scores::Store::open(scores).unwrap()),
        name: name.map(String::from),
        default_name: "tester".into(),
    }
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn keys(app: &mut BlenderApp<'_, '_, FakeClock>, text: &str) {
    for c in text.chars() {
        app.handle_key(key(match c {
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            '\t' => KeyCode::Tab,
            c => KeyCode::Char(c),
        }));
    }
}

fn screen(app: &BlenderApp<'_, '_, FakeClock>, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| frame::draw(f, app)).unwrap();
    terminal.backend().to_string()
}

/// Runs `test` on a fresh game of the one-rack fixture with a fake clock and a high-score
/// file in a temporary directory.
fn with_app(test: impl FnOnce(&mut BlenderApp<'_, '_, FakeClock>, &FakeClock)) {
    let dir = tempfile::tempdir().unwrap();
    with_settings(&settings(&dir.path().join("s.sqlite3"), None), test);
}

/// [`with_app`] with given settings.
fn with_settings(
    settings: &BlenderSettings,
    test: impl FnOnce(&mut BlenderApp<'_, '_, FakeClock>, &FakeClock),
) {
    let dict = dictionary();
    let clock = FakeClock::new();
    let generator = RoundGenerator::new(&dict, 1, 40).unwrap();
    let game = Game::new(generator, clock.clone(), 1, Duration::from_secs(120));
    test(
        &mut BlenderApp::new(game, settings, BlenderPalette::new(false)),
        &clock,
    );
}

#[test]
fn screens_during_and_after_a_round() {
    with_app(|app, clock| {
        insta::assert_snapshot!("start", screen(app, 80, 20));

        keys(app, "listen\ninlets\nlist\nlist\n?");
        clock.advance(Duration::from_secs(30));
        keys(app, "te");
        app.tick();
        insta::assert_snapshot!("playing", screen(app, 80, 20));

        clock.advance(Duration::from_secs(100));
        app.tick();
        insta::assert_snapshot!("round_over", screen(app, 80, 20));
        assert!(!app.wants_quit());
        keys(app, "\n");
        assert_eq!(app.game().round_number(), 2);
        app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(app.wants_quit());
    });
}

#[test]
fn only_rack_letters_can_be_typed() {
    with_app(|app, _| {
        keys(app, "qz");
        assert_eq!(app.input, "");
        assert_eq!(app.message.0, "Z is not in the letters");
        keys(app, "ll");
        assert_eq!(app.input, "L");
        assert_eq!(app.message.0, "no L left in the letters");
    });
}

#[test]
fn escape_clears_then_asks_before_giving_up() {
    with_app(|app, _| {
        keys(app, "lis\x1b");
        assert_eq!(app.input, "");
        assert_eq!(app.game().round().ended(), None);
        keys(app, "\x1b");
        assert!(screen(app, 80, 20).contains("Give up this round?"));
        keys(app, "n");
        assert_eq!(
            app.game().round().ended(),
            None,
            "any other key keeps playing"
        );
        keys(app, "\x1by");
        assert!(app.game().round().ended().is_some());
    });
}

#[test]
fn pause_hides_the_letters_and_stops_the_timer() {
    with_app(|app, clock| {
        let letters = app.game().round().letters();
        let tiles: Vec<String> = letters.chars().map(|c| format!(" {c} ")).collect();
        assert!(screen(app, 80, 20).contains(&tiles.join(" ")));
        keys(app, "\t");
        clock.advance(Duration::from_secs(300));
        app.tick();
        let paused = screen(app, 80, 20);
        assert!(paused.contains("Paused"), "{paused}");
        assert!(!paused.contains(&tiles.join(" ")), "{paused}");
        assert!(paused.contains("2:00"), "{paused}");
        keys(app, "x");
        assert_eq!(app.game().round().ended(), None);
        assert_eq!(app.input, "", "the key that ends a pause types nothing");
    });
}

#[test]
fn a_small_terminal_stops_the_timer_and_ignores_keys() {
    with_app(|app, clock| {
        app.fit(20, 8);
        clock.advance(Duration::from_secs(500));
        app.tick();
        keys(app, "\x1by");
        let small = screen(app, 20, 8);
        assert!(
            small.contains("The terminal is too") && small.contains("The timer is"),
            "{small}"
        );
        assert_eq!(app.game().round().ended(), None);
        app.fit(80, 24);
        assert_eq!(app.game().time_left(), Duration::from_secs(120));
    });
}

#[test]
fn a_high_score_asks_for_a_name_and_shows_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sqlite3");
    with_settings(&settings(&path, None), |app, _| {
        keys(app, "lens\n\x1by\n");
        assert!(screen(app, 80, 20).contains("name> tester_"));
        // Backspace the offered name and type another.
        for _ in 0..6 {
            app.handle_key(key(KeyCode::Backspace));
        }
        keys(app, "Zoë\n");
        let table = screen(app, 80, 24);
        assert!(table.contains("high score #1!"), "{table}");
        assert!(table.contains("  1. Zoë"), "{table}");
        let saved = wordplay_scores::Store::open(&path)
            .unwrap()
            .blender_top(10)
            .unwrap();
        assert_eq!(saved[0].name, "Zoë");
        keys(app, "\n");
        assert!(app.wants_quit());
    });
}
