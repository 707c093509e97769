//! Word Blender for wordplay: the six-letter anagram game.
//!
//! A round shows six scrambled letters taken from a common six-letter word; the player finds
//! the 3–6-letter words they make before the timer runs out, and advances to another round
//! only by finding a six-letter word. This crate holds everything but the terminal:
//!
//! - [`Rack`] and [`Signature`]: a multiset of letters and its sorted letters packed in a
//!   `u64`; a rack's answers come from its distinct sub-multisets (at most 2⁶ for six letters).
//! - [`Dictionary`]: the signature index over two tiers, *required* (common) words that make
//!   a round's slots and *accepted* words (the whole list) that score as bonus words; its
//!   [`Dictionary::solve`] answers any rack of up to 12 letters and [`Dictionary::games`] is
//!   the entire list of games. The common tier is `lexicon`'s ([`lexicon::CommonTier`]).
//! - [`RoundGenerator`]: seeded deals with difficulty bounds, scrambled so the display is not
//!   a word.
//! - [`Game`]: the rules (scoring, hints, shuffles, advancing) against a [`Clock`], so tests
//!   use a [`FakeClock`] and run instantly.

mod difficulty;
mod game;
mod index;
mod rack;
mod round;

pub use difficulty::{Difficulty, FIRST_DAILY, daily_label, daily_number, daily_seed};
pub use game::{
    ALL_FOUND_BONUS, Clock, FakeClock, Feedback, Game, HINT_COST, Round, RoundEnd, RoundSummary,
    Slot, SlotGroup, SystemClock, TIME_BONUS_PER_SECOND, bonus_word_points, word_points,
};
pub use index::{Answer, Dictionary, GAME_LETTERS, GameEntry, GamesStats, MIN_WORD};
pub use rack::{MAX_RACK, Rack, RackError, Signature};
pub use round::{
    Deal, RoundError, RoundGenerator, RoundWord, SHUFFLE_TRIES, deal_signature, scramble,
};
