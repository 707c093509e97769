//! `best`'s moves shipped for the boards players reach in their first guesses, so that the
//! first hints of a game answer at once.
//!
//! `best` ships its decisions at the states its own games reach (the decision tables,
//! [`ships`](crate::strategy::ships)); a player who guesses otherwise leaves that tree
//! within a guess or two, at boards of hundreds to thousands of words where `best`'s
//! search takes 0.1–0.3 s of a core (967 six-letter pool words without I, R or S). Under
//! many players those searches queue for the cores. Players start with the common letters,
//! so the boards of their first guesses are few, and `scripts/ship-tables.sh` computes
//! `best`'s move at each of them ahead ([`shipped_openings`]), keeping those of at least
//! [`SHIPPED_MIN_CANDIDATES`] words (below it a move takes milliseconds), at 6 lives (the
//! page's default and the tables' rule), in `crates/hangman/data/hints/openings.moves`:
//!
//! - **fair** (the pool): every board of up to [`GUESSES`] letters from the length's
//!   [`LETTERS`] most common letters (in the most words; any answers, any order);
//! - **cheating** (the whole list): the boards a cheating referee that keeps the largest
//!   family (`evil`) answers to every sequence of up to [`GUESSES`] of those letters (its
//!   answers depend on the order).
//!
//! The moves are those of `best` as the hints build it (its shipped tables, its budgets),
//! computed afresh for each board: a function of the board alone, so a shipped move is
//! the move the hint would compute, only sooner (a test recomputes a sample).
//!
//! # Format
//!
//! A keyed file ([`keyed`](super::keyed)) of kind `WPOPEN01`, the value of a board the
//! letter to play (a byte, 0 = `a`); a letter already guessed is ignored.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use lexicon::{Bucket, Letter, LetterSet, Lexicon};
use rayon::prelude::*;

use super::keyed;

use crate::candidates;
use crate::game::{Position, Referee, Step};
use crate::referee::{Evil, FamilyChoice};
use crate::split::LetterStats;
use crate::strategy::{
    Decision, Lookahead, Policy, SHIPPED_MAX_WRONG, SHIPPED_MIN_CANDIDATES, SetHash, Settings,
};

/// The moves shipped for the embedded list (cheating referees) and its fair pool.
static SHIPPED: &[u8] = include_bytes!("../../data/hints/openings.moves");

const MAGIC: &[u8; 8] = b"WPOPEN01";

/// The common letters of a length whose boards ship: the first guesses of most players.
pub const LETTERS: usize = 8;

/// Boards ship after up to this many guesses of those letters.
pub const GUESSES: usize = 3;

/// The word lengths whose boards ship.
pub const LENGTHS: std::ops::RangeInclusive<usize> = 4..=12;

/// The shipped sections, read on first use (none if the file does not parse).
fn sections() -> &'static [keyed::Section<Letter>] {
    static SECTIONS: OnceLock<Vec<keyed::Section<Letter>>> = OnceLock::new();
    SECTIONS.get_or_init(|| keyed::parse(SHIPPED, MAGIC).unwrap_or_default())
}

/// `best`'s shipped move at the board of `cands` (sorted bucket indices) at `position`, if
/// one ships for this bucket and board.
pub(crate) fn shipped_move(bucket: &Bucket, cands: &[u32], position: &Position) -> Option<Letter> {
    if position.max_wrong() != SHIPPED_MAX_WRONG || cands.len() < SHIPPED_MIN_CANDIDATES {
        return None;
    }
    let section = keyed::section(sections(), bucket)?;
    let letter = section.get(SetHash::of(cands).at(position).bits())?;
    (!position.guessed_letters().contains(letter)).then_some(letter)
}

/// Whether moves ship for exactly the words of `bucket`.
pub fn ships(bucket: &Bucket) -> bool {
    keyed::section(sections(), bucket).is_some()
}

/// The [`LETTERS`] letters in the most words of `bucket` (ties alphabetical).
pub fn common_letters(bucket: &Bucket) -> Vec<Letter> {
    let stats = LetterStats::of(bucket, &candidates::all(bucket));
    let mut letters: Vec<Letter> = LetterSet::FULL.iter().collect();
    letters.sort_by_key(|l| (std::cmp::Reverse(stats.counts[l.index()]), l.index()));
    letters.truncate(LETTERS);
    letters
}

