//! Proven lower bounds of the least total score (and of the fewest losses) any strategy can
//! reach on a word length, close enough to `best`'s to measure how far from optimal it is.
//!
//! # What is bounded
//!
//! The secret is drawn uniformly from the dictionary's words of one length; the guesser
//! knows the dictionary and may guess any letter or any word at any time. A strategy's
//! *total* is the sum of its final scores over the words (a lost word scores 25); its
//! *losses* the number of words it loses. [`prove`] returns, per length, a total and a
//! number of losses that **no** strategy goes below (the two minima may belong to
//! different strategies), and writes each proof as a certificate that [`check`] re-checks
//! with code of its own.
//!
//! # The proof
//!
//! A *state* is a set `S` of `n` candidate words sharing one board: the letters guessed,
//! the positions revealed, running score `s`, `L` more wrong guesses survivable. `V(S)` is
//! the least total (or losses) of its words over all strategies from there. Its value
//! depends on the set, `s` and the wrong guesses only (the board is a function of the set
//! and the guesses). Every rule below gives a number at most `V(S)`; the search combines
//! them with minima over moves and maxima over rules, so its result is at most `V(root)`.
//!
//! 1. **Moves.** `V(S)` is the least, over first moves, of the sum of `V` of the states
//!    the answers lead to. A move that does not split `S` (a letter in no candidate, or in
//!    all at the same places; a word not in `S`) never helps: it leaves `S` with a higher
//!    score and maybe a life less, and a state with a lower score and more lives is never
//!    worse (play the same continuation). A letter in one word of `S` only is that word's
//!    guess at a point more when it hits, so never better than the word guess. So the least
//!    over the letters in two words or more and the word guesses of their totals' lower
//!    bounds is a lower bound.
//! 2. **Counting (static).** `p` is the most distinct non-empty position masks a letter
//!    shows in `S` (no subset shows more). `W(j, l, u)` bounds how many words any strategy
//!    wins with at most `j` more counted guesses, `l` lives and `u` unrevealed positions:
//!    `W(0) = 1`; a word guess gives `1 + W(j−1, l−1, u)`; a letter its miss part
//!    `W(j−1, l−1, u)` plus at most `p` hit parts of distinct masks (`C(u, k)` masks of `k`
//!    positions, the `p` largest `W(j−1, l, u−k)`). A word none of the first `L + 1`
//!    guesses of the all-misses path hits is lost, and those guesses hit at most the
//!    `L + 1` largest letter counts. Sorting any strategy's final scores, the `i`-th is at
//!    least `min(25, s + jᵢ)` with `jᵢ` the least `j` with `W(j) ≥ i` ([`counting_bound`]).
//! 3. **Families (static).** A strategy for `S` restricted to a part of `S` is a strategy
//!    for that part, so the losses of `S` are at least the sum of its parts' fewest
//!    losses, over any partition. The families are fixed groups of words equal but at one
//!    to three positions (`?ill`, `??ing`), chosen to force the most losses; `W_L(F)`, the most words of `F` any strategy wins with `L` lives,
//!    is computed exactly by the same recursion over `F`'s own letters (see `families`).
//!    The counting bound then caps the words won at `n − Σ (|F ∩ S| − W_L(F ∩ S))`.
//!    **By parts** (where [`Slack::family_totals`] is set): every word pays the guesses on
//!    its own path, so the score of `S` is also at least the sum of the least totals of
//!    its families with a few words in `S`, each on its own (`V_{s,L}(F ∩ S)`, the same
//!    recursion with word guesses, at the running score; above 8 words the word guesses
//!    bounded together, less a ride), plus the counting bound of the other words with
//!    their families' losses.
//! 4. **Chains.** When every letter that splits `S` is in one word only, each guess tests
//!    one word: the `i`-th tested scores `s + i` while the game lasts, the rest lose.
//! 5. **Screens.** A letter's total is at least what its answers' sizes alone force: every
//!    word pays the guess, in every part but one word pays at least one more, and a miss
//!    on the last life loses its part.
//! 6. **Word guesses.** If every won game scores at most 25, an optimal word guess at `n`
//!    words totals at least `s + (s+1)·w + 25·(n−1−w)`, `w = min(n−1, 25−s)` (the word
//!    lemma of [`Exact`](crate::strategy::Exact)); the others after the miss are bounded
//!    statically (`w0`), or by the state of the *whole* set one miss later less one
//!    *ride* (a word riding along a strategy adds at most `max(25, length + max wrong)`
//!    points or one loss: `w1`), or word by word (`w2`).
//! 7. **Small sets (static).** Where [`Slack::exact_small`] is set, the score's static
//!    bound of a set of 2 to that many words is its least total `V(S)` itself, solved by
//!    an exhaustive search over the moves of rule 1 (every letter in two words or more
//!    and every word guess, each answer's part solved in turn against what is left of
//!    the best move's total); such a set is then never opened (nothing goes higher).
//!
//! # Where the search stops
//!
//! The targets (`best`'s values at the states of its tree) and the slack only decide how
//! far the search goes and which moves it tries first, never what a number means: see
//! `search`. The slack of a length ([`Slack::default_for`]) trades time for the gap.

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
pub mod plies;
mod profile;
mod result;
mod search;
mod statics;
mod targets;

