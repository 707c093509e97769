//! The optimal referee and letter values against plain minimax: an optimal guesser
//! suffers exactly `M` misses, and every value the referee and the hints claim is exact.

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use hangman::Referee;
use hangman::candidates;
use hangman::referee::{self, Evil, FamilyChoice, RefereeKind};
use hangman::solve::{self, Progress, SolveOptions, Solver};
use lexicon::{Bucket, Letter, Lexicon};
use proptest::prelude::*;

/// Plain minimax, the definition of the value written out (no bounds, no pruning), with
/// a memo so that lists of a few dozen words stay quick.
struct Minimax<'a> {
    bucket: &'a Bucket,
    memo: HashMap<Vec<u32>, u32>,
}

impl Minimax<'_> {
    /// `V(family)`.
    fn value(&mut self, family: &[u32]) -> u32 {
        if family.len() <= 1 {
            return 0;
        }
        if let Some(&v) = self.memo.get(family) {
            return v;
        }
        let v = Letter::ALL
            .iter()
            .filter_map(|&g| self.after(family, g))
            .min()
            .expect("distinct words differ in some letter");
        self.memo.insert(family.to_vec(), v);
        v
    }

    /// The referee's best answer to `g`: the most `[miss] + V(part)`; `None` if `g` does
    /// not split the family (it teaches nothing).
    fn after(&mut self, family: &[u32], g: Letter) -> Option<u32> {
        let parts = candidates::partition(self.bucket, family, g);
        (parts.len() > 1).then(|| {
            parts
                .iter()
                .map(|(mask, part)| u32::from(*mask == 0) + self.value(part))
                .max()
                .unwrap_or(0)
        })
    }
}

fn dictionary() -> impl Strategy<Value = Vec<String>> {
    (2usize..=4).prop_flat_map(|len| {
        proptest::collection::btree_set(
            proptest::collection::vec(0u8..7, len)
                .prop_map(|v| v.iter().map(|&c| (b'a' + c) as char).collect::<String>()),
            2..30,
        )
        .prop_map(|set| set.into_iter().collect::<Vec<_>>())
    })
}

