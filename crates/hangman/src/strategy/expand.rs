//! What a move leads to: the children of a search state, settled or still open, with
//! their keys and lower bounds. The exact search and the lookahead both expand moves here,
//! stepping positions with the rules' [`Position::after`], and allocate nothing once their
//! buffers have grown.

use lexicon::Bucket;

use super::policy::Decision;
use super::table::{SetHash, StateKey};
use crate::candidates::Partition;
use crate::game::{LOSS_SCORE, Position, Status, Step};
use crate::split::LetterStats;

/// The least total score a set of `n` secrets at running score `score` can still reach:
/// one may be won at once, the others pay at least one more point (or lose, 25).
pub(crate) fn lower_bound(n: u32, score: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    score.min(LOSS_SCORE) + (n - 1) * (score + 1).min(LOSS_SCORE)
}

/// The least total of `n` secrets at `position` given how many of them the next `left + 1`
/// guesses on the all-misses path can hit at most (`hit(left + 1)`, `left` the wrong
/// guesses left): a secret none of those guesses hits takes one miss too many and loses.
pub(crate) fn loss_bound(n: u32, position: &Position, hit: impl Fn(usize) -> u32) -> u32 {
    if position.is_over() {
        return position.score() * n;
    }
    let lost = n.saturating_sub(hit(position.wrong_guesses_left() as usize + 1));
    LOSS_SCORE * lost + lower_bound(n - lost, position.score())
}

/// How many secrets `guesses` guesses can hit at most when the letters that may split the
/// set have the counts `counts` (0 for the others): each guess hits at most its letter's
/// count, or one secret with a word.
pub(crate) fn most_hit(counts: &[u32; 26], guesses: usize) -> u32 {
    const TOP: usize = 8;
    if guesses > TOP {
        return u32::MAX;
    }
    let mut top = [0u32; TOP];
    for &c in counts {
        if c > top[guesses - 1] {
            let mut i = guesses - 1;
            while i > 0 && top[i - 1] < c {
                top[i] = top[i - 1];
                i -= 1;
            }
            top[i] = c;
        }
    }
    top[..guesses].iter().map(|&c| c.max(1)).sum()
}

/// Losses are worth bounding only with fewer wrong guesses left than this: with more, a few
/// letters hit nearly every secret.
pub(crate) const LOSS_LIVES: u32 = 3;

/// Whether [`stats_bound`] is worth its cost at `position` (else [`lower_bound`] does).
pub(crate) fn losses_matter(position: &Position) -> bool {
    position.wrong_guesses_left() < LOSS_LIVES
}

/// A lower bound of the value of the set of `stats` at `position`: [`loss_bound`] with the
/// counts of the letters that split it (no other letter is part of an optimal play) when
/// losses matter, else [`lower_bound`].
pub(crate) fn stats_bound(stats: &LetterStats, position: &Position) -> u32 {
    if !losses_matter(position) {
        return lower_bound(stats.n, position.score());
    }
    let mut counts = [0u32; 26];
    for l in stats.splitting().iter() {
        counts[l.index()] = stats.counts[l.index()];
    }
    loss_bound(stats.n, position, |g| most_hit(&counts, g))
}

/// The final score of a secret that is alone at `position` (its word guess is free) or
/// whose game is over.
pub(crate) fn settled_score(position: Position) -> u32 {
    if position.status() == Status::KeepGuessing {
        position.after(Step::Word { correct: true }).score()
    } else {
        position.score()
    }
}

/// A group of secrets still open after a move: at least two, game not over.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open {
    /// Where its members lie in [`Children::members`].
    start: u32,
    end: u32,
    /// The position they share.
    pub(crate) position: Position,
    /// Their set's hash and their key.
    pub(crate) set: SetHash,
    pub(crate) key: StateKey,
    /// A lower bound of their total ([`stats_bound`]); a search may raise it.
    pub(crate) bound: u32,
    /// Set by a search when `bound` is the exact value.
    pub(crate) exact: bool,
    /// Where its members' statistics lie in [`Children::stats`] when they were gathered for
    /// the bound (`u32::MAX` when not), so that a search of the group need not gather them
    /// again.
    stats: u32,
}

