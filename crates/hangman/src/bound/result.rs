//! What is proven about one word length, and the slack its searches ran with.

use super::families::MAX_FAMILY;
use super::plies::Rule;
use super::search::Work;

/// How far below `best`'s value a search may stop, and how much it may work: the searches
/// of a length run with a slack that halves from a loose one down to this one (each
/// search's bound is kept if better), until the bound meets `best` or the searches have
/// opened `nodes` states (the `search` module says how the budget is spent). A count of
/// states, not a time, so that the result depends on the inputs alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slack {
    /// Points per word for the score's bound: the tightest tried.
    pub score: f64,
    /// The share of `best`'s losses the losses' bound may fall short by: the tightest
    /// tried.
    pub losses: f64,
    /// States the score's searches may open in all.
    pub nodes: u64,
    /// The share of `nodes` the losses' searches may open in all (they run first; their
    /// states are not taken from the score's).
    pub losses_share: f64,
    /// Points per word the score's first searches aim above the bound proven so far, one
    /// search after another, before aiming at `best`'s values (0: aim at them at once).
    /// Aims just above the bound raise its weakest moves first, wherever they are, where
    /// `best`'s values draw the work to `best`'s own moves: worth more where the bound is
    /// far below `best` (4–7 letters).
    pub climb: f64,
    /// Losses the losses' first searches aim above the bound proven so far, one search
    /// after another (halved after a missed aim), before aiming at `best`'s losses (0: aim
    /// at them at once).
    pub losses_rise: u64,
    /// The most words of a family (see `families`): groups of confusable words larger than
    /// this are cut into chunks of this many, in the order of their words. Between 3 and
    /// 128 (values outside are taken as the nearer end).
    pub family: usize,
    /// The score's static bounds also value, each on its own, the families with 2 to this
    /// many words in a set (0: not; at most 16, more is taken as 16): see
    /// `Families::least_totals`.
    pub family_totals: u32,
    /// The score's static bound of a set of 2 to this many words is its least total,
    /// solved exactly, and such a set is never opened (0: not; at most 12, more is taken
    /// as 12).
    pub exact_small: u32,
}

impl Slack {
    /// No slack: where `best` is optimal the bound is its total.
    pub const NONE: Slack = Slack {
        score: 0.0,
        losses: 0.0,
        nodes: u64::MAX,
        losses_share: 0.25,
        climb: 0.0,
        losses_rise: 0,
        family: MAX_FAMILY,
        family_totals: 0,
        exact_small: 0,
    };

    /// States the losses' searches may open in all: `losses_share` of `nodes`.
    pub(super) fn losses_nodes(self) -> u64 {
        // Saturating: `nodes` may be `u64::MAX`, the share anything.
        (self.nodes as f64 * self.losses_share.max(0.0)) as u64
    }

    /// The slacks per word the score's searches run with, loosest first.
    pub(super) fn score_steps(self) -> Vec<f64> {
        // With small sets solved a step opens fewer states (8 letters: the step of 1
        // point a word 232,826 → 78,093), and one between 1 and 0.5 completes where 0.5
        // does not (see `Slack::default_for`).
        let ladder: &[f64] = if self.exact_small > 0 {
            &[8.0, 4.0, 2.0, 1.0, 0.75, 0.5, 0.25, 0.1, 0.05, 0.02]
        } else {
            &[8.0, 4.0, 2.0, 1.0, 0.5, 0.25, 0.1, 0.05, 0.02]
        };
        steps(ladder, self.score)
    }

    /// The shares of `best`'s losses the losses' searches run with, loosest first.
    pub(super) fn losses_steps(self) -> Vec<f64> {
        steps(&[0.5, 0.25, 0.1, 0.05, 0.02], self.losses)
    }

