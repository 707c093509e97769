//! The rules of play with a fake clock: no test waits.

use std::time::Duration;

use blender::{
    ALL_FOUND_BONUS, Dictionary, FakeClock, Feedback, Game, RoundEnd, RoundGenerator, Slot,
    TIME_BONUS_PER_SECOND, bonus_word_points, word_points,
};
use lexicon::Lexicon;

/// One rack (e i l n s t), so every round deals it.
const ACCEPTED: &[&str] = &[
    "enlist", "inlets", "listen", "silent", "tinsel", "inlet", "islet", "lines", "stein", "tiles",
    "lens", "lent", "line", "list", "nest", "silt", "tile", "lie", "lit", "net", "nil", "set",
    "sit", "ten", "tin",
];
/// The required tier: "inlets", "islet", "stein", "silt", "nil" are bonus words.
const COMMON: &[&str] = &[
    "enlist", "listen", "silent", "tinsel", "inlet", "lines", "tiles", "lens", "lent", "line",
    "list", "nest", "tile", "lie", "lit", "net", "set", "sit", "ten", "tin",
];

fn dictionary() -> Dictionary {
    let accepted = Lexicon::from_words(ACCEPTED.iter().copied()).unwrap();
    let common = Lexicon::from_words(COMMON.iter().copied()).unwrap();
    Dictionary::new(&accepted, Some(&common))
}

fn game(dict: &Dictionary) -> (Game<'_, FakeClock>, FakeClock) {
    let generator = RoundGenerator::new(dict, 1, 100).unwrap();
    let clock = FakeClock::new();
    let game = Game::new(generator, clock.clone(), 5, Duration::from_secs(120));
    (game, clock)
}

#[test]
fn a_six_letter_word_advances_with_the_score_carried() {
    let dict = dictionary();
    let (mut g, clock) = game(&dict);
    let fb = g.guess("LISTEN");
    assert_eq!(
        fb,
        Feedback::Found {
            word: "listen".into(),
            points: word_points(6),
            bonus_word: false,
            qualifies: true,
            time_bonus: Some(120 * TIME_BONUS_PER_SECOND),
            all_found_bonus: None
        }
    );
    // A second six-letter word scores but does not "qualify" again.
    assert!(matches!(
        g.guess("silent"),
        Feedback::Found {
            qualifies: false,
            ..
        }
    ));
    clock.advance(Duration::from_secs(119));
    assert!(!g.tick());
    assert_eq!(g.round().ended(), None);
    clock.advance(Duration::from_secs(1));
    assert!(g.tick());
    assert_eq!(g.guess("lens"), Feedback::RoundOver);
    let summary = g.summary().unwrap();
    assert_eq!(summary.end, RoundEnd::TimeUp);
    assert!(summary.advances);
    assert!(!g.is_over());
    assert_eq!(g.rounds_won(), 1);
    assert!(g.next_round());
    assert_eq!(g.round_number(), 2);
    assert_eq!(g.score(), 2 * word_points(6) + 120 * TIME_BONUS_PER_SECOND);
    assert_eq!(g.round().score(), 0);
    assert_eq!(g.time_left(), Duration::from_secs(120));
}

#[test]
fn without_a_six_letter_word_the_game_ends() {
    let dict = dictionary();
    let (mut g, clock) = game(&dict);
    assert!(matches!(
        g.guess("lines"),
        Feedback::Found {
            qualifies: false,
            ..
        }
    ));
    clock.advance(Duration::from_secs(121));
    // A guess after the timer ran out is refused and ends the round.
    assert_eq!(g.guess("list"), Feedback::TimeUp);
    assert!(g.is_over());
    assert!(!g.next_round());
    assert_eq!(g.round_number(), 1);
    assert_eq!(g.rounds_won(), 0);
    assert_eq!(g.score(), word_points(5));
}

