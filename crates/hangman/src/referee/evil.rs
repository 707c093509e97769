//! Cheating referees: they keep every word consistent with their answers and commit late.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lexicon::{Bucket, Letter, Lexicon};

use super::error::SecretError;
use crate::candidates;
use crate::familiarity::Familiarity;
use crate::game::{Game, GameError, Guess, Outcome, Referee};
use crate::solve::{Bounds, SolveOptions, Solver, answer_values, solver_for};

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
    /// The family worth the most misses, `[miss] + V(family)`, with `V` proven by
    /// [`crate::solve`] within `move_budget` per answer: every answer that may be the best
    /// is narrowed until the best is exact and no other can beat it. When time runs out
    /// first, answers are compared by their proven bounds (midpoint, then lower bound),
    /// and [`Evil::last_value`] says the value is not exact. Ties as for
    /// [`FamilyChoice::Largest`]. Against it an optimal guesser suffers exactly `M(L)`
    /// misses whenever every answer is settled in time. (Unlike a node budget, a time
    /// budget can make unsettled choices differ from run to run.)
    Optimal {
        /// Wall time allowed per answer.
        move_budget: Duration,
    },
}

/// The time budget per answer of the `optimal` referee.
pub const OPTIMAL_MOVE_BUDGET: Duration = Duration::from_secs(1);

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
    /// Proven bounds on the value of the family kept by the last answer
    /// ([`FamilyChoice::Optimal`] only).
    last: Option<Bounds>,
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
            last: None,
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

    /// Proven bounds on the misses still to come after the last answer: the value `V` of
    /// the family kept (exact when `lower == upper`). `None` before the first letter and
    /// for referees other than [`FamilyChoice::Optimal`].
    pub fn last_value(&self) -> Option<Bounds> {
        self.last
    }

    /// The word to reveal at the end ([`Referee::word`]): the most familiar word still
    /// possible by the familiarity model ([`Familiarity::most_familiar`]; the first
    /// alphabetically among equally familiar ones), so a player knows the word they lost to.
    pub fn reveal(&self) -> String {
        let bucket = self.bucket();
        let words = self.family.iter().map(|&w| bucket.word_str(w as usize));
        Familiarity::get()
            .most_familiar(words)
            .expect("the family is never empty")
            .to_string()
    }

    /// Proven bounds on the value of the family as it stands, within `budget`.
    fn value_now(&self, budget: Duration) -> Bounds {
        let solver = solver_for(self.bucket(), self.family.len(), Instant::now() + budget);
        match solver.value(&self.family) {
            Ok(v) => Bounds { lower: v, upper: v },
            Err(_) => {
                let (lower, upper) = solver.bounds(&self.family);
                Bounds { lower, upper }
            }
        }
    }

    /// The index in `parts` of the family to keep after guessing `letter`, and proven
    /// bounds on its value when the choice computes them.
    fn choose(&self, parts: &[(u32, Vec<u32>)]) -> (usize, Option<Bounds>) {
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
            FamilyChoice::Largest => (
                (0..parts.len())
                    .max_by_key(|&i| tie_break(&parts[i]))
                    .expect("a family is never empty"),
                None,
            ),
            FamilyChoice::Optimal { move_budget } => {
                // A fresh solver per answer: its table is valid for the families of this
                // universe (the bucket less any word a word guess removed).
                let solver = solver_for(
                    self.bucket(),
                    self.family.len(),
                    Instant::now() + move_budget,
                );
                let worth = answer_values(&solver, parts);
                let keep = (0..parts.len())
                    .max_by(|&a, &b| {
                        let key = |i: usize| (worth[i].lower + worth[i].upper, worth[i].lower);
                        key(a)
                            .cmp(&key(b))
                            .then_with(|| tie_break(&parts[a]).cmp(&tie_break(&parts[b])))
                    })
                    .expect("a family is never empty");
                let miss = u32::from(parts[keep].0 == 0);
                let value = Bounds {
                    lower: worth[keep].lower - miss,
                    upper: worth[keep].upper - miss,
                };
                (keep, Some(value))
            }
            FamilyChoice::Lookahead { node_budget } => {
                let bucket = self.bucket();
                // Families reached from the full bucket are closed unless a word guess
                // removed a word; the solver's table needs closed families, so exact values
                // are used only while no word was removed.
                let closed = !self.removed;
                // One solver per guess: its table is shared by the parts (all closed
                // families of one bucket), and each part gets the same node budget.
                let mut solver = Solver::new(
                    bucket,
                    SolveOptions {
                        max_nodes: node_budget,
                        table_bytes: 1 << 20,
                        sequential: true,
                        ..SolveOptions::default()
                    },
                );
                let scores: Vec<f64> = parts
                    .iter()
                    .map(|(mask, part)| {
                        let miss = f64::from(u8::from(*mask == 0));
                        solver.restart(None);
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
                let keep = (0..parts.len())
                    .max_by(|&a, &b| {
                        scores[a]
                            .total_cmp(&scores[b])
                            .then_with(|| tie_break(&parts[a]).cmp(&tie_break(&parts[b])))
                    })
                    .expect("a family is never empty");
                (keep, None)
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
        let (keep, value) = self.choose(&parts);
        self.last = value;
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
            if let FamilyChoice::Optimal { move_budget } = self.choice {
                self.last = Some(self.value_now(move_budget));
            }
        }
        false
    }

    /// The most familiar word still possible (see [`Evil::reveal`]).
    fn word(&self) -> String {
        self.reveal()
    }
}

impl Evil {
    /// A game against this referee rebuilt from recorded answers: `history` holds each
    /// guess with the answer the referee gave it, as [`Game::guess`] returned it. Each
    /// letter's family is the one the answer names (whatever this referee's choice would
    /// pick now: an [`FamilyChoice::Optimal`] answer depends on time), each word guess
    /// leaves the family as it did in play; then the game goes on with this referee's
    /// choice. A server keeps its games so across restarts.
    ///
    /// # Errors
    ///
    /// Those of [`Game::guess`], and [`GameError::RefereeInconsistent`] when a letter's
    /// answer names no family of the words left (answers recorded against another list).
    pub fn replay(
        self,
        max_wrong: u32,
        history: &[(Guess, Outcome)],
    ) -> Result<Game<Evil>, GameError> {
        let choice = self.choice;
        let mut game = Game::new(
            Evil {
                choice: FamilyChoice::Largest,
                ..self
            },
            max_wrong,
        );
        for (guess, answer) in history {
            if let (Guess::Letter(letter), Outcome::Letter { positions }) = (guess, answer) {
                // Only the answer's family is left, so the choice has one family to keep.
                let evil = game.referee_mut();
                let bucket = evil.lexicon.bucket(evil.length);
                evil.family
                    .retain(|&w| bucket.positions(w as usize, *letter) == *positions);
                if evil.family.is_empty() {
                    return Err(GameError::RefereeInconsistent {
                        letter: *letter,
                        positions: *positions,
                    });
                }
            }
            game.guess(guess)?;
        }
        game.referee_mut().choice = choice;
        Ok(game)
    }
}

#[cfg(test)]
mod replay_tests {
    use super::*;

    fn guess(text: &str) -> Guess {
        Guess::parse(text).unwrap()
    }

    #[test]
    fn a_replayed_game_has_the_family_and_board_of_the_game_played() {
        let lexicon =
            Arc::new(Lexicon::from_words(["bat", "cat", "hat", "bit", "dog", "cog"]).unwrap());
        let new = || Evil::new(lexicon.clone(), 3, FamilyChoice::Largest).unwrap();
        let mut played = Game::new(new(), 5);
        let mut history = Vec::new();
        for g in ["a", "bat", "t", "h"] {
            let g = guess(g);
            let outcome = played.guess(&g).unwrap();
            history.push((g, outcome));
        }
        let replayed = new().replay(5, &history).unwrap();
        assert_eq!(
            format!("{:?}", replayed.state()),
            format!("{:?}", played.state())
        );
        assert_eq!(replayed.referee().family(), played.referee().family());
        assert_eq!(replayed.referee().removed, played.referee().removed);
        // The answer recorded decides, not the choice: a family the largest would not keep.
        let o = Outcome::Letter { positions: 0b100 };
        let game = new().replay(5, &[(guess("t"), o)]).unwrap();
        let words: Vec<&str> = game
            .referee()
            .family()
            .iter()
            .map(|&w| game.referee().bucket().word_str(w as usize))
            .collect();
        assert_eq!(words, ["bat", "bit", "cat", "hat"]);
        // An answer no word fits is an error, not a game.
        let none = Outcome::Letter { positions: 0b111 };
        assert!(matches!(
            new().replay(5, &[(guess("t"), none)]),
            Err(GameError::RefereeInconsistent { .. })
        ));
    }
}