#[cfg(test)]
mod tests;

pub use plies::{EXACT_MAX_WORDS, Rule};
pub use result::{LengthBound, Slack};
pub use search::{Objective, Work};
pub use statics::{Counts, counting_bound};

use families::Families;
use search::{Proven, Search};

/// The bounds of one length of `bucket` with `max_wrong` wrong guesses allowed: `policy`'s
/// tree (`best`'s) steers the searches and gives the upper side; `None` searches without
/// targets (to the end: only for small lists). `other` is what another rule proved of the
/// total (see [`plies::reference`]): the better of it and the search's is kept, and an
/// exact one spares the score's search. With `certificates`, each proof is written there
/// (`length-L.score.cert.gz` or, for another rule's total, `length-L.score.rule`, and
/// `length-L.losses.cert.gz`).
///
/// # Errors
///
/// When a certificate cannot be written.
pub fn prove(
    bucket: &Bucket,
    max_wrong: u32,
    policy: Option<&dyn Policy>,
    slack: Slack,
    other: Option<(u64, Rule)>,
    certificates: Option<&Path>,
) -> io::Result<LengthBound> {
    let start = Instant::now();
    let n = bucket.len();
    let (targets, (best, best_losses)) = match policy {
        Some(policy) if n > 0 => targets::walk(policy, bucket, max_wrong),
        _ => (FxHashMap::default(), (u64::MAX, u64::MAX)),
    };
    let families = Families::build(bucket, max_wrong, slack.family);
    let certificate = |objective: Objective| {
        let name = match objective {
            Objective::Score => "score",
            Objective::Losses => "losses",
        };
        certificates.map(|dir| dir.join(format!("length-{}.{name}.cert.gz", bucket.length())))
    };
    // One search per objective, its memo kept from slack to slack: each step re-opens only
    // what the tighter slack needs. Its certificate is written if it reaches `kept`
    // (another rule's better total is proven by that rule instead). The losses' search
    // runs first: the states its proof opens, with their counts, go to the score's.
    let run = |search: &Search<'_>,
               aim: u64,
               steps: &[f64],
               (scale, nodes, rise, kept): (f64, u64, u64, u64)| {
        if n == 0 {
            return Ok(0);
        }
        // The losses' climb goes on at a smaller rise after a miss; the score's stops (see
        // [`LOSSES_HALVINGS`]).
        let halvings = match search.objective {
            Objective::Losses => LOSSES_HALVINGS,
            Objective::Score => 0,
        };
        let value = drive(
            search,
            max_wrong,
            aim,
            steps,
            (scale, nodes, rise, halvings),
        );
        if let Some(path) = certificate(search.objective).filter(|_| value >= kept) {
            let header = certificate::Header {
                objective: search.objective,
                max_wrong,
                bound: value,
                words_sha256: &check::words_sha256(bucket),
                uses_losses: search.used_proven(),
                family_totals: search.family_totals(),
                exact_small: search.exact_small(),
            };
            write_atomically(&path, |out| certificate::write(search, &header, out))?;
        }
        io::Result::Ok(value)
    };
    // Small lengths are searched to the end (no aim stops them): their bound is the optimum.
    let (best_aim, losses_aim) = if n <= EXACT_MAX_WORDS {
        (u64::MAX, u64::MAX)
    } else {
        (best, best_losses)
    };
    let climbs = slack.climb > 0.0;
    let losses_search = Search::new(
        bucket,
        Objective::Losses,
        max_wrong,
        &families,
        &targets,
        None,
    );
    let losses = run(
        &losses_search,
        losses_aim,
        &slack.losses_steps(),
        (
            best_losses as f64,
            slack.losses_nodes(),
            slack.losses_rise,
            0,
        ),
    )?;
    let proven = if n > 0 {
        certificate::proven(&losses_search, max_wrong)
    } else {
        Proven::default()
    };
    let score_rise = if climbs {
        ((slack.climb * n as f64) as u64).max(1)
    } else {
        0
    };
    // An exact value elsewhere spares a long search; a short one (to the end) still runs,
    // for its certificate.
    let (searched, work) = match other {
        Some((_, rule)) if rule.is_exact() && n > EXACT_MAX_WORDS => (0, Work::default()),
        _ => {
            let search = Search::new(
                bucket,
                Objective::Score,
                max_wrong,
                &families,
                &targets,
                Some(&proven),
            );
            search.set_family_totals(slack.family_totals);
            search.set_exact_small(slack.exact_small);
            let value = run(
                &search,
                best_aim,
                &slack.score_steps(),
                (
                    n as f64,
                    slack.nodes,
                    score_rise,
                    other.map_or(0, |(total, _)| total),
                ),
            )?;
            (value, search.work())
        }
    };
    let (total, rule) = match other {
        Some((total, rule)) if total > searched => (total, rule),
        _ => (searched, Rule::Search),
    };
    if rule != Rule::Search
        && let Some(dir) = certificates
    {
        let path = dir.join(format!("length-{}.score.rule", bucket.length()));
        let text = check::rule_file(bucket, max_wrong, &rule.name(), total);
        write_atomically_plain(&path, text.as_bytes())?;
    }
    Ok(LengthBound {
        length: bucket.length(),
        words: n,
        max_wrong,
        best: if n == 0 { 0 } else { best },
        best_losses: if n == 0 { 0 } else { best_losses },
        total,
        rule,
        searched,
        losses,
        slack,
        work,
        millis: start.elapsed().as_secs_f64() * 1e3,
    })
}

