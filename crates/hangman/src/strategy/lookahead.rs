//! Lookahead (`best`): the guess that minimizes the expected final score.
//!
//! The value of a state is the *total* final score of its candidate secrets (an integer, so
//! comparisons are exact; the expectation is that total over their number) under the
//! challenge's scoring: every letter costs a point, a wrong word costs a point and counts
//! toward the loss, a correct word is free, a loss scores 25.
//!
//! - At most `exact` candidates (a parameter): an exact memoized search over every letter
//!   that splits the set and every candidate word (`Lookahead::solve_exact`). A state is
//!   the candidate set and the game's [`Position`]; the memo keys on the set, the wrong
//!   count and the running score only: letters already guessed never split a set, so they
//!   do not matter.
//! - Above: every promising move (the top letters by loss-aware entropy, the safest
//!   letters, the base policy's move) is valued by playing the *base* policy exactly from
//!   each child (exact values below the threshold), and the cheapest wins. Since the base's
//!   own move is among them, the lookahead never does worse than its base: the value of
//!   what it plays is at most that estimate, at every node, by induction on the set size.
//!   `depth=2` values children by a one-level lookahead instead.
//!
//! Decisions and values are memoized per word length and shared by every game and thread,
//! so the opening moves of a length are computed once (during [`Strategy::prepare`]
//! through the opening book) and later games mostly look answers up.
//!
//! [`Strategy::prepare`]: super::Strategy::prepare

use std::sync::{Arc, Mutex};

/// The largest `exact` parameter: the exact search's time and memory grow steeply with
/// it, and above this a run does not finish in reasonable time (it once ran for minutes
/// at 1.7 GB with `exact=16`).
pub(crate) const MAX_EXACT: u32 = 12;

use lexicon::{Bucket, Letter, Lexicon};
use rustc_hash::FxHashMap;

use super::entropy::Entropy;
use super::greedy::Greedy;
use super::params::Params;
use super::policy::{Decision, Policy};
use super::settings::{Settings, StrategyError};
use crate::candidates;
use crate::game::{Position, Status, Step};
use crate::split::LetterStats;

/// The policy whose exact play values the lookahead's children.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Base {
    /// [`Entropy`] with its defaults.
    Entropy(Entropy),
    /// [`Greedy`] with its defaults.
    Greedy(Greedy),
}

impl Base {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        match self {
            Base::Entropy(p) => p.decide(bucket, cands, position),
            Base::Greedy(p) => p.decide(bucket, cands, position),
        }
    }
}

type Map<V> = Mutex<FxHashMap<Box<[u32]>, V>>;

/// The memo tables of one word length. Keys are the candidate set followed by one word
/// packing the wrong count and the running score (see [`key`]).
#[derive(Debug, Default)]
struct Memo {
    /// Exact optimum (total score) and its move, for small sets.
    exact: Map<(u32, Decision)>,
    /// Total score of playing the base policy (exact below the threshold), for large sets.
    base: Map<u32>,
    /// Lookahead decisions for large sets.
    decisions: Map<Decision>,
}

/// The memo key of a state: what its value depends on. The guessed letters are left out
/// (they never split the set, so they change no value), and the maximum of wrong guesses
/// is the same for every state of a lookahead.
fn key(state: State<'_>) -> Vec<u32> {
    let mut k = Vec::with_capacity(state.set.len() + 1);
    k.extend_from_slice(state.set);
    k.push(state.position.wrong_guesses() << 16 | state.position.score());
    k
}

fn get<V: Clone>(map: &Map<V>, k: &[u32]) -> Option<V> {
    map.lock().expect("memo lock").get(k).cloned()
}

fn put<V>(map: &Map<V>, k: Vec<u32>, v: V) {
    map.lock()
        .expect("memo lock")
        .insert(k.into_boxed_slice(), v);
}

/// A state of the search: the candidates and the game's position (never over).
#[derive(Clone, Copy, Debug)]
pub(crate) struct State<'s> {
    /// Candidate secrets (bucket indices, ascending).
    pub(crate) set: &'s [u32],
    /// The rules' state the candidates share.
    pub(crate) position: Position,
}

/// What a move leads to for a group of secrets.
enum Child {
    /// Settled: the group's total final score.
    Fixed(u32),
    /// Still open: the group (at least two secrets) and its position.
    Open(Vec<u32>, Position),
}

