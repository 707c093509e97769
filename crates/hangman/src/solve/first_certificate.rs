//! Certificates of a length's first letters: for every letter that splits the bucket, a
//! proof that it is optimal or that it is not, which [`crate::verify::verify_first_letters`]
//! re-checks without the search.
//!
//! A letter `g` splits the words of length `L` into the miss part (the words lacking `g`)
//! and hit parts. A hit part is a subset of the bucket, so it is worth at most `M`
//! (monotonicity): `g` is optimal iff `1 + V(miss part) <= M`, or the miss part is empty.
//! So each letter's proof is about its miss part alone:
//!
//! - **optimal**: the guesser's strategy on the miss part (letters in preorder, as in the
//!   value certificate's upper section), every path at most `M - 1` misses;
//! - **not optimal**: a sub-family of the miss part (listed, or the whole miss part) and the
//!   referee's strategy forcing `M` misses on it (the lower section's tokens), or `as b`:
//!   the sub-family proven for letter `b` lacks `g` too;
//! - **open**: not settled (the search stopped, or a proof did not finish): said so.
//!
//! The format is in `docs/evil.md`. Every limit is a work budget, so the same inputs give
//! the same file.

use std::fmt::Write as _;

use lexicon::{Bucket, Letter, LetterSet};

use super::certificate::{
    Certificate, Guesser, Narrowing, WHOLE_PROOF_NODES, best_guesser_node, bucket_digest,
    certify_with, cut_to, guesser_on_first_letter, narrowed_referee_proof, plain_referee_proof,
    referee_proof,
};
use super::driver::{FirstLetter, LengthSolution};
use super::search::{SolveOptions, Solver};
use super::witness::{self, Reach, ShrinkBudget, Witness, sub_lexicon};
use crate::candidates;

/// The first line of a first-letter certificate.
pub const FIRST_LETTERS_MAGIC: &str = "wordplay-hangman-first-letters 1";

/// Nodes one optimal letter's guesser proof may search.
const GUESSER_PROOF_NODES: u64 = 20_000_000;

/// Witnesses larger than this get their proof from a test on the witness alone, written
/// out from the table it fills (and, if that fails, a narrowing proof: the strategy
/// narrows below the root to smaller witnesses where it finds them).
const NARROW_WITNESS: usize = 200;

/// How a not-optimal letter's witness is shrunk before its referee proof: tests of at
/// most 50,000 nodes (most tests that drop needed words do not finish, and those are the
/// cost), 20 M nodes in all. Work budgets, so the file is the same on any machine.
/// (With the whole-list budget, 400 tests of 200,000 nodes, the 1,470 words of `????ed`
/// at 6 letters took minutes per letter and lost no word.)
const MISS_PART_SHRINK: ShrinkBudget = ShrinkBudget {
    tests: 400,
    test_nodes: 50_000,
    nodes: 20_000_000,
    runs: true,
};

/// Witnesses above this many words are shrunk by whole letters only: dropping runs of
/// `????ed`'s words fails test after test (each costing its whole budget), and the proof
/// narrows below its root anyway.
const SHRINK_RUNS_MAX: usize = 600;

/// How the witnesses a narrowing proof finds below its root are shrunk: as
/// [`MISS_PART_SHRINK`], 3 M nodes each (a `????ed` proof finds dozens).
const NARROWED_SHRINK: ShrinkBudget = ShrinkBudget {
    nodes: 3_000_000,
    ..MISS_PART_SHRINK
};

/// A first-letter certificate: its text and what it settles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstLetterCertificate {
    /// The certificate's text.
    pub text: String,
    /// Letters proven optimal.
    pub optimal: Vec<Letter>,
    /// Letters proven not optimal.
    pub not_optimal: Vec<Letter>,
    /// Splitting letters the file leaves open.
    pub open: Vec<Letter>,
    /// Per optimal letter, the guesser's tree on its miss part that the file holds
    /// (letters in preorder): what the value certificate's guesser starts from.
    pub(super) trees: Vec<(Letter, String)>,
}

