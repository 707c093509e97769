use std::sync::Arc;
use std::time::Instant;

use hangman::strategy::letter_model::{FitOptions, LetterModel, Weights, fit};
use hangman::{Fair, Game, Guess, Status};
use lexicon::Lexicon;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;

fn env(name: &str, default: f64) -> f64 {
    std::env::var(name).map_or(default, |s| s.parse().unwrap())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map_or(1000, |s| s.parse().unwrap());
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().unwrap());
    let text = std::fs::read_to_string("/work/shared/data/words.txt").unwrap();
    let mut words: Vec<&str> = text.lines().map(str::trim).filter(|w| !w.is_empty()).collect();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    words.shuffle(&mut rng);
    let test_text = std::env::var("TEST").ok().map(|f| std::fs::read_to_string(f).unwrap());
    let (test, train): (Vec<&str>, Vec<&str>) = match &test_text {
        Some(t) => (t.lines().collect(), words.clone()),
        None => {
            let (a, b) = words.split_at(n);
            (a.to_vec(), b.to_vec())
        }
    };
    let mut w = Weights::default();
    w.completions = env("LM", w.completions);
    w.order = env("ORDER", w.order as f64) as usize;
    w.discount = env("DISC", w.discount);
    w.beam = env("BEAM", w.beam as f64) as usize;
    w.max_blanks = env("MB", w.max_blanks as f64) as usize;
    let t = Instant::now();
    let lex = Arc::new(Lexicon::from_words(train.iter().copied()).unwrap());
    if std::env::var("FIT").is_ok() {
        let report = fit(&lex, &FitOptions { fold: env("FOLD", 1000.0) as usize, seed: seed + 100, start: w.clone(), ..FitOptions::default() });
        eprintln!("{report:?}");
        w = report.weights;
    }
    let model = LetterModel::train(lex, w);
    eprintln!("trained in {:?}", t.elapsed());
    let t = Instant::now();
    let results: Vec<(usize, bool, u32)> = test
        .par_iter()
        .map(|w| {
            let mut game = Game::new(Fair::new(w).unwrap(), 5);
            while game.state().status() == Status::KeepGuessing {
                let s = game.state();
                let odds = model.odds(s.board().cells(), s.guessed_letters(), &[]);
                let l = odds.best(s.guessed_letters()).unwrap();
                game.guess(&Guess::Letter(l)).unwrap();
            }
            if game.state().status() != Status::GameWon && std::env::var("SHOW").map_or(false, |v| v.contains(&w.len().to_string())) { eprintln!("{w}: {} guessed {}", game.state(), game.state().guessed_letters()); }
            (w.len(), game.state().status() == Status::GameWon, game.state().wrong_guesses())
        })
        .collect();
    let wins = results.iter().filter(|r| r.1).count();
    eprintln!("played in {:?}", t.elapsed());
    println!("wins {wins}/{} = {:.1}%", results.len(), 100.0 * wins as f64 / results.len() as f64);
    let mut by_len = std::collections::BTreeMap::new();
    for r in &results {
        let e = by_len.entry(r.0.min(16)).or_insert((0, 0));
        e.0 += 1;
        e.1 += r.1 as usize;
    }
    for (l, (g, w)) in by_len {
        print!("{l}:{w}/{g} ");
    }
    println!();
}
