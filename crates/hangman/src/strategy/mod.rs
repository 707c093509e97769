//! Strategies: who makes the guesses.
//!
//! A [`Strategy`] is prepared once from a lexicon (its one-time setup), is immutable, and is
//! shared across threads. For each game it creates a cheap [`Player`] that keeps that game's
//! private state (typically the remaining candidate words). Players see only the public
//! [`GameState`](crate::game::GameState) and the [`Outcome`](crate::game::Outcome) of their
//! own guesses, never the secret.
//!
//! Strategies that decide from the candidate set alone implement the smaller [`Policy`]
//! trait and get a player, an opening book shared across games, and exact whole-dictionary
//! evaluation (the [`tree`] evaluator) from [`PolicyStrategy`]. [`REGISTRY`] lists every
//! strategy by name.
//!
//! This module only declares and re-exports; each piece has its own file, so no file here
//! imports one that imports it back: the traits ([`Strategy`], [`Player`], [`Policy`]) and
//! [`Settings`] at the bottom, the strategies above them, the registry on top.

mod cache;
mod entropy;
pub mod exact;
mod expand;
mod greedy;
pub mod letter_model;
mod lookahead;
mod outside;
mod params;
mod per_length;
pub mod player;
mod policy;
mod policy_strategy;
mod registry;
pub mod seed;
mod settings;
mod ship;
mod shipped;
mod table;
pub(crate) mod traits;
pub mod tree;

pub use entropy::Entropy;
pub use exact::Exact;
pub use greedy::Greedy;
pub use lookahead::Lookahead;
pub use outside::{Letters, Mixed, MixedOptions};
pub use params::Params;
pub use per_length::PerLength;
pub use player::{Familiar, Fitting, PlayerOptions, Pool};
pub use policy::{Alternatives, Decision, Policy};
pub use policy_strategy::{PolicyPlayer, PolicyStrategy};
pub use registry::{REGISTRY, StrategyInfo, build_with_model, find};
pub use settings::{Settings, StrategyError};
pub(crate) use ship::walk_decisions;
pub use ship::{append_table, shipped_table};
pub use shipped::{EXACT_MAX_LENGTH, SHIPPED_MAX_WRONG, SHIPPED_MIN_CANDIDATES, ships};
pub(crate) use table::SetHash;
pub use traits::{Player, Strategy};