impl FirstLetterCertificate {
    /// The file form, gzip-compressed like [`super::Certificate::compressed`].
    pub fn compressed(&self) -> Vec<u8> {
        super::certificate::gzip(&self.text)
    }
}

/// Both certificates of a solved length: when the value is exact, the first letters'
/// ([`certify_first_letters`]) first, then the value's ([`super::certify`]), whose
/// guesser starts with a first letter that file proves optimal and reuses its tree on that
/// letter's miss part (the search for the value's guesser from the root can take hours
/// where the first letters' proofs take seconds). `options` as for [`super::certify`].
pub fn certify_length(
    bucket: &Bucket,
    dictionary: &str,
    solution: &LengthSolution,
    options: &SolveOptions,
) -> (Certificate, Option<FirstLetterCertificate>) {
    let b = solution.misses;
    let first = (b.is_exact() && bucket.len() > 1 && !options.verdict_only).then(|| {
        certify_first_letters(
            bucket,
            dictionary,
            b.lower,
            &solution.first_letters,
            options,
        )
    });
    let built = first
        .as_ref()
        .and_then(|f| guesser_on_first_letter(bucket, b.lower, &f.trees, options));
    let guesser = match built {
        Some((worst, tree)) => Guesser::Built(worst, tree),
        None => {
            // The optimal letter whose miss part the search settled directly and fewest
            // words lack: its proof is the quickest to find again.
            let lacking = |l: Letter| {
                (0..bucket.len())
                    .filter(|&w| !bucket.letters(w).contains(l))
                    .count()
            };
            let prefer = solution
                .first_letters
                .iter()
                .filter(|(_, e)| {
                    matches!(
                        e,
                        FirstLetter::InEveryWord | FirstLetter::Optimal { then: None }
                    )
                })
                .map(|&(l, _)| l)
                .min_by_key(|&l| (lacking(l), l));
            Guesser::Search { prefer }
        }
    };
    let witness = solution.witness.as_ref();
    let value = certify_with(
        bucket,
        dictionary,
        (b.lower, b.upper),
        witness,
        guesser,
        options,
    );
    (value, first)
}

