//! The `blender` program's options shared by its commands and the game session: the rack
//! and deal flags, `blender play`'s options and the round timer. A sibling of `session` so
//! both the dispatcher and the session use them without a module cycle.

use std::path::PathBuf;
use std::time::Duration;

use crate::error::UsageError;
use crate::export::blender::Dealing;
use crate::seed::clock_seed;
use crate::terminal::ColorChoice;
use blender::Difficulty;
use clap::ValueEnum;

/// How many required words a rack has (`play`, `deal` and `stats`).
#[derive(Debug, clap::Args)]
pub(crate) struct RackArgs {
    /// How hard: the time of a round and how many required words its rack has
    /// (easy: 180 s, 6-15 words; normal: 120 s, 10-30; hard: 90 s, 25-80).
    #[arg(long, value_enum, default_value_t = Level::Normal)]
    pub(super) difficulty: Level,
    /// Fewest required words in a round's rack (default: from --difficulty).
    #[arg(long)]
    pub(super) min_words: Option<usize>,
    /// Most required words in a round's rack (default: from --difficulty).
    #[arg(long)]
    pub(super) max_words: Option<usize>,
}

/// Which rounds are dealt (`play` and `deal`).
#[derive(Debug, clap::Args)]
pub(crate) struct DealArgs {
    /// The rack sizes.
    #[command(flatten)]
    pub(super) rack: RackArgs,
    /// Seed for dealing rounds (default: from the clock; printed so a game can be replayed).
    #[arg(long, conflicts_with = "daily")]
    pub(super) seed: Option<u64>,
    /// The daily puzzle: one round, the same rack for everyone on DATE (YYYY-MM-DD;
    /// default: today). Played at normal difficulty.
    #[arg(long, value_name = "DATE", num_args = 0..=1,
          default_missing_value = "today",
          conflicts_with_all = ["difficulty", "min_words", "max_words"])]
    pub(super) daily: Option<String>,
}

/// The difficulty levels on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Level {
    /// 180 s, racks of 6 to 15 required words.
    Easy,
    /// 120 s, racks of 10 to 30 required words.
    Normal,
    /// 90 s, racks of 25 to 80 required words.
    Hard,
}

impl From<Level> for Difficulty {
    fn from(level: Level) -> Difficulty {
        match level {
            Level::Easy => Difficulty::Easy,
            Level::Normal => Difficulty::Normal,
            Level::Hard => Difficulty::Hard,
        }
    }
}

/// Options of `blender play`.
#[derive(Debug, clap::Args)]
pub(crate) struct BlenderPlayArgs {
    /// Which rounds are dealt.
    #[command(flatten)]
    pub(super) deal: DealArgs,
    /// Seconds per round (default: from --difficulty).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub(super) time: Option<u64>,
    /// Scores store, an SQLite file shared with `wordplay serve` (default: scores.sqlite3 in
    /// the user's data directory).
    #[arg(long, value_name = "FILE")]
    pub(super) scores: Option<PathBuf>,
    /// Name for the high-score table (default: asked at the end of a game in the terminal
    /// UI, offering $USER; $USER or "player" in line mode).
    #[arg(long)]
    pub(super) name: Option<String>,
    /// Use the plain line mode even on a terminal.
    #[arg(long)]
    pub(super) line: bool,
    /// Colour in the terminal UI: auto (unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub(super) color: ColorChoice,
}

impl DealArgs {
    /// The deals these options ask for.
    pub(super) fn dealing(&self) -> anyhow::Result<Dealing> {
        let args = self;
        let daily = args.daily.as_deref().map(daily_date).transpose()?;
        let difficulty = if daily.is_some() {
            Difficulty::Normal
        } else {
            args.rack.difficulty.into()
        };
        let seed = match &daily {
            Some(date) => blender::daily_seed(date),
            None => args.seed.unwrap_or_else(clock_seed),
        };
        Ok(Dealing {
            difficulty,
            words: args.rack.words(difficulty)?,
            seed,
            daily,
        })
    }
}

impl RackArgs {
    /// Fewest and most required words: the flags, or `difficulty`'s range.
    pub(super) fn words(&self, difficulty: Difficulty) -> anyhow::Result<(usize, usize)> {
        let range = difficulty.words();
        let words = (
            self.min_words.unwrap_or(*range.start()),
            self.max_words.unwrap_or(*range.end()),
        );
        if words.0 > words.1 {
            return Err(UsageError(format!(
                "--min-words {} is greater than --max-words {}",
                words.0, words.1
            ))
            .into());
        }
        Ok(words)
    }
}

/// The date of `--daily`: `today` (the local date) or a `YYYY-MM-DD` date, normalized.
fn daily_date(text: &str) -> anyhow::Result<String> {
    if text == "today" {
        return Ok(jiff::ZonedDateTime::now().date().to_string());
    }
    let date: jiff::civil::Date = text.parse().map_err(|e| {
        UsageError(format!(
            "--daily {text:?} is not a date: {e} (use YYYY-MM-DD)"
        ))
    })?;
    Ok(date.to_string())
}

/// The round timer: `--time`, or the difficulty's.
pub(crate) fn round_time(args: &BlenderPlayArgs, difficulty: Difficulty) -> Duration {
    args.time.map_or(difficulty.time(), Duration::from_secs)
}