/// Runs `search` from the start of a game and returns its bound: first the climb, aims
/// `rise` above what is proven (so the weakest moves are raised first, wherever they are),
/// the rise halved after an aim is missed, `halvings` times, the halved rises with half
/// the states left at the first miss at most; then aims at `aim` with each slack step of
/// `steps` (`scale` a step's unit); `nodes` states opened in all at most. `aim`
/// `u64::MAX`: searched to the end.
fn drive(
    search: &Search<'_>,
    max_wrong: u32,
    aim: u64,
    steps: &[f64],
    (scale, nodes, rise, halvings): (f64, u64, u64, u32),
) -> u64 {
    let bucket = search.bucket;
    let all = candidates::all(bucket);
    let hash = SetHash::of(&all);
    let root = Position::new(bucket.length(), max_wrong);
    if aim == u64::MAX {
        return search.value(&all, hash, root, aim, 0);
    }
    search.set_limit(nodes);
    let mut value: u64 = 0;
    let mut rise = rise;
    for round in 0..=halvings {
        if rise == 0 || value >= aim || search.exhausted() {
            break;
        }
        if round == 1 {
            // The steps keep half of what the first rise left (see [`LOSSES_HALVINGS`]).
            let spent = search.work().expanded;
            search.set_limit(spent + nodes.saturating_sub(spent) / 2);
        }
        loop {
            let next = value.saturating_add(rise).min(aim);
            let reached = search.value(&all, hash, root, next, 0);
            value = value.max(reached);
            if value >= aim || search.exhausted() || reached < next {
                break;
            }
        }
        rise /= 2;
    }
    search.set_limit(nodes);
    for &step in steps {
        let budget = (step * scale) as u64;
        value = value.max(search.value(&all, hash, root, aim, budget));
        if value >= aim || search.exhausted() {
            break;
        }
    }
    value
}

