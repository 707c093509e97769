//! A character language model over the padded training words (interpolated Kneser–Ney on
//! the substring trie), and the posterior over a board's completions it gives.
//!
//! The model is a back-off automaton: a state is the trie node of the longest suffix of the
//! text so far (at most `order - 1` symbols) that occurs in the training words, and each
//! state holds the log-probabilities of the next symbol. Completions of a board are scored
//! left to right in a beam.

use lexicon::{Letter, LetterSet, Lexicon};

use super::index::{MARKER, MAX_WINDOW, Trie, letter_symbol};

/// Completions listed in [`LetterOdds::likely`](super::LetterOdds::likely).
pub(super) const LIKELY: usize = 5;

/// Symbols 1 (the marker) ..= 27 (`z`), stored at index `symbol - 1`.
const SYMBOLS: usize = 27;

/// The Kneser–Ney model.
#[derive(Clone, Debug)]
pub(crate) struct LanguageModel {
    order: usize,
    /// `ln P(symbol | state)` for every trie node of depth `< order`.
    log_probs: Vec<[f32; SYMBOLS]>,
    /// Suffix link of every state: the node of its string without the first symbol.
    link: Vec<u32>,
    /// Every state's back-off weight: the share of its distribution taken from its link's.
    back: Vec<f32>,
    depth: Vec<u8>,
}

/// The posterior over a board's completions.
#[derive(Clone, Debug)]
pub(crate) struct Completions {
    /// For each letter, the posterior chance that the word holds it.
    pub(crate) present: [f64; 26],
    /// The most likely completions and their posterior chances, best first.
    pub(crate) top: Vec<(String, f64)>,
    /// `ln` of the model's probability of all the completions counted (a lower bound of
    /// the chance that a string the model writes fits the board and is not excluded).
    pub(crate) log_mass: f64,
}

impl LanguageModel {
    /// Builds the model of `order` (2 ..= [`MAX_WINDOW`]) on `trie`, with `discount` (in
    /// 0..1) taken from each count.
    pub(crate) fn build(trie: &Trie, order: usize, discount: f64) -> LanguageModel {
        debug_assert!((2..=MAX_WINDOW).contains(&order));
        // Nodes are in breadth-first order: `level_end[d]` ends the ids of depth `d`.
        let level_end = trie.level_ends(order);
        let mut depth = vec![0u8; level_end[order]];
        for d in 1..=order {
            depth[level_end[d - 1]..level_end[d]].fill(d as u8);
        }
        // Suffix links, parents first: link(child(v, s)) = child(link(v), s); and whether
        // a string starts with the marker (then its counts are raw, not continuations).
        let mut link = vec![0u32; level_end[order]];
        let mut starts_with_marker = vec![false; level_end[order]];
        for v in 0..level_end[order - 1] {
            for c in trie.children(v as u32) {
                let symbol = trie.symbol(c as u32);
                if v > 0 {
                    link[c] = trie
                        .child(link[v], symbol)
                        .expect("every suffix of a substring is a substring");
                }
                starts_with_marker[c] = if v == 0 {
                    symbol == MARKER
                } else {
                    starts_with_marker[v]
                };
            }
        }
        // Continuation counts: how many distinct symbols precede each string.
        let states = level_end[order - 1];
        let mut preceded = vec![0u32; level_end[order]];
        for &l in &link[level_end[1]..] {
            preceded[l as usize] += 1;
        }
        let mut probs: Vec<[f64; SYMBOLS]> = Vec::with_capacity(states);
        let mut backs: Vec<f32> = Vec::with_capacity(states);
        for v in 0..states {
            let d = usize::from(depth[v]);
            let lower = if v == 0 {
                [1.0 / SYMBOLS as f64; SYMBOLS]
            } else {
                probs[link[v] as usize]
            };
            let raw = d == order - 1 || starts_with_marker[v];
            let mut counts = [0.0f64; SYMBOLS];
            for c in trie.children(v as u32) {
                let s = usize::from(trie.symbol(c as u32)) - 1;
                counts[s] = f64::from(if raw {
                    trie.count(c as u32)
                } else {
                    preceded[c]
                });
            }
            let total: f64 = counts.iter().sum();
            let (p, back) = if total == 0.0 {
                (lower, 1.0)
            } else {
                let types = counts.iter().filter(|&&c| c > 0.0).count() as f64;
                let back = discount * types / total;
                let p = std::array::from_fn(|s| {
                    (counts[s] - discount).max(0.0) / total + back * lower[s]
                });
                (p, back)
            };
            probs.push(p);
            backs.push(back as f32);
        }
        let log_probs = probs
            .iter()
            .map(|p| std::array::from_fn(|s| p[s].ln() as f32))
            .collect();
        depth.truncate(states);
        link.truncate(states);
        LanguageModel {
            order,
            log_probs,
            link,
            back: backs,
            depth,
        }
    }

