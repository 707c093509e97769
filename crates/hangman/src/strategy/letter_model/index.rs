//! Every substring of the training words, with word-boundary markers, counted in a trie so
//! that a window of the board (known letters, markers and blanks) is matched one position at
//! a time, branching only at blanks.
//!
//! Each training word is padded as `#word#` and every substring of at most [`MAX_WINDOW`]
//! symbols starting at each padded position is inserted (a suffix trie cut at
//! [`MAX_WINDOW`] symbols); a node counts the occurrences of its string. Two tries are
//! kept, of the words and of the words reversed, so that a window is walked from the end
//! whose blanks come later: known symbols narrow the walk before blanks widen it.

use lexicon::{Letter, LetterSet};

/// The longest window the index answers.
pub(crate) const MAX_WINDOW: usize = 12;

/// The boundary marker (`#` in the docs); letters are 2..=27.
pub(crate) const MARKER: u8 = 1;

/// The symbol of a letter.
pub(crate) fn letter_symbol(letter: Letter) -> u8 {
    letter.index() as u8 + 2
}

/// One position of a window: a known symbol, or a blank that may hold any of some letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A known letter or the boundary marker.
    Known(u8),
    /// An unknown letter, one of these.
    Blank(LetterSet),
}

/// Per-window match counts: for each blank of the window, how often each letter fills it
/// among the matching substrings, and the number of matches.
#[derive(Clone, Debug)]
pub(crate) struct WindowCounts {
    /// `counts[j][letter]` for the `j`-th blank of the window, in window order.
    pub(crate) counts: Vec<[f64; 26]>,
    /// Matching substrings (occurrences).
    pub(crate) total: f64,
}

/// A trie in compressed-row form: node `v`'s children are `first_child[v]..first_child[v+1]`,
/// sorted by symbol. Node 0 is the root.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trie {
    symbol: Vec<u8>,
    count: Vec<u32>,
    first_child: Vec<u32>,
}

