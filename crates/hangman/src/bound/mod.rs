//! Proven lower bounds of the least total score (and of the fewest losses) any strategy can
//! reach on a word length, close enough to `best`'s to measure how far from optimal it is.
//!
//! (The proof is written out in full below once the engine settles.)

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use lexicon::{Bucket, Lexicon};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::candidates;
use crate::game::Position;
use crate::strategy::{Lookahead, Policy, SetHash, Settings};

mod cache;
mod certificate;
pub mod check;
mod families;
mod profile;
mod search;
mod statics;
mod targets;

#[cfg(test)]
mod tests;

pub use search::{Objective, Work};
pub use statics::{Counts, counting_bound};

use families::Families;
use search::Search;

/// How far below `best`'s value a search may stop, per word: the larger, the sooner it
/// stops and the looser the bound (see [`search`](self) for how the budget is spent).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slack {
    /// Points per word for the score's bound.
    pub score: f64,
    /// The share of `best`'s losses the losses' bound may fall short by.
    pub losses: f64,
}

impl Slack {
    /// No slack: where `best` is optimal the bound is its total.
    pub const NONE: Slack = Slack {
        score: 0.0,
        losses: 0.0,
    };

    /// What `hangman bench` uses for a length of `words` words of `length` letters with
    /// `max_wrong` wrong guesses allowed.
    pub fn default_for(length: usize, words: usize, max_wrong: u32) -> Slack {
        let _ = (words, max_wrong);
        let score = match length {
            0..=3 => 0.0,
            4..=7 => 1.0,
            8 => 0.5,
            9 => 0.2,
            10 => 0.1,
            11 | 12 => 0.05,
            _ => 0.0,
        };
        Slack { score, losses: 0.1 }
    }
}

/// What is proven about one word length.
#[derive(Clone, Debug, PartialEq)]
pub struct LengthBound {
    /// Word length.
    pub length: usize,
    /// Words of that length.
    pub words: usize,
    /// The maximum of wrong guesses.
    pub max_wrong: u32,
    /// `best`'s total final score (an upper bound of the optimum).
    pub best: u64,
    /// `best`'s losses.
    pub best_losses: u64,
    /// No strategy totals less than this.
    pub total: u64,
    /// No strategy loses fewer words than this.
    pub losses: u64,
    /// The slack the searches ran with.
    pub slack: Slack,
    /// The score search's work.
    pub work: Work,
    /// Milliseconds both searches took (with `best`'s tree walk).
    pub millis: f64,
}

impl LengthBound {
    /// Whether the bound is `best`'s total: then both are the optimum.
    pub fn is_optimum(&self) -> bool {
        self.total == self.best
    }
}

/// The bounds of one length of `bucket` with `max_wrong` wrong guesses allowed: `policy`'s
/// tree (`best`'s) steers the searches and gives the upper side; `None` searches without
/// targets (to the end: only for small lists). With `certificates`, each search's proof is
/// written there (`length-L.score.cert.gz`, `length-L.losses.cert.gz`).
///
/// # Errors
///
/// When a certificate cannot be written.
pub fn prove(
    bucket: &Bucket,
    max_wrong: u32,
    policy: Option<&dyn Policy>,
    slack: Slack,
    certificates: Option<&Path>,
) -> io::Result<LengthBound> {
    let start = Instant::now();
    let n = bucket.len();
    let (targets, (best, best_losses)) = match policy {
        Some(policy) if n > 0 => targets::walk(policy, bucket, max_wrong),
        _ => (FxHashMap::default(), (u64::MAX, u64::MAX)),
    };
    let families = Families::build(bucket);
    let run = |objective: Objective, aim: u64, budget: f64| -> io::Result<(u64, Work)> {
        if n == 0 {
            return Ok((0, Work::default()));
        }
        let search = Search::new(bucket, objective, max_wrong, &families, &targets);
        let all = candidates::all(bucket);
        let root = Position::new(bucket.length(), max_wrong);
        let budget = if aim == u64::MAX { 0 } else { budget as u64 };
        let value = search.value(&all, SetHash::of(&all), root, aim, budget);
        if let Some(dir) = certificates {
            let name = match objective {
                Objective::Score => "score",
                Objective::Losses => "losses",
            };
            let path = dir.join(format!("length-{}.{name}.cert.gz", bucket.length()));
            let header = certificate::Header {
                objective,
                max_wrong,
                bound: value,
                words_sha256: &check::words_sha256(bucket),
            };
            write_atomically(&path, |out| certificate::write(&search, &header, out))?;
        }
        Ok((value, search.work()))
    };
    let (total, work) = run(Objective::Score, best, slack.score * n as f64)?;
    let (losses, _) = run(
        Objective::Losses,
        best_losses,
        slack.losses * best_losses as f64,
    )?;
    Ok(LengthBound {
        length: bucket.length(),
        words: n,
        max_wrong,
        best: if n == 0 { 0 } else { best },
        best_losses: if n == 0 { 0 } else { best_losses },
        total,
        losses,
        slack,
        work,
        millis: start.elapsed().as_secs_f64() * 1e3,
    })
}

