//! The ply search: the first rule that bounded every length, kept beside the steered search
//! because on some lengths it is still the stronger (see [`super::bounds`], which keeps the
//! better of the two), and because where the optimum is cheap to know exactly it knows it.
//!
//! It opens every move for a fixed number of plies (and to the end on sets of at most
//! [`Depth::full`] words) and bounds the sets where it stops by the counting bound, or by
//! *chains*: the set split into disjoint chains (words equal but at one position, whose
//! letters there occur nowhere else in them: every guess wins at most one of them, so at
//! most `L + 1` are won, the `i`-th after `i` guesses) and the rest, counted. Word guesses
//! at sets of more than [`Depth::words`] words are bounded all at once: the guessed word
//! scores `s`, the others are a set of one word fewer one miss later, counted with the
//! whole set's letters (a subset has no more).
//!
//! Its results carry no certificate of their own: `hangman verify-bound` re-computes them
//! (see [`Rule`]).

use std::sync::Arc;

use lexicon::{Bucket, Letter, Lexicon};
use rustc_hash::{FxHashMap, FxHashSet};

use super::profile::Profile;
use super::statics::{Tables, capped};
use crate::candidates;
use crate::game::{LOSS_SCORE, Position, Status, Step};
use crate::strategy::{self, Exact, Settings};

/// How far the ply search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// Plies searched from the first guess before the static bounds are used.
    pub plies: u32,
    /// Sets of at most this many candidates are searched to the end whatever the plies.
    pub full: usize,
    /// Word guesses are followed one by one at up to this many candidates; above, all are
    /// bounded at once.
    pub words: usize,
}

impl Depth {
    /// What `hangman bench` uses for `words` words of `length` letters: a few seconds of CPU
    /// or less per length of words.txt. A ply more multiplies the time by ten to
    /// twenty-five.
    pub fn for_bucket(length: usize, words: usize) -> Depth {
        let plies = if length <= 4 && words <= 5_000 {
            3
        } else if words * length <= 100_000 {
            2
        } else {
            1
        };
        Depth {
            plies,
            full: 4,
            words: 4,
        }
    }
}

/// Lengths of at most this many words are solved exactly, and the steered search searches
/// them to the end (its bound is then their optimum): milliseconds at up to 100 words.
pub const EXACT_MAX_WORDS: usize = 100;

/// Words of at least this many letters are solved exactly up to [`EXACT_LONG_WORDS`] words:
/// long words split well, so the exact search is quick (words.txt: about 1.5 s for the
/// 3,198 words of 15 letters, 0.3 s for 16).
pub const EXACT_LONG_LENGTH: usize = 15;

/// See [`EXACT_LONG_LENGTH`].
pub const EXACT_LONG_WORDS: usize = 4_000;

/// The exact search is tried only up to this maximum of wrong guesses (at 10, the 96 words
/// of 2 letters take 18 s).
pub const EXACT_MAX_WRONG: u32 = 5;

/// Which rule gave a length's score bound, so that it can be checked again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The steered search ([`super::prove`]): its certificate proves it.
    Search,
    /// The exact optimum: `best`'s shipped exact table (its tree is optimal by the table's
    /// own construction, an exhaustive search).
    Shipped,
    /// The exact optimum, solved by [`Exact`].
    Solved,
    /// The ply search at this depth.
    Plies(Depth),
}

impl Rule {
    /// The rule's name in reports and rule files: `search`, `shipped`, `exact`,
    /// `plies-P-F-W`.
    pub fn name(self) -> String {
        match self {
            Rule::Search => "search".into(),
            Rule::Shipped => "shipped".into(),
            Rule::Solved => "exact".into(),
            Rule::Plies(d) => format!("plies-{}-{}-{}", d.plies, d.full, d.words),
        }
    }

    /// The rule of a [`name`](Rule::name).
    pub fn parse(name: &str) -> Option<Rule> {
        match name {
            "search" => Some(Rule::Search),
            "shipped" => Some(Rule::Shipped),
            "exact" => Some(Rule::Solved),
            _ => {
                let mut it = name.strip_prefix("plies-")?.split('-');
                let depth = Depth {
                    plies: it.next()?.parse().ok()?,
                    full: it.next()?.parse().ok()?,
                    words: it.next()?.parse().ok()?,
                };
                it.next().is_none().then_some(Rule::Plies(depth))
            }
        }
    }

    /// Whether the rule gives the optimum itself.
    pub fn is_exact(self) -> bool {
        matches!(self, Rule::Shipped | Rule::Solved)
    }
}