impl Trie {
    /// The trie of every substring (cut at `MAX_WINDOW`) of the padded `words`.
    fn build<'a>(words: impl Iterator<Item = &'a [u8]> + Clone) -> Trie {
        // Packed keys, five bits a symbol, first symbol highest: sorting them sorts the
        // substrings, a shorter one (padded with 0) before its extensions. One key per
        // padded position: reserved at once (growing two million keys by doubling cost
        // a tenth of the training time in copies and page faults).
        let mut keys = Vec::with_capacity(words.clone().map(<[u8]>::len).sum());
        for padded in words {
            for start in 0..padded.len() {
                let mut key = 0u64;
                for (d, &s) in padded[start..].iter().take(MAX_WINDOW).enumerate() {
                    key |= u64::from(s) << shift(d);
                }
                keys.push(key);
            }
        }
        keys.sort_unstable();
        // Breadth-first: each level's nodes are the distinct prefixes of that length, in
        // key order, so a node's children are contiguous and sorted.
        let mut trie = Trie {
            symbol: vec![0],
            count: vec![keys.len() as u32],
            first_child: Vec::new(),
        };
        // How many leading symbols each key shares with the one before: within a node's
        // range (keys sharing `depth` symbols), a child ends where a key shares no more
        // than `depth`. Scanning these bytes finds the children in one sequential pass a
        // level, where a binary search per child over the keys missed the cache.
        let shared: Vec<u8> = std::iter::once(0)
            .chain(keys.windows(2).map(|pair| {
                let differ = pair[0] ^ pair[1];
                if differ == 0 {
                    MAX_WINDOW as u8
                } else {
                    // Keys hold 60 bits: the top four are always clear.
                    ((differ.leading_zeros() - 4) / 5) as u8
                }
            }))
            .collect();
        // Each key adds a node for every symbol past those it shares with the key before:
        // the trie's size, reserved at once rather than grown by copies.
        let nodes = 1 + keys
            .iter()
            .zip(&shared)
            .map(|(&k, &s)| {
                let symbols = (0..MAX_WINDOW)
                    .take_while(|&d| symbol_at(k, d) != 0)
                    .count();
                symbols.saturating_sub(usize::from(s))
            })
            .sum::<usize>();
        trie.symbol.reserve_exact(nodes - 1);
        trie.count.reserve_exact(nodes - 1);
        trie.first_child.reserve_exact(nodes + 1);
        // Ranges of keys of the current level's nodes.
        let mut level: Vec<(usize, usize)> = vec![(0, keys.len())];
        for depth in 0..MAX_WINDOW {
            let mut next = Vec::new();
            for &(lo, hi) in &level {
                trie.first_child.push((trie.symbol.len()) as u32);
                let mut start = lo;
                while start < hi {
                    let s = symbol_at(keys[start], depth);
                    let end = start
                        + 1
                        + shared[start + 1..hi]
                            .iter()
                            .take_while(|&&k| usize::from(k) > depth)
                            .count();
                    if s != 0 {
                        trie.symbol.push(s);
                        trie.count.push((end - start) as u32);
                        next.push((start, end));
                    }
                    start = end;
                }
            }
            level = next;
        }
        // The last level's nodes have no children.
        for _ in &level {
            trie.first_child.push(trie.symbol.len() as u32);
        }
        trie.first_child.push(trie.symbol.len() as u32);
        debug_assert_eq!(trie.symbol.len(), nodes);
        trie
    }

    /// Occurrences of the string of `node`.
    pub(crate) fn count(&self, node: u32) -> u32 {
        self.count[node as usize]
    }

    /// The last symbol of the string of `node`.
    pub(crate) fn symbol(&self, node: u32) -> u8 {
        self.symbol[node as usize]
    }

    /// Where each depth's nodes end, for depths `0..=depth` (nodes are numbered breadth
    /// first, so depth `d` is `ends[d - 1]..ends[d]`).
    pub(crate) fn level_ends(&self, depth: usize) -> Vec<usize> {
        let nodes = self.symbol.len();
        let mut ends = vec![1usize];
        for d in 1..=depth {
            let start = ends[d - 1];
            // The first child of a level's first node starts the next level.
            ends.push(if start < nodes {
                self.first_child[start] as usize
            } else {
                nodes
            });
        }
        ends
    }

    /// The children of `node`, by id.
    pub(crate) fn children(&self, node: u32) -> std::ops::Range<usize> {
        self.first_child[node as usize] as usize..self.first_child[node as usize + 1] as usize
    }

    /// The child of `node` with symbol `s`.
    pub(crate) fn child(&self, node: u32, s: u8) -> Option<u32> {
        let range = self.children(node);
        let kids = &self.symbol[range.clone()];
        // At most 27 children: a linear scan beats a binary search.
        kids.iter()
            .position(|&k| k == s)
            .map(|i| (range.start + i) as u32)
    }

    /// Walks `window` from `node` at `depth`; `chosen` holds the letters of the blanks so far.
    /// (The plain walk of one window: [`walk_prefixes`](Self::walk_prefixes) is the one
    /// played, this one checks it.)
    #[cfg(test)]
    fn walk(
        &self,
        window: &[Slot],
        depth: usize,
        mut node: u32,
        chosen: &mut Vec<u8>,
        out: &mut WindowCounts,
    ) {
        let mut depth = depth;
        while let Some(&Slot::Known(s)) = window.get(depth) {
            match self.child(node, s) {
                Some(c) => node = c,
                None => return,
            }
            depth += 1;
        }
        let Some(&Slot::Blank(allowed)) = window.get(depth) else {
            let n = f64::from(self.count[node as usize]);
            out.total += n;
            for (j, &s) in chosen.iter().enumerate() {
                out.counts[j][usize::from(s - 2)] += n;
            }
            return;
        };
        for c in self.children(node) {
            let s = self.symbol[c];
            if s >= 2 && allowed.contains(Letter::ALL[usize::from(s - 2)]) {
                chosen.push(s);
                self.walk(window, depth + 1, c as u32, chosen, out);
                chosen.pop();
            }
        }
    }
}

