//! `hangman bench`: every chosen strategy at every chosen maximum of wrong guesses, side by
//! side, on the whole dictionary or a seeded sample of it.
//!
//! Whole-dictionary runs use each strategy's decision-tree evaluator
//! ([`Strategy::evaluate_length`]) when it has one: exact per-word results with an amortized
//! time per game. Otherwise, and always with `--sample` or `--replay`, every game is played
//! on its own with [`eval::play_words`], which gives per-game median and p99 times.
//!
//! A strategy that rejects the user's settings (`--param`, `-m`) is a usage error (exit 2).

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use hangman::Strategy;
use hangman::bound;
use hangman::eval::{self, RunOptions};
use hangman::referee::RefereeKind;
use hangman::result::GameResult;
use hangman::strategy::{self, Settings, StrategyInfo};
use indicatif::ProgressBar;
use lexicon::Lexicon;

use super::args::BenchArgs;
use super::resolve::{self, Chosen};
use crate::dictionary;
use crate::error::usage;
use crate::export::bench::{
    self as export, BenchReport, BenchRow, LengthOptimum, Mode, OptimumKind,
};

pub(super) fn run(args: BenchArgs) -> anyhow::Result<()> {
    let infos = if args.strategies.is_empty() {
        let default = default_strategies();
        let names: Vec<&str> = default.iter().map(|info| info.name).collect();
        eprintln!(
            "note: running {} (the default); the seed strategies {} replay every game and \
             take minutes on a whole list, and {} play the letter model: name them with \
             --strategies (or `all`), e.g. --strategies trie --sample 5000",
            names.join(", "),
            super::args::SEED_STRATEGIES.join(", "),
            LETTER_MODEL_STRATEGIES.join(" and ")
        );
        default
    } else {
        resolve::expand(&args.strategies)
    };
    let strategies = resolve::strategies(infos, &args.params)?;
    let mut max_wrong = args.max_wrong.clone();
    dedup_in_order(&mut max_wrong);

    #[cfg(not(feature = "plot"))]
    if args.plot.is_some() {
        return Err(crate::error::usage(
            "this build has no charts: --plot needs the `plot` feature (on by default)",
        ));
    }
    if let Some(dir) = &args.plot {
        // Fail before a long run rather than after it.
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the chart directory {}", dir.display()))?;
    }
    let dict = dictionary::load(args.dictionary.as_deref(), args.invalid.skip_invalid)?;
    let lexicon = &dict.lexicon;
    let (words, selection) = match args.selection.sample {
        Some(n) => (
            super::score::sample(lexicon, n, args.selection.seed)?,
            "sample",
        ),
        None => (lexicon.words().map(str::to_string).collect(), "all"),
    };
    let plan = Plan {
        lexicon,
        words: &words,
        tree: args.selection.sample.is_none() && !args.replay && !args.referee.is_evil(),
        referee: args.referee,
        seed: args.selection.seed,
        cache_dir: resolve::cache_dir(args.no_cache),
    };

    let runs = (strategies.len() * max_wrong.len() * words.len()) as u64;
    // The optimum is a length's: only whole-dictionary runs against the fair referee are
    // compared with it.
    let with_optimum = plan.words.len() == lexicon.len()
        && args.selection.sample.is_none()
        && args.referee == RefereeKind::Fair;
    if let Some(dir) = &args.bound_certificate {
        if !with_optimum || max_wrong.len() != 1 {
            return Err(usage(
                "--bound-certificate needs the whole dictionary, the fair referee and one -m",
            ));
        }
        // Fail before a long run rather than after it.
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the certificate folder {}", dir.display()))?;
    }
    let ((outcome, optimum), threads) = args.threads.install(|| {
        let bar = crate::progress::bar(runs, "bench");
        let outcome = plan.run_all(&strategies, &max_wrong, &bar);
        bar.set_prefix("optimum");
        let optimum = if with_optimum && outcome.is_ok() {
            optimum(
                lexicon,
                &max_wrong,
                args.no_cache,
                args.bound_certificate.clone(),
            )
        } else {
            Ok(Vec::new())
        };
        bar.finish_and_clear();
        (outcome, optimum)
    })?;
    let rows = outcome?;
    let optimum = optimum?;

    let report = BenchReport {
        dictionary: dict.name.clone(),
        dictionary_words: lexicon.len(),
        selection: selection.to_string(),
        referee: args.referee.to_string(),
        words: words.len(),
        seed: args.selection.seed,
        threads,
        load_ms: dict.load_time.as_secs_f64() * 1e3,
        max_wrong,
        rows,
        optimum: Vec::new(),
    }
    .with_deviations()
    .with_optimum(optimum);
    let mut out = std::io::stdout().lock();
    export::write(&mut out, &report, args.format).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    if let Some(dir) = &args.bound_certificate {
        let list = args
            .dictionary
            .as_ref()
            .map(|p| format!(" {}", p.display()))
            .unwrap_or_default();
        eprintln!(
            "wrote the bounds' certificates to {0}; check them with `hangman verify-bound {0}{list}`",
            dir.display()
        );
    }
    #[cfg(feature = "plot")]
    if let Some(dir) = &args.plot {
        for path in export::plot::write_charts(&report, dir)? {
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(())
}

/// Per max wrong and length of `lexicon`, the proven lower bound of the least total score
/// (the optimum where `best` meets it) and of the fewest losses ([`bound::bounds`]: cached
/// after the first run), with the time each took.
fn optimum(
    lexicon: &std::sync::Arc<Lexicon>,
    max_wrong: &[u32],
    no_cache: bool,
    certificates: Option<std::path::PathBuf>,
) -> anyhow::Result<Vec<LengthOptimum>> {
    let options = bound::Options {
        decisions: resolve::cache_dir(no_cache),
        cache: resolve::bounds_dir(no_cache),
        certificates,
        ..bound::Options::default()
    };
    let mut all = Vec::new();
    for &m in max_wrong {
        let found = bound::bounds(lexicon, m, &options).context("cannot prove the bounds")?;
        for b in found {
            let kind = if b.is_optimum() {
                OptimumKind::Optimum
            } else {
                OptimumKind::Bound
            };
            let source = match b.rule {
                bound::Rule::Shipped => "shipped table",
                bound::Rule::Solved => "exact search",
                bound::Rule::Plies(_) => "ply search bound",
                bound::Rule::Search if b.is_optimum() => "lower bound met by best",
                bound::Rule::Search => "lower bound",
            };
            all.push(LengthOptimum {
                max_wrong: m,
                length: b.length,
                words: b.words,
                kind,
                source: source.to_string(),
                total: b.total,
                average: b.total as f64 / b.words.max(1) as f64,
                losses: b.losses,
                millis: b.millis,
            });
        }
    }
    Ok(all)
}

/// The strategies built on the letter model, left out of a bare bench: `letters` assumes
/// the secret is not in the list, and `mixed` asks the model at every small node of the
/// tree (it scores as `best` within 0.001 on words.txt but takes minutes on it).
const LETTER_MODEL_STRATEGIES: [&str; 2] = ["mixed", "letters"];

/// What a bare `hangman bench` runs: every registered strategy but the seed tool's four and
/// the letter model's two.
pub(super) fn default_strategies() -> Vec<&'static StrategyInfo> {
    strategy::REGISTRY
        .iter()
        .filter(|info| {
            !super::args::SEED_STRATEGIES.contains(&info.name)
                && !LETTER_MODEL_STRATEGIES.contains(&info.name)
        })
        .collect()
}

/// Removes repeated values, keeping the first of each.
fn dedup_in_order(values: &mut Vec<u32>) {
    let mut seen = Vec::new();
    values.retain(|v| {
        let new = !seen.contains(v);
        seen.push(*v);
        new
    });
}

/// What every run of the bench shares.
struct Plan<'a> {
    lexicon: &'a std::sync::Arc<Lexicon>,
    /// The words played, in lexicon order for whole-dictionary runs.
    words: &'a [String],
    /// Whether to try the tree evaluator (whole dictionary, no --replay, fair referee).
    tree: bool,
    referee: hangman::referee::RefereeKind,
    seed: u64,
    /// Where slow strategies keep their decisions (`None`: `--no-cache`).
    cache_dir: Option<std::path::PathBuf>,
}