/// The exact optimum of the words of `length` in `lexicon` at `max_wrong` where it is cheap
/// to know — `best`'s exact table ships for them, or they are at most
/// [`EXACT_MAX_WORDS`], or long ([`EXACT_LONG_LENGTH`]) and at most
/// [`EXACT_LONG_WORDS`], with at most [`EXACT_MAX_WRONG`] wrong guesses — else the ply
/// search's bound at [`Depth::for_bucket`]; with the rule that gave it.
pub fn reference(lexicon: &Arc<Lexicon>, length: usize, max_wrong: u32) -> (u64, Rule) {
    let bucket = lexicon.bucket(length);
    if bucket.is_empty() {
        return (0, Rule::Solved);
    }
    if let Some(total) = shipped(lexicon, length, max_wrong) {
        return (total, Rule::Shipped);
    }
    if let Some(total) = solved(bucket, max_wrong) {
        return (total, Rule::Solved);
    }
    let depth = Depth::for_bucket(length, bucket.len());
    (lower_bound(bucket, max_wrong, depth), Rule::Plies(depth))
}

/// The value of `rule` on the words of `length`, computed again (`None`: the rule does not
/// apply there).
pub fn recompute(lexicon: &Arc<Lexicon>, length: usize, max_wrong: u32, rule: Rule) -> Option<u64> {
    let bucket = lexicon.bucket(length);
    match rule {
        Rule::Search => None,
        Rule::Shipped => shipped(lexicon, length, max_wrong),
        Rule::Solved => solved(bucket, max_wrong),
        Rule::Plies(depth) => Some(lower_bound(bucket, max_wrong, depth)),
    }
}

/// The total of `best`'s shipped exact table, the optimum's tree, where it ships.
fn shipped(lexicon: &Arc<Lexicon>, length: usize, max_wrong: u32) -> Option<u64> {
    let bucket = lexicon.bucket(length);
    if length > strategy::EXACT_MAX_LENGTH || !strategy::ships(bucket, max_wrong) {
        return None;
    }
    let settings = Settings {
        max_wrong,
        ..Settings::default()
    };
    let best = strategy::find("best")
        .and_then(|info| info.build(lexicon.clone(), &settings))
        .ok()?;
    let results = best.evaluate_length(length)?;
    Some(results.iter().map(|r| u64::from(r.score)).sum())
}

/// The exact optimum by [`Exact`] where it is quick.
fn solved(bucket: &Bucket, max_wrong: u32) -> Option<u64> {
    let small = bucket.len() <= EXACT_MAX_WORDS
        || (bucket.length() >= EXACT_LONG_LENGTH && bucket.len() <= EXACT_LONG_WORDS);
    if bucket.is_empty() || !small || max_wrong > EXACT_MAX_WRONG {
        return None;
    }
    let root = Position::new(bucket.length(), max_wrong);
    let (total, _) = Exact::new(bucket.length()).solve(bucket, &candidates::all(bucket), root);
    Some(u64::from(total))
}

/// The least total final score any strategy can reach on the words of `bucket` with
/// `max_wrong` wrong guesses allowed is at least this (see the module docs).
pub fn lower_bound(bucket: &Bucket, max_wrong: u32, depth: Depth) -> u64 {
    if bucket.is_empty() {
        return 0;
    }
    let mut search = Plies {
        bucket,
        depth,
        memo: FxHashMap::default(),
        tables: Tables::new(max_wrong, bucket.length()),
    };
    let root = Position::new(bucket.length(), max_wrong);
    search.value(&candidates::all(bucket), root, depth.plies)
}

/// One ply search: the bucket, its depth, its memo by (set, score, wrong guesses, plies
/// left) and its counting tables.
struct Plies<'a> {
    bucket: &'a Bucket,
    depth: Depth,
    memo: FxHashMap<(Vec<u32>, u32, u32, u32), u64>,
    tables: Tables,
}