impl Trie {
    /// [`walk`](Self::walk) for every prefix of `pattern` whose length is in `wanted` (bit
    /// `d` for the first `d` slots) at once: one walk down to the longest, recording each
    /// wanted length on the way, instead of one walk per length over the same path.
    /// `outs[d]` receives the counts of the prefix of length `d`.
    fn walk_prefixes(
        &self,
        pattern: &[Slot],
        depth: usize,
        node: u32,
        chosen: &mut Vec<u8>,
        wanted: u32,
        outs: &mut [WindowCounts],
    ) {
        if wanted & (1 << depth) != 0 {
            let n = f64::from(self.count[node as usize]);
            let out = &mut outs[depth];
            out.total += n;
            for (j, &s) in chosen.iter().enumerate() {
                out.counts[j][usize::from(s - 2)] += n;
            }
        }
        if wanted >> (depth + 1) == 0 {
            return;
        }
        match pattern[depth] {
            Slot::Known(s) => {
                if let Some(c) = self.child(node, s) {
                    self.walk_prefixes(pattern, depth + 1, c, chosen, wanted, outs);
                }
            }
            // The last blank of the walk, its children recorded here: most nodes a walk
            // visits are at its last level, and a call each cost more than the counting.
            Slot::Blank(allowed) if wanted >> (depth + 2) == 0 => {
                let out = &mut outs[depth + 1];
                let last = chosen.len();
                for c in self.children(node) {
                    let s = self.symbol[c];
                    if s >= 2 && allowed.contains(Letter::ALL[usize::from(s - 2)]) {
                        let n = f64::from(self.count[c]);
                        out.total += n;
                        for (j, &t) in chosen.iter().enumerate() {
                            out.counts[j][usize::from(t - 2)] += n;
                        }
                        out.counts[last][usize::from(s - 2)] += n;
                    }
                }
            }
            Slot::Blank(allowed) => {
                for c in self.children(node) {
                    let s = self.symbol[c];
                    if s >= 2 && allowed.contains(Letter::ALL[usize::from(s - 2)]) {
                        chosen.push(s);
                        self.walk_prefixes(pattern, depth + 1, c as u32, chosen, wanted, outs);
                        chosen.pop();
                    }
                }
            }
        }
    }
}

fn shift(depth: usize) -> u32 {
    60 - 5 * (depth as u32 + 1)
}

fn symbol_at(key: u64, depth: usize) -> u8 {
    ((key >> shift(depth)) & 31) as u8
}

/// The counted substrings of a word list, forwards and backwards.
#[derive(Clone, Debug, Default)]
pub(crate) struct SubstringIndex {
    pub(crate) forward: Trie,
    backward: Trie,
}

impl SubstringIndex {
    /// Counts the substrings of `words` (lowercase a–z).
    pub(crate) fn build<'a>(words: impl IntoIterator<Item = &'a str>) -> SubstringIndex {
        let padded: Vec<Vec<u8>> = words
            .into_iter()
            .map(|w| {
                let mut p = Vec::with_capacity(w.len() + 2);
                p.push(MARKER);
                p.extend(w.bytes().map(|b| b - b'a' + 2));
                p.push(MARKER);
                p
            })
            .collect();
        let (forward, backward) = rayon::join(
            || Trie::build(padded.iter().map(Vec::as_slice)),
            || {
                let reversed: Vec<Vec<u8>> = padded
                    .iter()
                    .map(|p| p.iter().rev().copied().collect())
                    .collect();
                Trie::build(reversed.iter().map(Vec::as_slice))
            },
        );
        SubstringIndex { forward, backward }
    }

    /// Counts the substrings matching `window` (at most [`MAX_WINDOW`] slots), and for each
    /// blank the letters filling it. (One window at a time: the model counts its windows
    /// with [`count_anchored`](Self::count_anchored), which this checks.)
    #[cfg(test)]
    pub(crate) fn count(&self, window: &[Slot]) -> WindowCounts {
        debug_assert!(window.len() <= MAX_WINDOW);
        let is_blank = |s: &Slot| matches!(s, Slot::Blank(_));
        let blanks = window.iter().filter(|s| is_blank(s)).count();
        let mut out = WindowCounts {
            counts: vec![[0.0; 26]; blanks],
            total: 0.0,
        };
        let mut chosen = Vec::with_capacity(blanks);
        if walks_backward(window) {
            let reversed: Vec<Slot> = window.iter().rev().copied().collect();
            self.backward.walk(&reversed, 0, 0, &mut chosen, &mut out);
            out.counts.reverse();
        } else {
            self.forward.walk(window, 0, 0, &mut chosen, &mut out);
        }
        out
    }

    /// [`count`](Self::count) of several windows that share an anchor, in one walk: the
    /// windows `pattern[..d]` for each length `d` in `wanted` (bit `d`), or, `backward`,
    /// the windows `pattern[pattern.len() - d..]` (walked from their common end). Returns
    /// the counts by length (empty where not wanted), each as [`count`](Self::count) gives
    /// it for that window: the counts are sums of whole numbers, so the same to the bit.
    pub(crate) fn count_anchored(
        &self,
        pattern: &[Slot],
        backward: bool,
        wanted: u32,
    ) -> Vec<WindowCounts> {
        debug_assert!(pattern.len() <= MAX_WINDOW && wanted >> (pattern.len() + 1) == 0);
        let oriented: Vec<Slot> = if backward {
            pattern.iter().rev().copied().collect()
        } else {
            pattern.to_vec()
        };
        let mut outs: Vec<WindowCounts> = (0..=pattern.len())
            .map(|d| {
                let blanks = if wanted & (1 << d) != 0 {
                    oriented[..d]
                        .iter()
                        .filter(|s| matches!(s, Slot::Blank(_)))
                        .count()
                } else {
                    0
                };
                WindowCounts {
                    counts: vec![[0.0; 26]; blanks],
                    total: 0.0,
                }
            })
            .collect();
        let trie = if backward {
            &self.backward
        } else {
            &self.forward
        };
        let mut chosen = Vec::new();
        trie.walk_prefixes(&oriented, 0, 0, &mut chosen, wanted, &mut outs);
        if backward {
            for out in &mut outs {
                out.counts.reverse();
            }
        }
        outs
    }
}

