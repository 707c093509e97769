//! Reproduces the seed paper's comparison table with our four seed strategies.
//!
//! ```text
//! cargo run --release -p hangman --example seed_table -- \
//!     [--dict PATH] [-m MAX_WRONG] [--sample N | --all] [--seed S] [--threads T] \
//!     [--strategy NAME]... [--param KEY=VALUE]...
//! ```
//!
//! Defaults: `../shared/data/words.txt`, `-m 4`, `--sample 1000`, `--seed 1`, one thread
//! (so per-game times are not inflated by our own contention), all four strategies. The
//! sample is the first N words of the dictionary shuffled with `Pcg64::seed_from_u64(S)`.
//! Prints one Markdown row per strategy next to the paper's figures.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use hangman::eval::{RunOptions, RunSummary, play_words, prepare};
use hangman::strategy::{self, Settings};
use lexicon::{Lexicon, LoadOptions};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64;

/// The paper's figures: (name, ms per game, average score) over 1,000 random words.
const PAPER: [(&str, f64, f64); 4] = [
    ("trie", 315.19897, 11.089),
    ("predicate", 69.23657, 7.214),
    ("deterministic-regex", 22.884363, 7.082),
    ("sampling-regex", 22.892752, 7.077),
];

struct Args {
    dict: String,
    max_wrong: u32,
    sample: Option<usize>,
    seed: u64,
    threads: usize,
    strategies: Vec<String>,
    params: Vec<(String, String)>,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        dict: format!(
            "{}/../../../shared/data/words.txt",
            env!("CARGO_MANIFEST_DIR")
        ),
        max_wrong: 4,
        sample: Some(1000),
        seed: 1,
        threads: 1,
        strategies: Vec::new(),
        params: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--dict" => args.dict = value()?,
            "-m" | "--max-wrong-guesses" => args.max_wrong = number(value()?)? as u32,
            "--sample" => args.sample = Some(number(value()?)? as usize),
            "-a" | "--all" => args.sample = None,
            "--seed" => args.seed = number(value()?)?,
            "--threads" => args.threads = number(value()?)?.max(1) as usize,
            "--strategy" => args.strategies.push(value()?),
            "--param" => {
                let v = value()?;
                let (k, x) = v
                    .split_once('=')
                    .ok_or(format!("--param {v}: expected KEY=VALUE"))?;
                args.params.push((k.to_string(), x.to_string()));
            }
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    if args.strategies.is_empty() {
        args.strategies = ["deterministic-regex", "sampling-regex", "predicate", "trie"]
            .map(String::from)
            .to_vec();
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let (lexicon, _) = Lexicon::from_path(&args.dict, &LoadOptions::default())?;
    let lexicon = Arc::new(lexicon);
    let mut words: Vec<String> = lexicon.words().map(str::to_string).collect();
    if let Some(n) = args.sample {
        words.shuffle(&mut Pcg64::seed_from_u64(args.seed));
        words.truncate(n);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    println!(
        "{} words of {} (-m {}, seed {}, {} thread(s))\n",
        words.len(),
        args.dict,
        args.max_wrong,
        args.seed,
        args.threads
    );
    println!(
        "| strategy | games | avg score | paper score | ms/game | paper ms/game | speed-up | losses | setup ms |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for name in &args.strategies {
        let settings = Settings {
            max_wrong: args.max_wrong,
            seed: args.seed,
            params: args.params.clone(),
        };
        let strategy = strategy::find(name)?.build(lexicon.clone(), &settings)?;
        let options = RunOptions {
            max_wrong: args.max_wrong,
            seed: args.seed,
            record: false,
        };
        let (setup, results, wall) = pool.install(|| {
            let setup = prepare(strategy.as_ref(), &words);
            let start = Instant::now();
            let results = play_words(strategy.as_ref(), &words, &options, &|| {});
            (setup, results, start.elapsed())
        });
        let summary = RunSummary::new(&results?, setup, wall);
        let ms = summary.mean_micros / 1e3;
        let paper = PAPER.iter().find(|p| p.0 == name.as_str());
        let (paper_score, paper_ms, speedup) = match paper {
            Some(&(_, pm, ps)) => (
                format!("{ps:.3}"),
                format!("{pm:.1}"),
                format!("{:.0}x", pm / ms),
            ),
            None => ("-".into(), "-".into(), "-".into()),
        };
        println!(
            "| {name} | {} | {:.3} | {paper_score} | {ms:.3} | {paper_ms} | {speedup} | {} | {:.0} |",
            summary.games, summary.average_score, summary.losses, summary.setup_ms
        );
    }
    Ok(())
}