impl Plies<'_> {
    /// A lower bound of the least total of the secrets `set` (bucket order) from
    /// `position`.
    fn value(&mut self, set: &[u32], position: Position, plies: u32) -> u64 {
        let n = set.len() as u64;
        match position.status() {
            _ if n == 0 => return 0,
            Status::GameLost => return n * u64::from(LOSS_SCORE),
            Status::GameWon => return u64::from(position.score()),
            Status::KeepGuessing if n == 1 => return capped(position.score()),
            Status::KeepGuessing => {}
        }
        if plies == 0 && set.len() > self.depth.full {
            let profile = Profile::of(self.bucket, set, position);
            return self.tables.counting(n, position, &profile, 0);
        }
        let key = (
            set.to_vec(),
            position.score(),
            position.wrong_guesses(),
            plies,
        );
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let profile = Profile::of(self.bucket, set, position);
        let counting = self
            .tables
            .counting(n, position, &profile, 0)
            .max(self.chained(set, position));
        let next = plies.saturating_sub(1);
        let letters: Vec<Letter> = lexicon::LetterSet::FULL
            .iter()
            .filter(|&l| !position.guessed_letters().contains(l))
            .collect();
        let mut best = u64::MAX;
        for letter in letters {
            let parts = candidates::partition(self.bucket, set, letter);
            if parts.len() < 2 {
                continue;
            }
            let mut total = 0;
            for (mask, family) in parts {
                let after = position.after(Step::Letter {
                    letter,
                    positions: mask,
                });
                total += self.value(&family, after, next);
                if total >= best {
                    break;
                }
            }
            best = best.min(total);
        }
        let right = capped(position.score());
        let missed = position.after(Step::Word { correct: false });
        if set.len() <= self.depth.words {
            for i in 0..set.len() {
                let rest = super::search::without(set, i);
                best = best.min(right + self.value(&rest, missed, next));
            }
        } else {
            let rest = if missed.status() == Status::GameLost {
                (n - 1) * u64::from(LOSS_SCORE)
            } else {
                self.tables.counting(n - 1, missed, &profile, 0)
            };
            best = best.min(right + rest);
        }
        let value = best.max(counting);
        self.memo.insert(key, value);
        value
    }

    /// The chain bound (see the module docs): the set split into disjoint chains and the
    /// rest, each bounded on its own.
    fn chained(&self, set: &[u32], position: Position) -> u64 {
        let (chains, rest) = chains(self.bucket, set);
        if chains.is_empty() {
            return 0;
        }
        let left = position.wrong_guesses_left();
        let score = position.score();
        let rest_value = match rest.len() {
            0 => 0,
            1 => capped(score),
            n => self.tables.counting(
                n as u64,
                position,
                &Profile::of(self.bucket, &rest, position),
                0,
            ),
        };
        rest_value
            + chains
                .iter()
                .map(|&m| chain_value(m as u64, score, left))
                .sum::<u64>()
    }
}

/// The least total of a chain of `m` words at running score `score` with `left` more wrong
/// guesses survivable: each guess wins at most one of them and misses the others, so the
/// `i`-th won (from 0) has paid `i` guesses, and at most `left + 1` are won.
fn chain_value(m: u64, score: u32, left: u32) -> u64 {
    let won = m.min(u64::from(left) + 1);
    (0..won).map(|i| capped(score + i as u32)).sum::<u64>() + (m - won) * u64::from(LOSS_SCORE)
}

/// Disjoint chains of `set` (their sizes, each at least 2) and the words in none, largest
/// chains first whatever the position.
fn chains(bucket: &Bucket, set: &[u32]) -> (Vec<usize>, Vec<u32>) {
    let length = bucket.length();
    // Keys pack 5 bits a letter; longer words are left out (the bound is then the counting
    // bound's alone).
    if length > 25 || set.len() < 2 {
        return (Vec::new(), set.to_vec());
    }
    let pack = |word: &[u8], skip: usize| -> u128 {
        word.iter().enumerate().fold(0u128, |key, (i, &b)| {
            let code = if i == skip {
                0
            } else {
                u128::from(b - b'a' + 1)
            };
            key << 5 | code
        })
    };
    let mut groups: Vec<(usize, usize, Vec<u32>)> = Vec::new();
    let mut keyed: Vec<(u128, u32)> = Vec::with_capacity(set.len());
    for q in 0..length {
        keyed.clear();
        keyed.extend(set.iter().map(|&c| (pack(bucket.word(c as usize), q), c)));
        keyed.sort_unstable();
        for run in keyed.chunk_by(|a, b| a.0 == b.0).filter(|r| r.len() >= 2) {
            let word = bucket.word(run[0].1 as usize);
            let common = word
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != q)
                .fold(0u32, |acc, (_, &b)| acc | 1 << (b - b'a'));
            // A word whose letter at q is also elsewhere in them is left out of the chain.
            let apart: Vec<u32> = run
                .iter()
                .map(|&(_, c)| c)
                .filter(|&c| common & 1 << (bucket.word(c as usize)[q] - b'a') == 0)
                .collect();
            if apart.len() >= 2 {
                groups.push((apart.len(), q, apart));
            }
        }
    }
    groups.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut used: FxHashSet<u32> = FxHashSet::default();
    let mut sizes = Vec::new();
    for (_, _, members) in groups {
        let free: Vec<u32> = members.into_iter().filter(|c| !used.contains(c)).collect();
        if free.len() >= 2 {
            sizes.push(free.len());
            used.extend(free);
        }
    }
    let rest = set.iter().copied().filter(|c| !used.contains(c)).collect();
    (sizes, rest)
}
