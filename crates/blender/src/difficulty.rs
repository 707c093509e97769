//! Difficulty levels and the daily puzzle's deal.

use std::ops::RangeInclusive;
use std::time::Duration;

/// How hard a game is: the round's time and how many required words its rack holds. More
/// words mean more slots to fill before the completion bonus, in less time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Three minutes for racks of 6 to 15 required words.
    Easy,
    /// Two minutes for racks of 10 to 30 required words.
    #[default]
    Normal,
    /// Ninety seconds for racks of 25 to 80 required words.
    Hard,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The level's name (`easy`, `normal`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    /// The time of a round.
    pub fn time(self) -> Duration {
        Duration::from_secs(match self {
            Difficulty::Easy => 180,
            Difficulty::Normal => 120,
            Difficulty::Hard => 90,
        })
    }

    /// How many required words a round's rack has.
    pub fn words(self) -> RangeInclusive<usize> {
        match self {
            Difficulty::Easy => 6..=15,
            Difficulty::Normal => 10..=30,
            Difficulty::Hard => 25..=80,
        }
    }
}

/// The seed of the daily puzzle of `date` (any text naming the day, `YYYY-MM-DD` by
/// convention): the same for every player and every run, so everyone gets the same rack on
/// the same day with the same word lists.
pub fn daily_seed(date: &str) -> u64 {
    // FNV-1a over a tagged date, then a SplitMix64 finalizer so that consecutive days get
    // unrelated seeds.
    let tagged = "wordplay blender daily ".bytes().chain(date.bytes());
    lexicon::hash::mix64(lexicon::hash::fnv1a(tagged))
}

/// The first daily puzzle's date: number 1.
pub const FIRST_DAILY: &str = "2026-01-01";

/// The number of the daily puzzle of `date` (`YYYY-MM-DD`): 1 on [`FIRST_DAILY`], one more
/// each day after; `None` for text that is not such a date or a date before the first
/// puzzle. The page and the terminal game number (and record) a day's puzzle alike.
///
/// ```
/// assert_eq!(blender::daily_number("2026-01-01"), Some(1));
/// assert_eq!(blender::daily_number("2026-11-24"), Some(328));
/// assert_eq!(blender::daily_number("2025-12-31"), None);
/// assert_eq!(blender::daily_number("yesterday"), None);
/// ```
pub fn daily_number(date: &str) -> Option<u32> {
    let first: jiff::civil::Date = FIRST_DAILY.parse().ok()?;
    let date: jiff::civil::Date = date.parse().ok()?;
    let days = first.until(date).ok()?.get_days();
    u32::try_from(days).ok().map(|d| d + 1)
}

/// How a daily puzzle is named in its share line: `#N YYYY-MM-DD`, or `daily DATE` for a
/// date without a number.
pub fn daily_label(date: &str) -> String {
    match daily_number(date) {
        Some(n) => format!("#{n} {date}"),
        None => format!("daily {date}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_get_harder() {
        for pair in Difficulty::ALL.windows(2) {
            assert!(pair[0].time() > pair[1].time());
            assert!(pair[0].words().start() < pair[1].words().start());
            assert!(pair[0].words().end() < pair[1].words().end());
        }
    }

    #[test]
    fn daily_seeds_are_fixed_per_date_and_differ_between_dates() {
        assert_eq!(daily_seed("2026-05-14"), daily_seed("2026-05-14"));
        let seeds: std::collections::HashSet<u64> = (1..=28)
            .map(|d| daily_seed(&format!("2026-02-{d:02}")))
            .collect();
        assert_eq!(seeds.len(), 28);
    }
}
