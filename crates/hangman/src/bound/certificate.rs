//! Writes a finished search's proof down as a certificate that [`check`](super::check)
//! re-checks without trusting the search (the format is in [`check`](super::check)'s docs).
//!
//! The proof is read back from the search's memo: a state it stopped at statically is a
//! leaf; a state it opened lists, for every letter worth trying, either nothing (its
//! screen is enough) or its open children's proofs, then how its word guesses were
//! bounded. The memo only ever raised a state's value, so every part of the proof is worth
//! at least what the search used. A state met again (the same letters guessed in another
//! order) is written once and referred to afterwards.

use std::io::{self, Write};

use lexicon::Letter;
use rustc_hash::FxHashMap;

use super::profile::Profile;
use super::search::{How, Objective, Proven, Search, Words, without};
use super::targets::Key;
use crate::candidates::Partition;
use crate::game::{Position, Step};
use crate::strategy::SetHash;

/// The format's first line.
pub(super) const MAGIC: &str = "wordplay-bound-certificate 4";

/// What the header of a certificate states.
pub(super) struct Header<'a> {
    pub(super) objective: Objective,
    pub(super) max_wrong: u32,
    pub(super) bound: u64,
    pub(super) words_sha256: &'a str,
    /// Whether the proof uses the losses proof's counts (a score proof only).
    pub(super) uses_losses: bool,
    /// The most words of a family in a set its static bounds value on their own (a score
    /// proof only; 0: none).
    pub(super) family_totals: u32,
    /// The most words of a set its static bounds solve exactly (a score proof only; 0:
    /// none).
    pub(super) exact_small: u32,
}

/// Writes the proof of `search`'s value at the start of a game (`bound`, at most what it
/// found) to `out`.
pub(super) fn write(
    search: &Search<'_>,
    header: &Header<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let bucket = search.bucket;
    writeln!(out, "{MAGIC}")?;
    writeln!(
        out,
        "objective {}",
        match header.objective {
            Objective::Score => "score",
            Objective::Losses => "losses",
        }
    )?;
    writeln!(out, "length {}", bucket.length())?;
    writeln!(out, "max_wrong {}", header.max_wrong)?;
    writeln!(out, "words {}", bucket.len())?;
    writeln!(out, "words_sha256 {}", header.words_sha256)?;
    writeln!(out, "bound {}", header.bound)?;
    writeln!(
        out,
        "uses_losses {}",
        if header.uses_losses { "yes" } else { "no" }
    )?;
    writeln!(out, "family_totals {}", header.family_totals)?;
    writeln!(out, "exact_small {}", header.exact_small)?;
    let families = search.families.members();
    writeln!(out, "families {}", families.len())?;
    for family in families {
        let line: Vec<String> = family.iter().map(u32::to_string).collect();
        writeln!(out, "{} {}", family.len(), line.join(" "))?;
    }
    writeln!(out, "proof")?;
    let all: Vec<u32> = (0..bucket.len() as u32).collect();
    let root = Position::new(bucket.length(), header.max_wrong);
    if all.len() < 2 {
        // No word, or one (its word guess is free): settled, nothing to prove.
        writeln!(out)?;
        return Ok(());
    }
    // First count how often each opened state is met, then write.
    let mut walk = Walk::new(search);
    walk.node(&all, SetHash::of(&all), root)?;
    let met = std::mem::take(&mut walk.seen);
    walk.seen = met
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(k, _)| (k, 0))
        .collect();
    walk.out = Some(out);
    walk.node(&all, SetHash::of(&all), root)?;
    if let Some(out) = walk.out {
        writeln!(out)?;
    }
    Ok(())
}

/// The value of every state the proof of `search`'s (a losses search's) value at the
/// start of a game opens, as its certificate would state it: what the score's search may
/// take from it (see [`Proven`]).
pub(super) fn proven(search: &Search<'_>, max_wrong: u32) -> Proven {
    let bucket = search.bucket;
    let mut walk = Walk::new(search);
    if bucket.len() >= 2 {
        let all: Vec<u32> = (0..bucket.len() as u32).collect();
        let root = Position::new(bucket.length(), max_wrong);
        // Only the first pass, which writes nothing: it cannot fail.
        let _ = walk.node(&all, SetHash::of(&all), root);
    }
    walk.proven
}

