//! Exact minimax for evil hangman: how many misses can a cheating referee force?
//!
//! # The game solved
//! The referee announces a length `L` and keeps the *family* of every word of that length
//! consistent with its answers so far (at the start: the whole bucket). The guesser guesses
//! letters; the referee splits the family by the positions of the letter and keeps one
//! part, answering with its position mask (mask 0 is a *miss*). The game ends when one word
//! is left: from then on the guesser knows the word and guesses it (or its letters) without
//! another miss.
//!
//! The **value** `V(F)` of a family is the number of misses an optimal referee forces on an
//! optimal guesser before the family is down to one word:
//! `V(F) = 0` if `|F| <= 1`, else the minimum over letters `g` of the maximum over the parts
//! `f` of `F` split by `g` of `[f is the miss part] + V(f)`. `M(L) = V(all words of length L)`.
//! With `N` lives (the `N`th miss loses) the guesser wins against every referee iff
//! `M(L) < N`; otherwise the referee wins against every guesser.
//!
//! Word guesses never help the guesser before one word is left (the referee can always call
//! them wrong while two words remain, which costs a miss and removes one word, and a letter
//! that the removed word does not share does at least as well), so the solver considers
//! letter guesses only.
//!
//! # Modules
//! - `answers`: the worth of each answer and each letter within a time budget, for the
//!   optimal referee and hints against it ([`letter_values`]);
//! - `witness`: sub-family witnesses (clusters like `?ill`) for lower bounds;
//! - `words`: the bucket laid out for splitting families (a counting sort on mask ids);
//! - `table`: the lock-free transposition table with exact keys;
//! - `bounds`: cheap proven bounds that settle nodes without search;
//! - `search`: null-window tests ([`Solver::at_least`]), forced moves, enhanced
//!   transposition cutoffs, parallel letters;
//! - `limits`: deadline, node budget and a stop flag ([`StopFlag`]) checked at every node;
//! - `certificate`: proofs of both bounds that `crate::verify` re-checks;
//! - `first_certificate`: proofs that each first letter is optimal or not;
//! - `driver`: [`solve_length`]: the verdict, bounds from both sides, first letters.
//!
//! # Example
//! ```
//! use hangman::solve::{Progress, SolveOptions, solve_length};
//! use lexicon::Lexicon;
//!
//! // Five words with no letter in common: the referee answers "miss" to all but one.
//! let lexicon = Lexicon::from_words(["ab", "cd", "ef", "gh", "ij"]).unwrap();
//! let bucket = lexicon.bucket(2);
//! let progress = Progress::new(2, bucket.len());
//! let solution = solve_length(bucket, &SolveOptions::default(), Some(6), &progress);
//! assert_eq!((solution.misses.lower, solution.misses.upper), (4, 4));
//! assert_eq!(solution.guesser_wins(6), Some(true));
//! ```

mod answers;
mod bounds;
mod certificate;
mod driver;
mod first_certificate;
mod limits;
mod search;
mod table;
mod witness;
mod words;

pub use answers::{LetterValue, letter_values};
pub(crate) use answers::{answer_values, solver_for};
pub use certificate::{
    Certificate, MAX_PROOF_NODES, ProofError, bucket_digest, certify, guesser_proof, referee_proof,
};
pub use driver::{
    Bounds, FirstLetter, LengthSolution, Phase, Progress, ProgressSnapshot, solve_first_letters,
    solve_length, solve_value,
};
pub use first_certificate::{
    FIRST_LETTERS_MAGIC, FirstLetterCertificate, certify_first_letters, certify_length,
};
pub use limits::{Aborted, StopFlag};
pub use search::{DEFAULT_TABLE_BYTES, SolveOptions, Solver};
pub use witness::{Witness, best_witness, shrink_witness, sub_family_value, sub_lexicon};

#[cfg(test)]
mod tests;