fn optimal(lexicon: Arc<Lexicon>, length: usize) -> Evil {
    Evil::new(
        lexicon,
        length,
        FamilyChoice::Optimal {
            move_budget: Duration::from_secs(30),
        },
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// A minimax guesser against the optimal referee suffers exactly `M`, and after every
    /// answer the referee's claimed value is exact and right.
    #[test]
    fn an_optimal_guesser_suffers_exactly_m(words in dictionary()) {
        let lex = Arc::new(Lexicon::from_words(words.iter().map(String::as_str)).unwrap());
        let length = words[0].len();
        let bucket = lex.bucket(length);
        let mut minimax = Minimax { bucket, memo: HashMap::new() };
        let m = minimax.value(&candidates::all(bucket));
        let mut referee = optimal(lex.clone(), length);
        prop_assert_eq!(referee.last_value(), None);
        let mut misses = 0;
        while referee.family().len() > 1 {
            let family = referee.family().to_vec();
            let v = minimax.value(&family);
            let (worth, g) = Letter::ALL
                .into_iter()
                .filter_map(|g| minimax.after(&family, g).map(|w| (w, g)))
                .min()
                .unwrap();
            prop_assert_eq!(worth, v);
            if referee.answer_letter(g) == 0 {
                misses += 1;
            }
            let claimed = referee.last_value().unwrap();
            prop_assert!(claimed.is_exact());
            prop_assert_eq!(claimed.lower, minimax.value(referee.family()));
            prop_assert_eq!(misses + claimed.lower, m);
        }
        prop_assert_eq!(misses, m);
    }

    /// Every useful letter's value is exact and right, sorted best first.
    #[test]
    fn letter_values_match_minimax(words in dictionary()) {
        let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
        let bucket = lex.bucket(words[0].len());
        let family = candidates::all(bucket);
        let mut minimax = Minimax { bucket, memo: HashMap::new() };
        let values = solve::letter_values(bucket, &family, Duration::from_secs(30));
        let useful: Vec<Letter> = Letter::ALL
            .iter()
            .copied()
            .filter(|&g| minimax.after(&family, g).is_some())
            .collect();
        prop_assert_eq!(values.len(), useful.len());
        for v in &values {
            prop_assert!(v.bounds.is_exact());
            prop_assert_eq!(Some(v.bounds.lower), minimax.after(&family, v.letter));
        }
        prop_assert!(values.windows(2).all(|w| w[0].bounds.upper <= w[1].bounds.upper));
        if let Some(best) = values.first() {
            prop_assert_eq!(best.bounds.lower, minimax.value(&family));
        }
    }
}

#[test]
fn optimal_parses_and_builds() {
    assert_eq!(
        "optimal".parse::<RefereeKind>().unwrap(),
        RefereeKind::Optimal
    );
    assert!(RefereeKind::Optimal.is_evil());
    let lex = Arc::new(Lexicon::from_words(["cat", "cot", "dog"]).unwrap());
    let r = referee::build(RefereeKind::Optimal, &lex, "xyz").unwrap();
    assert_eq!(r.length(), 3);
}

#[test]
fn a_tiny_budget_still_answers_with_proven_bounds() {
    let lex = Arc::new(Lexicon::embedded());
    let mut evil = Evil::new(
        lex.clone(),
        5,
        FamilyChoice::Optimal {
            move_budget: Duration::ZERO,
        },
    )
    .unwrap();
    evil.answer_letter(Letter::from_ascii(b'e').unwrap());
    let b = evil.last_value().unwrap();
    assert!(b.lower <= b.upper);
    assert!(b.upper < evil.family().len() as u32);
}

#[test]
fn every_cheating_referee_reveals_the_most_familiar_word() {
    // "bouse" and "douse" come first, "house" is the familiar one (the familiarity model).
    let lex = Arc::new(Lexicon::from_words(["bouse", "douse", "house"]).unwrap());
    for kind in [
        FamilyChoice::Largest,
        FamilyChoice::Lookahead { node_budget: 100 },
    ] {
        let evil = Evil::new(lex.clone(), 5, kind).unwrap();
        assert_eq!(evil.reveal(), "house");
        assert_eq!(evil.word(), "house");
    }
    assert_eq!(optimal(lex, 5).reveal(), "house");
    // Words the model does not know are equally unfamiliar: the first alphabetically.
    let unknown = Arc::new(Lexicon::from_words(["qzxvb", "qzxva"]).unwrap());
    assert_eq!(optimal(unknown, 5).reveal(), "qzxva");
}

/// On words.txt at lengths 9 to 28, an optimal guesser (the solver's value and a letter
/// that holds the referee to it) suffers exactly `M(L)` against the optimal referee.
/// Release only: `cargo test --release -p hangman --test optimal -- --ignored`.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test optimal -- --ignored"]
fn on_words_txt_an_optimal_guesser_suffers_exactly_m() {
    let lex = Arc::new(common::challenge());
    for length in [9, 10, 12, 14, 16, 20, 28] {
        let bucket = lex.bucket(length);
        if bucket.len() < 2 {
            continue;
        }
        let progress = Progress::new(length, bucket.len());
        let m = solve::solve_length(bucket, &SolveOptions::default(), None, &progress).misses;
        assert!(m.is_exact(), "length {length}: {m}");
        let mut referee = optimal(lex.clone(), length);
        let mut misses = 0;
        while referee.family().len() > 1 {
            let family = referee.family().to_vec();
            let solver = Solver::new(bucket, SolveOptions::default());
            let v = solver.value(&family).unwrap();
            assert_eq!(misses + v, m.lower, "length {length}");
            // A letter that holds the referee to v.
            let g = Letter::ALL
                .into_iter()
                .filter(|&g| candidates::partition(bucket, &family, g).len() > 1)
                .find(|&g| !solver.after_letter_at_least(&family, g, v + 1).unwrap())
                .unwrap();
            if referee.answer_letter(g) == 0 {
                misses += 1;
            }
            let claimed = referee.last_value().unwrap();
            assert!(claimed.is_exact(), "length {length}: {claimed}");
        }
        assert_eq!(misses, m.lower, "length {length}");
        eprintln!("length {length}: M = {misses}, word {}", referee.word());
    }
}