impl Open {
    /// How many secrets the group holds.
    pub(crate) fn len(&self) -> u32 {
        self.end - self.start
    }
}

/// The outcome of one move: the total of the secrets it settles and the open groups.
#[derive(Debug, Default)]
pub(crate) struct Children {
    /// The total final score of the settled secrets.
    pub(crate) fixed: u32,
    /// The open groups.
    pub(crate) open: Vec<Open>,
    /// The open groups' members (a word guess copies the others here).
    members: Vec<u32>,
    parts: Partition,
    /// The statistics gathered for the open groups' bounds.
    stats: Vec<LetterStats>,
}

impl Children {
    /// The members of an open group of this expansion.
    pub(crate) fn members(&self, open: &Open) -> &[u32] {
        &self.members[open.start as usize..open.end as usize]
    }

    /// The statistics of an open group of this expansion, if they were gathered for its
    /// bound.
    pub(crate) fn stats(&self, open: &Open) -> Option<&LetterStats> {
        self.stats.get(open.stats as usize)
    }

    /// The sum of the settled total and the open groups' bounds: a lower bound of the move.
    pub(crate) fn bound(&self) -> u32 {
        self.fixed + self.open.iter().map(|o| o.bound).sum::<u32>()
    }

    /// Replaces the expansion with that of `decision` from the state `set` (hash `hash`)
    /// at `position`. With `count_losses`, open groups where losses matter are bounded by
    /// [`stats_bound`] (a pass over their members), else by [`lower_bound`].
    pub(crate) fn expand(
        &mut self,
        bucket: &Bucket,
        set: &[u32],
        hash: SetHash,
        position: Position,
        decision: Decision,
        count_losses: bool,
    ) {
        self.fixed = 0;
        self.open.clear();
        self.members.clear();
        self.stats.clear();
        match decision {
            Decision::Letter(letter) => {
                self.parts.split(bucket, set, letter);
                // The families stay where the split put them.
                self.parts.swap_members(&mut self.members);
                for f in 0..self.parts.len() {
                    let (positions, range) = self.parts.family_range(f);
                    let after = position.after(Step::Letter { letter, positions });
                    self.settle(
                        bucket,
                        range.start as u32..range.end as u32,
                        after,
                        None,
                        count_losses,
                    );
                }
            }
            Decision::Word(x) => {
                self.fixed += position.after(Step::Word { correct: true }).score();
                self.members.extend(set.iter().copied().filter(|&c| c != x));
                if !self.members.is_empty() {
                    let after = position.after(Step::Word { correct: false });
                    let all = 0..self.members.len() as u32;
                    self.settle(bucket, all, after, Some(hash.without(x)), count_losses);
                }
            }
        }
    }

    /// Records the group `members[group]` (of hash `set`, if known) at `position`: settled
    /// when the game is over or one secret is left, else open.
    fn settle(
        &mut self,
        bucket: &Bucket,
        group: std::ops::Range<u32>,
        position: Position,
        set: Option<SetHash>,
        count_losses: bool,
    ) {
        let (start, end) = (group.start, group.end);
        let n = end - start;
        if position.is_over() || n == 1 {
            self.fixed += settled_score(position) * n;
            return;
        }
        let members = &self.members[start as usize..end as usize];
        // Hashed only when open: most families are settled.
        let set = set.unwrap_or_else(|| SetHash::of(members));
        let (bound, stats) = if count_losses && losses_matter(&position) {
            let stats = LetterStats::of(bucket, members);
            let bound = stats_bound(&stats, &position);
            self.stats.push(stats);
            (bound, self.stats.len() as u32 - 1)
        } else {
            (lower_bound(n, position.score()), u32::MAX)
        };
        self.open.push(Open {
            start,
            end,
            position,
            set,
            key: set.at(&position),
            bound,
            exact: false,
            stats,
        });
    }
}
