//! Certificates: written by the solver, re-checked by `hangman::verify`; any flaw is found.

use hangman::solve::{self, Progress, SolveOptions};
use hangman::verify;
use lexicon::Lexicon;
use proptest::prelude::*;

mod common;

/// The 50 words of `?at`, `b?t` and `ba?` plus a few more: a hard small list.
fn hard() -> Lexicon {
    let mut words = Vec::new();
    for c in b'a'..=b'z' {
        for pattern in [[c, b'a', b't'], [b'b', c, b't'], [b'b', b'a', c]] {
            words.push(String::from_utf8(pattern.to_vec()).unwrap());
        }
    }
    words.extend(
        [
            "bill", "dill", "fill", "hill", "kill", "mill", "pill", "till", "will",
        ]
        .map(String::from),
    );
    Lexicon::from_words(words.iter().map(String::as_str)).unwrap()
}

fn certificate(lexicon: &Lexicon, length: usize) -> (String, u32, u32) {
    let bucket = lexicon.bucket(length);
    let progress = Progress::new(length, bucket.len());
    let s = solve::solve_length(bucket, &SolveOptions::default(), None, &progress);
    let c = solve::certify(
        bucket,
        "test",
        s.misses.lower,
        s.misses.upper,
        s.witness.as_ref(),
        &SolveOptions::default(),
    );
    (c.text, c.lower, c.upper)
}

#[test]
fn a_certificate_checks_and_proves_the_value() {
    let lex = hard();
    for length in [3, 4] {
        let (text, lower, upper) = certificate(&lex, length);
        assert_eq!(lower, upper, "length {length}");
        let v = verify::verify(&text, lex.bucket(length)).unwrap();
        assert_eq!((v.lower, v.upper), (lower, upper));
    }
    // ?ill: nine words, each guess hits one: 8 misses.
    let (_, m, _) = certificate(&lex, 4);
    assert_eq!(m, 8);
}

#[test]
fn flaws_are_rejected() {
    let lex = hard();
    let bucket = lex.bucket(3);
    let (text, lower, upper) = certificate(&lex, 3);
    assert!(verify::verify(&text, bucket).is_ok());
    // A claimed value off by one, either side.
    let off = text.replace(
        &format!("upper {upper}\n"),
        &format!("upper {}\n", upper - 1),
    );
    assert!(verify::verify(&off, bucket).is_err());
    let off = text.replace(
        &format!("lower {lower}\n"),
        &format!("lower {}\n", lower + 1),
    );
    assert!(verify::verify(&off, bucket).is_err());
    // The guesser's first letter changed.
    let start = text.find("upper ").unwrap();
    let tree = start + text[start..].find('\n').unwrap() + 1;
    let first = text.as_bytes()[tree];
    for other in b'a'..=b'z' {
        if other != first {
            let mut changed = text.clone().into_bytes();
            changed[tree] = other;
            let changed = String::from_utf8(changed).unwrap();
            if let Ok(v) = verify::verify(&changed, bucket) {
                // A different letter may still be a valid strategy, but never a
                // better one than the value.
                assert!(v.upper >= upper);
            }
        }
    }
    // One family dropped: a letter of the guesser's tree removed.
    let mut dropped = text.clone();
    dropped.remove(tree + 1);
    assert!(verify::verify(&dropped, bucket).is_err());
    // The wrong dictionary.
    assert!(
        verify::verify(
            &text,
            Lexicon::from_words(["cat", "bat"]).unwrap().bucket(3)
        )
        .is_err()
    );
}

