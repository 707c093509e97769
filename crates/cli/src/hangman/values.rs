//! Value parsers the argument structs of several subcommands share (kept apart from
//! `args.rs` so that a subcommand's own arguments can use them without a cycle). Names and
//! `--param` texts are split and checked here, once, when the command line is parsed.

use hangman::strategy::StrategyInfo;

/// A strategy named on the command line, resolved once (when parsed) to its registry entry.
#[derive(Clone, Copy)]
pub(crate) struct StrategyChoice(pub(crate) &'static StrategyInfo);

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
    hangman::strategy::find(name).map(StrategyChoice).map_err(|e| {
        // `play --guesser words.txt` reads the dictionary as the guesser's name, since
        // the name may be left out: say how to write it.
        if name.contains(['/', '.']) {
            format!("{e} (to give a dictionary after `--guesser`, write `--guesser=NAME` or put the dictionary first)")
        } else {
            e.to_string()
        }
    })
}

/// An entry of a `--strategies` list that accepts `all`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum StrategyPick {
    /// `all`: every registered strategy that plays words of the list.
    All,
    /// One strategy, by name or alias.
    One(StrategyChoice),
}

pub(crate) fn parse_strategy_or_all(name: &str) -> Result<StrategyPick, String> {
    if name == "all" {
        Ok(StrategyPick::All)
    } else {
        parse_strategy(name).map(StrategyPick::One)
    }
}

/// `KEY=VALUE`: a parameter of the one strategy a command runs.
pub(crate) fn parse_param(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!("{text:?} is not KEY=VALUE")),
    }
}

/// `[STRATEGY:]KEY=VALUE`: a parameter of a command that runs several strategies, for all of
/// them or for the one named. The name is matched against the chosen strategies when the
/// arguments are resolved (`resolve::strategies`), where a name that is not chosen is a
/// usage error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Param {
    /// The strategy it is for, as written (`None`: every chosen strategy).
    pub(crate) strategy: Option<String>,
    /// The parameter's name.
    pub(crate) key: String,
    /// Its value, as written.
    pub(crate) value: String,
}

impl std::fmt::Display for Param {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(strategy) = &self.strategy {
            write!(f, "{strategy}:")?;
        }
        write!(f, "{}={}", self.key, self.value)
    }
}

pub(crate) fn parse_targeted_param(text: &str) -> Result<Param, String> {
    let (key, value) = parse_param(text)?;
    Ok(match key.split_once(':') {
        Some((strategy, key)) => Param {
            strategy: Some(strategy.to_string()),
            key: key.to_string(),
            value,
        },
        None => Param {
            strategy: None,
            key,
            value,
        },
    })
}
