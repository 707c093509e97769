//! The seed's trie strategy (`trie`), with a sparse 26-ary trie that keeps its invariants.

use lexicon::{Bucket, Letter};
use rand_pcg::Pcg64;

use super::frequency::{Counts, Sampling, Store, SubStrategy, WordChoice};
use super::predicate::{Predicate, board_predicates, decode, encode};
use crate::game::GameState;

const NIL: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// First child (children form a list sorted by letter), or `NIL`.
    child: u32,
    /// Next sibling, or `NIL`.
    sibling: u32,
    /// Words ending at or below this node.
    words: u32,
    /// The letter code (0–25) on the edge into this node.
    letter: u8,
    /// A word ends here.
    end: bool,
}

impl Node {
    fn new(letter: u8) -> Node {
        Node {
            child: NIL,
            sibling: NIL,
            words: 0,
            letter,
            end: false,
        }
    }
}

/// A sparse 26-ary trie of integer-encoded words (letter codes 0–25, see
/// [`encode`]) with deletion.
///
/// Each node keeps only the children it has, as a letter-sorted list, and the number of
/// words ending at or below it. Deleting a word decrements those numbers along its path and
/// unlinks the first node that falls to zero, so every node reachable from the root leads
/// to at least one word: there are no dead branches. (The seed let failed searches leave
/// dead branches behind, "sacrificing trie invariants", and its edge-counting then counted
/// their letters as if they were words.) Nodes are kept in one vector, so cloning a trie
/// for a game is a single copy; unlinked nodes stay in it unused.
#[derive(Clone, Debug)]
pub struct Trie {
    nodes: Vec<Node>,
}

impl Default for Trie {
    fn default() -> Trie {
        Trie::new()
    }
}

impl Trie {
    /// An empty trie.
    pub fn new() -> Trie {
        Trie {
            nodes: vec![Node::new(0)],
        }
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.nodes[0].words as usize
    }