/// A board: the words that fit it (sorted bucket indices) and the position.
pub type Board = (Vec<u32>, Position);

/// The fair boards of `bucket` that ship (see the module docs): every board of up to
/// [`GUESSES`] of its common letters with at least [`SHIPPED_MIN_CANDIDATES`] words, each
/// once, in a fixed order.
pub fn fair_boards(bucket: &Bucket) -> Vec<Board> {
    let letters = common_letters(bucket);
    let mut boards = BTreeMap::new();
    let root = (
        candidates::all(bucket),
        Position::new(bucket.length(), SHIPPED_MAX_WRONG),
    );
    // The boards after each set of letters, grown a letter at a time in alphabetical
    // order (a board does not depend on the order its letters were guessed in).
    let mut level: Vec<(usize, Board)> = vec![(0, root)];
    for _ in 0..GUESSES {
        let mut next = Vec::new();
        for (from, (cands, position)) in &level {
            for (i, &letter) in letters.iter().enumerate().skip(*from) {
                for (mask, family) in candidates::partition(bucket, cands, letter) {
                    if family.len() < SHIPPED_MIN_CANDIDATES {
                        continue;
                    }
                    let after = position.after(Step::Letter {
                        letter,
                        positions: mask,
                    });
                    let key = SetHash::of(&family).at(&after).bits();
                    boards.entry(key).or_insert_with(|| (family.clone(), after));
                    next.push((i + 1, (family, after)));
                }
            }
        }
        level = next;
    }
    boards.into_values().collect()
}

/// The boards `evil` (keeping the largest family) shows on `lexicon`'s words of `length`
/// letters after every sequence of up to [`GUESSES`] of their common letters, with at
/// least [`SHIPPED_MIN_CANDIDATES`] words, each once, in a fixed order.
pub fn cheating_boards(lexicon: &Arc<Lexicon>, length: usize) -> Vec<Board> {
    let bucket = lexicon.bucket(length);
    let letters = common_letters(bucket);
    let mut boards = BTreeMap::new();
    let Ok(referee) = Evil::new(lexicon.clone(), length, FamilyChoice::Largest) else {
        return Vec::new();
    };
    let mut level = vec![(referee, Position::new(length, SHIPPED_MAX_WRONG))];
    for _ in 0..GUESSES {
        let mut next = Vec::new();
        for (referee, position) in &level {
            for &letter in &letters {
                if position.guessed_letters().contains(letter) {
                    continue;
                }
                let mut referee = referee.clone();
                let positions = referee.answer_letter(letter);
                if referee.family().len() < SHIPPED_MIN_CANDIDATES {
                    continue;
                }
                let after = position.after(Step::Letter { letter, positions });
                let key = SetHash::of(referee.family()).at(&after).bits();
                boards
                    .entry(key)
                    .or_insert_with(|| (referee.family().to_vec(), after));
                next.push((referee, after));
            }
        }
        level = next;
    }
    boards.into_values().collect()
}

/// `best` as the hints build it over `words`, at the shipped rule.
pub fn best(words: &Arc<Lexicon>) -> Lookahead {
    let settings = Settings {
        max_wrong: SHIPPED_MAX_WRONG,
        ..Settings::default()
    };
    Lookahead::from_settings("lookahead", words, &settings)
        .expect("best's default settings are valid")
}

