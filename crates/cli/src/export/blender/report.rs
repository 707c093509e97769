//! What the formats of Word Blender's commands read: the deal settings and a dealt round as
//! every format shows it.

use blender::{Deal, Difficulty};

/// The deal settings every subcommand that deals rounds shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dealing {
    /// The difficulty (normal for the daily puzzle).
    pub difficulty: Difficulty,
    /// Fewest and most required words in a rack.
    pub words: (usize, usize),
    /// The seed of the deals.
    pub seed: u64,
    /// The daily puzzle's date, `YYYY-MM-DD`.
    pub daily: Option<String>,
}

/// A dealt round as every format shows it: the rack in display order (upper case), its
/// required words and its bonus words, by length then alphabetically.
pub(super) struct DealView<'a> {
    pub(super) letters: String,
    pub(super) required: Vec<&'a str>,
    pub(super) bonus: Vec<&'a str>,
}

impl<'a> DealView<'a> {
    pub(super) fn of(deal: &'a Deal) -> DealView<'a> {
        DealView {
            letters: String::from_utf8_lossy(&deal.letters).to_ascii_uppercase(),
            required: deal.required().collect(),
            bonus: deal
                .words
                .iter()
                .filter(|w| !w.required)
                .map(|w| w.word.as_str())
                .collect(),
        }
    }
}

/// A dealt round as its formats read it: the deal's words and how it was dealt.
pub(super) struct DealReport<'a> {
    /// The rack and its words.
    pub(super) view: DealView<'a>,
    /// The settings it was dealt with.
    pub(super) dealing: &'a Dealing,
}
