//! What is proven about one word length, and the slack its searches ran with.

use super::search::Work;

/// How far below `best`'s value a search may stop, per word: the larger, the sooner it
/// stops and the looser the bound (the `search` module says how the budget is spent).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slack {
    /// Points per word for the score's bound.
    pub score: f64,
    /// The share of `best`'s losses the losses' bound may fall short by.
    pub losses: f64,
}

impl Slack {
    /// No slack: where `best` is optimal the bound is its total.
    pub const NONE: Slack = Slack {
        score: 0.0,
        losses: 0.0,
    };

    /// What `hangman bench` uses for a length of `words` words of `length` letters with
    /// `max_wrong` wrong guesses allowed.
    pub fn default_for(length: usize, words: usize, max_wrong: u32) -> Slack {
        let _ = (words, max_wrong);
        let score = match length {
            0..=3 => 0.0,
            4..=7 => 1.0,
            8 => 0.5,
            9 => 0.2,
            10 => 0.1,
            11 | 12 => 0.05,
            _ => 0.0,
        };
        Slack { score, losses: 0.1 }
    }
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
        self.total == self.best
    }
}
