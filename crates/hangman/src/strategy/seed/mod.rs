//! The seed's four frequency strategies (the paper "Four Frequency-Strategy Solutions to
//! Hangman" and its notebook), reproduced in their decisions and made fast.
//!
//! All four are sub-strategies of the *frequency* arch-strategy ([`frequency`]): filter the
//! words on the last guess; if no more words are left than wrong guesses, guess one of them;
//! else guess the most common unguessed letter. They differ in how the words are stored,
//! filtered and counted:
//!
//! | registry name | storage and filter | letter count |
//! |---|---|---|
//! | `deterministic-regex` | strings, [`board_regex`] | all words, every occurrence |
//! | `sampling-regex` | strings, [`board_regex`] | a random sample, distinct letters per word |
//! | `predicate` | integer-encoded words, position [`Predicate`]s | as `sampling-regex` |
//! | `trie` | a sparse 26-ary [`Trie`] pruned by predicates | all words, every occurrence |
//!
//! They keep their own per-game storage instead of the candidate-set
//! [`Policy`](super::Policy) machinery, since that storage is what they are about.
//! Parameters (`--param key=value`) are documented on each strategy type.

mod deterministic_regex;
pub mod frequency;
mod predicate;
mod sampling_regex;
mod trie;

pub(crate) use deterministic_regex::DeterministicRegex;
pub use deterministic_regex::board_regex;
pub(crate) use frequency::Frequency;
pub use frequency::{Sampling, WordChoice};
pub(crate) use predicate::PredicateStrategy;
pub use predicate::{Predicate, board_predicates, decode, encode};
pub(crate) use sampling_regex::SamplingRegex;
pub use trie::Trie;
pub(crate) use trie::TrieStrategy;

#[cfg(test)]
mod tests;