    /// Whether there is no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn find_child(&self, node: u32, code: u8) -> u32 {
        let mut c = self.nodes[node as usize].child;
        while c != NIL && self.nodes[c as usize].letter < code {
            c = self.nodes[c as usize].sibling;
        }
        if c != NIL && self.nodes[c as usize].letter == code {
            c
        } else {
            NIL
        }
    }

    /// The node where `word` ends, if its path exists.
    fn walk(&self, word: &[u8]) -> Option<u32> {
        word.iter().try_fold(0, |node, &code| {
            let c = self.find_child(node, code);
            (c != NIL).then_some(c)
        })
    }

    /// Whether `word` (letter codes) is in the trie.
    pub fn contains(&self, word: &[u8]) -> bool {
        self.walk(word).is_some_and(|n| self.nodes[n as usize].end)
    }

    /// Inserts `word` (letter codes 0–25); false if it was already there.
    pub fn insert(&mut self, word: &[u8]) -> bool {
        assert!(word.iter().all(|&c| c < 26), "letter codes are 0-25");
        if self.contains(word) {
            return false;
        }
        let mut node = 0u32;
        self.nodes[0].words += 1;
        for &code in word {
            let mut child = self.find_child(node, code);
            if child == NIL {
                child = self.add_child(node, code);
            }
            self.nodes[child as usize].words += 1;
            node = child;
        }
        self.nodes[node as usize].end = true;
        true
    }

    /// Adds a child with letter `code` in its sorted place; returns it.
    fn add_child(&mut self, node: u32, code: u8) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new(code));
        let mut prev = NIL;
        let mut c = self.nodes[node as usize].child;
        while c != NIL && self.nodes[c as usize].letter < code {
            prev = c;
            c = self.nodes[c as usize].sibling;
        }
        self.nodes[id as usize].sibling = c;
        self.link_after(node, prev, id);
        id
    }

    /// Points `prev`'s sibling link (or `node`'s first-child link if `prev` is `NIL`) at
    /// `target`.
    fn link_after(&mut self, node: u32, prev: u32, target: u32) {
        if prev == NIL {
            self.nodes[node as usize].child = target;
        } else {
            self.nodes[prev as usize].sibling = target;
        }
    }

    /// Removes `word`; false if it was not there.
    pub fn remove(&mut self, word: &[u8]) -> bool {
        if !self.contains(word) {
            return false;
        }
        let mut node = 0u32;
        self.nodes[0].words -= 1;
        for &code in word {
            let mut prev = NIL;
            let mut c = self.nodes[node as usize].child;
            while self.nodes[c as usize].letter != code {
                prev = c;
                c = self.nodes[c as usize].sibling;
            }
            self.nodes[c as usize].words -= 1;
            if self.nodes[c as usize].words == 0 {
                // The rest of the path led to this word only.
                let next = self.nodes[c as usize].sibling;
                self.link_after(node, prev, next);
                return true;
            }
            node = c;
        }
        self.nodes[node as usize].end = false;
        true
    }

    /// Keeps only the words of `predicates.len()` letters whose letter at each position
    /// passes that position's predicate (the seed's `search-and-dissoc`, done so that no
    /// dead branch is left); returns how many words were removed.
    pub fn retain(&mut self, predicates: &[Predicate]) -> usize {
        let removed = self.retain_at(0, 0, predicates);
        self.nodes[0].words -= removed;
        removed as usize
    }

    /// Prunes below `node` at `depth`; returns the words removed (the caller updates
    /// `node`'s own count).
    fn retain_at(&mut self, node: u32, depth: usize, predicates: &[Predicate]) -> u32 {
        let mut removed = 0;
        let Some(&predicate) = predicates.get(depth) else {
            // Full length reached: longer words go.
            let mut c = self.nodes[node as usize].child;
            while c != NIL {
                removed += self.nodes[c as usize].words;
                c = self.nodes[c as usize].sibling;
            }
            self.nodes[node as usize].child = NIL;
            return removed;
        };
        if self.nodes[node as usize].end {
            // A shorter word.
            self.nodes[node as usize].end = false;
            removed += 1;
        }
        let mut prev = NIL;
        let mut c = self.nodes[node as usize].child;
        while c != NIL {
            let next = self.nodes[c as usize].sibling;
            let keep = if predicate.test(self.nodes[c as usize].letter) {
                let r = self.retain_at(c, depth + 1, predicates);
                self.nodes[c as usize].words -= r;
                removed += r;
                self.nodes[c as usize].words > 0
            } else {
                removed += self.nodes[c as usize].words;
                false
            };
            if keep {
                prev = c;
            } else {
                self.link_after(node, prev, next);
            }
            c = next;
        }
        removed
    }

    /// Letter counts over the words, every occurrence counted: each edge adds the number
    /// of words below it to its letter. Exact because no branch is dead.
    pub fn count(&self) -> Counts {
        let mut counts = [0u32; 26];
        let mut stack = vec![0u32];
        while let Some(node) = stack.pop() {
            let mut c = self.nodes[node as usize].child;
            while c != NIL {
                let n = &self.nodes[c as usize];
                counts[usize::from(n.letter)] += n.words;
                stack.push(c);
                c = n.sibling;
            }
        }
        counts
    }

    /// Every word (letter codes), in lexicographic order.
    pub fn words(&self) -> Vec<Vec<u8>> {
        let mut out = Vec::with_capacity(self.len());
        let mut path = Vec::new();
        self.collect(0, &mut path, &mut out);
        out
    }

    fn collect(&self, node: u32, path: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if self.nodes[node as usize].end {
            out.push(path.clone());
        }
        let mut c = self.nodes[node as usize].child;
        while c != NIL {
            path.push(self.nodes[c as usize].letter);
            self.collect(c, path, out);
            path.pop();
            c = self.nodes[c as usize].sibling;
        }
    }

    /// Checks the invariants: children sorted by letter, every non-root node reachable
    /// has words, and each node's count is its own end plus its children's counts.
    ///
    /// # Errors
    ///
    /// A message naming the first node that breaks an invariant.
    pub fn check(&self) -> Result<(), String> {
        self.check_at(0).map(|_| ())
    }

    fn check_at(&self, node: u32) -> Result<u32, String> {
        let n = &self.nodes[node as usize];
        let mut total = u32::from(n.end);
        let mut last: Option<u8> = None;
        let mut c = n.child;
        while c != NIL {
            let child = &self.nodes[c as usize];
            if last.is_some_and(|l| l >= child.letter) {
                return Err(format!("children of node {node} not sorted"));
            }
            last = Some(child.letter);
            if child.words == 0 {
                return Err(format!("dead branch at node {c}"));
            }
            total += self.check_at(c)?;
            c = child.sibling;
        }
        if total != n.words {
            return Err(format!("node {node} counts {} words, has {total}", n.words));
        }
        Ok(total)
    }
}

/// One game's words for the trie strategy: its own copy of the length's trie.
pub(crate) struct TrieStore {
    trie: Trie,
}

impl Store for TrieStore {
    fn len(&self) -> usize {
        self.trie.len()
    }

    fn filter(&mut self, state: &GameState, last: Letter) {
        self.trie.retain(&board_predicates(state, last));
    }

    fn remove_word(&mut self, word: &[u8]) {
        if let Some(codes) = encode(word) {
            self.trie.remove(&codes);
        }
    }

    fn count(&mut self, _rng: &mut Pcg64) -> Counts {
        self.trie.count()
    }

    fn words(&self) -> Vec<String> {
        self.trie
            .words()
            .iter()
            .map(|w| decode(w).expect("trie words decode"))
            .collect()
    }
}

