//! Times, on the embedded list the server plays, what the reversed role and the hints cost
//! per strategy: the one-time setup (building the strategy; `mixed` trains its letter model
//! there), and per word length the first move cold (nothing computed at that length yet),
//! the same move warm, and a whole reversed game as the server plays it (a fresh player told
//! every answer so far, per move) against a word of the list and a word outside it; then
//! the opening hint (`suggest::advise`, which builds the hint strategy per call).
//!
//! `guesser_profile [STRATEGY]... [--lives N] [--lengths A-B] [--list PATH]` (default:
//! `mixed best`, 6 lives, every length, the embedded list). `max ms` is the slowest single
//! move of the two games.
use std::sync::Arc;
use std::time::Instant;

use hangman::game::position_mask;
use hangman::referee::Told;
use hangman::suggest::{self, Snapshot};
use hangman::{Game, Guess, Outcome, Status, Strategy};
use lexicon::Lexicon;

/// Plays `secret` as the server's reversed game does; returns (guesses, found, ms, the
/// slowest move's ms).
fn reversed_game(strategy: &dyn Strategy, secret: &str, max_wrong: u32) -> (usize, bool, f64, f64) {
    let start = Instant::now();
    let mut slowest: f64 = 0.0;
    let mut game = Game::new(Told::new(secret.len()), max_wrong);
    let mut history: Vec<(Guess, Outcome)> = Vec::new();
    while game.state().status() == Status::KeepGuessing {
        let move_start = Instant::now();
        let mut player = strategy.player(secret.len(), 0);
        for (g, o) in &history {
            player.learn(g, *o);
        }
        let guess = player.choose(game.state());
        slowest = slowest.max(move_start.elapsed().as_secs_f64() * 1e3);
        let answer = match &guess {
            Guess::Letter(l) => Outcome::Letter {
                positions: position_mask(secret.bytes().map(|b| b == l.lower())),
            },
            Guess::Word(w) => Outcome::Word {
                correct: w.eq_ignore_ascii_case(secret),
            },
        };
        let outcome = Told::play(&mut game, &guess, answer).expect("a fitting answer");
        history.push((guess, outcome));
    }
    (
        history.len(),
        game.state().status() == Status::GameWon,
        start.elapsed().as_secs_f64() * 1e3,
        slowest,
    )
}

/// A word of `length` letters that is not in the list: a real one where we have it.
fn outside_word(lexicon: &Lexicon, length: usize) -> Option<&'static str> {
    const WORDS: &[&str] = &[
        "qi",
        "zen",
        "emo",
        "vlog",
        "meme",
        "emoji",
        "selfie",
        "podcast",
        "hashtag",
        "unfriend",
        "bitcoins",
        "crowdfund",
        "ransomware",
        "cryptocoin",
    ];
    WORDS
        .iter()
        .copied()
        .find(|w| w.len() == length && !lexicon.contains(w))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut names: Vec<&str> = Vec::new();
    let mut lives = 6;
    let mut lengths = 1..=lexicon::MAX_WORD_LEN;
    let mut list: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--lives" {
            lives = it.next().and_then(|n| n.parse().ok()).expect("--lives N");
        } else if a == "--lengths" {
            let (from, to) = it
                .next()
                .and_then(|r| r.split_once('-'))
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                .expect("--lengths A-B");
            lengths = from..=to;
        } else if a == "--list" {
            list = Some(it.next().expect("--list PATH").clone());
        } else {
            names.push(a);
        }
    }
    if names.is_empty() {
        names = vec!["mixed", "best"];
    }
    let max_wrong = lives - 1;
    let lexicon = Arc::new(match &list {
        Some(path) => {
            Lexicon::from_path(path, &lexicon::LoadOptions::default())
                .expect("a word list")
                .0
        }
        None => Lexicon::embedded(),
    });
    let settings = hangman::Settings {
        max_wrong,
        seed: 0,
        params: Vec::new(),
        cache_dir: None,
    };
    for name in names {
        let info = hangman::strategy::find(name).expect("a strategy name");
        let t = Instant::now();
        let strategy = info.build(lexicon.clone(), &settings).expect("builds");
        println!(
            "{name}, {lives} lives: setup {:.0} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
        println!(
            "{:>3} {:>6} {:>10} {:>10} {:>10} {:>12} {:>10} {:>8}  {:>11}",
            "len",
            "words",
            "cold ms",
            "warm ms",
            "game ms",
            "outside",
            "game ms",
            "max ms",
            "hint ms"
        );
        for length in lexicon.lengths().filter(|l| lengths.contains(l)) {
            let bucket = lexicon.bucket(length);
            let opening = Game::new(Told::new(length), max_wrong);
            let t = Instant::now();
            strategy.player(length, 0).choose(opening.state());
            let cold = t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            strategy.player(length, 0).choose(opening.state());
            let warm = t.elapsed().as_secs_f64() * 1e3;
            let inside = bucket.word_str(bucket.len() / 2).to_string();
            let (_, _, game_ms, mut max_ms) = reversed_game(strategy.as_ref(), &inside, max_wrong);
            let (outside, out_ms) = match outside_word(&lexicon, length) {
                Some(w) => {
                    let (n, won, ms, slowest) = reversed_game(strategy.as_ref(), w, max_wrong);
                    max_ms = max_ms.max(slowest);
                    (format!("{w} {}{n}", if won { "W" } else { "L" }), ms)
                }
                None => ("-".to_string(), 0.0),
            };
            let snapshot = Snapshot::new(
                vec![None; length],
                lexicon::LetterSet::EMPTY,
                &[],
                max_wrong,
            )
            .expect("an opening board");
            let hint_settings = hangman::Settings {
                seed: 1,
                ..settings.clone()
            };
            let t = Instant::now();
            let hint = suggest::advise(&lexicon, info, &hint_settings, &snapshot, 150);
            let hint_ms = t.elapsed().as_secs_f64() * 1e3;
            println!(
                "{length:3} {:6} {cold:10.1} {warm:10.2} {game_ms:10.1} {outside:>12} {out_ms:10.1} {max_ms:8.1}  {hint_ms:8.1} {}",
                bucket.len(),
                hint.map_or("-".to_string(), |h| h.pick.to_string())
            );
        }
    }
}
