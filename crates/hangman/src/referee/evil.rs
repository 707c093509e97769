//! Cheating referees: they keep every word consistent with their answers and commit late.

use std::sync::Arc;

use lexicon::{Bucket, Letter, Lexicon};

use super::error::SecretError;
use crate::candidates;
use crate::game::Referee;
use crate::solve::{SolveOptions, Solver};

/// How a cheating referee picks the family it keeps after a letter guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyChoice {
    /// The largest family; ties go to the miss family, then to the family revealing the
    /// fewest positions, then to the smallest position mask.
    Largest,
    /// The family worth the most misses: `[miss] + V(family)` with `V` the exact minimax
    /// value of [`crate::solve`] when a search of at most `node_budget` nodes settles it,
    /// else the midpoint of the solver's proven bounds; ties as for
    /// [`FamilyChoice::Largest`] (size first). Families larger than
    /// [`LOOKAHEAD_MAX_FAMILY`] are valued by the solver's cheap bounds only.
    Lookahead {
        /// Nodes allowed per family and guess (deterministic, unlike a time limit).
        node_budget: u64,
    },
}

/// The node budget of the `evil-lookahead` referee per family and guess.
pub const LOOKAHEAD_NODES: u64 = 4_000;

/// Families larger than this are valued by the solver's cheap bounds, not searched.
pub const LOOKAHEAD_MAX_FAMILY: usize = 1_500;

/// A cheating referee: keeps the family of words consistent with every answer so far.
#[derive(Clone, Debug)]
pub struct Evil {
    lexicon: Arc<Lexicon>,
    length: usize,
    family: Vec<u32>,
    choice: FamilyChoice,
    /// A wrong word guess removed a word: the family is no longer closed (see
    /// [`Solver::new`]), so the look-ahead stops using exact values.
    removed: bool,
}

impl Evil {
    /// A referee for words of `length` letters of `lexicon`, choosing families by `choice`.
    ///
    /// # Errors
    ///
    /// [`SecretError::NoWordsOfLength`] if `lexicon` has no word of `length` letters.
    pub fn new(
        lexicon: Arc<Lexicon>,
        length: usize,
        choice: FamilyChoice,
    ) -> Result<Evil, SecretError> {
        let bucket = lexicon.bucket(length);
        if bucket.is_empty() {
            return Err(SecretError::NoWordsOfLength(length));
        }
        let family = candidates::all(bucket);
        Ok(Evil {
            lexicon,
            length,
            family,
            choice,
            removed: false,
        })
    }

    /// The words still consistent with every answer, as bucket indices (ascending).
    pub fn family(&self) -> &[u32] {
        &self.family
    }

    /// The bucket the words come from.
    pub fn bucket(&self) -> &Bucket {
        self.lexicon.bucket(self.length)
    }

    /// The index in `parts` of the family to keep after guessing `letter`.
    fn choose(&self, parts: &[(u32, Vec<u32>)]) -> usize {
        // Larger is better for the referee in every key below.
        let tie_break = |(mask, part): &(u32, Vec<u32>)| {
            (
                part.len(),
                *mask == 0,
                std::cmp::Reverse(mask.count_ones()),
                std::cmp::Reverse(*mask),
            )
        };
        match self.choice {
            FamilyChoice::Largest => (0..parts.len())
                .max_by_key(|&i| tie_break(&parts[i]))
                .expect("a family is never empty"),
            FamilyChoice::Lookahead { node_budget } => {
                let bucket = self.bucket();
                // Families reached from the full bucket are closed unless a word guess
                // removed a word; the solver's table needs closed families, so exact values
                // are used only while no word was removed.
                let closed = !self.removed;
                let scores: Vec<f64> = parts
                    .iter()
                    .map(|(mask, part)| {
                        let miss = f64::from(u8::from(*mask == 0));
                        let solver = Solver::new(
                            bucket,
                            SolveOptions {
                                max_nodes: node_budget,
                                max_entries: 1 << 20,
                                ..SolveOptions::default()
                            },
                        );
                        let value = if !closed {
                            (part.len() as f64).log2() / 2.0
                        } else if part.len() > LOOKAHEAD_MAX_FAMILY {
                            // Too large to search within the budget: its cheap bounds.
                            let (lo, hi) = solver.bounds(part);
                            f64::from(lo + hi) / 2.0
                        } else {
                            match solver.value(part) {
                                Ok(v) => f64::from(v),
                                Err(_) => {
                                    let (lo, hi) = solver.bounds(part);
                                    f64::from(lo + hi) / 2.0
                                }
                            }
                        };
                        miss + value
                    })
                    .collect();
                (0..parts.len())
                    .max_by(|&a, &b| {
                        scores[a]
                            .total_cmp(&scores[b])
                            .then_with(|| tie_break(&parts[a]).cmp(&tie_break(&parts[b])))
                    })
                    .expect("a family is never empty")
            }
        }
    }
}

impl Referee for Evil {
    fn length(&self) -> usize {
        self.length
    }

    fn answer_letter(&mut self, letter: Letter) -> u32 {
        let mut parts =
            candidates::partition(self.lexicon.bucket(self.length), &self.family, letter);
        let keep = self.choose(&parts);
        let (mask, family) = parts.swap_remove(keep);
        self.family = family;
        mask
    }

    fn answer_word(&mut self, word: &[u8]) -> bool {
        let bucket = self.lexicon.bucket(self.length);
        if let [only] = self.family[..] {
            return bucket.word(only as usize) == word;
        }
        // While two words remain the guess is wrong; a guessed word leaves the family.
        if let Some(i) = self
            .family
            .iter()
            .position(|&c| bucket.word(c as usize) == word)
        {
            self.family.remove(i);
            self.removed = true;
        }
        false
    }

    fn word(&self) -> String {
        self.bucket().word_str(self.family[0] as usize).to_string()
    }
}