/// Writes the proofs of the first letters of `bucket`, whose value is `m` (exact), from
/// how the driver settled them (`proofs`, e.g. [`super::LengthSolution::first_letters`]);
/// a letter with no evidence, or whose proof does not finish within the work budgets, is
/// written as open. `dictionary` is a name for the reader.
pub fn certify_first_letters(
    bucket: &Bucket,
    dictionary: &str,
    m: u32,
    proofs: &[(Letter, FirstLetter)],
    options: &SolveOptions,
) -> FirstLetterCertificate {
    let options = &SolveOptions {
        sequential: true,
        max_nodes: 0,
        ..options.clone()
    };
    let mut solver = Solver::new(bucket, options.clone());
    let family: Vec<u32> = (0..bucket.len() as u32).collect();
    let split = if family.len() > 1 {
        solver.root(&family).split
    } else {
        0
    };
    let mut text = String::new();
    let _ = writeln!(text, "{FIRST_LETTERS_MAGIC}");
    let _ = writeln!(text, "dictionary {dictionary}");
    let _ = writeln!(text, "length {}", bucket.length());
    let _ = writeln!(text, "words {}", bucket.len());
    let _ = writeln!(text, "digest {:016x}", bucket_digest(bucket));
    let _ = writeln!(text, "value {m}");
    let mut out = FirstLetterCertificate {
        text: String::new(),
        optimal: Vec::new(),
        not_optimal: Vec::new(),
        open: Vec::new(),
        trees: Vec::new(),
    };
    // The sub-families proven worth `m` so far, by letter: a later letter they all lack
    // refers to one of them.
    let mut proven: Vec<(Letter, Vec<u32>)> = Vec::new();
    // The witnesses the not-optimal letters' proofs found below their roots, for the next.
    let mut known: Vec<Witness> = Vec::new();
    let mut miss = Vec::new();
    for letter in LetterSet::from_bits(split).iter() {
        let evidence = proofs.iter().find(|(l, _)| *l == letter).map(|(_, e)| e);
        solver.words.miss_part(&family, letter.index(), &mut miss);
        let c = letter.lower() as char;
        let written = match evidence {
            Some(FirstLetter::InEveryWord) if miss.is_empty() => {
                let _ = writeln!(text, "optimal {c}\n.");
                out.trees.push((letter, String::new()));
                true
            }
            Some(FirstLetter::Optimal { then }) => {
                solver.restart_with(options.deadline, GUESSER_PROOF_NODES);
                match guesser_tree(&solver, &miss, *then, m) {
                    Some(tree) => {
                        let _ = writeln!(text, "optimal {c}");
                        for line in tree.as_bytes().chunks(80) {
                            text.push_str(std::str::from_utf8(line).expect("ASCII letters"));
                            text.push('\n');
                        }
                        text.push_str(".\n");
                        out.trees.push((letter, tree));
                        true
                    }
                    None => false,
                }
            }
            Some(FirstLetter::NotOptimal { witness }) => {
                let lacking = |words: &[u32]| {
                    words
                        .iter()
                        .all(|&w| !bucket.word(w as usize).contains(&letter.lower()))
                };
                if let Some((earlier, _)) = proven.iter().find(|(_, words)| lacking(words)) {
                    let _ = writeln!(text, "not-optimal {c} as {}", earlier.lower() as char);
                    out.not_optimal.push(letter);
                    continue;
                }
                solver.restart_with(options.deadline, WHOLE_PROOF_NODES);
                // The other letters still to prove not optimal: a witness lacking them
                // proves them too (`as`).
                let others = proofs
                    .iter()
                    .filter(|(l, e)| *l > letter && matches!(e, FirstLetter::NotOptimal { .. }))
                    .fold(0u32, |bits, (l, _)| bits | l.bit());
                match referee_on_miss(
                    &solver,
                    &miss,
                    witness.as_ref(),
                    m,
                    others,
                    &mut known,
                    options,
                ) {
                    Some((words, tokens)) => {
                        let _ = writeln!(text, "not-optimal {c}");
                        match &words {
                            None => text.push_str("family all\n"),
                            Some(words) => {
                                let _ = writeln!(text, "family {}", words.len());
                                for &w in words {
                                    let _ = writeln!(text, "{}", bucket.word_str(w as usize));
                                }
                            }
                        }
                        text.push_str(&tokens);
                        text.push_str(".\n");
                        proven.push((letter, words.unwrap_or_else(|| miss.clone())));
                        out.not_optimal.push(letter);
                        continue;
                    }
                    None => false,
                }
            }
            _ => false,
        };
        if written {
            out.optimal.push(letter);
        } else {
            let _ = writeln!(text, "open {c}");
            out.open.push(letter);
        }
    }
    out.text = text;
    out
}

/// The guesser's tree on `miss` (a first letter's miss part) holding the referee to
/// `m - 1` misses, starting with `then` when given (a split proof's second guess); `None`
/// when the tree found allows more.
fn guesser_tree(solver: &Solver<'_>, miss: &[u32], then: Option<Letter>, m: u32) -> Option<String> {
    if miss.len() <= 1 {
        // One word: no miss after the first letter's.
        return (m >= 1).then(String::new);
    }
    let allowed = m.checked_sub(1)?;
    let bucket = solver.bucket();
    let mut tree = String::new();
    let worst = match then {
        Some(then) if solver.root(miss).split & then.bit() != 0 => {
            tree.push(then.lower() as char);
            candidates::partition(bucket, miss, then)
                .into_iter()
                .map(|(mask, part)| {
                    let missed = u32::from(mask == 0);
                    let left = allowed.saturating_sub(missed);
                    missed + best_guesser_node(solver, bucket, &part, left, None, &mut tree)
                })
                .max()
                .unwrap_or(0)
        }
        _ => best_guesser_node(solver, bucket, miss, allowed, None, &mut tree),
    };
    (worst <= allowed).then_some(tree)
}

