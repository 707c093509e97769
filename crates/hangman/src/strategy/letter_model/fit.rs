//! Fitting the model's weights on held-out parts of its training list (never on test
//! words).
//!
//! A fold of the training words is set aside by seed and the model is trained on the rest.
//! The language model's discount is the one under which the fold's words are most likely;
//! then every fold word is played with the model, the boards met are kept (a few per game),
//! and the evidence weights and the completions' share are moved, one at a time in shrinking
//! steps, while the log-loss of the letter odds on those boards goes down.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lexicon::{LetterSet, Lexicon};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rayon::prelude::*;

use super::model::LetterModel;
use super::weights::SOURCES;
use super::weights::Weights;
use super::windows::BoardEvidence;
use crate::game::{Game, Guess, Status};
use crate::referee::Fair;

/// How to fit.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Training words set aside to fit on.
    pub fold: usize,
    /// Seed of the fold.
    pub seed: u64,
    /// Wrong guesses allowed in the fold's games.
    pub max_wrong: u32,
    /// Boards kept per fold game, spread over the game.
    pub boards_per_game: usize,
    /// The weights to start from (their order, beam, confidence and window bound are kept).
    pub start: Weights,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            fold: 1000,
            seed: 1,
            max_wrong: 5,
            boards_per_game: 4,
            start: Weights::default(),
        }
    }
}

/// What a fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// The fitted weights.
    pub weights: Weights,
    /// Fold words (set aside from the training list).
    pub fold: usize,
    /// Boards the evidence weights were fitted on.
    pub boards: usize,
    /// Mean log-loss of the letter odds on those boards, with the starting weights (and the
    /// fitted discount) and with the fitted ones.
    pub loss: (f64, f64),
    /// Share of those boards where the most likely letter is in the word, before and after.
    pub hits: (f64, f64),
    /// Fold games won while gathering the boards (with the starting weights).
    pub fold_wins: usize,
    /// Time taken.
    pub elapsed: Duration,
}