/// How often the losses' climb halves its rise after an aim is missed before it gives up
/// (from 40: 20, 10, 5, 2, 1 losses). Without it the climb stopped at its first miss, and the
/// states left went to aims at `best`'s losses, which raise nothing where `best` is far:
/// words.txt, a length alone, max 5, the same states: 5 letters stopped after 553 states at
/// 1,084 losses, and goes on to 1,207, its counts raising the score's bound 8.798 → 9.048 a
/// word for the same CPU; 4 letters 1,137 → 1,191 losses (the score's bound steered
/// elsewhere, 14.4042 → 14.4001 a word). 6 and 7 letters use all their states before the
/// first miss (no change). The score's climb stops at its first miss: halving it too left
/// too few states for the steps at 7 letters (5.278 → 4.765 a word).
///
/// The halved rises may spend half of the states the first rise left, no more: the other
/// half goes to the aims at `best`'s losses, along `best`'s tree, where the score's search
/// goes too and takes their counts. Without that cap the embedded list's 5 letters (alone,
/// max 5, a rise of 10) spent all its states on the halved rises (1,895 → 1,915 losses, the
/// last aim, 1,917, taking the last 82,000 states) and its score's bound fell 9.4190 →
/// 9.1182 a word; with it, 9.4045 with the same 1,915 losses. words.txt's 4–7 letters
/// spend far less than half on the halved rises, or all their states before the first
/// miss: no change.
const LOSSES_HALVINGS: u32 = 5;

/// Writes `bytes` to `path` through a temporary file renamed over it.
fn write_atomically_plain(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `path` gzip-compressed through a temporary file renamed over it.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let file = tempfile::NamedTempFile::new_in(dir)?;
    let gz =
        flate2::write::GzEncoder::new(io::BufWriter::new(file), flate2::Compression::default());
    // The proof is written a token of a few bytes at a time, and the encoder runs the
    // compressor on every write: gathered first, the same bytes compress in big runs (the
    // output does not depend on how the input is cut).
    let mut text = io::BufWriter::with_capacity(1 << 16, gz);
    write(&mut text)?;
    let file = text
        .into_inner()
        .map_err(io::IntoInnerError::into_error)?
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
        // The longest first, each thread taking the next length when it is free
        // (`par_bridge` hands them out in this order). A length's node budget, then its
        // words, say how long it takes; a state whose small sets are solved exactly counts
        // three times (words.txt's 8 letters: 450,000 states took 138 s, as long as 4 and
        // 7 letters' million; counted once, 8 letters ran last and alone). Splitting the
        // list in halves instead (`par_iter`) left one thread with several long lengths
        // in a row while the other sat idle (words.txt: 7, 10, 11 and 6, 400 s of the
        // run's 700, on one thread).
        let cost = |l: usize| {
            let slack = slack_of(l);
            let weight = if slack.exact_small > 0 { 3 } else { 1 };
            (slack.nodes.saturating_mul(weight), lexicon.bucket(l).len())
        };
        todo.sort_by_key(|&l| std::cmp::Reverse(cost(l)));
        let searched: Vec<LengthBound> = todo
            .into_iter()
            .par_bridge()
            .map(|length| {
                let bucket = lexicon.bucket(length);
                let other = plies::reference(lexicon, length, max_wrong);
                let bound = prove(
                    bucket,
                    max_wrong,
                    Some(&best),
                    slack_of(length),
                    Some(other),
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
