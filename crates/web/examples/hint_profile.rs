//! Times `suggest::advise` (the hint of a fair game) in-process: plays a few fair games per
//! length (4 to 10 letters, 6 lives, common letters first) and prints the best of five
//! timings of the hint at every board, with the candidates left and whether the expected
//! scores were played out. `hint_profile [STRATEGY]` (default: the server's hint strategy,
//! `entropy`).
use std::sync::Arc;
use std::time::Instant;

use hangman::suggest::{self, Snapshot};
use lexicon::{Letter, Lexicon};

fn main() {
    let lexicon = Arc::new(Lexicon::embedded());
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "entropy".to_string());
    let info = hangman::strategy::find(&name).unwrap();
    let settings = hangman::Settings {
        max_wrong: 5,
        seed: 1,
        params: Vec::new(),
        cache_dir: None,
    };
    let order = b"esiarntolcdupmghbyfvkwzxqj";
    for length in 4..=10 {
        let bucket = lexicon.bucket(length);
        // a few secrets per length
        for k in 0..3 {
            let secret = bucket.word_str((k * 997) % bucket.len()).to_string();
            let mut cells: Vec<Option<Letter>> = vec![None; length];
            let mut wrong = lexicon::LetterSet::default();
            let mut misses = 0;
            for &c in order.iter() {
                let snap = match Snapshot::new(cells.clone(), wrong, &[], 5) {
                    Ok(s) => s,
                    Err(_) => break,
                };
                let mut ms = f64::MAX;
                let mut a = None;
                for _ in 0..5 {
                    let t = Instant::now();
                    a = Some(suggest::advise(&lexicon, info, &settings, &snap, 150));
                    ms = ms.min(t.elapsed().as_secs_f64() * 1e3);
                }
                let a = a.unwrap();
                let Ok(a) = a else { break };
                println!(
                    "len {length:2} secret {secret:12} cands {:6} exact {} {ms:8.2} ms",
                    a.candidates.len(),
                    a.letters
                        .first()
                        .is_some_and(|l| l.expected_score.is_some())
                );
                let l = Letter::from_char(c as char).unwrap();
                if secret.as_bytes().contains(&c) {
                    for (i, b) in secret.bytes().enumerate() {
                        if b == c {
                            cells[i] = Some(l);
                        }
                    }
                    if cells.iter().all(Option::is_some) {
                        break;
                    }
                } else {
                    wrong.insert(l);
                    misses += 1;
                    if misses >= 6 {
                        break;
                    }
                }
            }
        }
    }
}
