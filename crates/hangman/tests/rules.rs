//! The challenge's rules, exactly (design §1).

use hangman::{Fair, Game, GameError, Guess, Outcome, Position, Status, Step};
use lexicon::Letter;
use proptest::prelude::*;

fn game(secret: &str, max_wrong: u32) -> Game<Fair> {
    Game::new(Fair::new(secret).unwrap(), max_wrong)
}

fn guess(game: &mut Game<Fair>, input: &str) -> Outcome {
    game.guess(&Guess::parse(input).unwrap()).unwrap()
}

#[test]
fn factual_worked_example() {
    let mut g = game("factual", 4);
    assert_eq!(g.to_string(), "-------; score=0; status=KEEP_GUESSING");
    let steps = [
        ("a", "-A---A-; score=1; status=KEEP_GUESSING"),
        ("natural", "-A---A-; score=2; status=KEEP_GUESSING"),
        ("x", "-A---A-; score=3; status=KEEP_GUESSING"),
        ("u", "-A--UA-; score=4; status=KEEP_GUESSING"),
        ("l", "-A--UAL; score=5; status=KEEP_GUESSING"),
        ("factual", "FACTUAL; score=5; status=GAME_WON"),
    ];
    for (input, expected) in steps {
        guess(&mut g, input);
        assert_eq!(g.to_string(), expected, "after {input}");
    }
}

#[test]
fn repeated_letter_and_wrong_word_are_free() {
    let mut g = game("factual", 5);
    guess(&mut g, "x");
    guess(&mut g, "natural");
    let before = g.to_string();
    assert_eq!(guess(&mut g, "x"), Outcome::Repeated);
    assert_eq!(guess(&mut g, "X"), Outcome::Repeated);
    assert_eq!(guess(&mut g, "NATURAL"), Outcome::Repeated);
    assert_eq!(g.to_string(), before);
    assert_eq!(g.state().score(), 2);
    assert_eq!(g.state().wrong_guesses(), 2);
    // A repeated correct letter is free too.
    guess(&mut g, "a");
    assert_eq!(guess(&mut g, "a"), Outcome::Repeated);
    assert_eq!(g.state().score(), 3);
}

#[test]
fn wrong_word_of_another_length_is_one_wrong_guess() {
    let mut g = game("factual", 5);
    assert_eq!(guess(&mut g, "cat"), Outcome::Word { correct: false });
    assert_eq!(guess(&mut g, "factually"), Outcome::Word { correct: false });
    assert_eq!(g.state().wrong_guesses(), 2);
    assert_eq!(g.state().score(), 2);
    assert_eq!(g.state().wrong_words(), ["cat", "factually"]);
}

#[test]
fn sixth_wrong_guess_loses_at_max_five() {
    let mut g = game("factual", 5);
    for (i, l) in ["b", "d", "e", "g", "h"].into_iter().enumerate() {
        guess(&mut g, l);
        assert_eq!(
            g.state().status(),
            Status::KeepGuessing,
            "after {} misses",
            i + 1
        );
        assert_eq!(g.state().score(), i as u32 + 1);
    }
    assert_eq!(g.state().wrong_guesses_left(), 0);
    guess(&mut g, "i");
    assert_eq!(g.state().status(), Status::GameLost);
    assert_eq!(g.state().score(), 25);
    assert_eq!(g.to_string(), "-------; score=25; status=GAME_LOST");
}

#[test]
fn wrong_words_count_toward_the_loss() {
    let mut g = game("mus", 1);
    guess(&mut g, "mud");
    assert_eq!(g.state().status(), Status::KeepGuessing);
    guess(&mut g, "x");
    assert_eq!(g.state().status(), Status::GameLost);
}

#[test]
fn guessing_after_the_end_is_an_error() {
    let mut g = game("oses", 5);
    guess(&mut g, "oses");
    assert_eq!(g.state().status(), Status::GameWon);
    assert_eq!(g.state().score(), 0, "a correct word adds nothing");
    let err = g.guess(&Guess::parse("a").unwrap()).unwrap_err();
    assert_eq!(err, GameError::Finished(Status::GameWon));
    let mut g = game("oses", 0);
    guess(&mut g, "z");
    assert!(matches!(
        g.guess(&Guess::parse("o").unwrap()),
        Err(GameError::Finished(Status::GameLost))
    ));
}

#[test]
fn correct_word_adds_nothing_mid_game() {
    let mut g = game("factual", 5);
    guess(&mut g, "a");
    guess(&mut g, "z");
    guess(&mut g, "factual");
    assert_eq!(g.state().score(), 2);
    assert_eq!(g.state().status(), Status::GameWon);
}

