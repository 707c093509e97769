use std::sync::Arc;

use lexicon::Lexicon;

use super::*;
use crate::strategy::{self, Settings};

/// The exact optimum by a plain brute force that shares no code with the bound or the game:
/// every letter in some candidate and every candidate word, rules written out again.
fn brute(words: &[Vec<u8>], set: &[usize], guessed: u32, score: u32, wrong: u32, max: u32) -> u64 {
    if wrong > max {
        return 25 * set.len() as u64;
    }
    if set.len() == 1 {
        // Won: by the board if every letter is guessed, else by a free right word guess.
        return u64::from(score.min(25));
    }
    let mut best = u64::MAX;
    // Candidate words: the right one ends at `score`, the others go on with a miss.
    for i in 0..set.len() {
        let rest: Vec<usize> = set.iter().copied().filter(|&w| w != set[i]).collect();
        let after = brute(words, &rest, guessed, score + 1, wrong + 1, max);
        best = best.min(u64::from(score.min(25)) + after);
    }
    let letters: u32 = set
        .iter()
        .flat_map(|&w| words[w].iter())
        .fold(0, |acc, &b| acc | 1 << (b - b'a'));
    for l in 0..26u8 {
        if letters & !guessed & (1 << l) == 0 {
            continue;
        }
        let mask = |w: usize| -> u32 {
            words[w]
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b - b'a' == l)
                .fold(0, |acc, (i, _)| acc | 1 << i)
        };
        let mut masks: Vec<u32> = set.iter().map(|&w| mask(w)).collect();
        masks.sort_unstable();
        masks.dedup();
        let total: u64 = masks
            .iter()
            .map(|&m| {
                let family: Vec<usize> = set.iter().copied().filter(|&w| mask(w) == m).collect();
                let miss = u32::from(m == 0);
                brute(
                    words,
                    &family,
                    guessed | 1 << l,
                    score + 1,
                    wrong + miss,
                    max,
                )
            })
            .sum();
        best = best.min(total);
    }
    best
}

fn brute_total(words: &[&str], max_wrong: u32) -> u64 {
    let bytes: Vec<Vec<u8>> = words.iter().map(|w| w.as_bytes().to_vec()).collect();
    let set: Vec<usize> = (0..words.len()).collect();
    brute(&bytes, &set, 0, 0, 0, max_wrong)
}

const DEEP: Depth = Depth {
    plies: 30,
    full: 0,
    words: 30,
};

/// Hand-built lists small enough for the brute force, with few lives so that losses count.
const TINY: &[(&[&str], u32)] = &[
    (&["bat", "cat", "hat", "mat", "rat"], 1),
    (&["bat", "cat", "hat", "mat", "rat", "sat"], 2),
    (&["bit", "bat", "cat", "cot", "hot"], 0),
    (&["ab", "ba", "cd", "dc", "ad"], 1),
    (&["cake", "lake", "bake", "bike", "like"], 1),
    (&["on", "in", "an"], 0),
    (&["bill", "fill", "hill", "mill", "pill", "till", "will"], 1),
    (&["tat", "sat", "bat", "tab", "cab"], 1),
];

#[test]
fn chains_are_disjoint_and_leave_out_a_letter_found_elsewhere() {
    let lexicon = Lexicon::from_words(["bat", "cat", "hat", "tat", "cot", "cut", "dog"]).unwrap();
    let bucket = lexicon.bucket(3);
    let index = |w: &str| bucket.words().position(|x| x == w).unwrap() as u32;
    let (sizes, rest) = chains(bucket, &candidates::all(bucket));
    // -at: bat, cat, hat (tat's t is also its last letter); then c-t: cot, cut.
    assert_eq!(sizes, [3, 2]);
    assert_eq!(rest.len(), 2);
    assert!(rest.contains(&index("tat")) && rest.contains(&index("dog")));
    assert_eq!(chain_value(5, 2, 1), 2 + 3 + 3 * 25);
}

#[test]
fn a_full_search_is_the_brute_force_optimum_and_every_depth_is_below_it() {
    for &(words, max_wrong) in TINY {
        let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
        let bucket = lexicon.bucket(words[0].len());
        let exact = brute_total(words, max_wrong);
        assert_eq!(lower_bound(bucket, max_wrong, DEEP), exact, "{words:?}");
        let root = Position::new(bucket.length(), max_wrong);
        let solver = Exact::new(bucket.length());
        let all = candidates::all(bucket);
        assert_eq!(u64::from(solver.solve(bucket, &all, root).0), exact);
        for plies in 0..4 {
            for full in [0, 2, 3] {
                let depth = Depth {
                    plies,
                    full,
                    words: 2,
                };
                let bound = lower_bound(bucket, max_wrong, depth);
                assert!(bound <= exact, "{words:?} {depth:?}: {bound} > {exact}");
            }
        }
    }
}

