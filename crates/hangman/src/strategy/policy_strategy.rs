//! A [`Policy`] played as a [`Strategy`], with the machinery every policy shares.
//!
//! [`PolicyStrategy`] turns a policy into a strategy whose players filter their candidates
//! incrementally, evaluates whole word lengths with the tree evaluator, and shares an
//! *opening book* across games: the top of the decision tree, where candidate sets are large
//! and every game of a length walks the same nodes, is computed once per length and
//! reused. Below the book a player continues from a copy of the (small) book leaf.

use std::sync::Arc;

use lexicon::{Bucket, Letter, Lexicon};
use rayon::prelude::*;

use super::per_length::PerLength;
use super::policy::{Decision, Policy};
use super::settings::Settings;
use super::traits::{Player, Strategy};
use crate::candidates;
use crate::game::{GameState, Guess, Outcome, Position, Step};
use crate::result::GameResult;

/// Book nodes with fewer candidates than this are leaves: a player copies them and goes on
/// alone, which is cheaper than storing the deep, thin part of the tree.
const BOOK_MIN_CANDIDATES: usize = 64;

/// How many moves [`Player::explain`] lists: the one played and its best alternatives.
const EXPLAINED_MOVES: usize = 4;

/// Book nodes with at least this many candidates grow their children in parallel.
const BOOK_PARALLEL_MIN: usize = 2048;

/// The shared top of one length's decision tree.
#[derive(Debug)]
struct Book {
    nodes: Vec<BookNode>,
}

#[derive(Debug)]
enum BookNode {
    /// Every game here guesses `letter`; children by answer mask, sorted by mask.
    Branch {
        letter: Letter,
        children: Vec<(u32, u32)>,
    },
    /// Games here continue from these candidates.
    Leaf { candidates: Vec<u32> },
}

impl Book {
    fn build<P: Policy>(policy: &P, bucket: &Bucket, max_wrong: u32) -> Book {
        let root = Position::new(bucket.length(), max_wrong);
        Book {
            nodes: Book::grow(policy, bucket, candidates::all(bucket), root),
        }
    }

    /// The nodes of the subtree of `cands` at `position`, its root first (ids local to the
    /// subtree). Large nodes grow their children on every core; ids are the same whatever
    /// the number of threads.
    fn grow<P: Policy>(
        policy: &P,
        bucket: &Bucket,
        cands: Vec<u32>,
        position: Position,
    ) -> Vec<BookNode> {
        let decision = (cands.len() >= BOOK_MIN_CANDIDATES && !position.is_over())
            .then(|| policy.decide(bucket, &cands, &position));
        let Some(Decision::Letter(letter)) = decision else {
            return vec![BookNode::Leaf { candidates: cands }];
        };
        let families = candidates::partition(bucket, &cands, letter);
        let grow = |(mask, family): (u32, Vec<u32>)| {
            let after = position.after(Step::Letter {
                letter,
                positions: mask,
            });
            (mask, Book::grow(policy, bucket, family, after))
        };
        let subtrees: Vec<(u32, Vec<BookNode>)> = if cands.len() >= BOOK_PARALLEL_MIN {
            families.into_par_iter().map(grow).collect()
        } else {
            families.into_iter().map(grow).collect()
        };
        let mut nodes = vec![BookNode::Leaf {
            candidates: Vec::new(),
        }];
        let mut children = Vec::with_capacity(subtrees.len());
        for (mask, subtree) in subtrees {
            let offset = nodes.len() as u32;
            children.push((mask, offset));
            nodes.extend(subtree.into_iter().map(|node| {
                match node {
                    BookNode::Branch { letter, children } => BookNode::Branch {
                        letter,
                        children: children
                            .into_iter()
                            .map(|(m, id)| (m, id + offset))
                            .collect(),
                    },
                    leaf => leaf,
                }
            }));
        }
        nodes[0] = BookNode::Branch { letter, children };
        nodes
    }
}

/// A [`Strategy`] made from a [`Policy`], with per-length opening books.
pub struct PolicyStrategy<P> {
    name: &'static str,
    policy: P,
    lexicon: Arc<Lexicon>,
    max_wrong: u32,
    books: PerLength<Book>,
}

impl<P: Policy> PolicyStrategy<P> {
    /// Wraps `policy` for `lexicon` and the settings' maximum of wrong guesses.
    pub fn new(
        name: &'static str,
        policy: P,
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> PolicyStrategy<P> {
        let books = PerLength::new(lexicon.max_length());
        PolicyStrategy {
            name,
            policy,
            lexicon,
            max_wrong: settings.max_wrong,
            books,
        }
    }

    /// The policy.
    pub fn policy(&self) -> &P {
        &self.policy
    }

    /// The lexicon.
    pub fn lexicon(&self) -> &Arc<Lexicon> {
        &self.lexicon
    }

    fn book(&self, length: usize) -> Option<&Book> {
        self.books.get(length, || {
            Book::build(&self.policy, self.lexicon.bucket(length), self.max_wrong)
        })
    }
}

impl<P: Policy> Strategy for PolicyStrategy<P> {
    fn name(&self) -> &str {
        self.name
    }

    fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    fn prepare(&self, lengths: &[usize]) {
        lengths.par_iter().for_each(|&length| {
            self.book(length);
        });
    }