#[test]
fn guesses_parse_and_reject_non_letters() {
    assert_eq!(
        Guess::parse(" E ").unwrap(),
        Guess::Letter(Letter::from_ascii(b'e').unwrap())
    );
    assert_eq!(Guess::parse("Word").unwrap(), Guess::Word("word".into()));
    for bad in ["", "  ", "3", "é", "ab-c", "a b"] {
        assert!(
            matches!(Guess::parse(bad), Err(GameError::InvalidGuess(_))),
            "{bad:?}"
        );
    }
    assert!(Fair::new("abc1").is_err());
    assert!(Fair::new("").is_err());
}

proptest! {
    #[test]
    fn score_is_correct_plus_wrong_unless_lost(
        secret in "[a-h]{1,8}",
        guesses in prop::collection::vec(prop_oneof!["[a-j]", "[a-h]{2,4}"], 0..30),
        max_wrong in 0u32..8,
    ) {
        let mut g = game(&secret, max_wrong);
        let mut correct = std::collections::BTreeSet::new();
        let mut wrong_letters = std::collections::BTreeSet::new();
        let mut wrong_words = std::collections::BTreeSet::new();
        for input in &guesses {
            if g.state().status() != Status::KeepGuessing {
                prop_assert!(g.guess(&Guess::parse(input).unwrap()).is_err());
                break;
            }
            guess(&mut g, input);
            if input.len() == 1 {
                if secret.contains(input.as_str()) { correct.insert(input.clone()); }
                else { wrong_letters.insert(input.clone()); }
            } else if *input != secret {
                wrong_words.insert(input.clone());
            }
            let wrong = (wrong_letters.len() + wrong_words.len()) as u32;
            let state = g.state();
            if wrong > max_wrong {
                prop_assert_eq!(state.status(), Status::GameLost);
                prop_assert_eq!(state.score(), 25);
            } else {
                prop_assert_eq!(state.score(), correct.len() as u32 + wrong);
            }
            // The board never shows a letter that was not guessed (unless the word was).
            if *input != secret {
                for (cell, b) in state.board().cells().iter().zip(secret.bytes()) {
                    match cell {
                        Some(l) => {
                            prop_assert_eq!(l.lower(), b);
                            prop_assert!(correct.contains(&(b as char).to_string()));
                        }
                        None => prop_assert!(!correct.contains(&(b as char).to_string())),
                    }
                }
            }
        }
    }

    #[test]
    fn letter_by_letter_wins_with_distinct_letters(secret in "[a-z]{1,12}", max_wrong in 0u32..6) {
        let mut g = game(&secret, max_wrong);
        for b in secret.bytes() {
            if g.state().status() == Status::GameWon { break; }
            guess(&mut g, &(b as char).to_string());
        }
        let distinct = lexicon::LetterSet::of_word(secret.as_bytes()).len();
        prop_assert_eq!(g.state().status(), Status::GameWon);
        prop_assert_eq!(g.state().score(), distinct);
        prop_assert_eq!(g.state().board().to_string(), secret.to_ascii_uppercase());
    }
}

proptest! {
    /// The rules' transition as search code uses it (unchecked steps, answers from the
    /// dictionary's position masks) against the game played through a referee: the same
    /// position, score and status after every guess.
    #[test]
    fn unchecked_steps_follow_the_game(
        secret in "[a-h]{1,8}",
        guesses in prop::collection::vec(prop_oneof!["[a-j]", "[a-h]{1,4}"], 0..30),
        max_wrong in 0u32..8,
    ) {
        let mut g = game(&secret, max_wrong);
        let lexicon = lexicon::Lexicon::from_words([secret.as_str()]).unwrap();
        let bucket = lexicon.bucket(secret.len());
        let mut position = Position::new(secret.len(), max_wrong);
        let mut wrong_words = Vec::new();
        for input in &guesses {
            if position.is_over() {
                break;
            }
            let step = match Guess::parse(input).unwrap() {
                Guess::Letter(letter) if position.guessed_letters().contains(letter) => continue,
                Guess::Letter(letter) => Step::Letter { letter, positions: bucket.positions(0, letter) },
                Guess::Word(word) if wrong_words.contains(&word) => continue,
                Guess::Word(word) => {
                    let correct = word == secret;
                    if !correct {
                        wrong_words.push(word);
                    }
                    Step::Word { correct }
                }
            };
            position.play_unchecked(step);
            guess(&mut g, input);
            prop_assert_eq!(g.state().position(), position);
            prop_assert_eq!(g.state().score(), position.score());
            prop_assert_eq!(g.state().status(), position.status());
            prop_assert_eq!(g.state().board().revealed(), position.revealed());
        }
    }
}
