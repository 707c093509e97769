//! Evaluates strategies over a whole dictionary with the decision-tree evaluator and prints
//! the average score, losses, time and the per-length averages.
//!
//! `cargo run --release -p hangman --example tree_eval -- DICT MAX_WRONG NAME[:K=V,..]...`

use std::sync::Arc;
use std::time::Instant;

use hangman::eval::tree;
use hangman::strategy::{self, Settings};
use lexicon::{Lexicon, LoadOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dict, max_wrong, names @ ..] = args.as_slice() else {
        return Err("usage: tree_eval DICT MAX_WRONG NAME[:K=V,..]...".into());
    };
    let lexicon = Arc::new(Lexicon::from_path(dict, &LoadOptions::default())?.0);
    let lengths: Vec<usize> = lexicon.lengths().collect();
    for spec in names {
        let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
        let settings = Settings {
            max_wrong: max_wrong.parse()?,
            seed: 1,
            params: params
                .split(',')
                .filter_map(|kv| kv.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let strategy = strategy::find(name)?.build(lexicon.clone(), &settings)?;
        let start = Instant::now();
        let results = tree::evaluate_lengths(strategy.as_ref(), &lengths).ok_or("no tree")?;
        let secs = start.elapsed().as_secs_f64();
        let total: u64 = results.iter().map(|r| u64::from(r.score)).sum();
        let losses = results.iter().filter(|r| !r.won).count();
        let n = results.len() as f64;
        println!(
            "{spec}: average {:.4} (total {total}) losses {losses} ({:.2}%) tree time {secs:.3} s",
            total as f64 / n,
            100.0 * losses as f64 / n
        );
        let mut line = String::from("  per length:");
        for &length in &lengths {
            let rs: Vec<_> = results.iter().filter(|r| r.word.len() == length).collect();
            let t: u64 = rs.iter().map(|r| u64::from(r.score)).sum();
            let l = rs.iter().filter(|r| !r.won).count();
            line += &format!(" {length}:{:.3}/{l}", t as f64 / rs.len() as f64);
        }
        println!("{line}");
    }
    Ok(())
}