    /// Number of states.
    #[cfg(test)]
    pub(crate) fn states(&self) -> u32 {
        self.log_probs.len() as u32
    }

    /// The next-symbol distribution of `state`, by symbol - 1.
    #[cfg(test)]
    pub(crate) fn distribution(&self, state: u32) -> [f64; SYMBOLS] {
        self.log_probs[state as usize].map(|lp| f64::from(lp).exp())
    }

    /// The state after reading `symbol` in `state`.
    fn next(&self, trie: &Trie, state: u32, symbol: u8) -> u32 {
        let mut v = state;
        loop {
            if usize::from(self.depth[v as usize]) + 1 < self.order
                && let Some(c) = trie.child(v, symbol)
            {
                return c;
            }
            if v == 0 {
                return 0;
            }
            v = self.link[v as usize];
        }
    }

    fn log_p(&self, state: u32, symbol: u8) -> f32 {
        self.log_probs[state as usize][usize::from(symbol) - 1]
    }

    /// For every length up to `max_length`, the model's probability of writing a word of
    /// that length (`#`, that many letters, `#`): [`LengthMass`] run that far.
    #[cfg(test)]
    pub(crate) fn length_mass(&self, trie: &Trie, max_length: usize) -> Vec<f64> {
        let mut masses = self.length_masses(trie);
        (0..=max_length).map(|l| masses.get(self, l)).collect()
    }

    /// The dynamic programme of [`LengthMass`], before its first step.
    pub(crate) fn length_masses(&self, trie: &Trie) -> LengthMass {
        let states = self.log_probs.len();
        let p = |v: u32, s: u8| f64::from(self.log_p(v, s)).exp();
        // Per state (ids are breadth first, so a link's id is below its state's): the
        // seen letters' (successor, chance) and (the link's successor, the link's share).
        let mut edge_start = Vec::with_capacity(states + 1);
        let mut edges: Vec<(u32, f32, u32, f32)> = Vec::new();
        for v in 0..states as u32 {
            edge_start.push(edges.len());
            if v == 0 {
                continue;
            }
            let link = self.link[v as usize];
            let back = f64::from(self.back[v as usize]);
            for c in trie.children(v) {
                let s = trie.symbol(c as u32);
                if s == MARKER {
                    continue;
                }
                edges.push((
                    self.next(trie, v, s),
                    p(v, s) as f32,
                    self.next(trie, link, s),
                    (back * p(link, s)) as f32,
                ));
            }
        }
        edge_start.push(edges.len());
        let root: Vec<(u32, f64)> = (2..=SYMBOLS as u8)
            .map(|s| (self.next(trie, 0, s), p(0, s)))
            .collect();
        let end: Vec<f64> = (0..states as u32).map(|v| p(v, MARKER)).collect();
        let mut mass = vec![0.0f64; states];
        mass[self.next(trie, 0, MARKER) as usize] = 1.0;
        LengthMass {
            edge_start,
            edges,
            root,
            end,
            mass,
            lump: vec![0.0f64; states],
            out: vec![0.0],
        }
    }

