//! The default command: play test words with one strategy and report scores.

use std::io::Write;
use std::time::Instant;

use anyhow::Context;
use hangman::eval::{self, RunOptions};
use hangman::result::RunSummary;
use hangman::strategy::Settings;
use lexicon::Lexicon;
use rand::SeedableRng;
use rand_pcg::Pcg64;

use super::args::ScoreArgs;
use crate::dictionary;
use crate::error::{Incomplete, usage};
use crate::export::{self, ScoreReport};

pub(super) fn run(args: ScoreArgs) -> anyhow::Result<()> {
    let positionals = dictionary::split_positionals(args.dict.clone(), &args.positionals);
    if let Some(note) = &positionals.note {
        eprintln!("note: {note}");
    }
    let dict_path = positionals.dictionary;
    let words = normalize_words(&positionals.words)?;
    if words.is_empty() && !args.selection.all && args.selection.sample.is_none() {
        return Err(usage(
            "no test words: give WORDs, --all for the whole dictionary, or --sample N",
        ));
    }
    if !words.is_empty() && (args.selection.all || args.selection.sample.is_some()) {
        return Err(usage("give test WORDs or --all/--sample, not both"));
    }
    let info = args.strategy.resolve();
    let dict = dictionary::load(dict_path.as_deref(), args.invalid.skip_invalid)?;
    let lexicon = &dict.lexicon;

    let (play, not_played) = if args.selection.all {
        (lexicon.words().map(str::to_string).collect(), Vec::new())
    } else if let Some(n) = args.selection.sample {
        (sample(lexicon, n, args.selection.seed)?, Vec::new())
    } else if args.allow_unknown || args.referee.is_evil() {
        // A cheating referee plays a length: the test word only names it.
        (words, Vec::new())
    } else {
        words.into_iter().partition(|w| lexicon.contains(w))
    };
    if !not_played.is_empty() {
        eprintln!(
            "warning: not in the dictionary {}, not played: {} (use --allow-unknown to play them)",
            dict.name,
            not_played.join(", ")
        );
    }

    let settings = Settings {
        max_wrong: args.limit.max_wrong,
        seed: args.selection.seed,
        params: args.strategy.params.clone(),
        cache_dir: super::resolve::cache_dir(args.strategy.no_cache),
    };
    let options = RunOptions {
        seed: args.selection.seed,
        record: args.verbose,
    };
    let (run, threads) = args.threads.install(|| {
        let setup_start = Instant::now();
        let strategy = info.build(lexicon.clone(), &settings)?;
        let setup = setup_start.elapsed() + eval::prepare(strategy.as_ref(), &play);
        let bar = crate::progress::bar(play.len() as u64, info.name);
        let start = Instant::now();
        let tick = || bar.inc(1);
        let games = if args.referee.is_evil() {
            eval::play_words_refereed(
                strategy.as_ref(),
                args.referee,
                lexicon,
                &play,
                &options,
                &tick,
            )?
        } else if let Some(tree) = (args.selection.all && !args.verbose)
            .then(|| eval::evaluate_all(strategy.as_ref(), lexicon, &|n| bar.inc(n as u64)))
            .flatten()
        {
            // The whole dictionary by the decision tree, as the bench does: the same games
            // at the cost of the tree (the verbose transcripts need a replay).
            tree?
        } else {
            eval::play_words(strategy.as_ref(), &play, &options, &tick)?
        };
        let wall = start.elapsed();
        bar.finish_and_clear();
        super::resolve::save_cache(strategy.as_ref());
        anyhow::Ok((RunSummary::new(&games, setup, wall), games))
    })?;
    let (summary, games) = run?;

    if args.referee.is_evil() {
        eprintln!(
            "note: referee {}: each test word stands for its length; the word shown is one of \
             the referee's final family",
            args.referee
        );
    }
    let report = ScoreReport {
        strategy: if args.referee.is_evil() {
            format!("{} (referee {})", info.name, args.referee)
        } else {
            info.name.to_string()
        },
        dictionary: dict.name.clone(),
        dictionary_words: lexicon.len(),
        max_wrong: args.limit.max_wrong,
        seed: args.selection.seed,
        threads,
        load_ms: dict.load_time.as_secs_f64() * 1e3,
        summary,
        games,
        not_played,
    };
    let mut out = std::io::stdout().lock();
    export::write(&mut out, &report, args.format, !args.summary).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    if report.not_played.is_empty() {
        Ok(())
    } else {
        Err(Incomplete.into())
    }
}

/// Validates and lower-cases test words: letters a-z only.
fn normalize_words(words: &[String]) -> anyhow::Result<Vec<String>> {
    words
        .iter()
        .map(|w| {
            if !w.is_empty()
                && w.bytes().all(|b| b.is_ascii_alphabetic())
                && w.len() <= lexicon::MAX_WORD_LEN
            {
                Ok(w.to_ascii_lowercase())
            } else {
                Err(usage(format!(
                    "test word {w:?} is not a word of 1-{} letters a-z",
                    lexicon::MAX_WORD_LEN
                )))
            }
        })
        .collect()
}

/// `n` distinct random words of the lexicon, in a order fixed by `seed`.
pub(super) fn sample(lexicon: &Lexicon, n: u64, seed: u64) -> anyhow::Result<Vec<String>> {
    let total = lexicon.len();
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n > total {
        return Err(usage(format!(
            "--sample {n} is more than the {total} words of the dictionary"
        )));
    }
    let mut rng = Pcg64::seed_from_u64(seed);
    let ids: Vec<lexicon::WordId> = lexicon.ids().collect();
    Ok(rand::seq::index::sample(&mut rng, total, n)
        .into_iter()
        .map(|i| lexicon.word(ids[i]).to_string())
        .collect())
}