/// Whether [`SubstringIndex::count`] walks `window` backwards: from the end with more known
/// symbols before the first blank, so that known symbols narrow the walk before blanks
/// widen it.
pub(crate) fn walks_backward(window: &[Slot]) -> bool {
    let is_blank = |s: &Slot| matches!(s, Slot::Blank(_));
    let lead = window.iter().take_while(|s| !is_blank(s)).count();
    let trail = window.iter().rev().take_while(|s| !is_blank(s)).count();
    trail > lead
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(c: u8) -> Slot {
        Slot::Known(letter_symbol(Letter::from_ascii(c).unwrap()))
    }

    #[test]
    fn windows_count_matches_and_fill_blanks() {
        let index = SubstringIndex::build(["cat", "cot", "act", "tact"]);
        // "#c?t#" : cat, cot.
        let w = [
            Slot::Known(MARKER),
            known(b'c'),
            Slot::Blank(LetterSet::FULL),
            known(b't'),
            Slot::Known(MARKER),
        ];
        let c = index.count(&w);
        assert_eq!(c.total, 2.0);
        assert_eq!(c.counts[0][0], 1.0); // a
        assert_eq!(c.counts[0][14], 1.0); // o
        // "?ct" (walked backwards): act, tact (a before ct in both).
        let c = index.count(&[Slot::Blank(LetterSet::FULL), known(b'c'), known(b't')]);
        assert_eq!(c.total, 2.0);
        assert_eq!(c.counts[0][0], 2.0);
        // Two blanks, in order: "?a?" in cat, tact (ta?, ac?): c_t, t_c, c_t.
        let c = index.count(&[
            Slot::Blank(LetterSet::FULL),
            known(b'a'),
            Slot::Blank(LetterSet::FULL),
        ]);
        assert_eq!(c.total, 2.0); // "cat" and "tac" of tact ("#ac" has a marker)
        assert_eq!((c.counts[0][2], c.counts[0][19]), (1.0, 1.0)); // c, t first
        assert_eq!((c.counts[1][19], c.counts[1][2]), (1.0, 1.0)); // t, c last
        // Blanks exclude letters: "#?" without c.
        let no_c = LetterSet::FULL.difference(LetterSet::of_word(b"c"));
        let c = index.count(&[Slot::Known(MARKER), Slot::Blank(no_c)]);
        assert_eq!(c.total, 2.0); // act, tact
        // A window longer than every word matches nothing.
        let c = index.count(&[Slot::Blank(LetterSet::FULL); 7]);
        assert_eq!(c.total, 0.0);
        // Markers never fill blanks: "t?" matches "ta" of tact only.
        let c = index.count(&[known(b't'), Slot::Blank(LetterSet::FULL)]);
        assert_eq!(c.total, 1.0);
    }

    #[test]
    fn anchored_walks_count_each_window_as_its_own_walk_does() {
        let index = SubstringIndex::build(["cat", "cot", "act", "tact", "attack", "catcat"]);
        let no_c = LetterSet::FULL.difference(LetterSet::of_word(b"c"));
        // A padded board `#?a??t#` with c guessed: every window from each end, in both
        // directions, against the one-window walk.
        let pattern = [
            Slot::Known(MARKER),
            Slot::Blank(no_c),
            known(b'a'),
            Slot::Blank(no_c),
            Slot::Blank(no_c),
            known(b't'),
            Slot::Known(MARKER),
        ];
        for backward in [false, true] {
            let wanted = 0b1111_1100;
            let counts = index.count_anchored(&pattern, backward, wanted);
            for d in 2..=pattern.len() {
                let window = if backward {
                    &pattern[pattern.len() - d..]
                } else {
                    &pattern[..d]
                };
                let one = index.count(window);
                assert_eq!(counts[d].total, one.total, "{backward} {d}");
                assert_eq!(counts[d].counts, one.counts, "{backward} {d}");
            }
            assert!(counts[1].counts.is_empty() && counts[1].total == 0.0);
        }
    }
}