    /// The sum of `P(word)` ([`log_likelihood`](Self::log_likelihood), exponentiated) over
    /// `words`, in their order. Sorted words share prefixes, and the model's state and
    /// running log-probability after a shared prefix are kept rather than recomputed (the
    /// same additions in the same order: the sum is the per-word one to the last bit).
    pub(crate) fn total_likelihood<'a>(
        &self,
        trie: &Trie,
        words: impl IntoIterator<Item = &'a [u8]>,
    ) -> f64 {
        // After `i` letters of the previous word: its state and `ln` probability so far.
        let mut states = vec![self.next(trie, 0, MARKER)];
        let mut totals = vec![0.0f64];
        let mut previous: &[u8] = &[];
        // As `Iterator::sum` of `f64` starts: the same bits for no words too.
        let mut sum = -0.0;
        for word in words {
            let shared = word
                .iter()
                .zip(previous)
                .take_while(|(a, b)| a == b)
                .count();
            states.truncate(shared + 1);
            totals.truncate(shared + 1);
            for &b in &word[shared..] {
                let (state, total) = (states[states.len() - 1], totals[totals.len() - 1]);
                let s = b - b'a' + 2;
                totals.push(total + f64::from(self.log_p(state, s)));
                states.push(self.next(trie, state, s));
            }
            let (state, total) = (states[word.len()], totals[word.len()]);
            sum += (total + f64::from(self.log_p(state, MARKER))).exp();
            previous = word;
        }
        sum
    }

    /// `ln P(word)`: the log-probability of `#word#` after the first marker.
    pub(crate) fn log_likelihood(&self, trie: &Trie, word: &[u8]) -> f64 {
        let mut state = self.next(trie, 0, MARKER);
        let mut total = 0.0;
        for s in word
            .iter()
            .map(|b| b - b'a' + 2)
            .chain(std::iter::once(MARKER))
        {
            total += f64::from(self.log_p(state, s));
            state = self.next(trie, state, s);
        }
        total
    }

    /// The posterior over the completions of `board` that are not words of `known` nor
    /// in `excluded`, from the `beam` most likely partial completions at each cell, with the
    /// [`LIKELY`] likeliest kept by name. `None`
    /// if no completion is left.
    pub(crate) fn completions(
        &self,
        trie: &Trie,
        board: &[Option<Letter>],
        guessed: LetterSet,
        known: &Lexicon,
        excluded: &[String],
        beam: usize,
    ) -> Option<Completions> {
        #[derive(Clone, Copy)]
        struct Hyp {
            log_p: f32,
            state: u32,
            letters: u32,
            parent: u32,
            symbol: u8,
        }
        let allowed: Vec<u8> = guessed.complement().iter().map(letter_symbol).collect();
        let start = self.next(trie, 0, MARKER);
        let mut layers: Vec<Vec<Hyp>> = vec![vec![Hyp {
            log_p: 0.0,
            state: start,
            letters: 0,
            parent: 0,
            symbol: MARKER,
        }]];
        let mut scored: Vec<(f32, u32, u8)> = Vec::new();
        for cell in board {
            let hyps = layers.last().expect("a layer");
            scored.clear();
            for (i, h) in hyps.iter().enumerate() {
                match cell {
                    Some(l) => {
                        let s = letter_symbol(*l);
                        scored.push((h.log_p + self.log_p(h.state, s), i as u32, s));
                    }
                    None => scored.extend(
                        allowed
                            .iter()
                            .map(|&s| (h.log_p + self.log_p(h.state, s), i as u32, s)),
                    ),
                }
            }
            if scored.len() > beam {
                scored.select_nth_unstable_by(beam, |a, b| b.0.total_cmp(&a.0));
                scored.truncate(beam);
            }
            let next = scored
                .iter()
                .map(|&(log_p, parent, symbol)| {
                    let h = &hyps[parent as usize];
                    Hyp {
                        log_p,
                        state: self.next(trie, h.state, symbol),
                        letters: h.letters | 1 << (symbol - 2),
                        parent,
                        symbol,
                    }
                })
                .collect();
            layers.push(next);
        }
        let last = layers.last().expect("a layer");
        let finals: Vec<f32> = last
            .iter()
            .map(|h| h.log_p + self.log_p(h.state, MARKER))
            .collect();
        let best = finals.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let bucket = known.bucket(board.len());
        let mut word = vec![0u8; board.len()];
        let mut present = [0.0f64; 26];
        let mut total = 0.0;
        let mut ranked: Vec<(f64, usize)> = Vec::new();
        for (i, (h, &log_p)) in last.iter().zip(&finals).enumerate() {
            // Spell the completion by walking back through the layers.
            let mut j = i;
            for p in (0..board.len()).rev() {
                let hyp = &layers[p + 1][j];
                word[p] = hyp.symbol - 2 + b'a';
                j = hyp.parent as usize;
            }
            if bucket.find(&word).is_some() || excluded.iter().any(|w| w.as_bytes() == word) {
                continue;
            }
            let p = f64::from(log_p - best).exp();
            total += p;
            let letters = LetterSet::from_bits(h.letters).difference(guessed);
            for l in letters.iter() {
                present[l.index()] += p;
            }
            ranked.push((p, i));
        }
        if total == 0.0 {
            return None;
        }
        present.iter_mut().for_each(|x| *x /= total);
        let log_mass = f64::from(best) + total.ln();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let top = ranked
            .iter()
            .take(LIKELY)
            .map(|&(p, i)| {
                let mut j = i;
                for q in (0..board.len()).rev() {
                    let hyp = &layers[q + 1][j];
                    word[q] = hyp.symbol - 2 + b'a';
                    j = hyp.parent as usize;
                }
                (String::from_utf8(word.clone()).expect("ASCII"), p / total)
            })
            .collect();
        Some(Completions {
            present,
            top,
            log_mass,
        })
    }
}

