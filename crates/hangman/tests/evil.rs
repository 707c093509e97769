//! Cheating referees: consistent answers, words from the list, largest-family choice.

use std::sync::Arc;

use hangman::candidates;
use hangman::eval::{self, RunOptions};
use hangman::referee::{self, Evil, FamilyChoice, RefereeKind};
use hangman::solve::{SolveOptions, Solver};
use hangman::strategy::{self, Settings};
use hangman::{Game, Guess, Referee, Status};
use lexicon::{Letter, Lexicon};
use proptest::prelude::*;

fn lexicon(words: &[String]) -> Arc<Lexicon> {
    Arc::new(Lexicon::from_words(words.iter().map(String::as_str)).unwrap())
}

/// The largest family by brute force: count every mask, pick by the documented order.
fn brute_largest(bucket: &lexicon::Bucket, family: &[u32], letter: Letter) -> (u32, Vec<u32>) {
    let mut masks: Vec<u32> = family
        .iter()
        .map(|&w| bucket.positions(w as usize, letter))
        .collect();
    masks.sort_unstable();
    masks.dedup();
    let best = masks
        .into_iter()
        .max_by_key(|&m| {
            let size = family
                .iter()
                .filter(|&&w| bucket.positions(w as usize, letter) == m)
                .count();
            (
                size,
                m == 0,
                std::cmp::Reverse(m.count_ones()),
                std::cmp::Reverse(m),
            )
        })
        .unwrap();
    let words = family
        .iter()
        .copied()
        .filter(|&w| bucket.positions(w as usize, letter) == best)
        .collect();
    (best, words)
}

