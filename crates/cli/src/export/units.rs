//! Times in the unit that suits their size, as people read them: `812 ns` is not used (the
//! clocks do not resolve it), but `4.21 µs`, `48.8 ms` and `2.51 s` are.

/// `us` microseconds in three significant figures: µs below a millisecond, ms below a
/// second, else s.
pub(crate) fn micros(us: f64) -> String {
    let (value, unit) = if us >= 1e6 {
        (us / 1e6, "s")
    } else if us >= 1e3 {
        (us / 1e3, "ms")
    } else {
        (us, "µs")
    };
    format!("{} {unit}", three_figures(value))
}

/// `value` (below 1,000) in three significant figures: `661`, `48.8`, `2.51`.
pub(crate) fn three_figures(value: f64) -> String {
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$}")
}

/// `ms` milliseconds, as [`micros`] writes them.
pub(crate) fn millis(ms: f64) -> String {
    micros(ms * 1e3)
}

/// A count and its noun: `1 word`, `2 words`, `1 wrong guess`, `2 wrong guesses` (nouns
/// ending in `s`, `x`, `ch` or `sh` take `es`).
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else if ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end)) {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unit_follows_the_size() {
        assert_eq!(micros(0.4), "0.40 µs");
        assert_eq!(micros(11.71), "11.7 µs");
        assert_eq!(micros(999.0), "999 µs");
        assert_eq!(micros(2_512_613.07), "2.51 s");
        assert_eq!(millis(48_845.8), "48.8 s");
        assert_eq!(millis(26.04), "26.0 ms");
        assert_eq!(millis(1.0), "1.00 ms");
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "word"), "1 word");
        assert_eq!(plural(0, "game"), "0 games");
        assert_eq!(plural(2, "wrong guess"), "2 wrong guesses");
        assert_eq!(plural(1, "wrong guess"), "1 wrong guess");
    }
}
