//! Value parsers the argument structs of several subcommands share (kept apart from
//! `args.rs` so that a subcommand's own arguments can use them without a cycle).

use hangman::strategy::StrategyInfo;

/// A strategy named on the command line, resolved once (when parsed) to its registry entry.
#[derive(Clone, Copy)]
pub struct StrategyChoice(pub &'static StrategyInfo);

impl std::fmt::Debug for StrategyChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

impl std::ops::Deref for StrategyChoice {
    type Target = StrategyInfo;

    fn deref(&self) -> &StrategyInfo {
        self.0
    }
}

pub(crate) fn parse_strategy(name: &str) -> Result<StrategyChoice, String> {
    hangman::strategy::find(name)
        .map(StrategyChoice)
        .map_err(|e| e.to_string())
}

pub(crate) fn parse_param(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!("{text:?} is not KEY=VALUE")),
    }
}
