//! The lower bounds' certificates on the challenge dictionary, re-checked by the independent
//! checker (`hangman::bound::check`): release only, run by CI's release job.

use std::sync::Arc;

use hangman::bound::{self, Slack, check};
use hangman::strategy::{Lookahead, Settings};

mod common;

/// The lengths proven and checked here: the long words of words.txt, searched without
/// slack (about a second of CPU in a release build); the other lengths take minutes.
const LENGTHS: std::ops::RangeInclusive<usize> = 17..=28;

/// words.txt at max wrong 5, lengths 17–28: each length's proofs are written, then checked
/// from the files by the checker alone; each check proves what the search claimed, which
/// is at most `best`'s; a claim raised above what the proof is worth is rejected.
///
/// `cargo test --release -p hangman --test bounds -- --ignored`.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test bounds -- --ignored"]
fn words_txt_bound_certificates_check() {
    let lexicon = Arc::new(common::challenge());
    let best = Lookahead::from_settings("lookahead", &lexicon, &Settings::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut found = Vec::new();
    for length in LENGTHS {
        let bucket = lexicon.bucket(length);
        if bucket.is_empty() {
            continue;
        }
        let slack = Slack::default_for(length, bucket.len(), 5);
        let b = bound::prove(bucket, 5, Some(&best), slack, None, Some(dir.path())).unwrap();
        assert!(b.total <= b.best && b.losses <= b.best_losses, "{b:?}");
        found.push(b);
    }
    assert!(!found.is_empty());
    let checks = check::check_folder(dir.path(), &lexicon).unwrap();
    assert_eq!(checks.len(), 2 * found.len());
    for file in &checks {
        let checked = file.result.as_ref().unwrap_or_else(|flaw| {
            panic!("{}: {flaw}", file.path.display());
        });
        let b = found.iter().find(|b| b.length == file.length).unwrap();
        let claimed = match checked.objective.as_str() {
            "score" => b.total,
            _ => b.losses,
        };
        assert_eq!(checked.bound, claimed, "{}", file.path.display());
        assert!(checked.value >= checked.bound);
    }
    // The largest length's score proof, its claim raised past its worth: rejected.
    let length = found.iter().max_by_key(|b| b.words).unwrap().length;
    let path = dir.path().join(format!("length-{length}.score.cert.gz"));
    let text = check::text(&std::fs::read(path).unwrap()).unwrap();
    let losses = dir.path().join(format!("length-{length}.losses.cert.gz"));
    let losses = check::text(&std::fs::read(losses).unwrap()).unwrap();
    let bucket = lexicon.bucket(length);
    let (_, proof) = check::check_with(bucket, &losses, None).unwrap();
    let worth = check::check_with(bucket, &text, Some(&proof))
        .unwrap()
        .0
        .value;
    let b = found.iter().find(|b| b.length == length).unwrap();
    let raised = text.replacen(
        &format!("\nbound {}\n", b.total),
        &format!("\nbound {}\n", worth + 1),
        1,
    );
    assert!(check::check_with(bucket, &raised, Some(&proof)).is_err());
}

/// The lengths whose optimum the exact solver knows at once (15–20) are not searched: their
/// total is the exact solver's, written as a rule file that the checker solves again with
/// its own search (length 17: about a second; 16 takes about 10 s, 15 a minute); a claim
/// raised by one is rejected.
///
/// `cargo test --release -p hangman --test bounds -- --ignored`.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test bounds -- --ignored"]
fn words_txt_exact_lengths_are_rule_files_that_check() {
    let lexicon = Arc::new(common::challenge());
    let best = Lookahead::from_settings("lookahead", &lexicon, &Settings::default()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let length = 17;
    let bucket = lexicon.bucket(length);
    let other = bound::plies::reference(&lexicon, length, 5);
    assert_eq!(other.1, bound::Rule::Solved);
    let slack = Slack::default_for(length, bucket.len(), 5);
    let b = bound::prove(bucket, 5, Some(&best), slack, Some(other), Some(dir.path())).unwrap();
    assert_eq!((b.total, b.rule), other);
    assert!(b.is_optimum() && b.total <= b.best, "{b:?}");
    let checks = check::check_folder(dir.path(), &lexicon).unwrap();
    let rule = checks
        .iter()
        .find(|c| c.path.extension().is_some_and(|e| e == "rule"))
        .unwrap();
    let checked = rule.result.as_ref().unwrap();
    assert_eq!((checked.bound, checked.rule.as_str()), (b.total, "exact"));
    assert!(checks.iter().all(|c| c.result.is_ok()), "{checks:?}");
    let text = std::fs::read_to_string(&rule.path).unwrap();
    let raised = text.replacen(
        &format!("\nbound {}\n", b.total),
        &format!("\nbound {}\n", b.total + 1),
        1,
    );
    assert!(check::check_rule(&lexicon, length, &raised).is_err());
}