/// The lower bound of a set's total: every secret but one pays at least one more point.
fn lower_bound(n: u32, score: u32) -> u32 {
    n * score + n.saturating_sub(1)
}

impl Child {
    fn bound(&self) -> u32 {
        match self {
            Child::Fixed(v) => *v,
            Child::Open(f, p) => lower_bound(f.len() as u32, p.score()),
        }
    }
}

/// Minimizes the expected final score; see the module docs.
#[derive(Debug)]
pub struct Lookahead {
    /// Exact search at this many candidates or fewer.
    exact: u32,
    /// How many top letters by loss-aware entropy the lookahead tries.
    letters: usize,
    /// How many of the most present (safest) splitting letters it also tries.
    safe: usize,
    /// 1: children valued by the base policy; 2: by a one-level lookahead.
    depth: u32,
    /// The policy played below the lookahead's horizon.
    base: Base,
    ranker: Entropy,
    memos: Vec<Memo>,
}

impl Lookahead {
    /// A lookahead for words of `lexicon` with these parameters.
    pub(crate) fn new(
        lexicon: &Lexicon,
        exact: u32,
        letters: usize,
        safe: usize,
        depth: u32,
        base: Base,
    ) -> Lookahead {
        Lookahead {
            exact,
            letters,
            safe,
            depth,
            base,
            ranker: Entropy::default(),
            memos: (0..=lexicon.max_length())
                .map(|_| Memo::default())
                .collect(),
        }
    }