/// One pass over the proof.
struct Walk<'s, 'a, 'o> {
    search: &'s Search<'a>,
    /// First pass: how often each opened state is met. Second: the states met twice or
    /// more (value unused).
    seen: FxHashMap<Key, u32>,
    /// Second pass: the number given to each kept state written so far.
    kept: FxHashMap<Key, u32>,
    /// `None` on the first pass.
    out: Option<&'o mut dyn Write>,
    /// Tokens on the current line.
    line: usize,
    /// First pass: each opened state's value, by its set's hash and wrong guesses.
    proven: Proven,
}

impl<'s, 'a> Walk<'s, 'a, '_> {
    fn new(search: &'s Search<'a>) -> Self {
        Walk {
            search,
            seen: FxHashMap::default(),
            kept: FxHashMap::default(),
            out: None,
            line: 0,
            proven: Proven::default(),
        }
    }

    fn token(&mut self, token: &str) -> io::Result<()> {
        if let Some(out) = self.out.as_mut() {
            if self.line > 0 {
                out.write_all(if self.line >= 32 { b"\n" } else { b" " })?;
                if self.line >= 32 {
                    self.line = 0;
                }
            }
            out.write_all(token.as_bytes())?;
            self.line += 1;
        }
        Ok(())
    }

    /// The proof of an open state (two words or more, game not over).
    fn node(&mut self, set: &[u32], hash: SetHash, position: Position) -> io::Result<()> {
        let search = self.search;
        let key = search.key(hash, position);
        let Some(entry) = search.memo.borrow().get(&key).copied() else {
            return self.token("S");
        };
        let words = match entry.how {
            How::Static => return self.token("S"),
            How::Chain => return self.token("C"),
            How::Expanded(words) => words,
        };
        if self.out.is_none() {
            let count = self.seen.entry(key).or_insert(0);
            *count += 1;
            if *count > 1 {
                return Ok(());
            }
            self.proven
                .insert((hash.bits(), position.wrong_guesses()), entry.value);
        } else {
            if let Some(&i) = self.kept.get(&key) {
                return self.token(&format!("R{i}"));
            }
            if self.seen.contains_key(&key) {
                let i = self.kept.len() as u32;
                self.kept.insert(key, i);
                self.token("K")?;
            } else {
                self.token("E")?;
            }
        }
        let bucket = search.bucket;
        let profile = Profile::of(bucket, set, position);
        let mut parts = Partition::default();
        for letter in Letter::ALL {
            let i = letter.index();
            if profile.splits >> i & 1 == 0 || profile.counts[i] < 2 {
                continue;
            }
            if search.screen(position, &profile, letter) >= entry.value {
                self.token("x")?;
                continue;
            }
            self.token("c")?;
            parts.split(bucket, set, letter);
            let families: Vec<(u32, Vec<u32>)> =
                parts.families().map(|(m, f)| (m, f.to_vec())).collect();
            for (positions, family) in families {
                let after = position.after(Step::Letter { letter, positions });
                if !after.is_over() && family.len() > 1 {
                    self.node(&family, SetHash::of(&family), after)?;
                }
            }
        }
        let cheap = search.words_cheap(set, hash, position, &profile);
        let missed = position.after(Step::Word { correct: false });
        if cheap >= entry.value || words == Words::Cheap || missed.is_over() {
            return self.token("w0");
        }
        if words == Words::Whole {
            self.token("w1")?;
            return self.node(set, hash, missed);
        }
        self.token("w2")?;
        self.node(set, hash, missed)?;
        if set.len() > 2 {
            for (i, &w) in set.iter().enumerate() {
                let rest = without(set, i);
                self.node(&rest, hash.without(w), missed)?;
            }
        }
        Ok(())
    }
}