#[test]
fn finding_every_required_word_earns_the_bonus() {
    let dict = dictionary();
    let (mut g, _clock) = game(&dict);
    let mut expected = 0;
    for (i, w) in COMMON.iter().enumerate() {
        let fb = g.guess(w);
        expected += word_points(w.len());
        let last = i + 1 == COMMON.len();
        match fb {
            Feedback::Found {
                all_found_bonus, ..
            } => {
                assert_eq!(all_found_bonus, last.then_some(ALL_FOUND_BONUS), "{w}")
            }
            other => panic!("{w}: {other:?}"),
        }
    }
    assert_eq!(g.round().ended(), Some(RoundEnd::AllFound));
    // The first six-letter word came at once: the whole two minutes as a time bonus.
    assert_eq!(
        g.score(),
        expected + ALL_FOUND_BONUS + 120 * TIME_BONUS_PER_SECOND
    );
    assert!(g.summary().unwrap().missed.is_empty());
    assert!(g.next_round());
}

#[test]
fn bad_and_repeated_guesses_get_their_messages() {
    let dict = dictionary();
    let (mut g, _clock) = game(&dict);
    assert_eq!(g.guess("ab"), Feedback::TooShort("ab".into()));
    assert_eq!(
        g.guess("lisp"),
        Feedback::LettersNotAvailable("lisp".into())
    );
    assert_eq!(
        g.guess("listens"),
        Feedback::LettersNotAvailable("listens".into())
    );
    assert_eq!(
        g.guess("tests"),
        Feedback::LettersNotAvailable("tests".into())
    );
    assert_eq!(g.guess("snit"), Feedback::NotAWord("snit".into()));
    assert!(matches!(g.guess("tile"), Feedback::Found { .. }));
    assert_eq!(g.guess("TILE"), Feedback::AlreadyFound("tile".into()));
    // A bonus word scores half and does not fill a slot.
    assert_eq!(
        g.guess("inlets"),
        Feedback::Found {
            word: "inlets".into(),
            points: bonus_word_points(6),
            bonus_word: true,
            qualifies: true,
            time_bonus: Some(120 * TIME_BONUS_PER_SECOND),
            all_found_bonus: None
        }
    );
    assert_eq!(g.guess("inlets"), Feedback::AlreadyFound("inlets".into()));
    assert_eq!(g.round().bonus_found(), ["inlets"]);
    assert_eq!(
        g.score(),
        word_points(4) + bonus_word_points(6) + 120 * TIME_BONUS_PER_SECOND
    );
    assert_eq!(g.round().progress(), (1, COMMON.len()));
    assert_eq!(g.guess("lens").to_string(), "LENS: found! +20");
    assert_eq!(g.guess("snit").to_string(), "SNIT: not a word");
}

#[test]
fn missed_words_are_listed_by_length_then_alphabetically() {
    let dict = dictionary();
    let (mut g, _clock) = game(&dict);
    for w in ["tinsel", "lie", "lines", "nest"] {
        assert!(matches!(g.guess(w), Feedback::Found { .. }));
    }
    g.give_up();
    let summary = g.summary().unwrap();
    assert_eq!(summary.end, RoundEnd::GaveUp);
    let mut expected: Vec<&str> = COMMON
        .iter()
        .copied()
        .filter(|w| !["tinsel", "lie", "lines", "nest"].contains(w))
        .collect();
    expected.sort_by_key(|w| (w.len(), *w));
    assert_eq!(summary.missed, expected);
    assert_eq!(summary.found, 4);
    assert_eq!(summary.required, COMMON.len());
}

#[test]
fn slots_show_counts_without_leaking_order_and_hints_cost_time() {
    let dict = dictionary();
    let (mut g, _clock) = game(&dict);
    let count = |len| COMMON.iter().filter(|w| w.len() == len).count();
    let groups = g.round().slots();
    assert_eq!(
        groups.iter().map(|g| g.length).collect::<Vec<_>>(),
        [3, 4, 5, 6]
    );
    for group in &groups {
        assert_eq!(group.slots.len(), count(group.length));
        assert!(group.slots.iter().all(|s| *s == Slot::Blank(group.length)));
    }
    // The alphabetically last five-letter word is shown first once found.
    g.guess("tiles");
    let five = &g.round().slots()[2];
    assert_eq!(five.slots[0], Slot::Found("tiles".into()));
    assert_eq!(five.slots[1], Slot::Blank(5));
    // Hints start on a six-letter word and keep revealing it.
    assert_eq!(
        g.hint(),
        Feedback::Hint {
            prefix: "e".into(),
            length: 6
        }
    );
    assert_eq!(
        g.hint(),
        Feedback::Hint {
            prefix: "en".into(),
            length: 6
        }
    );
    assert_eq!(g.time_left(), Duration::from_secs(100));
    let six = &g.round().slots()[3];
    assert_eq!(
        six.slots[0],
        Slot::Hinted {
            prefix: "en".into(),
            length: 6
        }
    );
    // Shuffling keeps the letters.
    let before = g.round().letters();
    assert_eq!(g.shuffle(), Feedback::Shuffled);
    let mut a: Vec<char> = before.chars().collect();
    let mut b: Vec<char> = g.round().letters().chars().collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(!dict.accepts(&g.round().letters().to_lowercase()));
}