/// Discounts tried for the language model.
const DISCOUNTS: [f64; 8] = [0.55, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

/// One kept board: its evidence, the completions' odds, and the letters of the secret not
/// yet guessed.
struct Board {
    evidence: BoardEvidence,
    completions: Option<[f64; 26]>,
    truth: LetterSet,
}

/// Fits weights for `training` (see the module docs). Deterministic for any thread count.
///
/// # Panics
///
/// If `options.start` is out of range or the fold leaves no training word.
pub fn fit(training: &Lexicon, options: &FitOptions) -> FitReport {
    let started = Instant::now();
    let mut words: Vec<&str> = training.words().collect();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(options.seed);
    words.shuffle(&mut rng);
    let fold_size = options.fold.min(words.len().saturating_sub(1));
    let (fold, rest) = words.split_at(fold_size);
    let rest = Lexicon::from_words(rest.iter().copied()).expect("the rest of a valid list");
    let base = LetterModel::train(Arc::new(rest), options.start.clone());

    // The discount under which the fold's words are most likely.
    let mut weights = options.start.clone();
    let likelihood = |discount: f64| -> f64 {
        let model = base.with_weights(Weights {
            discount,
            ..options.start.clone()
        });
        fold.par_iter()
            .map(|w| model.lm.log_likelihood(&model.index.forward, w.as_bytes()))
            .sum()
    };
    weights.discount = DISCOUNTS
        .iter()
        .map(|&d| (d, likelihood(d)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(weights.discount, |(d, _)| d);
    let model = base.with_weights(weights.clone());

    // Boards met while playing the fold.
    let games: Vec<(bool, Vec<Board>)> =
        fold.par_iter().map(|w| play(&model, w, options)).collect();
    let fold_wins = games.iter().filter(|(won, _)| *won).count();
    let boards: Vec<Board> = games.into_iter().flat_map(|(_, b)| b).collect();

    let before = score(&boards, &weights);
    let fitted = descend(&boards, weights);
    let after = score(&boards, &fitted);
    FitReport {
        weights: fitted,
        fold: fold.len(),
        boards: boards.len(),
        loss: (before.0, after.0),
        hits: (before.1, after.1),
        fold_wins,
        elapsed: started.elapsed(),
    }
}

/// Plays `word` with `model`, keeping up to `boards_per_game` boards spread over the game.
fn play(model: &LetterModel, word: &str, options: &FitOptions) -> (bool, Vec<Board>) {
    let Ok(referee) = Fair::new(word) else {
        return (false, Vec::new());
    };
    let secret = LetterSet::of_word(word.as_bytes());
    let mut game = Game::new(referee, options.max_wrong);
    let mut boards = Vec::new();
    while game.state().status() == Status::KeepGuessing {
        let state = game.state();
        let cells = state.board().cells();
        let guessed = state.guessed_letters();
        let evidence = model.evidence(cells, guessed);
        let completions = model.completions(cells, guessed, &[]);
        let presence = completions.as_ref().map(|c| c.present);
        let odds = model.weigh(&evidence, completions);
        let Some(letter) = odds.best(guessed) else {
            break;
        };
        boards.push(Board {
            evidence,
            completions: presence,
            truth: secret.difference(guessed),
        });
        if game.guess(&Guess::Letter(letter)).is_err() {
            break;
        }
    }
    let won = game.state().status() == Status::GameWon;
    let keep = options.boards_per_game.max(1);
    if boards.len() > keep {
        // Evenly spread, always keeping the first and the last board.
        let n = boards.len();
        let picks: Vec<usize> = (0..keep).map(|k| k * (n - 1) / (keep - 1).max(1)).collect();
        let mut i = 0;
        boards.retain(|_| {
            let kept = picks.contains(&i);
            i += 1;
            kept
        });
    }
    (won, boards)
}

/// The letter odds of a kept board under `weights`.
fn present(board: &Board, weights: &Weights) -> [f64; 26] {
    let (_, windows) = board.evidence.combine(weights);
    match board.completions {
        Some(c) => {
            let s = weights.completions;
            std::array::from_fn(|i| s * c[i] + (1.0 - s) * windows[i])
        }
        None => windows,
    }
}

/// Mean log-loss of the letter odds over the allowed letters, and the share of boards whose
/// most likely letter is in the word.
fn score(boards: &[Board], weights: &Weights) -> (f64, f64) {
    let per_board: Vec<(f64, bool)> = boards
        .par_iter()
        .map(|b| {
            let p = present(b, weights);
            let allowed = b.evidence.allowed;
            let mut loss = 0.0;
            let mut best: Option<(f64, usize)> = None;
            for l in allowed.iter() {
                let i = l.index();
                let q = p[i].clamp(1e-6, 1.0 - 1e-6);
                loss -= if b.truth.contains(l) {
                    q.ln()
                } else {
                    (1.0 - q).ln()
                };
                if best.is_none_or(|(m, _)| p[i] > m) {
                    best = Some((p[i], i));
                }
            }
            let hit = best.is_some_and(|(_, i)| b.truth.contains(lexicon::Letter::ALL[i]));
            (loss / f64::from(allowed.len().max(1)), hit)
        })
        .collect();
    let n = per_board.len().max(1) as f64;
    (
        per_board.iter().map(|p| p.0).sum::<f64>() / n,
        per_board.iter().filter(|p| p.1).count() as f64 / n,
    )
}

/// Coordinate descent on the evidence weights (in log space) and the completions' share.
fn descend(boards: &[Board], start: Weights) -> Weights {
    let mut best = start;
    let mut loss = score(boards, &best).0;
    // Multiplicative steps for the weights, additive for the share.
    for step in [2.0f64, 1.4, 1.15] {
        let mut improved = true;
        let mut rounds = 0;
        while improved && rounds < 6 {
            improved = false;
            rounds += 1;
            for param in 0..=SOURCES {
                for direction in [true, false] {
                    let mut trial = best.clone();
                    if !nudge(&mut trial, param, step, direction) {
                        continue;
                    }
                    let l = score(boards, &trial).0;
                    if l < loss - 1e-9 {
                        (best, loss) = (trial, l);
                        improved = true;
                    }
                }
            }
        }
    }
    best
}

/// Moves parameter `param` (a source weight, or the share at `SOURCES`) by `step`; false if
/// it cannot move that way.
fn nudge(weights: &mut Weights, param: usize, step: f64, up: bool) -> bool {
    if param == SOURCES {
        let delta = (step - 1.0) / 4.0;
        let s = weights.completions + if up { delta } else { -delta };
        let s = s.clamp(0.0, 1.0);
        let moved = s != weights.completions;
        weights.completions = s;
        return moved;
    }
    let factor = if up { step } else { 1.0 / step };
    let w = match param {
        p if p < weights.windows.len() => &mut weights.windows[p],
        p if p == weights.windows.len() => &mut weights.exact,
        p if p == weights.windows.len() + 1 => &mut weights.near,
        _ => &mut weights.prior,
    };
    if *w == 0.0 {
        return false;
    }
    *w *= factor;
    true
}