    /// Parameters: `exact=N` (2–12, default 8), `letters=N` (1–26, default 4), `safe=N`
    /// (0–26, default 2), `depth=1|2` (default 1), `base=entropy|greedy`.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] for an unknown, repeated or out-of-range parameter.
    pub fn from_settings(
        name: &str,
        lexicon: &Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Lookahead, StrategyError> {
        let mut p = Params::new(name, settings)?;
        let base = match p.choice("base", &["entropy", "greedy"])? {
            "greedy" => Base::Greedy(Greedy::default()),
            _ => Base::Entropy(Entropy::default()),
        };
        let lookahead = Lookahead::new(
            lexicon,
            p.get("exact", 8, |n| {
                if (2..=MAX_EXACT).contains(n) {
                    Ok(())
                } else {
                    Err(format!(
                        "must be from 2 to {MAX_EXACT}: the exact search grows steeply with it \
                         (on the embedded list, 300 words take 16 s at 8, 44 s at 10, and \
                         minutes and gigabytes beyond {MAX_EXACT})"
                    ))
                }
            })?,
            p.range("letters", 4, 1..=26)?,
            p.range("safe", 2, 0..=26)?,
            p.range("depth", 1, 1..=2)?,
            base,
        );
        p.finish()?;
        Ok(lookahead)
    }

    fn memo(&self, bucket: &Bucket) -> &Memo {
        &self.memos[bucket.length()]
    }

    /// Where `decision` leads from `state`, group by group.
    fn children(bucket: &Bucket, state: State<'_>, decision: Decision) -> Vec<Child> {
        let State { set, position } = state;
        let settle = |group: Vec<u32>, position: Position| {
            if position.status() == Status::GameLost {
                Child::Fixed(position.score() * group.len() as u32)
            } else if group.len() == 1 {
                // Won, or the word guess that follows is free.
                Child::Fixed(position.score())
            } else {
                Child::Open(group, position)
            }
        };
        match decision {
            Decision::Letter(letter) => candidates::partition(bucket, set, letter)
                .into_iter()
                .map(|(positions, group)| {
                    settle(group, position.after(Step::Letter { letter, positions }))
                })
                .collect(),
            Decision::Word(x) => {
                let rest: Vec<u32> = set.iter().copied().filter(|&c| c != x).collect();
                let hit = position.after(Step::Word { correct: true });
                let mut out = vec![Child::Fixed(hit.score())];
                if !rest.is_empty() {
                    out.push(settle(rest, position.after(Step::Word { correct: false })));
                }
                out
            }
        }
    }

    /// The exact optimum of a state with at least two candidates: the least total final
    /// score over every way of playing on (letters that split the set and candidate words),
    /// and a move reaching it (ties to the first found in a fixed order).
    pub(crate) fn solve_exact(&self, bucket: &Bucket, state: State<'_>) -> (u32, Decision) {
        let memo = self.memo(bucket);
        let k = key(state);
        if let Some(hit) = get(&memo.exact, &k) {
            return hit;
        }
        let n = state.set.len();
        let letters: Vec<Decision> = self
            .ranker
            .ranked(bucket, state.set, &state.position)
            .into_iter()
            .map(|(_, l)| Decision::Letter(l))
            .collect();
        let words = state.set.iter().map(|&x| Decision::Word(x));
        let moves: Vec<Decision> = if n <= 3 {
            words.chain(letters).collect()
        } else {
            letters.into_iter().chain(words).collect()
        };
        let mut best = (u32::MAX, moves[0]);
        for decision in moves {
            let children = Lookahead::children(bucket, state, decision);
            let mut rest: u32 = children.iter().map(Child::bound).sum();
            if rest >= best.0 {
                continue;
            }
            let mut total = 0;
            for child in &children {
                rest -= child.bound();
                total += match child {
                    Child::Fixed(v) => *v,
                    Child::Open(set, position) => {
                        let position = *position;
                        self.solve_exact(bucket, State { set, position }).0
                    }
                };
                if total + rest >= best.0 {
                    break;
                }
            }
            if total + rest < best.0 {
                best = (total, decision);
            }
        }
        put(&memo.exact, k, best);
        best
    }

    /// The total final score of playing the base policy from `state` (exactly, and
    /// optimally once the set is small enough for the exact search).
    fn base_value(&self, bucket: &Bucket, state: State<'_>) -> u32 {
        let n = state.set.len();
        if n == 1 {
            return state.position.score();
        }
        if n as u32 <= self.exact {
            return self.solve_exact(bucket, state).0;
        }
        let memo = self.memo(bucket);
        let k = key(state);
        if let Some(v) = get(&memo.base, &k) {
            return v;
        }
        let decision = self.base.decide(bucket, state.set, &state.position);
        let v = self.value_of(bucket, state, decision, 0);
        put(&memo.base, k, v);
        v
    }

    /// The total of `decision` at `state` with each open child valued at `depth`.
    fn value_of(&self, bucket: &Bucket, state: State<'_>, decision: Decision, depth: u32) -> u32 {
        Lookahead::children(bucket, state, decision)
            .iter()
            .map(|child| match child {
                Child::Fixed(v) => *v,
                Child::Open(set, position) => {
                    let s = State {
                        set,
                        position: *position,
                    };
                    if depth == 0 {
                        self.base_value(bucket, s)
                    } else {
                        self.look(bucket, s, depth).0
                    }
                }
            })
            .sum()
    }

    /// The moves worth a look at a large state: the base's move first, then the top
    /// letters by loss-aware entropy, then the safest splitting letters.
    fn promising(&self, bucket: &Bucket, state: State<'_>) -> Vec<Decision> {
        let mut moves = vec![self.base.decide(bucket, state.set, &state.position)];
        let mut add = |d: Decision| {
            if !moves.contains(&d) {
                moves.push(d);
            }
        };
        for (_, l) in self
            .ranker
            .ranked(bucket, state.set, &state.position)
            .into_iter()
            .take(self.letters)
        {
            add(Decision::Letter(l));
        }
        let stats = LetterStats::of(bucket, state.set);
        let mut safest: Vec<Letter> = stats.splitting().iter().collect();
        safest.sort_by_key(|l| std::cmp::Reverse(stats.counts[l.index()]));
        for l in safest.into_iter().take(self.safe) {
            add(Decision::Letter(l));
        }
        moves
    }

    /// The lookahead at `depth` (≥ 1): the best promising move and its estimated total,
    /// an upper bound of what playing it achieves.
    fn look(&self, bucket: &Bucket, state: State<'_>, depth: u32) -> (u32, Decision) {
        if state.set.len() as u32 <= self.exact {
            return self.solve_exact(bucket, state);
        }
        let mut best: Option<(u32, Decision)> = None;
        for decision in self.promising(bucket, state) {
            let v = self.value_of(bucket, state, decision, depth - 1);
            if best.is_none_or(|(b, _)| v < b) {
                best = Some((v, decision));
            }
        }
        best.expect("the base move is always tried")
    }
}

impl Policy for Lookahead {
    fn decide(&self, bucket: &Bucket, cands: &[u32], position: &Position) -> Decision {
        if cands.len() == 1 {
            return Decision::Word(cands[0]);
        }
        let state = State {
            set: cands,
            position: *position,
        };
        if cands.len() as u32 <= self.exact {
            return self.solve_exact(bucket, state).1;
        }
        let memo = self.memo(bucket);
        let k = key(state);
        if let Some(d) = get(&memo.decisions, &k) {
            return d;
        }
        let d = self.look(bucket, state, self.depth).1;
        put(&memo.decisions, k, d);
        d
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use lexicon::{Letter, LetterSet, Lexicon};

    use super::*;
    use crate::game::{Game, Guess, Status};
    use crate::referee::{Fair, Referee};

    /// The least total score over *every* strategy, found by trying every guess (every
    /// letter of the list plus one absent letter, every word) with the real game rules on
    /// every secret still sharing the public state; memoized on that state.
    fn brute_force(words: &[&str], max_wrong: u32) -> u32 {
        let mut letters: Vec<Letter> = LetterSet::of_word(words.concat().as_bytes())
            .iter()
            .collect();
        letters.push(
            LetterSet::of_word(words.concat().as_bytes())
                .complement()
                .iter()
                .next()
                .unwrap(),
        );
        let games: Vec<Game<Fair>> = words
            .iter()
            .map(|w| Game::new(Fair::new(w).unwrap(), max_wrong))
            .collect();
        let mut memo = HashMap::new();
        go(words, &letters, games, &mut memo)
    }

    type Key = (Vec<String>, u32, Vec<String>, u32);

    fn go(
        words: &[&str],
        letters: &[Letter],
        games: Vec<Game<Fair>>,
        memo: &mut HashMap<Key, u32>,
    ) -> u32 {
        let s = games[0].state();
        let key = (
            games.iter().map(|g| g.referee().word()).collect(),
            s.guessed_letters().bits(),
            s.wrong_words().to_vec(),
            s.score(),
        );
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut guesses: Vec<Guess> = letters
            .iter()
            .filter(|l| !s.guessed_letters().contains(**l))
            .map(|&l| Guess::Letter(l))
            .collect();
        guesses.extend(
            words
                .iter()
                .filter(|w| !s.wrong_words().iter().any(|x| x == *w))
                .map(|w| Guess::Word(w.to_string())),
        );
        let mut best = u32::MAX;
        for guess in guesses {
            let mut total = 0;
            let mut groups: Vec<(String, Vec<Game<Fair>>)> = Vec::new();
            for g in &games {
                let mut g = g.clone();
                g.guess(&guess).unwrap();
                if g.state().status() == Status::KeepGuessing {
                    let seen = format!("{} {:?}", g.state(), g.state().wrong_words());
                    match groups.iter_mut().find(|(k, _)| *k == seen) {
                        Some((_, group)) => group.push(g),
                        None => groups.push((seen, vec![g])),
                    }
                } else {
                    total += g.state().score();
                }
            }
            for (_, group) in groups {
                total += go(words, letters, group, memo);
            }
            best = best.min(total);
        }
        memo.insert(key, best);
        best
    }

    #[test]
    fn exact_search_is_the_true_optimum_on_tiny_lists() {
        let lists: &[&[&str]] = &[
            &["bat", "cat", "hat", "mat"],
            &["abc", "abd", "aec", "xyz", "bca"],
            &["aa", "ab", "ba", "bb"],
            &["cot", "cat", "cut", "dot", "dog"],
            &["ab", "cd", "ef", "gh", "ij"],
            &["abba", "baba", "abab", "bbaa", "aabb"],
        ];
        for words in lists {
            let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
            let length = words[0].len();
            let bucket = lexicon.bucket(length);
            for max_wrong in [0, 1, 2, 5] {
                let la = Lookahead::new(&lexicon, 40, 4, 2, 1, Base::Entropy(Entropy::default()));
                let set = candidates::all(bucket);
                let state = State {
                    set: &set,
                    position: Position::new(length, max_wrong),
                };
                let (exact, _) = la.solve_exact(bucket, state);
                assert_eq!(
                    exact,
                    brute_force(words, max_wrong),
                    "{words:?} max {max_wrong}"
                );
                // And playing its decisions scores exactly that.
                let played: u32 = crate::strategy::tree::evaluate(&la, bucket, max_wrong)
                    .unwrap()
                    .iter()
                    .map(|r| r.score)
                    .sum();
                assert_eq!(played, exact, "{words:?} max {max_wrong}");
            }
        }
    }
}