    fn prepare_games(&self, games: &[(usize, usize)]) {
        games.par_iter().for_each(|&(length, count)| {
            if self
                .policy
                .eager_book(count, self.lexicon.bucket(length).len())
            {
                self.book(length);
            }
        });
    }

    fn save_cache(&self) -> std::io::Result<usize> {
        self.policy.save_cache()
    }

    fn play_out_budget(&self) -> Option<usize> {
        self.policy.play_out_budget()
    }

    fn evaluate_length(&self, length: usize) -> Option<Vec<GameResult>> {
        super::tree::evaluate(&self.policy, self.lexicon.bucket(length), self.max_wrong)
    }

    fn total_score_from(&self, length: usize, cands: Vec<u32>, position: Position) -> Option<u64> {
        super::tree::total_score_from(&self.policy, self.lexicon.bucket(length), cands, position)
    }

    fn player(&self, length: usize, _seed: u64) -> Box<dyn Player + '_> {
        // The book if it was prepared; otherwise the game decides on its own.
        let book = self.books.get_built(length);
        let bucket = self.lexicon.bucket(length);
        Box::new(PolicyPlayer {
            policy: &self.policy,
            bucket,
            book,
            node: book.map(|_| 0),
            candidates: if book.is_some() {
                Vec::new()
            } else {
                candidates::all(bucket)
            },
            stale: false,
        })
    }
}

/// One game of a [`PolicyStrategy`]: walks the opening book, then filters its own
/// candidates.
pub struct PolicyPlayer<'a, P> {
    policy: &'a P,
    bucket: &'a Bucket,
    book: Option<&'a Book>,
    /// The book node this game is at, while it is in the book.
    node: Option<u32>,
    candidates: Vec<u32>,
    /// Set when the candidates must be rebuilt from the game state.
    stale: bool,
}

impl<'a, P: Policy> PolicyPlayer<'a, P> {
    /// A player that starts from an arbitrary game state, its candidates found by scanning
    /// the bucket (for helpers like `suggest`, not for the game loop).
    pub fn from_state(policy: &'a P, bucket: &'a Bucket, state: &GameState) -> Self {
        PolicyPlayer {
            policy,
            bucket,
            book: None,
            node: None,
            candidates: candidates::consistent(bucket, state),
            stale: false,
        }
    }

    /// The candidates left (empty while the game is still in the opening book).
    pub fn candidates(&self) -> &[u32] {
        &self.candidates
    }
}

impl<P: Policy> Player for PolicyPlayer<'_, P> {
    fn choose(&mut self, state: &GameState) -> Guess {
        if self.stale {
            self.candidates = candidates::consistent(self.bucket, state);
            self.stale = false;
        }
        if let (Some(book), Some(id)) = (self.book, self.node) {
            match &book.nodes[id as usize] {
                BookNode::Branch { letter, .. } => return Guess::Letter(*letter),
                BookNode::Leaf { candidates } => {
                    self.candidates.clone_from(candidates);
                    self.node = None;
                }
            }
        }
        if self.candidates.is_empty() {
            return Guess::Letter(self.policy.no_word_fits(state));
        }
        match self
            .policy
            .decide(self.bucket, &self.candidates, &state.position())
        {
            Decision::Letter(letter) => Guess::Letter(letter),
            Decision::Word(index) => Guess::Word(self.bucket.word_str(index as usize).to_string()),
        }
    }

    fn explain(&self, state: &GameState) -> Option<String> {
        // In the book the player holds no candidates: find them from the state.
        let found;
        let cands = if self.candidates.is_empty() || self.stale || self.node.is_some() {
            found = candidates::consistent(self.bucket, state);
            &found
        } else {
            &self.candidates
        };
        if cands.is_empty() {
            return None;
        }
        let alternatives =
            self.policy
                .alternatives(self.bucket, cands, &state.position(), EXPLAINED_MOVES);
        let (&(played, score), rest) = alternatives.moves.split_first()?;
        let name = |d: Decision| match d {
            Decision::Letter(l) => l.to_string(),
            Decision::Word(i) => self.bucket.word_str(i as usize).to_string(),
        };
        let kind = if alternatives.exact {
            "exact"
        } else {
            "estimated"
        };
        let others: Vec<String> = rest
            .iter()
            .map(|&(d, s)| format!("{} {s:.3}", name(d)))
            .collect();
        let plural = if cands.len() == 1 { "" } else { "s" };
        let mut line = format!(
            "{} candidate{plural}: {} expects {score:.3} ({kind})",
            cands.len(),
            name(played)
        );
        if !others.is_empty() {
            line.push_str(&format!("; then {}", others.join(", ")));
        }
        Some(line)
    }

    fn learn(&mut self, guess: &Guess, outcome: Outcome) {
        if let (Some(book), Some(id)) = (self.book, self.node) {
            if let (
                BookNode::Branch { letter, children },
                Guess::Letter(g),
                Outcome::Letter { positions },
            ) = (&book.nodes[id as usize], guess, outcome)
                && letter == g
            {
                // A mask no dictionary word has: the secret is not in the dictionary.
                self.node = children
                    .binary_search_by_key(&positions, |&(m, _)| m)
                    .ok()
                    .map(|i| children[i].1);
                return;
            }
            // Someone else chose this guess: leave the book and rebuild from the state.
            self.node = None;
            self.stale = true;
            return;
        }
        candidates::retain_outcome(self.bucket, &mut self.candidates, guess, outcome);
    }
}
