use lexicon::Lexicon;
use proptest::prelude::*;

use super::*;

/// Plain minimax, no pruning, no table: the definition of `V` written out.
fn brute(bucket: &Bucket, family: &[u32]) -> u32 {
    if family.len() <= 1 {
        return 0;
    }
    Letter::ALL
        .iter()
        .filter_map(|&g| {
            let parts = candidates::partition(bucket, family, g);
            // A letter that leaves the family whole is never useful (a miss that teaches
            // nothing, or a hit that teaches nothing) and would loop.
            (parts.len() > 1).then(|| {
                parts
                    .iter()
                    .map(|(mask, part)| u32::from(*mask == 0) + brute(bucket, part))
                    .max()
                    .unwrap_or(0)
            })
        })
        .min()
        .expect("distinct words differ in some letter")
}

fn brute_first(bucket: &Bucket, family: &[u32], m: u32) -> Vec<String> {
    Letter::ALL
        .iter()
        .filter(|&&g| {
            let parts = candidates::partition(bucket, family, g);
            parts.len() > 1
                && parts
                    .iter()
                    .map(|(mask, part)| u32::from(*mask == 0) + brute(bucket, part))
                    .max()
                    == Some(m)
        })
        .map(|g| g.to_string())
        .collect()
}

fn lexicon(words: &[&str]) -> Lexicon {
    Lexicon::from_words(words.iter().copied()).unwrap()
}

#[test]
fn two_words_sharing_a_letter_elsewhere_cost_nothing() {
    // "ab" and "ba": guessing a reveals which, no miss.
    let lex = lexicon(&["ab", "ba"]);
    let b = lex.bucket(2);
    let s = Solver::new(b, SolveOptions::default());
    assert_eq!(s.value(&candidates::all(b)).unwrap(), 0);
    // "ab" and "cd": any guess can be a miss.
    let lex = lexicon(&["ab", "cd"]);
    let b = lex.bucket(2);
    let s = Solver::new(b, SolveOptions::default());
    assert_eq!(s.value(&candidates::all(b)).unwrap(), 1);
}

#[test]
fn disjoint_words_force_one_miss_per_word_but_one() {
    let lex = lexicon(&["ab", "cd", "ef", "gh", "ij"]);
    let b = lex.bucket(2);
    let solution = solve_length(b, SolveOptions::default(), &|_, _| {});
    assert_eq!(solution.misses, Bounds { lower: 4, upper: 4 });
    assert_eq!(solution.best_first.len(), 10, "every letter is as good");
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
    let all = candidates::all(b);
    let s = Solver::new(b, SolveOptions::default());
    let a = Letter::from_ascii(b'a').unwrap();
    let parts = candidates::partition(b, &all, a);
    let values: Vec<(usize, u32)> = parts
        .iter()
        .map(|(mask, p)| (p.len(), u32::from(*mask == 0) + s.value(p).unwrap()))
        .collect();
    for (len, value) in &values {
        let (mask, part) = parts.iter().find(|(_, p)| p.len() == *len).unwrap();
        assert_eq!(*value, u32::from(*mask == 0) + brute(b, part));
    }
    assert_eq!(s.value(&all).unwrap(), brute(b, &all));
}

#[test]
fn an_expired_deadline_reports_bounds_not_a_value() {
    let lex = lexicon(&["ab", "cd", "ef", "gh", "ij", "ac", "bd", "ce", "df", "eg"]);
    let b = lex.bucket(2);
    let past = Instant::now() - Duration::from_secs(1);
    let options = SolveOptions {
        deadline: Some(past),
        ..SolveOptions::default()
    };
    let solution = solve_length(b, options, &|_, _| {});
    let exact = brute(b, &candidates::all(b));
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
    let all = candidates::all(b);
    assert!(greedy_bound(b, &all) >= brute(b, &all));
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
        let all = candidates::all(b);
        let expected = brute(b, &all);
        let solution = solve_length(b, SolveOptions::default(), &|_, _| {});
        prop_assert_eq!(solution.misses, Bounds { lower: expected, upper: expected });
        prop_assert_eq!(solution.best_first, brute_first(b, &all, expected));
        // Every closed sub-family too, through one solver sharing its table.
        let s = Solver::new(b, SolveOptions::default());
        for g in Letter::ALL {
            for (_, part) in candidates::partition(b, &all, g) {
                prop_assert_eq!(s.value(&part).unwrap(), brute(b, &part));
            }
        }
    }
}