/// The referee's proof that `miss` (a first letter's miss part) is worth `m`: the
/// sub-family it rests on (`None`: all of `miss`) and its tokens. The driver's witness
/// when it has one, else one found inside `miss`, else the whole miss part with narrowing.
fn referee_on_miss(
    solver: &Solver<'_>,
    miss: &[u32],
    witness: Option<&Witness>,
    m: u32,
    others: u32,
    known: &mut Vec<Witness>,
    options: &SolveOptions,
) -> Option<(Option<Vec<u32>>, String)> {
    let bucket = solver.bucket();
    if m == 0 {
        // Any word is worth 0 misses.
        return Some((None, String::new()));
    }
    let (deadline, stop) = (options.deadline, &options.stop);
    let found = witness.cloned().or_else(|| {
        witness::witness_within(bucket, miss, m, Reach::Wide, deadline, stop)
            .or_else(|| witness::four_blank_within(bucket, miss, m, 0, deadline, stop).0)
    });
    let Some(w) = found.filter(|w| w.value >= m) else {
        if let Some(tokens) = searched_proof(solver, miss, m) {
            return Some((None, tokens));
        }
        let mut narrowing = Narrowing::new(None, options);
        let tokens = narrowed_referee_proof(solver, miss, m, &mut narrowing).ok()?;
        return Some((None, tokens));
    };
    // A witness only needs `m`: drop what the value does not need, the words holding the
    // other letters still to prove first (a witness lacking them proves them too).
    let budget = ShrinkBudget {
        runs: w.words.len() <= SHRINK_RUNS_MAX,
        ..MISS_PART_SHRINK
    };
    let w = cut_to(bucket, &w, m, budget, others, deadline, stop);
    let tokens = if w.disjoint || w.words.len() <= NARROW_WITNESS {
        referee_proof(bucket, Some(&w), m, options).ok()?
    } else {
        // Thousands of words (`????ed`): a strategy that narrows below its root.
        let lexicon = sub_lexicon(bucket, &w.words);
        let sub = lexicon.bucket(bucket.length());
        let sub_options = SolveOptions {
            max_nodes: WHOLE_PROOF_NODES,
            ..options.clone()
        };
        let solver = Solver::new(sub, sub_options.clone());
        let all: Vec<u32> = (0..sub.len() as u32).collect();
        if let Some(tokens) = searched_proof(&solver, &all, m) {
            return Some((Some(w.words), tokens));
        }
        // The witnesses earlier letters' proofs found inside this one (`????ed` less `j`
        // and less `w` share most of theirs), in the sub-list's indices.
        let inside = known.iter().filter_map(|k| {
            let words: Option<Vec<u32>> = k
                .words
                .iter()
                .map(|i| w.words.binary_search(i).ok().map(|at| at as u32))
                .collect();
            Some(Witness {
                words: words?,
                ..k.clone()
            })
        });
        let mut narrowing = Narrowing::new(None, &sub_options)
            .knowing(inside)
            .shrinking(NARROWED_SHRINK);
        let proof = narrowed_referee_proof(&solver, &all, m, &mut narrowing);
        for found in narrowing.into_known() {
            let words = found.words.iter().map(|&i| w.words[i as usize]).collect();
            let found = Witness { words, ..found };
            if !known.contains(&found) {
                known.push(found);
            }
        }
        proof.ok()?
    };
    Some((Some(w.words), tokens))
}

/// The referee's proof that `family` is worth `m` as the search finds it: one test fills
/// the table with what it proved, and the walk writes that out (a part the table proves
/// worth the target by itself is kept before the guess, as the search's cutoff did).
/// `None` if the test fails or stops, or the proof is too large; narrowing below the root
/// is then the fallback.
fn searched_proof(solver: &Solver<'_>, family: &[u32], m: u32) -> Option<String> {
    if !solver.at_least(family, m).ok()? {
        return None;
    }
    let mut tokens = String::new();
    plain_referee_proof(solver, family, m, &mut tokens).ok()?;
    Some(tokens)
}