impl Plan<'_> {
    /// Runs every (strategy, max wrong) pair in order.
    fn run_all(
        &self,
        strategies: &[Chosen],
        max_wrong: &[u32],
        bar: &ProgressBar,
    ) -> anyhow::Result<Vec<BenchRow>> {
        let mut rows = Vec::new();
        for Chosen { info, params } in strategies {
            for &m in max_wrong {
                bar.set_prefix(format!("{} m{m}", info.name));
                let settings = Settings {
                    max_wrong: m,
                    seed: self.seed,
                    params: params.clone(),
                    cache_dir: self.cache_dir.clone(),
                };
                let start = Instant::now();
                let strategy = info
                    .build(self.lexicon.clone(), &settings)
                    .map_err(|e| usage(e.to_string()))?;
                let setup = start.elapsed() + eval::prepare(strategy.as_ref(), self.words);
                rows.push(self.run_one(info.name, strategy.as_ref(), m, setup, bar)?);
                resolve::save_cache(strategy.as_ref());
            }
        }
        Ok(rows)
    }

    /// Evaluates one built strategy: by its decision tree when allowed and available, else by
    /// replaying every game.
    fn run_one(
        &self,
        name: &str,
        strategy: &dyn Strategy,
        max_wrong: u32,
        setup: Duration,
        bar: &ProgressBar,
    ) -> anyhow::Result<BenchRow> {
        if self.tree {
            let before = bar.position();
            let start = Instant::now();
            if let Some(results) = self.evaluate_tree(name, strategy, bar)? {
                let wall = start.elapsed();
                return Ok(BenchRow::new(
                    name,
                    max_wrong,
                    Mode::Tree,
                    &results,
                    setup,
                    wall,
                ));
            }
            bar.set_position(before);
        }
        let options = RunOptions {
            seed: self.seed,
            record: false,
        };
        let start = Instant::now();
        let results = eval::play_words_refereed(
            strategy,
            self.referee,
            self.lexicon,
            self.words,
            &options,
            &|| bar.inc(1),
        )?;
        let wall = start.elapsed();
        Ok(BenchRow::new(
            name,
            max_wrong,
            Mode::Replay,
            &results,
            setup,
            wall,
        ))
    }

    /// The whole dictionary by the strategy's tree evaluator ([`eval::evaluate_all`], as
    /// the scorer's `--all`), in lexicon order (the order of `words`); `None` if the
    /// strategy has no evaluator.
    fn evaluate_tree(
        &self,
        name: &str,
        strategy: &dyn Strategy,
        bar: &ProgressBar,
    ) -> anyhow::Result<Option<Vec<GameResult>>> {
        match eval::evaluate_all(strategy, self.lexicon, &|n| bar.inc(n as u64)) {
            None => Ok(None),
            Some(Ok(results)) if results.len() == self.words.len() => Ok(Some(results)),
            Some(_) => {
                bail!("the tree evaluator of {name} did not return one result per dictionary word")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_max_wrong_values_are_dropped_in_order() {
        let mut v = vec![5, 4, 5, 3, 4];
        dedup_in_order(&mut v);
        assert_eq!(v, [5, 4, 3]);
    }

    /// Greedy with a stand-in tree evaluator that replays each word of the bucket, or that
    /// drops the last word (a broken evaluator).
    struct Tree {
        inner: Box<dyn Strategy>,
        lexicon: std::sync::Arc<Lexicon>,
        broken: bool,
    }

    /// Greedy without a tree evaluator.
    struct NoTree(Box<dyn Strategy>);

    impl Strategy for NoTree {
        fn name(&self) -> &str {
            "no-tree"
        }
        fn max_wrong(&self) -> u32 {
            self.0.max_wrong()
        }
        fn player(&self, length: usize, seed: u64) -> Box<dyn hangman::Player + '_> {
            self.0.player(length, seed)
        }
    }

    impl Strategy for Tree {
        fn name(&self) -> &str {
            "tree"
        }
        fn max_wrong(&self) -> u32 {
            self.inner.max_wrong()
        }
        fn player(&self, length: usize, seed: u64) -> Box<dyn hangman::Player + '_> {
            self.inner.player(length, seed)
        }
        fn evaluate_length(&self, length: usize) -> Option<Vec<GameResult>> {
            let words: Vec<String> = self
                .lexicon
                .bucket(length)
                .words()
                .map(str::to_string)
                .collect();
            let options = RunOptions {
                seed: 1,
                record: false,
            };
            let mut results = eval::play_words(self, &words, &options, &|| ()).ok()?;
            if self.broken {
                results.pop();
            }
            Some(results)
        }
    }

    fn lexicon() -> std::sync::Arc<Lexicon> {
        std::sync::Arc::new(
            Lexicon::from_words([
                "at", "an", "cat", "bat", "hat", "rat", "cake", "lake", "bird",
            ])
            .unwrap(),
        )
    }

    #[test]
    fn tree_rows_match_replay_rows_and_a_broken_tree_is_an_error() {
        let lexicon = lexicon();
        let words: Vec<String> = lexicon.words().map(str::to_string).collect();
        let settings = Settings {
            max_wrong: 3,
            ..Settings::default()
        };
        let greedy = || {
            strategy::find("greedy")
                .unwrap()
                .build(lexicon.clone(), &settings)
                .unwrap()
        };
        let bar = ProgressBar::hidden();
        let plan = |tree| Plan {
            lexicon: &lexicon,
            words: &words,
            tree,
            referee: hangman::referee::RefereeKind::Fair,
            seed: 1,
            cache_dir: None,
        };
        let strategy = Tree {
            inner: greedy(),
            lexicon: lexicon.clone(),
            broken: false,
        };
        let tree = plan(true)
            .run_one("greedy", &strategy, 3, Duration::ZERO, &bar)
            .unwrap();
        let replay = plan(false)
            .run_one("greedy", &strategy, 3, Duration::ZERO, &bar)
            .unwrap();
        assert_eq!((tree.mode, replay.mode), (Mode::Tree, Mode::Replay));
        assert_eq!(tree.median_micros, None);
        assert!(replay.median_micros.is_some());
        assert_eq!(tree.total_score, replay.total_score);
        assert_eq!(tree.by_length, replay.by_length);
        // A strategy without an evaluator falls back to replay.
        let plain = plan(true)
            .run_one("greedy", &NoTree(greedy()), 3, Duration::ZERO, &bar)
            .unwrap();
        assert_eq!(plain.mode, Mode::Replay);
        assert_eq!(plain.total_score, replay.total_score);
        let broken = Tree {
            inner: greedy(),
            lexicon: lexicon.clone(),
            broken: true,
        };
        let err = plan(true)
            .run_one("greedy", &broken, 3, Duration::ZERO, &bar)
            .unwrap_err();
        assert!(err.to_string().contains("one result per dictionary word"));
    }
}