/// The moves file of the cheating referees' boards on `lexicon` and the fair boards of
/// `pool` (see the module docs), each move `best`'s, computed afresh; `progress` is told
/// each section's list, length, boards and seconds. The same words give the same bytes.
pub fn shipped_openings(
    lexicon: &Arc<Lexicon>,
    pool: &Arc<Lexicon>,
    progress: &dyn Fn(&str, usize, usize, f64),
) -> Vec<u8> {
    let mut out = keyed::start(MAGIC);
    for (name, words) in [("cheating", lexicon), ("fair", pool)] {
        let best = best(words);
        for length in LENGTHS {
            let bucket = words.bucket(length);
            if bucket.is_empty() {
                continue;
            }
            let start = std::time::Instant::now();
            let boards = if name == "fair" {
                fair_boards(bucket)
            } else {
                cheating_boards(words, length)
            };
            let entries: Vec<(u128, Letter)> = boards
                .par_iter()
                .filter_map(
                    |(cands, position)| match best.decide(bucket, cands, position) {
                        Decision::Letter(letter) => {
                            Some((SetHash::of(cands).at(position).bits(), letter))
                        }
                        Decision::Word(_) => None,
                    },
                )
                .collect();
            progress(name, length, entries.len(), start.elapsed().as_secs_f64());
            keyed::append(&mut out, bucket, entries);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists() -> (Arc<Lexicon>, Arc<Lexicon>) {
        let lexicon = Arc::new(Lexicon::embedded());
        let pool = Arc::new(lexicon.intersection(&Lexicon::common()));
        (lexicon, pool)
    }

    #[test]
    fn moves_ship_for_every_length_of_both_lists() {
        let (lexicon, pool) = lists();
        for length in LENGTHS {
            assert!(ships(lexicon.bucket(length)), "the whole list, {length}");
            assert!(ships(pool.bucket(length)), "the fair pool, {length}");
        }
        // Another list's bucket of the same length is not answered from them.
        let other = Lexicon::from_words(["alpha", "bravo", "delta"]).unwrap();
        assert!(!ships(other.bucket(5)));
    }

    #[test]
    fn the_shipped_file_is_read() {
        assert!(keyed::parse::<Letter>(SHIPPED, MAGIC).is_some_and(|s| !s.is_empty()));
    }

    /// The shipped moves are `best`'s, computed afresh (a sample of the boards of the
    /// lengths with the most; `ship-tables.sh` rebuilds them all).
    #[test]
    fn shipped_moves_are_bests_moves_computed_afresh() {
        let (lexicon, pool) = lists();
        let mut sample: Vec<(&Arc<Lexicon>, usize, Board)> = Vec::new();
        let cheating = cheating_boards(&lexicon, 6);
        let fair = fair_boards(pool.bucket(7));
        assert!(cheating.len() >= 50 && fair.len() >= 500);
        sample.extend(cheating.into_iter().step_by(19).map(|b| (&lexicon, 6, b)));
        sample.extend(fair.into_iter().step_by(137).map(|b| (&pool, 7, b)));
        let found: Vec<bool> = sample
            .par_iter()
            .map(|(words, length, (cands, position))| {
                let bucket = words.bucket(*length);
                let shipped = shipped_move(bucket, cands, position);
                let fresh = match best(words).decide(bucket, cands, position) {
                    Decision::Letter(letter) => Some(letter),
                    Decision::Word(_) => None,
                };
                assert_eq!(shipped, fresh, "{} words at {position:?}", cands.len());
                shipped.is_some()
            })
            .collect();
        assert!(found.len() >= 8 && found.iter().all(|&f| f), "{found:?}");
    }

    #[test]
    fn boards_hold_the_words_that_fit_them() {
        let (_, pool) = lists();
        let bucket = pool.bucket(5);
        let boards = fair_boards(bucket);
        let letters = common_letters(bucket);
        for (cands, position) in boards.iter().step_by(23) {
            assert!(cands.len() >= SHIPPED_MIN_CANDIDATES);
            let guessed = position.guessed_letters();
            assert!((1..=GUESSES as u32).contains(&guessed.len()));
            assert!(guessed.iter().all(|l| letters.contains(&l)));
            // Every word holding the board's pattern is among them.
            let all = candidates::all(bucket);
            let mut fits: Vec<u32> = all.clone();
            for letter in guessed.iter() {
                let mask = bucket_mask(bucket, cands[0], letter);
                fits.retain(|&w| bucket_mask(bucket, w, letter) == mask);
            }
            assert_eq!(&fits, cands);
        }
    }

    /// The positions of `letter` in word `w` of `bucket`, as a mask.
    fn bucket_mask(bucket: &Bucket, w: u32, letter: Letter) -> u32 {
        crate::game::position_mask(
            bucket
                .word_str(w as usize)
                .bytes()
                .map(|b| b == letter.lower()),
        )
    }
}
