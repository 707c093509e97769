//! The arguments of `hangman solve`, parsed by clap into plain values (the run resolves
//! them into solver options once, in `super::run`).

use std::path::PathBuf;

use clap::Args;

use crate::export::solve::SolveFormat;

/// Arguments of `hangman solve`.
#[derive(Debug, Args)]
#[command(
    after_long_help = "Output: M is the value, or a..b when only bounds are proven \
(the search stopped first, or --verdict-only). The verdict says \"(proven)\" when the bounds \
decide it. Best first lists the guesser's optimal first letters: +? after them = more may \
exist (the search stopped while settling them: a time limit or --first-letter-nodes); - = not computed (M not exact, \
--verdict-only, or no time left); (none) = one word, nothing to guess.",
    // The shared `--threads` promises identical results; a solve cut short by a time limit
    // may prove more or less with another count, so its help says so.
    mut_arg("threads", |arg| arg.help(
        "Worker threads (default: all cores). Values, verdicts and first letters do not \
depend on the count; only a run cut short by a time limit may prove more or less"
    ))
)]
pub(crate) struct SolveArgs {
    /// The word list (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,

    /// Solve one word length.
    #[arg(long, value_name = "L", conflicts_with = "lengths",
          value_parser = clap::value_parser!(u32).range(1..=32))]
    pub(crate) length: Option<u32>,

    /// Solve a range of lengths, `A-B`, or one length `L` (default: every length of the list).
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    pub(crate) lengths: Option<(usize, usize)>,

    /// The limit of wrong guesses; the verdict (does the referee force more misses?) is
    /// proven first, before the exact value. `--lives N`, hidden, is `-m N-1`.
    #[command(flatten)]
    pub(crate) limit: crate::hangman::flags::MaxWrongOrLives,

    /// Stop each length once its verdict for `-m` is proven (no exact value, no
    /// first letters): the quickest answer to "who wins?".
    #[arg(long)]
    pub(crate) verdict_only: bool,

    /// Stop after S seconds in total and report proven bounds for unfinished lengths.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub(crate) time_limit: Option<f64>,

    /// Nodes each length may spend on settling its optimal first letters, after its exact
    /// value (0: no cap, until every letter is settled, which can take hours at the
    /// hardest lengths); the split proofs (a second guess, each part solved alone) and
    /// the four-blank witnesses have caps of their own, the same number. Letters still
    /// open are shown as `+?`. A capped search for first letters runs on one thread, so
    /// the letters it settles do not depend on the thread count or the machine's speed.
    #[arg(long, value_name = "NODES", default_value_t = FIRST_LETTER_NODES)]
    pub(crate) first_letter_nodes: u64,

    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: SolveFormat,

    /// The worker pool (its help says what a time-limited run may prove: see `mut_arg` above).
    #[command(flatten)]
    pub(crate) threads: crate::hangman::flags::Threads,

    /// Transposition table size per length being solved, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub(crate) table_mb: u64,

    /// Seconds between two status lines when stderr is not a terminal (0: none).
    #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = parse_interval)]
    pub(crate) progress_every: f64,

    /// `--skip-invalid`.
    #[command(flatten)]
    pub(crate) invalid: crate::hangman::flags::SkipInvalid,

    /// Write a certificate per length to DIR (`length-L.cert.gz`): proofs of both bounds that
    /// `hangman verify DIR DICTIONARY` re-checks (format: docs/evil.md). With
    /// `--time-limit`, the search gets 3/4 of the limit and the proofs the rest.
    #[arg(long, value_name = "DIR")]
    pub(crate) certificate: Option<PathBuf>,
}

/// The default cap of `--first-letter-nodes`, so that a bare `hangman solve` always
/// finishes: every length of words.txt, enable1, the embedded list and SCOWL 70 settles all
/// its first letters within it (the embedded list's 3 needs more than 8 million nodes,
/// SCOWL's 4 is the slowest, about 4 minutes of one thread), while a list no one has tried
/// stops with its open letters marked (docs/evil.md, "`hangman solve` and `hangman verify`").
const FIRST_LETTER_NODES: u64 = 16_000_000;

fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let bad =
        || format!("{text:?} is not a range A-B of word lengths 1-32 with A <= B, nor one length");
    // One length is the range of it alone, as a user trying `--lengths 3` means.
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let (a, b): (usize, usize) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a == 0 || a > b || b > lexicon::MAX_WORD_LEN {
        return Err(bad());
    }
    Ok((a, b))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(s),
        _ => Err(format!("{text:?} is not a positive number of seconds")),
    }
}

fn parse_interval(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..1e9).contains(&s) => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds (0 or more)")),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_range;

    #[test]
    fn lengths_are_a_range_or_one_length() {
        assert_eq!(parse_range("4-7"), Ok((4, 7)));
        assert_eq!(parse_range("3"), Ok((3, 3)));
        for bad in ["", "0", "7-4", "3-", "-3", "x", "3-99", "99"] {
            assert!(parse_range(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
