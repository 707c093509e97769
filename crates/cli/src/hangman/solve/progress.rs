//! The status line on stderr while a solve runs: redrawn in place on a terminal, one line
//! every `--progress-every` seconds otherwise.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hangman::solve::{Phase, Progress, ProgressSnapshot};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Shows the lengths' progress on stderr until `finished`: a line redrawn in place on a
/// terminal, else one line every `every` seconds (none if 0).
pub(super) fn report_progress(
    progress: &[Progress],
    finished: &AtomicBool,
    every: f64,
    start: Instant,
) {
    let live = std::io::stderr().is_terminal();
    let tick = Duration::from_millis(100);
    let bar = if live {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(ProgressStyle::with_template("{spinner} {wide_msg}").expect("template"));
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut last = Instant::now();
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(tick);
        let line = status_line(progress, start);
        if live {
            bar.set_message(line);
            bar.tick();
        } else if every > 0.0 && last.elapsed().as_secs_f64() >= every {
            last = Instant::now();
            eprintln!("{line}");
        }
    }
    bar.finish_and_clear();
}

/// One line: the lengths done, then each running length's bounds and test.
fn status_line(progress: &[Progress], start: Instant) -> String {
    let snapshots: Vec<ProgressSnapshot> = progress.iter().map(Progress::snapshot).collect();
    let done = snapshots.iter().filter(|s| s.phase == Phase::Done).count();
    let mut line = format!(
        "solve {:.0} s · {done}/{} lengths done",
        start.elapsed().as_secs_f64(),
        snapshots.len()
    );
    for s in snapshots
        .iter()
        .filter(|s| matches!(s.phase, Phase::Bounds | Phase::FirstLetters))
    {
        let bounds = s.bounds.map_or_else(|| "?".to_string(), |b| b.to_string());
        let what = match (s.phase, s.testing) {
            (Phase::FirstLetters, _) => {
                format!("first letters {}/{}", s.first_letters.0, s.first_letters.1)
            }
            (_, Some(k)) => format!("testing M >= {k}"),
            _ => "bounds".to_string(),
        };
        line.push_str(&format!(
            " · L{}: M {bounds}, {what}, {} nodes, {:.0} s",
            s.length,
            human(s.nodes),
            s.elapsed.as_secs_f64()
        ));
    }
    line
}

/// A count with a k/M/G suffix.
fn human(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}