#[test]
fn hints_can_run_out_the_clock() {
    let dict = dictionary();
    let (mut g, _clock) = game(&dict);
    // Twelve hints of 10 s use up the 120 s: the last one ends the round.
    for i in 0..12 {
        assert_eq!(g.round().ended(), None, "hint {i}");
        assert!(matches!(g.hint(), Feedback::Hint { .. }));
    }
    assert_eq!(g.round().ended(), Some(RoundEnd::TimeUp));
    assert_eq!(g.hint(), Feedback::RoundOver);
    assert!(g.is_over());
}

#[test]
fn the_time_bonus_is_the_time_left_for_the_first_six_letter_word() {
    let dict = dictionary();
    let (mut g, clock) = game(&dict);
    // 74.5 s left: the timer shows 1:15, and that is the bonus.
    clock.advance(Duration::from_millis(45_500));
    let fb = g.guess("silent");
    assert!(
        matches!(
            fb,
            Feedback::Found {
                time_bonus: Some(75),
                ..
            }
        ),
        "{fb:?}"
    );
    assert_eq!(
        fb.to_string(),
        "SILENT: found! +80 Time bonus +75! You will advance to the next round!"
    );
    assert!(matches!(
        g.guess("listen"),
        Feedback::Found {
            time_bonus: None,
            ..
        }
    ));
    assert_eq!(g.score(), 2 * word_points(6) + 75);
}

#[test]
fn a_pause_stops_the_timer() {
    let dict = dictionary();
    let (mut g, clock) = game(&dict);
    clock.advance(Duration::from_secs(20));
    g.pause();
    assert!(g.is_paused());
    clock.advance(Duration::from_secs(500));
    assert!(!g.tick(), "time does not run out while paused");
    assert_eq!(g.time_left(), Duration::from_secs(100));
    g.resume();
    assert!(!g.is_paused());
    clock.advance(Duration::from_secs(30));
    assert_eq!(g.time_left(), Duration::from_secs(70));
    // A second pause adds up with the first.
    g.pause();
    clock.advance(Duration::from_secs(1000));
    g.resume();
    assert_eq!(g.time_left(), Duration::from_secs(70));
    clock.advance(Duration::from_secs(70));
    assert!(g.tick());
    assert_eq!(g.round().ended(), Some(RoundEnd::TimeUp));
}

#[test]
fn missed_words_fill_their_slots_when_the_round_ends() {
    let dict = dictionary();
    let (mut g, _clock) = game(&dict);
    g.guess("tiles");
    g.give_up();
    let five = g
        .round()
        .slots()
        .into_iter()
        .find(|group| group.length == 5)
        .unwrap();
    assert_eq!(
        five.slots,
        [
            Slot::Missed("inlet".into()),
            Slot::Missed("lines".into()),
            Slot::Found("tiles".into()),
        ]
    );
}

#[test]
fn a_single_round_game_ends_with_its_round() {
    let dict = dictionary();
    let (g, _clock) = game(&dict);
    let mut g = g.single_round();
    let fb = g.guess("listen");
    assert!(
        matches!(
            fb,
            Feedback::Found {
                qualifies: false,
                time_bonus: Some(_),
                ..
            }
        ),
        "{fb:?}"
    );
    assert!(!fb.to_string().contains("advance"));
    g.give_up();
    assert!(g.is_over());
    assert!(!g.summary().unwrap().advances);
    assert_eq!(g.rounds_won(), 1);
    assert!(!g.next_round());
}
