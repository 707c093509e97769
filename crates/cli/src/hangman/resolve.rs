//! What the subcommands' flags turn into: the thread pool, the decision cache folder, the
//! strategies a command runs with their parameters. Commands read these objects, never the
//! names and texts they were given as.

use hangman::strategy::{self, StrategyInfo};

use super::values::{Param, StrategyPick};
use crate::error::usage;

/// A strategy a command runs and the parameters meant for it: `--strategies` and `--param`
/// resolved together.
pub(crate) struct Chosen {
    /// Its registry entry.
    pub(crate) info: &'static StrategyInfo,
    /// Its parameters, KEY and VALUE, in the order given.
    pub(crate) params: Vec<(String, String)>,
}

impl std::fmt::Debug for Chosen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chosen")
            .field("info", &self.info.name)
            .field("params", &self.params)
            .finish()
    }
}

/// The registry entries a `--strategies` list names, in the order given, each once (`all`:
/// the registry order, without the strategies that assume the secret is outside the list).
pub(crate) fn expand(picks: &[StrategyPick]) -> Vec<&'static StrategyInfo> {
    let mut chosen: Vec<&'static StrategyInfo> = Vec::new();
    for pick in picks {
        let infos: Vec<&'static StrategyInfo> = match pick {
            StrategyPick::All => strategy::REGISTRY
                .iter()
                .filter(|s| !s.assumes_outside)
                .collect(),
            StrategyPick::One(choice) => vec![choice.0],
        };
        for info in infos {
            if !chosen.iter().any(|c| c.name == info.name) {
                chosen.push(info);
            }
        }
    }
    chosen
}

/// Gives each strategy its parameters: an unprefixed `--param` goes to every one,
/// `STRATEGY:KEY=VALUE` to those the prefix names (by name or alias). A prefix that names no
/// chosen strategy is a usage error.
pub(crate) fn strategies(
    infos: Vec<&'static StrategyInfo>,
    params: &[Param],
) -> anyhow::Result<Vec<Chosen>> {
    let mut chosen: Vec<Chosen> = infos
        .into_iter()
        .map(|info| Chosen {
            info,
            params: Vec::new(),
        })
        .collect();
    for param in params {
        let target = match &param.strategy {
            None => None,
            Some(prefix) => {
                let named = strategy::find(prefix)
                    .ok()
                    .filter(|info| chosen.iter().any(|c| c.info.name == info.name));
                let Some(info) = named else {
                    let names: Vec<&str> = chosen.iter().map(|c| c.info.name).collect();
                    return Err(usage(format!(
                        "--param {param}: {prefix:?} is not one of the chosen strategies ({})",
                        names.join(", ")
                    )));
                };
                Some(info.name)
            }
        };
        for c in &mut chosen {
            if target.is_none_or(|name| name == c.info.name) {
                c.params.push((param.key.clone(), param.value.clone()));
            }
        }
    }
    Ok(chosen)
}

/// Where slow strategies keep their decisions between runs: `wordplay/decisions` in the
/// platform's cache folder (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches`
/// on macOS, `%LOCALAPPDATA%` on Windows); `None` with `--no-cache` or without such a folder.
pub(crate) fn cache_dir(no_cache: bool) -> Option<std::path::PathBuf> {
    if no_cache {
        return None;
    }
    dirs::cache_dir().map(|dir| dir.join("wordplay").join("decisions"))
}

/// Where proven bounds are kept between runs: `wordplay/bounds` beside the decisions (see
/// [`cache_dir`]); `None` with `--no-cache` or without a cache folder.
pub(crate) fn bounds_dir(no_cache: bool) -> Option<std::path::PathBuf> {
    if no_cache {
        return None;
    }
    dirs::cache_dir().map(|dir| dir.join("wordplay").join("bounds"))
}

/// Writes a strategy's cache after a run; a failure only costs the next run time, so it is
/// a warning.
pub(crate) fn save_cache(strategy: &dyn hangman::Strategy) {
    if let Err(e) = strategy.save_cache() {
        eprintln!("warning: cannot write the decision cache: {e}");
    }
}

/// Runs `f` on a rayon pool of `threads` threads (all cores when `None`).
pub(crate) fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> anyhow::Result<(T, usize)> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n);
    }
    let pool = builder.build()?;
    let n = pool.current_num_threads();
    Ok((pool.install(f), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hangman::values::{parse_strategy_or_all, parse_targeted_param};

    fn params(texts: &[&str]) -> Vec<Param> {
        texts
            .iter()
            .map(|t| parse_targeted_param(t).unwrap())
            .collect()
    }

    #[test]
    fn params_go_to_every_strategy_or_to_the_prefixed_one() {
        let infos = vec![
            strategy::find("greedy").unwrap(),
            strategy::find("best").unwrap(),
        ];
        let chosen = strategies(infos, &params(&["a=1", "greedy:b=2", "lookahead:c=x:y"])).unwrap();
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(chosen[0].params, [pair("a", "1"), pair("b", "2")]);
        assert_eq!(chosen[1].params, [pair("a", "1"), pair("c", "x:y")]);
        let greedy = || vec![strategy::find("greedy").unwrap()];
        let err = strategies(greedy(), &params(&["nosuch:b=2"])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--param nosuch:b=2: \"nosuch\" is not one of the chosen strategies (greedy)"
        );
        assert!(strategies(greedy(), &params(&["best:depth=2"])).is_err());
    }

    #[test]
    fn all_expands_to_the_registry_once() {
        let picks: Vec<StrategyPick> = ["greedy", "all", "greedy"]
            .iter()
            .map(|n| parse_strategy_or_all(n).unwrap())
            .collect();
        let chosen: Vec<&str> = expand(&picks).iter().map(|s| s.name).collect();
        let mut expected = vec!["greedy"];
        expected.extend(
            strategy::REGISTRY
                .iter()
                .filter(|s| !s.assumes_outside)
                .map(|s| s.name)
                .filter(|&n| n != "greedy"),
        );
        assert_eq!(chosen, expected);
    }
}
