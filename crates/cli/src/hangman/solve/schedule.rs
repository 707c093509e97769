//! A run under `--time-limit`: every length gets its value before any length spends time
//! on its first letters.

use std::time::{Duration, Instant};

use hangman::solve::{self, LengthSolution, Progress, SolveOptions};
use rayon::prelude::*;

/// Under a time limit: rounds in which every length not settled yet gets a slice of time
/// (1/16 of the limit at first, doubling each round; a round resumes from the bounds and
/// witness proven before), so every length gets its value before any length spends time
/// on first letters and cheap lengths are never starved behind a hard one. The rounds end
/// at 3/4 of the limit; then the optimal first letters of the settled lengths (those whose
/// value came quickest first) while the open ones go on, until `deadline`.
pub(super) fn scheduled(
    lexicon: &lexicon::Lexicon,
    progress: &[Progress],
    options: &SolveOptions,
    lives: u32,
    deadline: Instant,
) -> Vec<LengthSolution> {
    let settled = |s: &LengthSolution| match options.verdict_only {
        true => s.guesser_wins(lives).is_some(),
        false => s.misses.is_exact(),
    };
    let total = deadline.saturating_duration_since(Instant::now());
    let mut slice = (total / 16).max(Duration::from_millis(50));
    // The rounds stop at 3/4 of the limit, so that the lengths already settled get time for
    // their first letters even when a hard length never settles.
    let rounds_end = deadline - total / 4;
    let mut solved: Vec<Option<LengthSolution>> = progress.iter().map(|_| None).collect();
    loop {
        let open: Vec<usize> = (0..progress.len())
            .filter(|&i| solved[i].as_ref().is_none_or(|s| !settled(s)))
            .collect();
        let first_round = solved.iter().any(Option::is_none);
        if open.is_empty()
            || (!first_round && Instant::now() >= rounds_end)
            || options.stop.is_raised()
        {
            break;
        }
        // Longest first within a round: they are cheap, the short ones are hard.
        let round: Vec<(usize, LengthSolution)> = open
            .par_iter()
            .rev()
            .with_max_len(1)
            .map(|&i| {
                let p = &progress[i];
                let options = SolveOptions {
                    deadline: Some(rounds_end.min(Instant::now() + slice)),
                    ..options.clone()
                };
                let bucket = lexicon.bucket(p.length());
                let s = solve::solve_value(bucket, &options, Some(lives), p, solved[i].as_ref());
                (i, s)
            })
            .collect();
        for (i, s) in round {
            solved[i] = Some(s);
        }
        slice = slice.saturating_mul(2);
    }
    let mut solved: Vec<LengthSolution> = solved
        .into_iter()
        .map(|s| s.expect("every length had a round"))
        .collect();
    let mut order: Vec<usize> = (0..solved.len()).collect();
    order.sort_by(|&a, &b| solved[a].seconds.total_cmp(&solved[b].seconds));
    let mut firsts: Vec<(usize, LengthSolution)> = order
        .par_iter()
        .with_max_len(1)
        .map(|&i| {
            let mut s = solved[i].clone();
            let bucket = lexicon.bucket(s.length);
            if settled(&s) {
                solve::solve_first_letters(bucket, options, &mut s, &progress[i]);
            } else {
                // Still open: its value goes on until the deadline.
                let resume = s.clone();
                s = solve::solve_value(bucket, options, Some(lives), &progress[i], Some(&resume));
            }
            (i, s)
        })
        .collect();
    for (i, s) in firsts.drain(..) {
        solved[i] = s;
    }
    solved
}
