//! Whole-dictionary evaluation of a deterministic policy as a decision tree.
//!
//! Every secret of one length starts in the same state, and a [`Policy`] decides from the
//! state alone, so all secrets that reach a state receive the same guess there. Walking the
//! tree once, splitting the secrets by the answer to each guess with
//! [`candidates::partition`], plays every game of the length at the cost of the tree, not of
//! games × guesses. The per-word results are exactly those of replaying each game with the
//! policy's player (the tests check it): the same rules are applied in the same order.

use std::time::Instant;

use lexicon::Bucket;
use rayon::prelude::*;

use super::policy::{Decision, Policy};
use crate::candidates;
use crate::game::{Position, Status, Step};
use crate::result::GameResult;

/// Nodes with at least this many secrets walk their families in parallel.
const PARALLEL_MIN: usize = 2048;

/// One secret's game, as the tree sees it.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    index: u32,
    score: u32,
    won: bool,
    wrong: u32,
    guesses: u32,
}

impl Leaf {
    /// The game of secret `index`, ended at `position` after `guesses` guesses.
    fn new(index: u32, position: Position, guesses: u32) -> Leaf {
        Leaf {
            index,
            score: position.score(),
            won: position.status() == Status::GameWon,
            wrong: position.wrong_guesses(),
            guesses,
        }
    }
}

/// A node: the public state its secrets share.
#[derive(Clone, Copy, Debug)]
struct Node {
    position: Position,
    /// Guesses so far.
    guesses: u32,
}

/// Plays every word of `bucket` with `policy` and a maximum of `max_wrong` wrong guesses;
/// results are in bucket order with `micros` the amortized time per word. `None` if the
/// policy breaks its contract (repeats a letter or names a word that is not a candidate):
/// replaying the games then reports the error.
pub fn evaluate<P: Policy + ?Sized>(
    policy: &P,
    bucket: &Bucket,
    max_wrong: u32,
) -> Option<Vec<GameResult>> {
    let start = Instant::now();
    let mut leaves = Vec::with_capacity(bucket.len());
    if !bucket.is_empty() {
        let root = Node {
            position: Position::new(bucket.length(), max_wrong),
            guesses: 0,
        };
        walk(policy, bucket, candidates::all(bucket), root, &mut leaves)?;
    }
    leaves.sort_unstable_by_key(|l| l.index);
    debug_assert_eq!(leaves.len(), bucket.len());
    let micros = start.elapsed().as_secs_f64() * 1e6 / bucket.len().max(1) as f64;
    Some(
        leaves
            .into_iter()
            .map(|l| GameResult {
                word: bucket.word_str(l.index as usize).to_string(),
                score: l.score,
                won: l.won,
                wrong_guesses: l.wrong,
                guesses: l.guesses,
                micros,
                transcript: Vec::new(),
            })
            .collect(),
    )
}

/// The sum of the final scores of the secrets `cands` (non-empty, bucket order) played with
/// `policy` from `position`, a game in progress they all share (each is consistent with it),
/// exactly as replaying each game with the policy's player would score them. `None` if the
/// policy breaks its contract (replaying the games then reports the error).
pub fn total_score_from<P: Policy + ?Sized>(
    policy: &P,
    bucket: &Bucket,
    cands: Vec<u32>,
    position: Position,
) -> Option<u64> {
    let node = Node {
        position,
        guesses: 0,
    };
    let mut leaves = Vec::with_capacity(cands.len());
    if node.position.is_over() {
        finish(&cands, node, &mut leaves);
    } else if !cands.is_empty() {
        walk(policy, bucket, cands, node, &mut leaves)?;
    }
    Some(leaves.iter().map(|l| u64::from(l.score)).sum())
}

/// Plays the secrets `cands` (non-empty, bucket order) from `node`, a game in progress,
/// pushing their results.
fn walk<P: Policy + ?Sized>(
    policy: &P,
    bucket: &Bucket,
    mut cands: Vec<u32>,
    mut node: Node,
    out: &mut Vec<Leaf>,
) -> Option<()> {
    // Wrong word guesses keep the others at this node: loop instead of recursing.
    loop {
        match policy.decide(bucket, &cands, &node.position) {
            Decision::Word(x) => {
                let at = cands.iter().position(|&c| c == x)?;
                node.guesses += 1;
                let hit = node.position.after(Step::Word { correct: true });
                out.push(Leaf::new(x, hit, node.guesses));
                cands.remove(at);
                node.position.play_unchecked(Step::Word { correct: false });
                if cands.is_empty() {
                    return Some(());
                }
                if node.position.is_over() {
                    finish(&cands, node, out);
                    return Some(());
                }
            }
            Decision::Letter(letter) => {
                if node.position.guessed_letters().contains(letter) {
                    return None;
                }
                let families = candidates::partition(bucket, &cands, letter);
                drop(cands);
                let go = |(mask, family): (u32, Vec<u32>), out: &mut Vec<Leaf>| {
                    let child = Node {
                        position: node.position.after(Step::Letter {
                            letter,
                            positions: mask,
                        }),
                        guesses: node.guesses + 1,
                    };
                    if child.position.is_over() {
                        // Won (a complete board: one word left) or lost.
                        finish(&family, child, out);
                        Some(())
                    } else {
                        walk(policy, bucket, family, child, out)
                    }
                };
                if families.iter().map(|(_, f)| f.len()).sum::<usize>() >= PARALLEL_MIN {
                    let parts: Vec<Option<Vec<Leaf>>> = families
                        .into_par_iter()
                        .map(|fam| {
                            let mut part = Vec::new();
                            go(fam, &mut part).map(|()| part)
                        })
                        .collect();
                    for part in parts {
                        out.extend(part?);
                    }
                } else {
                    for fam in families {
                        go(fam, out)?;
                    }
                }
                return Some(());
            }
        }
    }
}

/// Every secret in `cands` ended at `node` (a game that is over).
fn finish(cands: &[u32], node: Node, out: &mut Vec<Leaf>) {
    out.extend(
        cands
            .iter()
            .map(|&index| Leaf::new(index, node.position, node.guesses)),
    );
}
