use std::sync::Arc;
use hangman::strategy::letter_model::{LetterModel, Weights};
use lexicon::{Letter, LetterSet, Lexicon};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string("/work/shared/data/words.txt").unwrap();
    let lex = Arc::new(Lexicon::from_words(text.lines()).unwrap());
    let model = LetterModel::train(lex, Weights::default());
    let board: Vec<Option<Letter>> = a[1].bytes().map(|b| if b == b'-' { None } else { Letter::from_ascii(b.to_ascii_lowercase()) }).collect();
    let guessed = LetterSet::of_word(a[2].as_bytes()).union(LetterSet::of_word(a[1].to_ascii_lowercase().as_bytes()));
    let odds = model.odds(&board, guessed, &[]);
    for (l, p) in odds.ranked(guessed).iter().take(8) { println!("{l} {p:.3} win {:.3} lm {:.3}", odds.from_windows[l.index()], odds.from_completions.map_or(0.0, |c| c[l.index()])); }
    println!("{:?} exact {} near {}", odds.likely, odds.exact_fits, odds.near_fits);
}