fn dictionary() -> impl Strategy<Value = Vec<String>> {
    (2usize..=4).prop_flat_map(|len| {
        proptest::collection::btree_set(
            proptest::collection::vec(0u8..7, len)
                .prop_map(|v| v.iter().map(|&c| (b'a' + c) as char).collect::<String>()),
            1..30,
        )
        .prop_map(|set| set.into_iter().collect::<Vec<_>>())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn evil_answers_fit_the_whole_transcript(
        words in dictionary(),
        guesses in proptest::collection::vec(0u8..9, 1..12),
        lookahead in any::<bool>(),
    ) {
        let lex = lexicon(&words);
        let length = words[0].len();
        let bucket = lex.bucket(length);
        let choice = if lookahead {
            FamilyChoice::Lookahead { node_budget: 500 }
        } else {
            FamilyChoice::Largest
        };
        let mut game = Game::new(Evil::new(lex.clone(), length, choice).unwrap(), 25);
        for g in guesses {
            if game.state().status() != Status::KeepGuessing {
                break;
            }
            // Mostly letters; index 7 and 8 guess a word of the list (right or wrong).
            let guess = if g < 7 {
                Guess::Letter(Letter::from_index(g).unwrap())
            } else {
                Guess::Word(words[usize::from(g) % words.len()].clone())
            };
            let family_before = game.referee().family().to_vec();
            if let Guess::Letter(letter) = guess
                && !game.state().guessed_letters().contains(letter)
                && !lookahead
            {
                let (mask, expected) = brute_largest(bucket, &family_before, letter);
                game.guess(&guess).unwrap();
                prop_assert_eq!(game.referee().family(), expected.as_slice());
                prop_assert_eq!(game.state().board().cells().iter().enumerate()
                    .filter(|(_, c)| **c == Some(letter)).fold(0u32, |m, (p, _)| m | 1 << p), mask);
            } else {
                game.guess(&guess).unwrap();
            }
            // Every word the referee keeps fits every answer so far, and the family is never
            // empty: some word of the list fits the whole transcript.
            let fits = candidates::consistent(bucket, game.state());
            let family = game.referee().family();
            prop_assert!(!family.is_empty());
            prop_assert!(family.iter().all(|w| fits.contains(w)), "{family:?} vs {fits:?}");
            if game.state().status() == Status::KeepGuessing {
                prop_assert_eq!(family, fits.as_slice());
            }
        }
        let word = game.referee().word();
        prop_assert!(words.contains(&word), "{word} not in the list");
        let fits = candidates::consistent(bucket, game.state());
        prop_assert!(fits.iter().any(|&w| bucket.word_str(w as usize) == word)
            || game.state().status() == Status::GameWon);
    }
}

#[test]
fn a_word_guess_wins_only_when_it_is_the_last_word() {
    let words: Vec<String> = ["cat", "cot", "cut"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let lex = lexicon(&words);
    let mut game = Game::new(Evil::new(lex, 3, FamilyChoice::Largest).unwrap(), 5);
    assert_eq!(
        game.guess(&Guess::Word("cat".into())).unwrap(),
        hangman::Outcome::Word { correct: false }
    );
    assert_eq!(game.referee().family().len(), 2);
    game.guess(&Guess::Word("cot".into())).unwrap();
    assert_eq!(game.referee().word(), "cut");
    assert_eq!(
        game.guess(&Guess::Word("cut".into())).unwrap(),
        hangman::Outcome::Word { correct: true }
    );
    assert_eq!(game.state().status(), Status::GameWon);
}

#[test]
fn the_miss_family_wins_ties_then_fewer_revealed_positions() {
    // e: masks {none: bat}, {e at 1: bet}: a tie of ones, the miss is kept.
    let words: Vec<String> = ["bat", "bet"].iter().map(|s| s.to_string()).collect();
    let lex = lexicon(&words);
    let mut evil = Evil::new(lex, 3, FamilyChoice::Largest).unwrap();
    assert_eq!(evil.answer_letter(Letter::from_ascii(b'e').unwrap()), 0);
    assert_eq!(evil.word(), "bat");
    // a: "aba"/"aab" reveal two positions, "abb" one: with sizes tied, one position wins.
    let words: Vec<String> = ["aab", "abb"].iter().map(|s| s.to_string()).collect();
    let mut evil = Evil::new(lexicon(&words), 3, FamilyChoice::Largest).unwrap();
    assert_eq!(evil.answer_letter(Letter::from_ascii(b'a').unwrap()), 0b001);
}

#[test]
fn lookahead_keeps_the_family_worth_the_most_misses() {
    // The seed's reader: after "a", the five a-less words are the largest family; the
    // look-ahead keeps whichever family is worth most ([miss] + exact value), computed here
    // by the solver without any budget.
    let words: Vec<String> = [
        "abd", "acd", "abe", "ace", "dde", "ded", "edd", "ede", "eed",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let lex = lexicon(&words);
    let bucket = lex.bucket(3);
    let solver = Solver::new(bucket, SolveOptions::default());
    for letter in Letter::ALL {
        let parts = candidates::partition(bucket, &candidates::all(bucket), letter);
        let worth = |mask: u32, part: &[u32]| u32::from(mask == 0) + solver.value(part).unwrap();
        let best = parts.iter().map(|(m, p)| worth(*m, p)).max().unwrap();
        let mut smart = Evil::new(
            lex.clone(),
            3,
            FamilyChoice::Lookahead {
                node_budget: 10_000,
            },
        )
        .unwrap();
        let mask = smart.answer_letter(letter);
        assert_eq!(worth(mask, smart.family()), best, "letter {letter}");
    }
}

#[test]
fn kinds_parse_display_and_build() {
    for kind in RefereeKind::ALL {
        assert_eq!(kind.to_string().parse::<RefereeKind>().unwrap(), kind);
    }
    assert!("cheater".parse::<RefereeKind>().is_err());
    let lex = Arc::new(Lexicon::from_words(["cat", "dog", "zebra"]).unwrap());
    let fair = referee::build(RefereeKind::Fair, &lex, "cat").unwrap();
    assert_eq!(fair.word(), "cat");
    let evil = referee::build(RefereeKind::Evil, &lex, "xyz").unwrap();
    assert_eq!(evil.length(), 3);
    assert!(referee::build(RefereeKind::EvilLookahead, &lex, "ab").is_err());
}

#[test]
fn greedy_against_evil_referees_ends_with_a_listed_word() {
    // Every 20th word of the embedded list: large enough families, quick in debug builds.
    let lex = Arc::new(Lexicon::from_words(Lexicon::embedded().words().step_by(20)).unwrap());
    let settings = Settings::default();
    let greedy = strategy::find("greedy")
        .unwrap()
        .build(lex.clone(), &settings)
        .unwrap();
    let words: Vec<String> = ["quiz", "abandon", "xylophone"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let options = RunOptions {
        seed: 1,
        record: false,
    };
    for kind in [RefereeKind::Evil, RefereeKind::EvilLookahead] {
        let results =
            eval::play_words_refereed(greedy.as_ref(), kind, &lex, &words, &options, &|| {})
                .unwrap();
        for (r, w) in results.iter().zip(&words) {
            assert_eq!(r.word.len(), w.len());
            assert!(lex.contains(&r.word), "{kind}: {} not listed", r.word);
        }
    }
}