    /// What `hangman bench` uses for a length of `words` words of `length` letters with
    /// `max_wrong` wrong guesses allowed: no slack, and a number of states that keeps every
    /// length of words.txt within about two minutes of CPU, and the whole list within 10
    /// minutes on 2 cores. A state costs more the more words it holds (about
    /// 0.1 ms at 8 letters, 0.02 ms from 9); the climb at 4–7 letters opens mostly small
    /// states deep in the tree, about 0.05–0.1 ms each.
    pub fn default_for(length: usize, words: usize, max_wrong: u32) -> Slack {
        let _ = (words, max_wrong);
        let nodes = match length {
            0..=3 => 20_000,
            4..=7 => 1_000_000,
            8 => 450_000,
            9 => 5_000_000,
            _ => 3_000_000,
        };
        // Below 8 letters `best` is far above the bound: climb first. Its states are
        // small and cheap, and it goes on while states are left, where aiming at `best`'s
        // values gives up early. Measured on words.txt, max 5, a length alone: a million
        // states raise 4 letters 10.99 → 14.40 a word, 5 letters 7.02 → 8.65, 6 letters
        // 5.12 → 5.56 (with 40,000 states the climb proves less there, 5.04), 7 letters
        // 4.20 → 5.28. Two million at 7 prove no more (the climb misses an aim first; the
        // step of 1 point a word still runs out), nor a million at 8 (1.000 a word, losses
        // 29 → 48). At 8 the climb ends lower (3.83 against 4.74 a word with 450,000).
        // 9 letters get 5,000,000 states: its step of 0.1 points a word completes after
        // 4,705,832 (words.txt, max 5, alone: 4.5900 → 4.7400 a word, 3,752 points for
        // about 48 s of CPU more; with 3,000,000 the step of 0.25 completes, 0.1 does not).
        let climb = if matches!(length, 4..=7) { CLIMB } else { 0.0 };
        // Where the score climbs, the losses' search does too: 10 losses an aim at 4–6
        // letters, 40 at 7. Measured on words.txt, max 5, a length alone, the same states
        // (10 against 40): 4 letters 14.4011 against 14.4001 a word, 5 letters 9.1866
        // against 9.0482, 6 letters 6.1313 against 6.1178; 7 letters 4.7651 against 5.2783
        // (its step of 2 points a word no longer completes).
        let losses_rise = match length {
            4..=6 => 10,
            7 => 40,
            _ => 0,
        };
        // Families of 128 words, but 64 at 7 letters. Measured on words.txt, max 5, 7
        // letters alone: with 128 words the losses' search proves 382 losses against 323,
        // but the score's search, steered elsewhere by them, ends at 4.94 a word against
        // 5.28. At 7 letters no group of words equal but at two positions holds more than
        // 64 words; only groups of three blanks do.
        let family = if length == 7 {
            MAX_FAMILY / 2
        } else {
            MAX_FAMILY
        };
        // The families' own least totals in the score's static bounds at 5 letters only.
        // Measured on words.txt, max 5, a length alone (families of 2 to 12 words in a set
        // valued): 5 letters 9.1866 → 9.2551 a word for about a third more CPU; 6 letters
        // 6.1313 → 6.1222 and 7 letters 5.2783 → 5.2783 (the searches, steered by other
        // values, end elsewhere).
        let family_totals = if length == 5 { FAMILY_TOTALS } else { 0 };
        // Sets of 2 to 6 words solved exactly (and a step of 0.75 points a word, see
        // `score_steps`) at 8 letters only. Measured on words.txt, max 5, a length alone
        // (bound a word; states the step of 1 point a word opens): without, 4.7443 (232,826;
        // a step of 0.75 runs out too); with 6 words solved, 4.9943 (78,093; 0.75
        // completes after 244,591 more, 0.5 does not), 95 s of CPU against 65 s without
        // (the same steps, load 2–4); with 10 words, the step of 1 opens 41,524 states
        // but 0.5 does not complete either (171 s, 2.9 GB). 7 letters with 6 words solved:
        // the climb, its aims reached more cheaply, goes on to 403,520 states and its last
        // aim takes every state left (4.7625 against 5.2783); capped at half the states,
        // the steps of 1.5 and 1 run out (5.2782). At 9 letters, 4.7400 → 4.8292 a word
        // (+2,231 points, its gap 0.100 → 0.011; 202 s of CPU alone, 1.6 GB), but in the
        // whole list's run 9 letters then took 311 s of its 10 min 34 s (CPU 1,162 s):
        // over the 10 minutes, so not there. Elsewhere the same: 4 letters 14.4011 →
        // 14.4047 (+14 points), 5 letters 9.3655 → 9.3429, 6 letters 6.1313 → 6.0992 (the
        // searches end elsewhere).
        let exact_small = if length == 8 { EXACT_SMALL } else { 0 };
        // The losses' search gets a quarter of the states, but three quarters at 5 letters.
        // Measured on words.txt, max 5, a length alone (a quarter, a half, three quarters):
        // 5 letters 9.1866, 9.2670, 9.3169 a word (1,196 and 1,197 losses; 124 s against
        // 144 s of CPU): after its climb the losses' search aims at `best`'s losses along
        // `best`'s tree, where the score's search goes too and takes its counts. 4 letters
        // 14.4011 and 14.4047 (a half: 14 points for 98 s of CPU against about 62), 6
        // letters 6.1313 and 6.1332 (29 points for about 55 s more), 7 letters 5.2783 and
        // 5.2780.
        let losses_share = if length == 5 { 0.75 } else { 0.25 };
        Slack {
            score: 0.0,
            losses: 0.0,
            nodes,
            losses_share,
            climb,
            losses_rise,
            family,
            family_totals,
            exact_small,
        }
    }
}

/// The climb's rise per word where it is used (measured on words.txt at 4 letters, max 5,
/// 20,000 states: 0.02 → 10.41, 0.005 → 10.97, 0.001 → 10.99 a word; 10.19 without).
const CLIMB: f64 = 0.002;

/// The most words of a family in a set valued on its own where `Slack::family_totals` is
/// used.
const FAMILY_TOTALS: u32 = 12;

/// The most words of a set solved exactly where `Slack::exact_small` is used.
const EXACT_SMALL: u32 = 6;

/// `ladder`'s steps above `last`, then `last`.
fn steps(ladder: &[f64], last: f64) -> Vec<f64> {
    let mut steps: Vec<f64> = ladder.iter().copied().filter(|&s| s > last).collect();
    steps.push(last);
    steps
}

/// What is proven about one word length.
#[derive(Clone, Debug, PartialEq)]
pub struct LengthBound {
    /// Word length.
    pub length: usize,
    /// Words of that length.
    pub words: usize,
    /// The maximum of wrong guesses.
    pub max_wrong: u32,
    /// `best`'s total final score (an upper bound of the optimum).
    pub best: u64,
    /// `best`'s losses.
    pub best_losses: u64,
    /// No strategy totals less than this.
    pub total: u64,
    /// The rule that proved `total`.
    pub rule: Rule,
    /// What the steered search proved of the total (0 where it did not run).
    pub searched: u64,
    /// No strategy loses fewer words than this.
    pub losses: u64,
    /// The slack the searches ran with.
    pub slack: Slack,
    /// The score search's work.
    pub work: Work,
    /// Milliseconds both searches took (with `best`'s tree walk).
    pub millis: f64,
}

impl LengthBound {
    /// Whether the bound is `best`'s total: then both are the optimum.
    pub fn is_optimum(&self) -> bool {
        self.total == self.best || self.rule.is_exact()
    }
}
