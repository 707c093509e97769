use hangman::solve::{SolveOptions, solve_length};
use lexicon::{Lexicon, LoadOptions};
use std::time::{Duration, Instant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (lex, _) = Lexicon::from_path(&args[1], &LoadOptions::default()).unwrap();
    let secs: u64 = args[3].parse().unwrap();
    for l in args[2].split(',') {
        let l: usize = l.parse().unwrap();
        let opts = SolveOptions { deadline: Some(Instant::now() + Duration::from_secs(secs)), max_entries: 50_000_000 };
        let s = solve_length(lex.bucket(l), opts, &|len, b| eprintln!("  L{len} {b:?}"));
        println!("{l}: {:?} first {:?} nodes {} {:.2}s", s.misses, s.best_first, s.nodes, s.seconds);
    }
}
