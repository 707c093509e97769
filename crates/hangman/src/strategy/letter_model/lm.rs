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
            let p = if total == 0.0 {
                lower
            } else {
                let types = counts.iter().filter(|&&c| c > 0.0).count() as f64;
                let back = discount * types / total;
                std::array::from_fn(|s| (counts[s] - discount).max(0.0) / total + back * lower[s])
            };
            probs.push(p);
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
    /// that length (`#`, that many letters, `#`), by dynamic programming over the states.
    pub(crate) fn length_mass(&self, trie: &Trie, max_length: usize) -> Vec<f64> {
        let states = self.log_probs.len();
        let letters = (2..=SYMBOLS as u8).collect::<Vec<u8>>();
        // Each state's successors and their probabilities, once.
        let table: Vec<[(u32, f32); SYMBOLS - 1]> = (0..states as u32)
            .map(|v| {
                std::array::from_fn(|i| {
                    let s = letters[i];
                    (self.next(trie, v, s), self.log_p(v, s).exp())
                })
            })
            .collect();
        let mut mass = vec![0.0f64; states];
        mass[self.next(trie, 0, MARKER) as usize] = 1.0;
        let mut out = vec![0.0; max_length + 1];
        for slot in out.iter_mut().skip(1) {
            let mut next = vec![0.0f64; states];
            for (v, &m) in mass.iter().enumerate() {
                if m > 0.0 {
                    for &(to, p) in &table[v] {
                        next[to as usize] += m * f64::from(p);
                    }
                }
            }
            mass = next;
            *slot = mass
                .iter()
                .enumerate()
                .map(|(v, &m)| m * f64::from(self.log_p(v as u32, MARKER).exp()))
                .sum();
        }
        out
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