/// Writes `path` gzip-compressed through a temporary file renamed over it.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let file = tempfile::NamedTempFile::new_in(dir)?;
    let mut gz =
        flate2::write::GzEncoder::new(io::BufWriter::new(file), flate2::Compression::default());
    write(&mut gz)?;
    let file = gz
        .finish()?
        .into_inner()
        .map_err(io::IntoInnerError::into_error)?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Where [`bounds`] finds `best`'s decisions and keeps its results.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `best`'s decision cache folder (see [`Settings::cache_dir`]).
    pub decisions: Option<PathBuf>,
    /// The folder of cached bounds (see [`cache`](self)); `None`: neither read nor written.
    pub cache: Option<PathBuf>,
    /// Write each length's certificates here (every length is then searched again).
    pub certificates: Option<PathBuf>,
    /// The slack of every length, instead of [`Slack::default_for`].
    pub slack: Option<Slack>,
}

/// The bounds of every length of `lexicon` at `max_wrong`, from the cache where it holds
/// them, else searched (lengths in parallel, the largest first) and cached.
///
/// # Errors
///
/// When a certificate cannot be written (a cache that cannot be written is skipped).
pub fn bounds(
    lexicon: &Arc<Lexicon>,
    max_wrong: u32,
    options: &Options,
) -> io::Result<Vec<LengthBound>> {
    let slack_of = |length: usize| {
        options
            .slack
            .unwrap_or_else(|| Slack::default_for(length, lexicon.bucket(length).len(), max_wrong))
    };
    let mut found: Vec<LengthBound> = Vec::new();
    let mut todo: Vec<usize> = Vec::new();
    for length in lexicon.lengths() {
        let cached = options.certificates.is_none().then(|| {
            let dir = options.cache.as_deref()?;
            cache::load(dir, lexicon.bucket(length), max_wrong, slack_of(length))
        });
        match cached.flatten() {
            Some(bound) => found.push(bound),
            None => todo.push(length),
        }
    }
    if !todo.is_empty() {
        let settings = Settings {
            max_wrong,
            cache_dir: options.decisions.clone(),
            ..Settings::default()
        };
        let best = Lookahead::from_settings("lookahead", lexicon, &settings)
            .expect("best's default settings are valid");
        if let Some(dir) = &options.certificates {
            std::fs::create_dir_all(dir)?;
        }
        // The largest first: they take longest.
        todo.sort_by_key(|&l| std::cmp::Reverse(lexicon.bucket(l).len()));
        let searched: Vec<LengthBound> = todo
            .par_iter()
            .map(|&length| {
                let bucket = lexicon.bucket(length);
                let bound = prove(
                    bucket,
                    max_wrong,
                    Some(&best),
                    slack_of(length),
                    options.certificates.as_deref(),
                )?;
                if let Some(dir) = &options.cache {
                    // A cache that cannot be written costs the next run time, nothing more.
                    let _ = cache::save(dir, bucket, &bound);
                }
                Ok(bound)
            })
            .collect::<io::Result<_>>()?;
        let _ = best.save_cache();
        found.extend(searched);
    }
    found.sort_by_key(|b| b.length);
    Ok(found)
}