fn dictionary() -> impl Strategy<Value = Vec<String>> {
    (2usize..=4).prop_flat_map(|len| {
        proptest::collection::btree_set(
            proptest::collection::vec(0u8..7, len)
                .prop_map(|v| v.iter().map(|&c| (b'a' + c) as char).collect::<String>()),
            1..40,
        )
        .prop_map(|set| set.into_iter().collect::<Vec<_>>())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Every certificate the solver writes checks and proves the exact value; one with a
    /// referee answer changed or a value off by one does not.
    #[test]
    fn certificates_of_random_lists_check(words in dictionary()) {
        let lex = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
        let length = words[0].len();
        let (text, lower, upper) = certificate(&lex, length);
        prop_assert_eq!(lower, upper);
        let v = verify::verify(&text, lex.bucket(length)).unwrap();
        prop_assert_eq!((v.lower, v.upper), (lower, upper));
        if upper > 0 {
            let off = text.replace(&format!("upper {upper}\n"), &format!("upper {}\n", upper - 1));
            prop_assert!(verify::verify(&off, lex.bucket(length)).is_err());
        }
        let off = text.replace(&format!("lower {lower}\n"), &format!("lower {}\n", lower + 1));
        prop_assert!(verify::verify(&off, lex.bucket(length)).is_err());
        // The referee's last node dropped: the walk misses a family.
        let lines: Vec<&str> = text.lines().collect();
        let last = lines.len() - 2;
        if lower > 0 && ["h", "r", "s"].iter().any(|t| lines[last].starts_with(t)) {
            let mut dropped = lines.clone();
            dropped.remove(last);
            prop_assert!(verify::verify(&(dropped.join("\n") + "\n"), lex.bucket(length)).is_err());
        }
    }
}

#[test]
fn compressed_certificates_decode_and_a_late_proof_is_still_valid() {
    let lex = hard();
    let bucket = lex.bucket(3);
    let progress = Progress::new(3, bucket.len());
    let s = solve::solve_length(bucket, &SolveOptions::default(), None, &progress);
    let (lower, upper) = (s.misses.lower, s.misses.upper);
    let witness = s.witness.as_ref();
    let c = solve::certify(
        bucket,
        "test",
        lower,
        upper,
        witness,
        &SolveOptions::default(),
    );
    let bytes = c.compressed();
    assert_eq!(&bytes[..2], &[0x1f, 0x8b]);
    assert_eq!(verify::decode(&bytes).unwrap(), c.text);
    assert_eq!(verify::decode(c.text.as_bytes()).unwrap(), c.text);
    assert!(verify::decode(&bytes[..bytes.len() / 2]).is_err());
    assert_eq!(
        verify::verify(&c.text, bucket).unwrap().solver,
        Some((lower, upper))
    );
    // No time left for the proofs: greedy trees and cheap bounds, still valid, never
    // claiming more than the search proved, and the file says what the search proved.
    let late = SolveOptions {
        deadline: Some(std::time::Instant::now()),
        ..SolveOptions::default()
    };
    let c = solve::certify(bucket, "test", lower, upper, witness, &late);
    let v = verify::verify(&c.text, bucket).unwrap();
    assert_eq!((v.lower, v.upper), (c.lower, c.upper));
    assert_eq!(v.solver, Some((lower, upper)));
    assert!(c.upper >= upper && c.lower <= lower);
    assert!(c.lower > 0, "the cheap bound at least");
}

/// A certificate whose lower bound rests on a sub-family (the words of `?at`, `b?t` and
/// `ba?` over a to l, among a few others): it checks, and a witness with a word not in the dictionary,
/// a word swapped for another, or a referee answer changed is rejected.
#[test]
fn a_witness_lower_bound_checks_and_tampered_witnesses_are_rejected() {
    let lex = mixed();
    let others = ANIMALS;
    let bucket = lex.bucket(3);
    let cluster: Vec<u32> = (0..bucket.len() as u32)
        .filter(|&i| !others.contains(&bucket.word_str(i as usize)))
        .collect();
    let stop = solve::StopFlag::new();
    let value = solve::sub_family_value(bucket, &cluster, None, &stop);
    assert!(value >= 8, "the cluster is worth {value}");
    let progress = Progress::new(3, bucket.len());
    let s = solve::solve_length(bucket, &SolveOptions::default(), None, &progress);
    let witness = solve::Witness {
        words: cluster.clone(),
        value,
        disjoint: false,
    };
    let c = solve::certify(
        bucket,
        "test",
        value,
        s.misses.upper,
        Some(&witness),
        &SolveOptions::default(),
    );
    let v = verify::verify(&c.text, bucket).unwrap();
    // The prover keeps only the words the value needs.
    assert_eq!(v.lower, value);
    assert!(1 < v.family && v.family <= cluster.len(), "{}", v.family);
    let listed = format!("family {}\n", v.family);
    let at = c.text.find(&listed).unwrap() + listed.len();
    let first = &c.text[at..at + 4];
    assert!(
        first.ends_with('\n')
            && cluster.contains(&(bucket.find(&first.as_bytes()[..3]).unwrap() as u32))
    );
    let word = format!("\n{first}");
    // A word of the witness that is not in the dictionary.
    let flaw = verify::verify(&c.text.replacen(&word, "\nbqt\n", 1), bucket).unwrap_err();
    assert!(flaw.0.contains("not a word of the dictionary"), "{flaw}");
    // A word of the witness swapped for another word of the dictionary: the referee's
    // strategy no longer fits.
    assert!(verify::verify(&c.text.replacen(&word, "\ndog\n", 1), bucket).is_err());
    // A word dropped from the witness: the rest is worth less than the claim.
    let fewer = c
        .text
        .replacen(&listed, &format!("family {}\n", v.family - 1), 1)
        .replacen(&word, "\n", 1);
    assert!(verify::verify(&fewer, bucket).is_err());
}

/// The nine words of `?ill` in `hard()` (length 4, worth 8): a referee strategy written by
/// hand that answers every first letter with a miss, then narrows to the eight words left.
fn narrowing_certificate(narrowed: &str) -> String {
    let lex = hard();
    let (text, _, _) = certificate(&lex, 4);
    let head = &text[..text.find("lower ").unwrap()];
    let mut lower = String::from("lower 8\nfamily all\nr 0 0 0 0 0 0 0 0 0\n");
    lower += &format!("n 8 {narrowed}\nh\n");
    lower += &"h\n".repeat(8);
    format!("{head}{lower}.\n")
}

#[test]
fn a_narrowing_must_stay_inside_the_current_family() {
    let lex = hard();
    let bucket = lex.bucket(4);
    // After the miss on `b`: the eight other words.
    let good = narrowing_certificate("dill fill hill kill mill pill till will");
    let v = verify::verify(&good, bucket).unwrap();
    assert_eq!(v.lower, 8);
    // `bill` holds the `b` just missed: not in the current family.
    let outside = narrowing_certificate("bill fill hill kill mill pill till will");
    let flaw = verify::verify(&outside, bucket).unwrap_err();
    assert!(flaw.0.contains("not in the current family"), "{flaw}");
    // Not a word, a word twice, more words than the family holds.
    let unknown = narrowing_certificate("zzzz fill hill kill mill pill till will");
    assert!(verify::verify(&unknown, bucket).is_err());
    let twice = narrowing_certificate("dill dill hill kill mill pill till will");
    assert!(verify::verify(&twice, bucket).is_err());
    let more = good.replace("n 8 dill", "n 9 bill dill");
    assert!(verify::verify(&more, bucket).is_err());
    // Narrowed to fewer words than the target needs: the `h` claim fails.
    let short = good.replace("n 8 dill fill", "n 7 fill");
    assert!(verify::verify(&short, bucket).is_err());
}

/// words.txt at 4 and 5 letters: the solver settles every first letter within its default
/// cap (split proofs: after the letter, a letter optimal for the whole bucket, each part
/// tested as a list of its own), the sets that the reference certificates prove
/// (`certificates/words`, docs/evil.md).
#[test]
#[ignore = "release only: cargo test --release -p hangman --test certificates -- --ignored"]
fn words_txt_first_letters_of_four_and_five_are_complete() {
    let lexicon = common::challenge();
    let best = "bdfghijklmnprstvwyz";
    assert_first_letters_complete(&lexicon, &[(4, 16, best), (5, 15, best)], 0);
}

/// Each `(length, value, optimal first letters)` of `cases` solved with its first letters
/// (`first_letter_nodes` as the cap, 0 for none) as `hangman solve` solves it: the value
/// exact, the letters complete and as given.
fn assert_first_letters_complete(
    lexicon: &Lexicon,
    cases: &[(usize, u32, &str)],
    first_letter_nodes: u64,
) {
    for &(length, value, best) in cases {
        let bucket = lexicon.bucket(length);
        let progress = Progress::new(length, bucket.len());
        // As the bare `hangman solve` of a whole list runs each length: sequential, the
        // verdict at 6 lives first (its table is where the first letters start, so what
        // a cap settles depends on it).
        let options = SolveOptions {
            sequential: true,
            first_letter_nodes,
            ..SolveOptions::default()
        };
        let s = solve::solve_length(bucket, &options, Some(6), &progress);
        assert_eq!((s.misses.lower, s.misses.upper), (value, value));
        assert!(s.best_first_complete, "length {length}");
        assert_eq!(s.best_first.concat(), best, "length {length}");
    }
}

/// Both certificates of one length of `lexicon` from one solve, as `hangman solve
/// --certificate` writes them: the value's text, the first letters' text, the value and
/// the solver's optimal first letters.
fn both(lexicon: &Lexicon, length: usize) -> (String, String, u32, String) {
    let bucket = lexicon.bucket(length);
    let progress = Progress::new(length, bucket.len());
    let options = SolveOptions::default();
    let s = solve::solve_length(bucket, &options, None, &progress);
    assert!(s.misses.is_exact() && s.best_first_complete);
    let (value, first) = solve::certify_length(bucket, "test", &s, &options);
    let first = first.expect("an exact value has first letters");
    assert!(first.open.is_empty(), "{first:?}");
    (
        value.text,
        first.text,
        s.misses.lower,
        s.best_first.concat(),
    )
}

/// `?at`, `b?t`, `ba?` over a to l and ten animals: some first letters optimal (those of the
/// clusters), some not (the animals' letters: the referee answers them with a miss and
/// keeps the clusters).
fn mixed() -> Lexicon {
    let mut words: Vec<String> = Vec::new();
    for c in b'a'..=b'l' {
        for pattern in [[c, b'a', b't'], [b'b', c, b't'], [b'b', b'a', c]] {
            words.push(String::from_utf8(pattern.to_vec()).unwrap());
        }
    }
    words.extend(ANIMALS.map(String::from));
    Lexicon::from_words(words.iter().map(String::as_str)).unwrap()
}

/// The words of [`mixed`] outside the clusters.
const ANIMALS: [&str; 10] = [
    "dog", "cow", "pig", "hen", "fox", "elk", "gnu", "yak", "owl", "emu",
];

/// Every first letter is certified optimal or not, as the solver says, and the verifier
/// proves the same sets.
#[test]
fn first_letter_certificates_check_and_agree_with_the_solver() {
    for (lex, length) in [(hard(), 3), (hard(), 4), (mixed(), 3)] {
        let bucket = lex.bucket(length);
        let (value, first, m, best) = both(&lex, length);
        let v = verify::verify(&value, bucket).unwrap();
        assert_eq!((v.lower, v.upper), (m, m));
        let f = verify::verify_first_letters(&first, bucket, m).unwrap();
        assert_eq!(f.optimal, best, "length {length}");
        // The value's guesser is built on the first letters' proofs: it opens with an
        // optimal letter (and its tree on that letter's miss part is the one proven).
        let section = |text: &str, head: &str| -> String {
            text.lines()
                .skip_while(|l| *l != head)
                .skip(1)
                .take_while(|l| *l != ".")
                .collect()
        };
        let upper = section(&value, &format!("upper {m}"));
        let opening = upper.chars().next().expect("a guesser's tree");
        assert!(
            best.contains(opening),
            "length {length}: opens with {opening}"
        );
        let miss_tree = section(&first, &format!("optimal {opening}"));
        assert!(
            upper.starts_with(&format!("{opening}{miss_tree}")),
            "length {length}: the miss part's tree is the first letters' proof"
        );
        if length == 3 && bucket.len() != 76 {
            assert!(!f.not_optimal.is_empty(), "{first}");
        }
        assert_eq!(f.open, "");
        // Every splitting letter once: optimal and not optimal together.
        let mut all: Vec<char> = f.optimal.chars().chain(f.not_optimal.chars()).collect();
        all.sort_unstable();
        let split: String = (b'a'..=b'z')
            .filter(|&c| {
                let has = (0..bucket.len())
                    .filter(|&w| bucket.word(w).contains(&c))
                    .count();
                has > 0
                    && (has < bucket.len() || {
                        let at = |w: usize| bucket.word(w).iter().position(|&x| x == c);
                        (1..bucket.len()).any(|w| at(w) != at(0))
                    })
            })
            .map(char::from)
            .collect();
        assert_eq!(
            all.into_iter().collect::<String>(),
            split,
            "length {length}"
        );
    }
}

/// Each kind of tampering with a first-letter certificate is rejected.
#[test]
fn tampered_first_letter_certificates_are_rejected() {
    let lex = mixed();
    let bucket = lex.bucket(3);
    let (_, first, m, _) = both(&lex, 3);
    let reject = |text: &str, why: &str| {
        let flaw = verify::verify_first_letters(text, bucket, m).expect_err(why);
        eprintln!("{why}: {flaw}");
    };
    // Judged against another value than the value certificate's.
    assert!(verify::verify_first_letters(&first, bucket, m + 1).is_err());
    reject(
        &first.replace(&format!("value {m}\n"), &format!("value {}\n", m + 1)),
        "value line",
    );
    // The wrong word list.
    let other = Lexicon::from_words(["cat", "bat", "rat", "hat"]).unwrap();
    assert!(verify::verify_first_letters(&first, other.bucket(3), m).is_err());
    let entries: Vec<&str> = first
        .lines()
        .filter(|l| {
            l.starts_with("optimal ") || l.starts_with("not-optimal ") || l.starts_with("open ")
        })
        .collect();
    // An entry dropped, or two swapped.
    let optimal = entries.iter().find(|l| l.starts_with("optimal ")).unwrap();
    let at = first.find(&format!("{optimal}\n")).unwrap();
    let end = at + first[at..].find("\n.\n").unwrap() + 3;
    reject(
        &format!("{}{}", &first[..at], &first[end..]),
        "an entry dropped",
    );
    // A not-optimal letter claimed optimal, with a real guesser's tree on its miss part:
    // that tree allows `M` more misses after the first, one too many.
    let not = entries
        .iter()
        .find(|l| l.starts_with("not-optimal ") && !l.contains(" as "))
        .unwrap();
    let letter = &not["not-optimal ".len()..];
    let n_at = first.find(&format!("{not}\n")).unwrap();
    let n_end = n_at + first[n_at..].find("\n.\n").unwrap() + 3;
    let miss: Vec<&str> = (0..bucket.len())
        .map(|w| bucket.word_str(w))
        .filter(|w| !w.contains(letter))
        .collect();
    let miss = Lexicon::from_words(miss).unwrap();
    let tree = solve::guesser_proof(miss.bucket(3), m, &SolveOptions::default()).unwrap();
    let claimed = format!(
        "{}optimal {letter}\n{tree}\n.\n{}",
        &first[..n_at],
        &first[n_end..]
    );
    let flaw = verify::verify_first_letters(&claimed, bucket, m).unwrap_err();
    assert!(flaw.0.contains(&format!("more than {m}")), "{flaw}");
    // A word holding the letter listed in its family.
    let section = &first[n_at..n_end];
    if let Some(line) = section.lines().nth(2).filter(|l| l.len() == 3) {
        let holder = (0..bucket.len())
            .map(|w| bucket.word_str(w))
            .find(|w| w.contains(letter))
            .unwrap();
        let swapped = first.replacen(&format!("\n{line}\n"), &format!("\n{holder}\n"), 1);
        reject(&swapped, "a family word holding the letter");
    }
    // The referee's answers changed.
    let broken = section.replacen("r ", "r 9", 1);
    if broken != section {
        reject(
            &first.replacen(section, &broken, 1),
            "a referee answer that does not exist",
        );
    }
    // An optimal letter's tree cut short.
    let short_tree = format!("{}{}\n.\n{}", &first[..at], optimal, &first[end..]);
    reject(&short_tree, "an optimal letter's tree missing");
    // A later letter said to be not optimal by the family of `letter`, which holds it.
    let family: Vec<&str> = section
        .lines()
        .skip(2)
        .take_while(|l| l.len() == 3)
        .collect();
    let later = entries
        .iter()
        .map(|e| e.split(' ').nth(1).unwrap())
        .filter(|l| *l > letter)
        .find(|l| family.iter().any(|w| w.contains(*l)));
    let later = later.expect("a later letter in the family");
    let entry = entries
        .iter()
        .find(|e| e.split(' ').nth(1) == Some(later))
        .unwrap();
    let at = first.find(&format!("{entry}\n")).unwrap();
    let end = match entry.starts_with("open") || entry.contains(" as ") {
        true => at + entry.len() + 1,
        false => at + first[at..].find("\n.\n").unwrap() + 3,
    };
    let text = format!(
        "{}not-optimal {later} as {letter}\n{}",
        &first[..at],
        &first[end..]
    );
    let flaw = verify::verify_first_letters(&text, bucket, m).unwrap_err();
    assert!(flaw.0.contains("which has the letter"), "{flaw}");
}

/// `hard()`'s nine words of `?ill` (length 4) with a referee strategy written by hand:
/// `lower` misses from the whole bucket by keeping `kept` (a `p` node: one part of a
/// letter, before the letter is guessed), then the hitting-set claim.
fn kept_part_certificate(lower: u32, kept: &str) -> String {
    let lex = hard();
    let (text, _, _) = certificate(&lex, 4);
    let head = &text[..text.find("lower ").unwrap()];
    format!("{head}lower {lower}\nfamily all\np {kept}\nh\n.\n")
}

#[test]
fn a_kept_part_must_be_a_part_of_a_splitting_letter_and_worth_the_claim() {
    let lex = hard();
    let bucket = lex.bucket(4);
    // The eight words lacking `b`: no seven letters hit them all.
    let v = verify::verify(&kept_part_certificate(7, "b 0"), bucket).unwrap();
    assert_eq!(v.lower, 7);
    // Eight words are not worth eight misses: their eight letters hit them all.
    let flaw = verify::verify(&kept_part_certificate(8, "b 0"), bucket).unwrap_err();
    assert!(flaw.0.contains("hit every word"), "{flaw}");
    // Part 1 of `b` is `bill` alone; there is no part 2; `i` is in every word (it does not
    // split them); `B` and `bb` are not letters.
    let one = verify::verify(&kept_part_certificate(7, "b 1"), bucket).unwrap_err();
    assert!(one.0.contains("family of one word"), "{one}");
    let none = verify::verify(&kept_part_certificate(7, "b 2"), bucket).unwrap_err();
    assert!(none.0.contains("does not exist"), "{none}");
    let constant = verify::verify(&kept_part_certificate(7, "i 0"), bucket).unwrap_err();
    assert!(constant.0.contains("does not split"), "{constant}");
    for bad in ["B 0", "bb 0", "b x"] {
        assert!(verify::verify(&kept_part_certificate(7, bad), bucket).is_err());
    }
}

/// An `s` node stands for a family proven before for at least its target, never more:
/// `hard()`'s `?ill` words at 7 misses, where the words lacking `b` and `d` are proven
/// for 5 misses (under `b`'s miss part, by a hitting-set claim) and reached again for 6
/// (under `d`'s miss part, keeping `b`'s miss part). Seven such words are worth 6, so `h`
/// there is sound; `s` is not, since the walk proved them for 5 only.
#[test]
fn a_family_proven_for_fewer_misses_does_not_stand_for_more() {
    let lex = hard();
    let bucket = lex.bucket(4);
    let (text, _, _) = certificate(&lex, 4);
    let head = &text[..text.find("lower ").unwrap()];
    let with = |again: &str| {
        let mut tokens = String::from("r 0 0 0 0 0 0 0 0 0\n");
        // Lacking b (6 misses to go): every other letter's miss part, each for 5.
        tokens.push_str("r 0 0 0 0 0 0 0 0\n");
        tokens.push_str(&"h\n".repeat(8));
        // Lacking d: keep the words lacking b too, still 6 to go.
        tokens.push_str(&format!("p b 0\n{again}\n"));
        // Lacking f, h, k, m, p, t, w: eight words each, 6 to go.
        tokens.push_str(&"h\n".repeat(7));
        format!("{head}lower 7\nfamily all\n{tokens}.\n")
    };
    assert_eq!(verify::verify(&with("h"), bucket).unwrap().lower, 7);
    let flaw = verify::verify(&with("s"), bucket).unwrap_err();
    assert!(flaw.0.contains("said to be proven"), "{flaw}");
}
