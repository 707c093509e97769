//! Every strategy by name: how `hangman list`, `--strategy` and the bench find and build them.

use std::sync::Arc;

use lexicon::Lexicon;

use super::entropy::Entropy;
use super::greedy::Greedy;
use super::letter_model::LetterModel;
use super::lookahead::Lookahead;
use super::outside::{Letters, Mixed};
use super::params::Params;
use super::player::Familiar;
use super::policy_strategy::PolicyStrategy;
use super::seed;
use super::settings::{Settings, StrategyError};
use super::traits::Strategy;

type Build = fn(Arc<Lexicon>, &Settings) -> Result<Box<dyn Strategy>, StrategyError>;

/// A registry entry: how to build a strategy by name.
pub struct StrategyInfo {
    /// The canonical name.
    pub name: &'static str,
    /// Other names that select it.
    pub aliases: &'static [&'static str],
    /// One line on what it does.
    pub summary: &'static str,
    /// Whether its games depend only on the word (no randomness), with default parameters.
    pub deterministic: bool,
    /// Whether it assumes the secret is *not* in the list (it never guesses a list word):
    /// `bench all` skips it, since a whole-list run would only measure that assumption.
    pub assumes_outside: bool,
    build: Build,
}

impl StrategyInfo {
    /// Builds the strategy for `lexicon` (one-time setup happens here or in
    /// [`Strategy::prepare`]).
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if the strategy rejects `settings` (an unknown, repeated
    /// or out-of-range parameter).
    pub fn build(
        &self,
        lexicon: Arc<Lexicon>,
        settings: &Settings,
    ) -> Result<Box<dyn Strategy>, StrategyError> {
        (self.build)(lexicon, settings)
    }
}

/// Every strategy, in the order `hangman list` shows them.
pub static REGISTRY: &[StrategyInfo] = &[
    StrategyInfo {
        name: "greedy",
        aliases: &[],
        summary: "the letter in the most candidates (only letters that split them); the word at <= 3 candidates [word_at=N]",
        deterministic: true,
        assumes_outside: false,
        build: |lexicon, settings| {
            let policy = Greedy::from_settings("greedy", settings)?;
            Ok(Box::new(PolicyStrategy::new(
                "greedy", policy, lexicon, settings,
            )))
        },
    },
    StrategyInfo {
        name: "entropy",
        aliases: &[],
        summary: "the letter whose answer pattern has the most entropy, minus a miss penalty growing near the limit [word_at=N risk=X]",
        deterministic: true,
        assumes_outside: false,
        build: |lexicon, settings| {
            let policy = Entropy::from_settings("entropy", settings)?;
            Ok(Box::new(PolicyStrategy::new(
                "entropy", policy, lexicon, settings,
            )))
        },
    },
    StrategyInfo {
        name: "best",
        aliases: &["lookahead"],
        summary: "minimize the expected final score: exact search on small candidate sets, lookahead over the best letters above [solve=N exact=2..12 depth=1..4 deep=N letters=N safe=N inner_letters=N inner_safe=N base=entropy|greedy]",
        deterministic: true,
        assumes_outside: false,
        build: |lexicon, settings| {
            let policy = Lookahead::from_settings("lookahead", &lexicon, settings)?;
            Ok(Box::new(PolicyStrategy::new(
                "best", policy, lexicon, settings,
            )))
        },
    },
    StrategyInfo {
        name: "mixed",
        aliases: &[],
        summary: "as best while list words fit; weighs the chance the word is outside the list and then guesses with the letter model [outside=P switch=P check=N words=P lives=N completions=X beam=N order=N]",
        deterministic: true,
        assumes_outside: false,
        build: Mixed::build,
    },
    StrategyInfo {
        name: "player",
        aliases: &[],
        summary: "for words people think of: weighs words by familiarity (the list's, the frequency list's and learned words), takes the likely letter that wins most when the game is played out, the letter model when none fits [power=X cut=X slope=X top=X rollout=N depth=N search=N words=N nodes=N plain=1]",
        deterministic: true,
        assumes_outside: false,
        build: Familiar::build,
    },
    StrategyInfo {
        name: "letters",
        aliases: &[],
        summary: "the letter model alone, for words not in the list: likeliest letter from n-gram completions and board windows [completions=X beam=N order=N]",
        deterministic: true,
        assumes_outside: true,
        build: Letters::build,
    },
    StrategyInfo {
        name: "deterministic-regex",
        aliases: &[],
        summary: "seed: filter with a regex of the board, guess the letter with most occurrences",
        deterministic: true,
        assumes_outside: false,
        build: seed::Frequency::<seed::DeterministicRegex>::build,
    },
    StrategyInfo {
        name: "sampling-regex",
        aliases: &[],
        summary: "seed: filter with a regex of the board, count letters on a random sample",
        deterministic: false,
        assumes_outside: false,
        build: seed::Frequency::<seed::SamplingRegex>::build,
    },
    StrategyInfo {
        name: "predicate",
        aliases: &[],
        summary: "seed: integer-encoded words, position predicates, sampled letter counts",
        deterministic: false,
        assumes_outside: false,
        build: seed::Frequency::<seed::PredicateStrategy>::build,
    },
    StrategyInfo {
        name: "trie",
        aliases: &[],
        summary: "seed: a sparse 26-ary trie pruned by position predicates, exact counts",
        deterministic: true,
        assumes_outside: false,
        build: seed::Frequency::<seed::TrieStrategy>::build,
    },
];

/// Finds a strategy by name or alias.
///
/// # Errors
///
/// [`StrategyError::Unknown`], listing the known names, if no strategy has that name or
/// alias.
pub fn find(name: &str) -> Result<&'static StrategyInfo, StrategyError> {
    REGISTRY
        .iter()
        .find(|s| s.name == name || s.aliases.contains(&name))
        .ok_or_else(|| StrategyError::Unknown {
            name: name.to_string(),
            known: REGISTRY
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Builds strategy `name` (a registry name or alias) for `lexicon`; `letters` and `mixed`
/// play `model` (trained on `lexicon`) instead of training their own, so they take no model
/// parameters.
///
/// # Errors
///
/// As [`StrategyInfo::build`] for the other strategies.
pub fn build_with_model(
    name: &str,
    lexicon: Arc<Lexicon>,
    settings: &Settings,
    model: &Arc<LetterModel>,
) -> Result<Box<dyn Strategy>, StrategyError> {
    let info = find(name)?;
    match info.name {
        "letters" => {
            Params::new("letters", settings)?.finish()?;
            Ok(Box::new(Letters::new(
                Arc::clone(model),
                settings.max_wrong,
            )))
        }
        "mixed" => {
            let mut params = Params::new("mixed", settings)?;
            let options = Mixed::read_params(&mut params)?;
            params.finish()?;
            Mixed::strategy(lexicon, settings, Arc::clone(model), options)
        }
        _ => info.build(lexicon, settings),
    }
}
