//! Times the server's hints in-process (`hangman::hint::Hints`, as `GET
//! /api/hangman/{id}/hint` calls it): plays a few games per length (4 to 12 letters, 6
//! lives, common letters first) and prints the time of the hint at every board (the first
//! call in wall and in this thread's CPU time, from `/proc/thread-self/schedstat`, which
//! counts no other thread's work; then the best wall time of four more, the engine keeping
//! what it computed as the server does), with the words left and whether the pick's expected
//! score was known. `hint_profile [fair|evil|optimal] [EXACT_LIMIT]` (default fair, the
//! server's limit of the letters' play-out).
use std::sync::Arc;
use std::time::{Duration, Instant};

use hangman::hint::{HintOptions, Hints};
use hangman::referee::RefereeKind;
use hangman::suggest::Snapshot;
use lexicon::{Letter, Lexicon};

fn main() {
    let lexicon = Arc::new(Lexicon::embedded());
    let pool = Arc::new(lexicon.intersection(&Lexicon::common()));
    let referee: RefereeKind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fair".to_string())
        .parse()
        .expect("fair, evil, evil-lookahead or optimal");
    let hints = Hints::new(lexicon.clone(), pool.clone());
    // The play-out limit of the letters' expected scores (the server's by default).
    let exact_limit = std::env::args()
        .nth(2)
        .map_or(wordplay_web::Limits::default().hint_exact_limit, |n| {
            n.parse().expect("a number of words")
        });
    let options = HintOptions {
        proof_budget: Duration::from_millis(200),
        exact_limit,
        ..HintOptions::default()
    };
    let order = b"esiarntolcdupmghbyfvkwzxqj";
    let words = if referee == RefereeKind::Fair {
        &pool
    } else {
        &lexicon
    };
    let ms = |start: Instant| start.elapsed().as_secs_f64() * 1e3;
    // This thread's time on a CPU, in milliseconds (0 where the kernel does not say).
    let cpu = || {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
            .map_or(0.0, |ns| ns / 1e6)
    };
    for length in 4..=12 {
        let bucket = words.bucket(length);
        for k in 0..3 {
            let secret = bucket.word_str((k * 997) % bucket.len()).to_string();
            let mut cells: Vec<Option<Letter>> = vec![None; length];
            let mut wrong = lexicon::LetterSet::default();
            for &c in order {
                let Ok(snap) = Snapshot::new(cells.clone(), wrong, &[], 5) else {
                    break;
                };
                let (start, cpu_start) = (Instant::now(), cpu());
                let hint = hints.hint(referee, &snap, &options).unwrap();
                let (first, first_cpu) = (ms(start), cpu() - cpu_start);
                let mut again = f64::MAX;
                for _ in 0..4 {
                    let start = Instant::now();
                    hints.hint(referee, &snap, &options).unwrap();
                    again = again.min(ms(start));
                }
                println!(
                    "len {length:2} secret {secret:12} words {:6} expected {:5} first {first:8.2} ms (cpu {first_cpu:8.2} ms) then {again:8.2} ms",
                    hint.candidates,
                    hint.pick_expected_score.is_some()
                );
                let l = Letter::from_char(c as char).unwrap();
                if secret.as_bytes().contains(&c) {
                    for (i, b) in secret.bytes().enumerate() {
                        if b == c {
                            cells[i] = Some(l);
                        }
                    }
                } else {
                    wrong.insert(l);
                }
            }
        }
    }
}