#[test]
fn the_counting_bound_alone_forces_the_losses_of_a_chain() {
    // `-at` words after `a` and `t` are known: each guess wins at most one word, so with
    // one wrong guess left at most two of six are won (scores 2 and 3), four lose.
    let counts = Counts::new(1, 1, 3);
    let total = counting_bound(6, 2, |j| counts.get(j, 1, 1));
    assert_eq!(total, 2 + 3 + 4 * 25);
    assert_eq!(counts.get(0, 1, 1), 1);
    assert_eq!(counts.get(1, 1, 1), 2);
    assert_eq!(counts.get(5, 1, 1), 2);
    assert_eq!(counts.get(5, 0, 1), 1);
}

/// `W(j, l, u)` recomputed plainly: every non-empty mask of the `u` positions listed, the
/// `p` best hit parts summed (no binomials, no table).
fn plain_wins(p: usize, j: u32, l: i32, u: u32) -> u64 {
    if l < 0 {
        return 0;
    }
    if j == 0 || u == 0 {
        return 1;
    }
    let miss = plain_wins(p, j - 1, l - 1, u);
    let mut hits: Vec<u64> = (1..1u32 << u)
        .map(|mask| plain_wins(p, j - 1, l, u - mask.count_ones()))
        .collect();
    hits.sort_unstable_by(|a, b| b.cmp(a));
    let hit: u64 = hits.iter().take(p).sum();
    (1 + miss).max(hit + miss)
}

#[test]
fn the_counting_table_matches_a_plain_recount() {
    for p in [1, 2, 3, 7] {
        let counts = Counts::new(p, 2, 4);
        for j in 0..5 {
            for l in 0..=2 {
                for u in 0..=4 {
                    assert_eq!(
                        counts.get(j, l, u as usize),
                        plain_wins(p as usize, j, l as i32, u),
                        "p {p} j {j} l {l} u {u}"
                    );
                }
            }
        }
    }
}

/// `best`'s exact total (its tree evaluator) at every length of `lexicon`.
fn best_totals(lexicon: &Arc<Lexicon>, max_wrong: u32) -> Vec<(usize, u64)> {
    let settings = Settings {
        max_wrong,
        ..Settings::default()
    };
    let best = strategy::find("best")
        .unwrap()
        .build(lexicon.clone(), &settings)
        .unwrap();
    lexicon
        .lengths()
        .map(|length| {
            let results = best.evaluate_length(length).unwrap();
            (length, results.iter().map(|r| u64::from(r.score)).sum())
        })
        .collect()
}

#[test]
fn the_bound_is_below_best_at_every_length_of_a_sample_list() {
    // A slice of the embedded list: a few hundred words over many lengths.
    let full = lexicon::Lexicon::embedded();
    let words: Vec<String> = full.words().step_by(700).map(str::to_string).collect();
    let lexicon = Arc::new(Lexicon::from_words(words.iter().map(String::as_str)).unwrap());
    for (length, total) in best_totals(&lexicon, 3) {
        let bucket = lexicon.bucket(length);
        let bound = lower_bound(bucket, 3, Depth::for_bucket(length, bucket.len()));
        assert!(
            bound <= total,
            "length {length}: bound {bound} > best {total}"
        );
    }
}

/// On words.txt at max 5: the bound at `hangman bench`'s depth is at most `best`'s exact
/// total at every length, and at most the exact optimum where it is known (shipped or
/// solved); each length in seconds.
#[test]
#[ignore = "release only: words.txt, about a minute"]
fn on_words_txt_the_bound_is_below_best_and_the_optimum() {
    let lexicon = Arc::new(words_txt());
    for (length, played) in best_totals(&lexicon, 5) {
        let bucket = lexicon.bucket(length);
        let bound = lower_bound(bucket, 5, Depth::for_bucket(length, bucket.len()));
        assert!(
            bound <= played,
            "length {length}: bound {bound} > best {played}"
        );
        match reference(&lexicon, length, 5) {
            Reference::Shipped(t) | Reference::Solved(t) => {
                assert!(bound <= t, "length {length}: bound {bound} > optimum {t}");
                assert!(t <= played, "length {length}: optimum {t} > best {played}");
            }
            Reference::Bound(t) => assert_eq!(t, bound),
        }
    }
}

/// words.txt from the shared data (a panic naming it if missing).
fn words_txt() -> Lexicon {
    let text = std::fs::read_to_string(wordplay_testkit::shared_data("words.txt")).unwrap();
    Lexicon::from_words(text.split_whitespace()).unwrap()
}