/// The model's probability of writing a word of each length (`#`, that many letters, `#`),
/// by dynamic programming over the states, one step a length, run only as far as a length
/// is asked for: a list of short words never pays for the longest lengths, and each value
/// is the same however far the programme ran (a step depends on the earlier ones alone).
///
/// Each step moves every state's mass along the symbols it has seen in training and
/// hands the back-off share to its suffix link as one lump, which the link spreads by
/// its own distribution (`P(s|v) = α_v(s) + back_v · P(s|link v)`, and a symbol `v`
/// has not seen leads where it leads from the link). The link's share of a symbol `v`
/// has seen is taken back, since that symbol's whole chance went to `v`'s successor.
/// So a step costs one pass over the trie's edges, not 26 successors of every state:
/// this table is the one-time setup of `mixed`'s outside chance.
#[derive(Debug)]
pub(crate) struct LengthMass {
    /// Per state, where its edges start in `edges` (and the last state's end).
    edge_start: Vec<usize>,
    /// Per seen letter of a state: (successor, chance) and (the link's successor, the
    /// link's share).
    edges: Vec<(u32, f32, u32, f32)>,
    /// The root's (successor, chance) of every letter.
    root: Vec<(u32, f64)>,
    /// Per state, the chance of the closing marker.
    end: Vec<f64>,
    /// Per state, the mass after the steps taken.
    mass: Vec<f64>,
    lump: Vec<f64>,
    /// By length, the probabilities found so far (`out[0]` is 0).
    out: Vec<f64>,
}

impl LengthMass {
    /// The probability of a word of `length` letters, stepping as far as needed.
    pub(crate) fn get(&mut self, lm: &LanguageModel, length: usize) -> f64 {
        while self.out.len() <= length {
            self.step(lm);
        }
        self.out[length]
    }

    /// One more letter.
    fn step(&mut self, lm: &LanguageModel) {
        let states = self.mass.len();
        let mut next = vec![0.0f64; states];
        self.lump.fill(0.0);
        for v in (1..states).rev() {
            let m = self.mass[v] + self.lump[v];
            if m == 0.0 {
                continue;
            }
            for &(to, p_to, from_link, p_link) in
                &self.edges[self.edge_start[v]..self.edge_start[v + 1]]
            {
                next[to as usize] += m * f64::from(p_to);
                next[from_link as usize] -= m * f64::from(p_link);
            }
            self.lump[lm.link[v] as usize] += m * f64::from(lm.back[v]);
        }
        let m = self.mass[0] + self.lump[0];
        for &(to, p_to) in &self.root {
            next[to as usize] += m * p_to;
        }
        self.mass = next;
        let total = self.mass.iter().zip(&self.end).map(|(&m, &e)| m * e).sum();
        self.out.push(total);
    }
}
