//! Progress bars on stderr, shown only on a terminal and only for runs long enough to
//! need one, so piped output and logs stay clean.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Fewer items than this finish too fast for a bar to be worth drawing.
const MIN_ITEMS: u64 = 2_000;

/// A bar over `len` items labelled `label`; hidden when stderr is not a terminal or the run
/// is short.
pub(crate) fn bar(len: u64, label: &str) -> ProgressBar {
    if len < MIN_ITEMS || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    // `wide_bar` takes what the terminal's width leaves, so the line never wraps; the rate
    // is rounded to three figures (indicatif's `per_sec` prints `660,845.1696/s`).
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{wide_bar}] {human_pos}/{human_len} {rate} ETA {eta}",
        )
        .expect("valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        )
        .progress_chars("=> "),
    );
    bar.set_prefix(label.to_string());
    bar
}

/// Items per second in three significant figures with a k/M suffix: `660k/s`, `1.25M/s`.
pub(crate) fn rate(per_sec: f64) -> String {
    let (value, unit) = if per_sec >= 1e6 {
        (per_sec / 1e6, "M")
    } else if per_sec >= 1e3 {
        (per_sec / 1e3, "k")
    } else {
        (per_sec, "")
    };
    format!("{}{unit}/s", crate::export::units::three_figures(value))
}

#[cfg(test)]
mod tests {
    use super::rate;

    #[test]
    fn rates_are_three_figures() {
        assert_eq!(rate(660_845.169_6), "661k/s");
        assert_eq!(rate(1_254_000.0), "1.25M/s");
        assert_eq!(rate(42.123), "42.1/s");
        assert_eq!(rate(0.5), "0.50/s");
        assert_eq!(rate(12_345.0), "12.3k/s");
    }
}
