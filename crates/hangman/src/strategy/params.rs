//! Reading a strategy's `KEY=VALUE` parameters ([`Settings::params`]).

use std::str::FromStr;

use super::{Settings, StrategyError};

/// A strategy's parameters, checked against the keys it accepts.
pub struct Params<'a> {
    name: &'a str,
    pairs: &'a [(String, String)],
}

impl<'a> Params<'a> {
    /// Checks that every key of `settings.params` is one of `known`; the error lists them.
    pub fn new(
        name: &'a str,
        settings: &'a Settings,
        known: &[&str],
    ) -> Result<Params<'a>, StrategyError> {
        if let Some((key, _)) = settings
            .params
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            return Err(StrategyError::BadSetting {
                name: name.to_string(),
                message: format!("unknown parameter {key:?} (known: {})", known.join(", ")),
            });
        }
        Ok(Params {
            name,
            pairs: &settings.params,
        })
    }

    /// The value of `key` (the last one given wins), or `default`; a value that does not
    /// parse or falls outside `range` is an error naming the key.
    pub fn get<T>(
        &self,
        key: &str,
        default: T,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, StrategyError>
    where
        T: FromStr + PartialOrd + std::fmt::Display + Copy,
    {
        let Some((_, raw)) = self.pairs.iter().rev().find(|(k, _)| k == key) else {
            return Ok(default);
        };
        match raw.trim().parse::<T>() {
            Ok(v) if range.contains(&v) => Ok(v),
            _ => Err(StrategyError::BadSetting {
                name: self.name.to_string(),
                message: format!(
                    "parameter {key}={raw:?} must be a number from {} to {}",
                    range.start(),
                    range.end()
                ),
            }),
        }
    }

    /// The value of a key that names one of `choices`, or the first choice by default.
    pub fn choice(
        &self,
        key: &str,
        choices: &[&'static str],
    ) -> Result<&'static str, StrategyError> {
        let Some((_, raw)) = self.pairs.iter().rev().find(|(k, _)| k == key) else {
            return Ok(choices[0]);
        };
        choices
            .iter()
            .find(|c| **c == raw.trim())
            .copied()
            .ok_or_else(|| StrategyError::BadSetting {
                name: self.name.to_string(),
                message: format!(
                    "parameter {key}={raw:?} must be one of {}",
                    choices.join(", ")
                ),
            })
    }
}
