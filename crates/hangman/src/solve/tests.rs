use std::collections::HashMap;

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

/// Plain minimax, no pruning, no bounds: the definition of `V` written out, remembering
/// each family's value so that lists of a few dozen words stay quick.
fn brute(bucket: &Bucket, family: &[u32]) -> u32 {
    brute_memo(bucket, family, &mut HashMap::new())
}

fn brute_memo(bucket: &Bucket, family: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if family.len() <= 1 {
        return 0;
    }
    if let Some(&v) = memo.get(family) {
        return v;
    }
    let v = Letter::ALL
        .iter()
        .filter_map(|&g| {
            let parts = parts(bucket, family, g);
            // A letter that leaves the family whole is never useful (a miss that teaches
            // nothing, or a hit that teaches nothing) and would loop.
            (parts.len() > 1).then(|| {
                parts
                    .iter()
                    .map(|(mask, part)| u32::from(*mask == 0) + brute_memo(bucket, part, memo))
                    .max()
                    .unwrap_or(0)
            })
        })
        .min()
        .expect("distinct words differ in some letter");
    memo.insert(family.to_vec(), v);
    v
}

/// The referee's best answer to a split: the most `[miss] + V(part)`.
fn after(bucket: &Bucket, parts: &[(u32, Vec<u32>)], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    parts
        .iter()
        .map(|(mask, part)| u32::from(*mask == 0) + brute_memo(bucket, part, memo))
        .max()
        .unwrap_or(0)
}

