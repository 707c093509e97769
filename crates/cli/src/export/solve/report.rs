//! What `hangman solve` produced, as every format reads it: one row per word length.

use hangman::solve::LengthSolution;
use serde::Serialize;

/// Why a solve stopped before settling everything it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum Stopped {
    /// `--time-limit` ran out.
    #[serde(rename = "time limit")]
    TimeLimit,
    /// Ctrl-C.
    #[serde(rename = "interrupted")]
    Interrupted,
    /// Every value is exact, but `--first-letter-nodes` ran out before some length settled
    /// all its optimal first letters.
    #[serde(rename = "first-letter cap")]
    FirstLetterCap,
}

impl Stopped {
    /// How the reason is written in the table.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Stopped::TimeLimit => "time limit",
            Stopped::Interrupted => "interrupted",
            Stopped::FirstLetterCap => "first-letter cap (--first-letter-nodes)",
        }
    }
}

/// One word length: the solution and the verdict it proves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SolveRow {
    /// What the solver found.
    #[serde(flatten)]
    pub solution: LengthSolution,
    /// Whether `M` is known exactly.
    pub exact: bool,
    /// Who wins, in words (`undecided` when the bounds do not say).
    pub verdict: String,
    /// Whether the bounds decide the verdict (a decided verdict is always proven).
    pub verdict_proven: bool,
}

impl SolveRow {
    /// The row of `solution` with `lives` lives (the `lives`th miss loses).
    pub(crate) fn new(solution: LengthSolution, lives: u32) -> SolveRow {
        let decided = solution.guesser_wins(lives);
        let verdict = match decided {
            Some(true) => format!("guesser wins with {lives} lives"),
            Some(false) => format!("referee wins against {lives} lives"),
            None => "undecided".to_string(),
        };
        SolveRow {
            exact: solution.misses.is_exact(),
            verdict_proven: decided.is_some(),
            solution,
            verdict,
        }
    }

    /// `M` as shown: the value, or `lower..upper` when only bounds are proven.
    pub(crate) fn misses(&self) -> String {
        self.solution.misses.to_string()
    }

    /// The first-letter cell: the letters; `+?` after them when the list may be
    /// incomplete (the search stopped while settling them: a time limit, Ctrl-C or
    /// `--first-letter-nodes`); `-` when they were not
    /// computed (`M` not exact, `--verdict-only`, or no time left); `(none)` for a length
    /// of one word (nothing to guess).
    pub(crate) fn first_letters(&self) -> String {
        let s = &self.solution;
        match (s.best_first.is_empty(), s.best_first_complete) {
            (true, true) => "(none)".to_string(),
            (true, false) => "-".to_string(),
            (false, true) => s.best_first.join(""),
            (false, false) => format!("{}+?", s.best_first.join("")),
        }
    }
}

/// Everything a solve produced.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SolveReport {
    /// Dictionary path, or `embedded`.
    pub dictionary: String,
    /// Lives of the verdict.
    pub lives: u32,
    /// Worker threads used.
    pub threads: usize,
    /// Whether each length stopped once its verdict was proven (`--verdict-only`).
    pub verdict_only: bool,
    /// Why the search stopped before settling every length, or `None` if it did not.
    pub stopped: Option<Stopped>,
    /// One row per length, shortest first.
    pub lengths: Vec<SolveRow>,
}