/// The seed's trie strategy, implemented correctly: the frequency arch-strategy over a
/// sparse 26-ary [`Trie`] per word length, pruned with the predicate strategy's position
/// predicates and counted exactly, every occurrence counted (the deterministic regex
/// strategy's count, obtained from per-node word counts). The seed's trie counted one per
/// trie edge over a degenerate trie (11.089); this one makes the same decisions as
/// `deterministic-regex`, whose word order (dictionary order) it shares, so with the same
/// `word` choice both play identical games. Each game copies its length's trie, built with
/// its opening counts once per length (the strategy's one-time setup).
///
/// Parameters: `word=first|random|ranked` (default `first`, see [`WordChoice`]).
pub(crate) struct TrieStrategy;

impl SubStrategy for TrieStrategy {
    const NAME: &'static str = "trie";
    const WORD: WordChoice = WordChoice::First;
    const SAMPLED: bool = false;
    /// The length's trie and its opening counts.
    type Words = (Trie, Counts);
    type Store<'a> = TrieStore;

    fn words(bucket: &Bucket) -> (Trie, Counts) {
        let mut trie = Trie::new();
        for i in 0..bucket.len() {
            trie.insert(&encode(bucket.word(i)).expect("lexicon words are a-z"));
        }
        let counts = trie.count();
        (trie, counts)
    }

    fn start<'a>(
        (trie, opening): &'a (Trie, Counts),
        _bucket: &'a Bucket,
        _sampling: Sampling,
        _rng: &mut Pcg64,
    ) -> (TrieStore, Counts) {
        (TrieStore { trie: trie.clone() }, *opening)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::{
        Strategy as _, TestCaseError, prop_assert, prop_assert_eq, prop_oneof, proptest,
    };

    use super::*;

    fn brute_counts(words: &BTreeSet<Vec<u8>>) -> Counts {
        let mut counts = [0u32; 26];
        for w in words {
            for &c in w {
                counts[usize::from(c)] += 1;
            }
        }
        counts
    }

    fn agree(trie: &Trie, set: &BTreeSet<Vec<u8>>) -> Result<(), TestCaseError> {
        prop_assert_eq!(trie.check(), Ok(()));
        prop_assert_eq!(trie.len(), set.len());
        prop_assert_eq!(trie.words(), set.iter().cloned().collect::<Vec<_>>());
        prop_assert_eq!(trie.count(), brute_counts(set));
        Ok(())
    }

    fn word() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        // A small alphabet and short words so that prefixes are shared a lot.
        proptest::collection::vec(0u8..4, 0..5)
    }

    fn predicate() -> impl proptest::strategy::Strategy<Value = Predicate> {
        prop_oneof![
            (0u8..4).prop_map(Predicate::Is),
            (0u8..4).prop_map(Predicate::Not)
        ]
    }

    proptest! {
        #[test]
        fn insert_remove_retain_agree_with_a_set(
            words in proptest::collection::vec(word(), 0..40),
            removals in proptest::collection::vec(word(), 0..40),
            predicates in proptest::collection::vec(predicate(), 0..5),
            extra in proptest::collection::vec(word(), 0..10),
        ) {
            let mut trie = Trie::new();
            let mut set = BTreeSet::new();
            for w in &words {
                prop_assert_eq!(trie.insert(w), set.insert(w.clone()));
            }
            agree(&trie, &set)?;
            for w in removals.iter().chain(&words[..words.len() / 2]) {
                prop_assert_eq!(trie.remove(w), set.remove(w));
                prop_assert_eq!(trie.contains(w), false);
            }
            agree(&trie, &set)?;
            let before = set.len();
            set.retain(|w| w.len() == predicates.len()
                && w.iter().zip(&predicates).all(|(&c, p)| p.test(c)));
            prop_assert_eq!(trie.retain(&predicates), before - set.len());
            agree(&trie, &set)?;
            // Insertion still works after pruning.
            for w in &extra {
                prop_assert_eq!(trie.insert(w), set.insert(w.clone()));
                prop_assert!(trie.contains(w));
            }
            agree(&trie, &set)?;
        }
    }

    #[test]
    fn the_papers_example_trie() {
        let mut trie = Trie::new();
        for w in ["aargh", "aarrgh", "aarrghh", "zymoses", "zymosis"] {
            assert!(trie.insert(&encode(w.as_bytes()).unwrap()));
        }
        assert_eq!(trie.len(), 5);
        assert!(!trie.insert(&encode(b"aargh").unwrap()));
        assert!(trie.remove(&encode(b"aarrgh").unwrap()));
        assert!(!trie.contains(&encode(b"aarrgh").unwrap()));
        assert!(trie.contains(&encode(b"aarrghh").unwrap()));
        assert_eq!(trie.check(), Ok(()));
        // r occurs once in aargh and twice in aarrghh.
        assert_eq!(trie.count()[17], 3);
    }
}
