use lexicon::{Bucket, Letter, Lexicon};
use proptest::prelude::*;

use super::*;

/// The parts of `family` split by `g`: (mask, words), in mask order.
fn parts(bucket: &Bucket, family: &[u32], g: Letter) -> Vec<(u32, Vec<u32>)> {
    let mut parts: Vec<(u32, Vec<u32>)> = Vec::new();
    for &w in family {
        let mask = bucket.positions(w as usize, g);
        match parts.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, p)) => p.push(w),
            None => parts.push((mask, vec![w])),
        }
    }
    parts.sort_by_key(|(m, _)| *m);
    parts
}

/// Plain minimax, no pruning, no table: the definition of `V` written out.
fn brute(bucket: &Bucket, family: &[u32]) -> u32 {
    if family.len() <= 1 {
        return 0;
    }
    Letter::ALL
        .iter()
        .filter_map(|&g| {
            let parts = parts(bucket, family, g);
            // A letter that leaves the family whole is never useful (a miss that teaches
            // nothing, or a hit that teaches nothing) and would loop.
            (parts.len() > 1).then(|| after(bucket, &parts))
        })
        .min()
        .expect("distinct words differ in some letter")
}

/// The referee's best answer to a split: the most `[miss] + V(part)`.
fn after(bucket: &Bucket, parts: &[(u32, Vec<u32>)]) -> u32 {
    parts
        .iter()
        .map(|(mask, part)| u32::from(*mask == 0) + brute(bucket, part))
        .max()
        .unwrap_or(0)
}

fn brute_first(bucket: &Bucket, family: &[u32], m: u32) -> Vec<String> {
    Letter::ALL
        .iter()
        .filter(|&&g| {
            let parts = parts(bucket, family, g);
            parts.len() > 1 && after(bucket, &parts) == m
        })
        .map(|g| g.to_string())
        .collect()
}

fn lexicon(words: &[&str]) -> Lexicon {
    Lexicon::from_words(words.iter().copied()).unwrap()
}

fn all(bucket: &Bucket) -> Vec<u32> {
    (0..bucket.len() as u32).collect()
}

fn solve(bucket: &Bucket, lives: Option<u32>) -> LengthSolution {
    let progress = Progress::new(bucket.length(), bucket.len());
    solve_length(bucket, &SolveOptions::default(), lives, &progress)
}

#[test]
fn two_words_sharing_a_letter_elsewhere_cost_nothing() {
    // "ab" and "ba": guessing a reveals which, no miss.
    let lex = lexicon(&["ab", "ba"]);
    let b = lex.bucket(2);
    let s = Solver::new(b, SolveOptions::default());
    assert_eq!(s.value(&all(b)).unwrap(), 0);
    // "ab" and "cd": any guess can be a miss.
    let lex = lexicon(&["ab", "cd"]);
    let b = lex.bucket(2);
    let s = Solver::new(b, SolveOptions::default());
    assert_eq!(s.value(&all(b)).unwrap(), 1);
}

#[test]
fn disjoint_words_force_one_miss_per_word_but_one() {
    let lex = lexicon(&["ab", "cd", "ef", "gh", "ij"]);
    let b = lex.bucket(2);
    let solution = solve(b, Some(6));
    assert_eq!(solution.misses, Bounds { lower: 4, upper: 4 });
    assert_eq!(solution.best_first.len(), 10, "every letter is as good");
    assert!(solution.best_first_complete);
    assert_eq!(solution.guesser_wins(5), Some(true));
    assert_eq!(solution.guesser_wins(4), Some(false));
}

#[test]
fn the_seed_readers_example_beats_largest_family() {
    // The seed's reader: after "a", the largest family is the five a-less words, yet the
    // four a-words hold more misses for the referee.
    let words = [
        "abd", "acd", "abe", "ace", "dde", "ded", "edd", "ede", "eed",
    ];
    let lex = lexicon(&words);
    let b = lex.bucket(3);
    let all = all(b);
    let s = Solver::new(b, SolveOptions::default());
    let a = Letter::from_ascii(b'a').unwrap();
    for (mask, part) in parts(b, &all, a) {
        assert_eq!(s.value(&part).unwrap(), brute(b, &part), "part {mask:b}");
    }
    assert_eq!(s.value(&all).unwrap(), brute(b, &all));
}

#[test]
fn an_expired_deadline_reports_bounds_not_a_value() {
    let lex = lexicon(&["ab", "cd", "ef", "gh", "ij", "ac", "bd", "ce", "df", "eg"]);
    let b = lex.bucket(2);
    let past = std::time::Instant::now() - std::time::Duration::from_secs(1);
    let options = SolveOptions {
        deadline: Some(past),
        ..SolveOptions::default()
    };
    let progress = Progress::new(2, b.len());
    let solution = solve_length(b, &options, Some(3), &progress);
    let exact = brute(b, &all(b));
    assert!(solution.misses.lower <= exact && exact <= solution.misses.upper);
    if !solution.misses.is_exact() {
        assert!(solution.best_first.is_empty());
    }
}

#[test]
fn greedy_bound_is_an_upper_bound() {
    let lex = lexicon(&[
        "bat", "cat", "hat", "mat", "rat", "sat", "vat", "pat", "eat",
    ]);
    let b = lex.bucket(3);
    let all = all(b);
    let s = Solver::new(b, SolveOptions::default());
    assert!(s.greedy_upper(&all) >= brute(b, &all));
    assert_eq!(
        brute(b, &all),
        8,
        "nine first letters: a miss for each but the last"
    );
}

fn dictionary() -> impl Strategy<Value = Vec<String>> {
    (2usize..=4).prop_flat_map(|len| {
        proptest::collection::btree_set(
            proptest::collection::vec(0u8..6, len)
                .prop_map(|v| v.iter().map(|&c| (b'a' + c) as char).collect::<String>()),
            2..14,
        )
        .prop_map(|set| set.into_iter().collect::<Vec<_>>())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solver_matches_brute_force(words in dictionary()) {
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let lex = lexicon(&refs);
        let b = lex.bucket(words[0].len());
        let all = all(b);
        let expected = brute(b, &all);
        let solution = solve(b, None);
        prop_assert_eq!(solution.misses, Bounds { lower: expected, upper: expected });
        prop_assert_eq!(solution.best_first, brute_first(b, &all, expected));
        // Every closed sub-family too, through one solver sharing its table.
        let s = Solver::new(b, SolveOptions::default());
        for g in Letter::ALL {
            for (_, part) in parts(b, &all, g) {
                prop_assert_eq!(s.value(&part).unwrap(), brute(b, &part));
            }
        }
    }

    #[test]
    fn threshold_verdict_matches_minimax(words in dictionary(), lives in 1u32..6) {
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let lex = lexicon(&refs);
        let b = lex.bucket(words[0].len());
        let expected = brute(b, &all(b));
        // A search that stops right after the verdict test still decides it.
        let s = Solver::new(b, SolveOptions::default());
        prop_assert_eq!(s.at_least(&all(b), lives).unwrap(), expected >= lives);
        let solution = solve(b, Some(lives));
        prop_assert_eq!(solution.guesser_wins(lives), Some(expected < lives));
    }
}
