//! A letter model for secrets that are not in the word list.
//!
//! Every candidate-based guesser assumes the secret is a word of its list; a person's word
//! often is not (`podcasts`, a name, a new compound). The [`LetterModel`] is trained from a
//! word list and estimates, for a board and the letters guessed, the chance that each
//! unguessed letter is in the word, *assuming the word is not in the list*. It combines two
//! views of the training words:
//!
//! - **Completions** (joint): a character language model of order [`Weights::order`]
//!   (interpolated Kneser–Ney with [`Weights::discount`]; the training words padded with a
//!   boundary marker, `#word#`) scores the completions of the board left to right in a
//!   beam of [`Weights::beam`]; completions that are training words (or words already
//!   guessed wrong) are dropped, since the secret is not one of them. The chance of a
//!   letter is the posterior weight of the completions that hold it, so letters that go
//!   together (`q` and `u`, a suffix) are counted together.
//! - **Windows** (per blank): runs of 2 to 12 symbols of the padded board around each blank
//!   (known letters, blanks that may hold any unguessed letter, the markers) are matched
//!   against the training words' substrings; same-length training words that fit the board
//!   exactly or at all but one cell and the letter frequencies by position add to them.
//!   Each source is weighted by [`Weights::windows`] etc. and by how many matches back it,
//!   so long windows with little support back off to shorter ones; blanks are then taken
//!   as independent.
//!
//! - **Derived words**: spellings, inflections and compounds of the training words that are
//!   not training words themselves (`derived`), each kind with a prior share
//!   ([`Weights::spellings`], [`Weights::inflections`], [`Weights::compounds`]).
//!
//! The letter's chance is [`Weights::completions`] of the first plus the rest of the
//! second, then mixed with the derived words' by their posterior share against the
//! language model's words ([`LetterOdds::derived_share`]). The weights are fitted on held-out parts of the training list
//! ([`fit`](self::fit())): the discount by the likelihood of the held-out words, the rest by
//! the log-loss of the letter odds on boards met while playing them.
//!
//! Training indexes every substring of at most 12 symbols (two tries: forwards and
//! backwards) and builds the language model's back-off automaton; it takes about a second
//! for 173,000 words.
//!
//! # Examples
//!
//! ```
//! use std::sync::Arc;
//! use hangman::strategy::letter_model::{LetterModel, Weights};
//! use lexicon::{Letter, LetterSet, Lexicon};
//!
//! let words = Lexicon::from_words(["walk", "walked", "walker", "talk", "talked", "talking"])?;
//! let model = LetterModel::train(Arc::new(words), Weights::default());
//! // "walking" is not in the list: W A L K - - -, with e, r, s, d guessed wrong.
//! let letter = |c| Letter::from_ascii(c).unwrap();
//! let board: Vec<Option<Letter>> =
//!     b"walk".iter().map(|&c| Some(letter(c))).chain([None, None, None]).collect();
//! let guessed = LetterSet::of_word(b"walkersd");
//! let odds = model.odds(&board, guessed, &[]);
//! // The likeliest letter is one of the `-ing` the training words end with.
//! let best = odds.best(guessed).expect("a letter is left");
//! assert!(b"ing".contains(&best.lower()), "{}", best.lower() as char);
//! # Ok::<(), lexicon::LexiconError>(())
//! ```

mod derived;
mod fit;
mod index;
mod lm;
mod model;
mod weights;
mod windows;

pub use fit::{FitOptions, FitReport, fit};
pub use model::{LetterModel, LetterOdds};
pub use weights::Weights;

#[cfg(test)]
mod tests;
