//! Progress bars on stderr, shown only on a terminal and only for runs long enough to
//! need one, so piped output and logs stay clean.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Fewer items than this finish too fast for a bar to be worth drawing.
const MIN_ITEMS: u64 = 2_000;

/// A bar over `len` items labelled `label`; hidden when stderr is not a terminal or the run
/// is short.
pub fn bar(len: u64, label: &str) -> ProgressBar {
    if len < MIN_ITEMS || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} ({per_sec}, ETA {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_prefix(label.to_string());
    bar
}
