//! What the search aims at: the value of a strong strategy's play from every state of its
//! decision tree.
//!
//! A lower bound close to the optimum needs a search that knows, at each state, how high
//! the bound could be: the optimum is at most what any strategy scores. Walking `best`'s
//! decision tree over a length gives, at every state it reaches, its move and the total
//! (and losses) it scores from there. The search tries that move first and asks each of its
//! children for that child's own total; the values only steer the search (where it stops,
//! which move it tries first), never the proof.

use lexicon::Bucket;
use rustc_hash::FxHashMap;

use crate::candidates;
use crate::game::{Position, Status, Step};
use crate::strategy::{Decision, Policy, SetHash};

use super::statics::capped;

/// A strategy's play from one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Target {
    /// Its move.
    pub(super) decision: Decision,
    /// The total final score of the state's words.
    pub(super) score: u64,
    /// How many of them it loses.
    pub(super) losses: u64,
}

/// A state's key in the targets and the search's memo: its set's hash, its running score
/// and its wrong guesses (the value of a state depends on nothing else, see the module
/// docs of [`bound`](super)).
pub(super) type Key = (u128, u32, u32);

/// The key of `set`'s hash at `position`.
pub(super) fn key(hash: SetHash, position: Position) -> Key {
    (hash.bits(), position.score(), position.wrong_guesses())
}

/// Every state of `policy`'s tree over `bucket` from the start of a game with `max_wrong`
/// wrong guesses allowed, with its move and values; and the root's values.
pub(super) fn walk(
    policy: &dyn Policy,
    bucket: &Bucket,
    max_wrong: u32,
) -> (FxHashMap<Key, Target>, (u64, u64)) {
    let mut targets = FxHashMap::default();
    let all = candidates::all(bucket);
    let root = Position::new(bucket.length(), max_wrong);
    let totals = visit(policy, bucket, &all, root, &mut targets);
    (targets, totals)
}

/// The (total, losses) of `set` played by `policy` from `position`, recording each state.
fn visit(
    policy: &dyn Policy,
    bucket: &Bucket,
    set: &[u32],
    position: Position,
    targets: &mut FxHashMap<Key, Target>,
) -> (u64, u64) {
    let n = set.len() as u64;
    match position.status() {
        Status::GameLost => return (n * capped(position.score()), n),
        Status::GameWon => return (n * u64::from(position.score()), 0),
        Status::KeepGuessing if n == 1 => return (capped(position.score()), 0),
        Status::KeepGuessing => {}
    }
    let decision = policy.decide(bucket, set, &position);
    let (score, losses) = match decision {
        Decision::Word(x) => {
            let rest: Vec<u32> = set.iter().copied().filter(|&c| c != x).collect();
            let missed = position.after(Step::Word { correct: false });
            let (s, l) = if missed.is_over() {
                (
                    rest.len() as u64 * capped(missed.score()),
                    rest.len() as u64,
                )
            } else {
                visit(policy, bucket, &rest, missed, targets)
            };
            (capped(position.score()) + s, l)
        }
        Decision::Letter(letter) => candidates::partition(bucket, set, letter)
            .into_iter()
            .map(|(positions, family)| {
                let after = position.after(Step::Letter { letter, positions });
                visit(policy, bucket, &family, after, targets)
            })
            .fold((0, 0), |(s, l), (a, b)| (s + a, l + b)),
    };
    targets.insert(
        key(SetHash::of(set), position),
        Target {
            decision,
            score,
            losses,
        },
    );
    (score, losses)
}