fn brute_first(bucket: &Bucket, family: &[u32], m: u32) -> Vec<String> {
    let mut memo = HashMap::new();
    Letter::ALL
        .iter()
        .filter(|&&g| {
            let parts = parts(bucket, family, g);
            parts.len() > 1 && after(bucket, &parts, &mut memo) == m
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

/// Small random lists: 2 to 5 letters a word over an alphabet of 3 to 9 letters, up to 19
/// words (few letters make words that differ in one position, many make deep games).
fn dictionary() -> impl Strategy<Value = Vec<String>> {
    (2usize..=5, 3u8..=9).prop_flat_map(|(len, letters)| {
        proptest::collection::btree_set(
            proptest::collection::vec(0..letters, len)
                .prop_map(|v| v.iter().map(|&c| (b'a' + c) as char).collect::<String>()),
            2..20,
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
        let mut memo = HashMap::new();
        for g in Letter::ALL {
            for (_, part) in parts(b, &all, g) {
                prop_assert_eq!(s.value(&part).unwrap(), brute_memo(b, &part, &mut memo));
            }
        }
    }

    /// A split proof (a first letter `g`, then `h`) holds exactly when plain minimax says
    /// that guessing `h` next keeps the words lacking `g` below the value.
    #[test]
    fn a_split_proof_holds_exactly_when_minimax_says_so(words in dictionary()) {
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let lex = lexicon(&refs);
        let b = lex.bucket(words[0].len());
        let all = all(b);
        let m = brute(b, &all);
        let mut memo = HashMap::new();
        for g in Letter::ALL {
            let Some((0, miss)) = parts(b, &all, g).into_iter().next() else {
                continue;
            };
            for h in Letter::ALL {
                let expected = m >= 2
                    && parts(b, &miss, h).iter().all(|(mask, part)| {
                        u32::from(*mask == 0) + brute_memo(b, part, &mut memo) < m
                    });
                let (proven, _) =
                    driver::split_proof(b, &miss, h, m, &SolveOptions::default());
                prop_assert_eq!(proven, expected, "{} then {}", g, h);
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

fn solve_words(words: &[String]) -> (LengthSolution, u32) {
    let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
    let b = lex.bucket(words[0].len());
    (solve(b, Some(6)), brute(b, &all(b)))
}

#[test]
fn two_letter_words_sharing_one_letter_are_settled_at_once() {
    // a? and ?a for every other letter: "a" is in every word, a forced move that splits
    // the list into a? and ?a, 25 words each whose other letters are all different: the
    // referee answers "miss" to all but one of them, 24 misses.
    let mut words: Vec<String> = ["a?", "?a"]
        .iter()
        .flat_map(|p| fill(p, "bcdefghijklmnopqrstuvwxyz"))
        .collect();
    words.sort();
    let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
    let solution = solve(lex.bucket(2), Some(6));
    assert_eq!(
        solution.misses,
        Bounds {
            lower: 24,
            upper: 24
        }
    );
    assert!(solution.best_first_complete);
    assert_eq!(solution.best_first.join(""), "abcdefghijklmnopqrstuvwxyz");
}

#[test]
fn words_differing_in_one_position_are_settled_without_search() {
    // ?at: 24 words that differ only in their first letter. The cheap bounds meet (23
    // pairwise disjoint words against 24 words), so no node is searched.
    let words = fill("?at", "bcdefghijklmnopqrsuvwxyz");
    let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
    let b = lex.bucket(3);
    let s = Solver::new(b, SolveOptions::default());
    assert_eq!(s.bounds(&all(b)), (23, 23));
    assert_eq!(s.value(&all(b)).unwrap(), 23);
    assert_eq!(s.nodes(), 0);
}

/// All words made of `pattern` with each `?` replaced by a letter of `fill`.
fn fill(pattern: &str, fill: &str) -> Vec<String> {
    let mut words = vec![String::new()];
    for p in pattern.chars() {
        let choices: Vec<char> = if p == '?' {
            fill.chars().collect()
        } else {
            vec![p]
        };
        words = words
            .iter()
            .flat_map(|w| choices.iter().map(move |&c| format!("{w}{c}")))
            .collect();
    }
    words
}

#[test]
fn hard_small_lists_match_plain_minimax() {
    // Lists whose words differ in one or two positions over a few letters: symmetric
    // families that a search without forced moves and subset bounds revisits in every
    // order.
    for (patterns, letters) in [
        (&["??"][..], "abcdef"),
        (&["?a?"][..], "abcde"),
        (&["a?x", "b?x"][..], "abxcd"),
        (&["a?x", "b?x"][..], "abxcdefg"),
        (&["a?", "?a"][..], "abcdefgh"),
    ] {
        let mut words: Vec<String> = patterns.iter().flat_map(|p| fill(p, letters)).collect();
        words.sort();
        words.dedup();
        let (solution, expected) = solve_words(&words);
        assert_eq!(
            solution.misses,
            Bounds {
                lower: expected,
                upper: expected
            },
            "{patterns:?} over {letters}"
        );
        assert!(solution.best_first_complete);
    }
}

#[test]
fn a_long_hard_list_continues_the_pattern_of_its_small_cases() {
    // a?x and b?x over n letters (a, b and x among them) are worth n - 3 misses: plain
    // minimax says so for n = 5..8 (checked here), and the solver finds the same for the
    // whole alphabet, 52 words whose other letters are all different.
    let alphabet = "abxcdefghijklmnopqrstuvwyz";
    for n in [5, 6, 7, 8, 26] {
        let letters = &alphabet[..n];
        let mut words: Vec<String> = ["a?x", "b?x"]
            .iter()
            .flat_map(|p| fill(p, letters))
            .collect();
        words.sort();
        words.dedup();
        let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
        let b = lex.bucket(3);
        if n <= 8 {
            assert_eq!(
                brute(b, &all(b)),
                n as u32 - 3,
                "plain minimax, {n} letters"
            );
        }
        assert_eq!(solve(b, Some(6)).misses.upper, n as u32 - 3, "{n} letters");
        assert_eq!(solve(b, Some(6)).misses.lower, n as u32 - 3, "{n} letters");
    }
}

#[test]
fn values_and_first_letters_do_not_depend_on_the_thread_count() {
    // Families of 800 words or more search their letters in parallel: embedded-list
    // lengths with several thousand words exercise it.
    let lex = Lexicon::embedded();
    let run = |threads: usize| -> Vec<(usize, Bounds, Vec<String>, bool)> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            [13, 14]
                .iter()
                .map(|&l| {
                    let s = solve(lex.bucket(l), Some(6));
                    (s.length, s.misses, s.best_first, s.best_first_complete)
                })
                .collect()
        })
    };
    let one = run(1);
    assert!(
        one.iter()
            .all(|(_, m, _, complete)| m.is_exact() && *complete)
    );
    assert!(
        lex.bucket(13).len() >= 2 * 800,
        "large enough to search in parallel"
    );
    for threads in [2, 3] {
        assert_eq!(run(threads), one, "{threads} threads");
    }
}

#[test]
fn a_first_letter_cap_leaves_letters_open_the_same_way_at_any_thread_count() {
    // A capped first-letter search runs on one thread from a fresh table, so the letters it
    // settles do not depend on how the (parallel) search for the value left the table.
    let lex = Lexicon::embedded();
    let capped = |l: usize, cap: u64| {
        let b = lex.bucket(l);
        let options = SolveOptions {
            first_letter_nodes: cap,
            ..SolveOptions::default()
        };
        let s = solve_length(b, &options, Some(6), &Progress::new(l, b.len()));
        (s.misses, s.best_first, s.best_first_complete)
    };
    let run = |threads: usize, cap: u64| -> Vec<(Bounds, Vec<String>, bool)> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| [13, 14].iter().map(|&l| capped(l, cap)).collect())
    };
    let full = run(1, 0);
    assert!(
        full.iter()
            .all(|(m, _, complete)| m.is_exact() && *complete)
    );
    let one = run(1, 1);
    assert!(
        one.iter().any(|(_, _, complete)| !complete),
        "a cap of one node leaves some letter open"
    );
    for ((m, best, complete), (m_full, best_full, _)) in one.iter().zip(&full) {
        assert_eq!(m, m_full, "the cap is on the first letters, not the value");
        assert!(
            best.iter().all(|g| best_full.contains(g)),
            "{best:?} ⊆ {best_full:?}"
        );
        if *complete {
            assert_eq!(best, best_full);
        }
    }
    for threads in [2, 3] {
        assert_eq!(run(threads, 1), one, "{threads} threads");
        assert_eq!(run(threads, 0), full, "{threads} threads, no cap");
    }
}

/// At 6 letters the value of words.txt (12) is held by groups of words that differ in
/// three positions (`???ing`, `?a??ed`) and by no group that differs in one or two: the
/// wide witness search finds it, the narrow one (the certificate's narrowing) cannot.
/// Played on those groups' words alone, so it stays quick.
#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn three_blank_groups_hold_the_value_of_six_letters() {
    let path = wordplay_testkit::shared_data("words.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let words = text.split_whitespace().filter(|w| {
        w.len() == 6 && (w.ends_with("ing") || (w.as_bytes()[1] == b'a' && w.ends_with("ed")))
    });
    let lexicon = Lexicon::from_words(words).unwrap();
    let bucket = lexicon.bucket(6);
    let all: Vec<u32> = (0..bucket.len() as u32).collect();
    let stop = StopFlag::default();
    let narrow = witness::witness_within(bucket, &all, 12, witness::Reach::Narrow, None, &stop);
    assert_eq!(narrow, None);
    let wide = witness::witness_within(bucket, &all, 12, witness::Reach::Wide, None, &stop)
        .expect("a three-blank group worth 12");
    assert_eq!(wide.value, 12);
    // Its words agree at three of the six positions, and the value is their own.
    let first = bucket.word(wide.words[0] as usize);
    let fixed = (0..6)
        .filter(|&p| {
            wide.words
                .iter()
                .all(|&w| bucket.word(w as usize)[p] == first[p])
        })
        .count();
    assert_eq!(fixed, 3);
    assert_eq!(sub_family_value(bucket, &wide.words, None, &stop), 12);
}

/// Without `j`, the 6-letter groups worth 12 (`???ing`, `?a??ed`) are worth 11, and so is
/// every three-blank group: the value of the words lacking `j` (12, so `j` is not an
/// optimal first letter) is held by a four-blank group, `????ed`. Played on the words
/// ending in `ed` or `ing` alone, so it stays quick.
#[test]
#[cfg_attr(not(has_shared_data), ignore = "needs ../shared/data")]
fn a_four_blank_group_holds_the_value_without_j() {
    let path = wordplay_testkit::shared_data("words.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let words = text
        .split_whitespace()
        .filter(|w| w.len() == 6 && !w.contains('j') && (w.ends_with("ing") || w.ends_with("ed")));
    let lexicon = Lexicon::from_words(words).unwrap();
    let bucket = lexicon.bucket(6);
    let all: Vec<u32> = (0..bucket.len() as u32).collect();
    let stop = StopFlag::default();
    let wide = witness::witness_within(bucket, &all, 12, witness::Reach::Wide, None, &stop);
    assert_eq!(wide, None);
    let (four, nodes) = witness::four_blank_within(bucket, &all, 12, 0, None, &stop);
    let four = four.expect("a four-blank group worth 12");
    assert!(nodes > 0);
    assert_eq!(four.value, 12);
    // `????ed`: every word ends in `ed`, and they are all such words.
    let ends_ed = |&w: &u32| bucket.word(w as usize).ends_with(b"ed");
    assert!(four.words.iter().all(ends_ed));
    assert_eq!(four.words.len(), all.iter().filter(|w| ends_ed(w)).count());
    // Below the value, it proves nothing.
    let (none, _) = witness::four_blank_within(bucket, &all, 13, 0, None, &stop);
    assert_eq!(none, None);
}
