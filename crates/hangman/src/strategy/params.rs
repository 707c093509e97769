//! Reading a strategy's `key=value` parameters ([`Settings::params`]).
//!
//! A strategy's `build` asks for each key it knows with [`Params::get`] (typed, with a
//! default) and ends with [`Params::finish`], which rejects every key nobody asked for, so
//! a misspelt parameter is an error rather than silently ignored.

use std::fmt::Display;
use std::str::FromStr;

use super::settings::{Settings, StrategyError};

/// The parameters given to one strategy, being read.
#[derive(Debug)]
pub struct Params<'a> {
    strategy: &'a str,
    entries: &'a [(String, String)],
    used: Vec<bool>,
    known: Vec<&'static str>,
}

impl<'a> Params<'a> {
    /// Starts reading `settings.params` for `strategy`; a key given twice is an error.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if a key is given twice.
    pub fn new(strategy: &'a str, settings: &'a Settings) -> Result<Params<'a>, StrategyError> {
        let entries = settings.params.as_slice();
        for (i, (key, _)) in entries.iter().enumerate() {
            if entries[..i].iter().any(|(k, _)| k == key) {
                return Err(bad(strategy, format!("parameter {key:?} given twice")));
            }
        }
        Ok(Params {
            strategy,
            entries,
            used: vec![false; entries.len()],
            known: Vec::new(),
        })
    }

    /// The value of `key` parsed as `T`, or `default` when absent; `check` validates a
    /// parsed value (an `Err` message becomes [`StrategyError::BadSetting`]).
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if the value does not parse as `T` or `check` rejects it.
    pub fn get<T>(
        &mut self,
        key: &'static str,
        default: T,
        check: impl FnOnce(&T) -> Result<(), String>,
    ) -> Result<T, StrategyError>
    where
        T: FromStr,
        T::Err: Display,
    {
        self.known.push(key);
        let Some(i) = self.entries.iter().position(|(k, _)| k == key) else {
            return Ok(default);
        };
        self.used[i] = true;
        let text = &self.entries[i].1;
        let value: T = text
            .trim()
            .parse()
            .map_err(|e| bad(self.strategy, format!("parameter {key}={text:?}: {e}")))?;
        check(&value).map_err(|e| bad(self.strategy, format!("parameter {key}={text:?}: {e}")))?;
        Ok(value)
    }

    /// The value of `key` as a number within `range`, or `default` when absent.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if the value does not parse or lies outside `range`.
    pub fn range<T>(
        &mut self,
        key: &'static str,
        default: T,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, StrategyError>
    where
        T: FromStr + PartialOrd + Display,
        T::Err: Display,
    {
        self.get(key, default, |v| {
            if range.contains(v) {
                Ok(())
            } else {
                Err(format!("must be from {} to {}", range.start(), range.end()))
            }
        })
    }

    /// The value of `key`, one of `choices`; the first choice when absent.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] if the value is not one of `choices`.
    pub fn choice(
        &mut self,
        key: &'static str,
        choices: &[&'static str],
    ) -> Result<&'static str, StrategyError> {
        let text: String = self.get(key, choices[0].to_string(), |v| {
            if choices.contains(&v.as_str()) {
                Ok(())
            } else {
                Err(format!("must be one of {}", choices.join(", ")))
            }
        })?;
        Ok(choices
            .iter()
            .find(|c| **c == text)
            .copied()
            .unwrap_or(choices[0]))
    }

    /// Fails on the first key no [`get`](Params::get) asked for, naming the known keys.
    ///
    /// # Errors
    ///
    /// [`StrategyError::BadSetting`] naming the first unknown key and the known ones.
    pub fn finish(self) -> Result<(), StrategyError> {
        match self.used.iter().position(|u| !u) {
            None => Ok(()),
            Some(i) => {
                let known = if self.known.is_empty() {
                    "it takes no parameters".to_string()
                } else {
                    format!("known parameters: {}", self.known.join(", "))
                };
                Err(bad(
                    self.strategy,
                    format!("unknown parameter {:?}; {known}", self.entries[i].0),
                ))
            }
        }
    }
}

fn bad(strategy: &str, message: String) -> StrategyError {
    StrategyError::BadSetting {
        name: strategy.to_string(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(params: &[(&str, &str)]) -> Settings {
        Settings {
            params: params
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Settings::default()
        }
    }

    #[test]
    fn reads_defaults_values_and_rejects_unknown_bad_and_repeated_keys() {
        let s = settings(&[("n", "7")]);
        let mut p = Params::new("x", &s).unwrap();
        assert_eq!(p.get("n", 1u32, |_| Ok(())).unwrap(), 7);
        assert_eq!(p.get("m", 2u32, |_| Ok(())).unwrap(), 2);
        p.finish().unwrap();

        let s = settings(&[("n", "seven")]);
        let mut p = Params::new("x", &s).unwrap();
        assert!(matches!(
            p.get("n", 1u32, |_| Ok(())),
            Err(StrategyError::BadSetting { .. })
        ));

        let s = settings(&[("n", "0")]);
        let mut p = Params::new("x", &s).unwrap();
        let err = p
            .get("n", 1u32, |&v| {
                if v > 0 {
                    Ok(())
                } else {
                    Err("must be positive".into())
                }
            })
            .unwrap_err();
        assert!(err.to_string().contains("must be positive"), "{err}");

        let s = settings(&[("nn", "1")]);
        let mut p = Params::new("x", &s).unwrap();
        p.get("n", 1u32, |_| Ok(())).unwrap();
        let err = p.finish().unwrap_err();
        assert!(
            err.to_string().contains("\"nn\"") && err.to_string().contains("n"),
            "{err}"
        );

        let s = settings(&[("n", "1"), ("n", "2")]);
        assert!(Params::new("x", &s).is_err());

        let s = settings(&[("n", "1")]);
        let err = Params::new("greedy", &s).unwrap().finish().unwrap_err();
        assert!(err.to_string().contains("no parameters"), "{err}");
    }
}
