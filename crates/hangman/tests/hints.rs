//! Hints as the game's referee plays them (`hangman::hint`): following them wins what the
//! best play wins, and they always name a guess.
//!
//! - Fair games: the candidates are the fair referee's pool (the embedded list's words in
//!   the common tier), the pick is `best`'s move on that pool, and following the pick wins
//!   every game `best` wins on the pool, word for word.
//! - The optimal referee: following the first letter wins every game at the lengths where
//!   the verdict (the solver's, 6 lives) says the guesser wins.
//!
//! The debug suite samples words and lengths; the whole pools and every length are the
//! release job's (`cargo test --release -p hangman --test hints -- --ignored`).

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use hangman::hint::{Hint, HintKind, HintOptions, Hints};
use hangman::referee::{Evil, FamilyChoice, RefereeKind};
use hangman::solve::{Progress, SolveOptions, solve_length};
use hangman::strategy::{self, Settings, Strategy};
use hangman::suggest::Snapshot;
use hangman::{Fair, Game, GameState, Guess, Referee, Status};
use lexicon::Lexicon;

/// Six lives: the page's default and the shipped tables' rule.
const MAX_WRONG: u32 = 5;

/// The embedded list, the fair pool and the hint engine over them, built once.
fn engine() -> &'static (Arc<Lexicon>, Arc<Lexicon>, Hints) {
    static ENGINE: OnceLock<(Arc<Lexicon>, Arc<Lexicon>, Hints)> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let lexicon = Arc::new(Lexicon::embedded());
        let pool = Arc::new(lexicon.intersection(&Lexicon::common()));
        let hints = Hints::new(lexicon.clone(), pool.clone());
        (lexicon, pool, hints)
    })
}

fn options() -> HintOptions {
    HintOptions {
        proof_budget: Duration::from_millis(20),
        ..HintOptions::default()
    }
}

fn snapshot(state: &GameState) -> Snapshot {
    Snapshot::new(
        state.board().cells().to_vec(),
        state.wrong_letters(),
        state.wrong_words(),
        state.max_wrong(),
    )
    .unwrap()
}

/// Checks what every hint promises while the game runs: a guess that is new and can be the
/// word (a letter not guessed; a word the candidates hold, the word itself when one is
/// left), the pick first among the letters, and, against the optimal referee, no letter
/// ranked above one proven better.
fn check_hint(hint: &Hint, state: &GameState) {
    match &hint.pick {
        Guess::Letter(l) => {
            assert!(!state.guessed_letters().contains(*l), "{hint:?}");
            assert_eq!(hint.letters[0].letter, *l, "the pick comes first: {hint:?}");
        }
        Guess::Word(w) => {
            assert_eq!(w.len(), state.length());
            assert!(
                hangman::hint::check_word_guess(state, w).is_ok(),
                "{hint:?}"
            );
            assert!(hint.words.is_empty() || hint.words.contains(w), "{hint:?}");
        }
    }
    if hint.candidates == 1 {
        assert_eq!(hint.pick, Guess::Word(hint.words[0].clone()), "{hint:?}");
    }
    if hint.kind == HintKind::Proven {
        for (i, a) in hint.letters.iter().enumerate() {
            let a = a.misses.unwrap();
            assert!(a.lower <= a.upper, "{hint:?}");
            for b in &hint.letters[i + 1..] {
                assert!(
                    b.misses.unwrap().upper >= a.lower,
                    "a letter proven better is ranked below: {hint:?}"
                );
            }
        }
    }
}

/// Plays `game` by following the hints; returns whether it was won.
fn follow<R: Referee>(game: &mut Game<R>, referee: RefereeKind) -> bool {
    let (_, _, hints) = engine();
    while game.state().status() == Status::KeepGuessing {
        let state = game.state().clone();
        let hint = hints.hint(referee, &snapshot(&state), &options()).unwrap();
        check_hint(&hint, &state);
        game.guess(&hint.pick).unwrap();
    }
    game.state().status() == Status::GameWon
}

/// `best` over the fair pool, built afresh (none of the engine's state).
fn best_on_pool() -> Box<dyn Strategy> {
    let settings = Settings {
        max_wrong: MAX_WRONG,
        seed: 1,
        ..Settings::default()
    };
    let (_, pool, _) = engine();
    strategy::find("best")
        .unwrap()
        .build(pool.clone(), &settings)
        .unwrap()
}

/// Follows the hints on the pool's words of `length` chosen by `pick` (every `step`th) and
/// checks each game against `best`'s on the pool: the same win and score. Returns (games,
/// wins).
fn fair_games(length: usize, step: usize) -> (usize, usize) {
    let (_, pool, _) = engine();
    let best = best_on_pool();
    let results = best.evaluate_length(length).unwrap();
    let bucket = pool.bucket(length);
    let mut wins = 0;
    let mut games = 0;
    for i in (0..bucket.len()).step_by(step) {
        let secret = bucket.word_str(i);
        let mut game = Game::new(Fair::new(secret).unwrap(), MAX_WRONG);
        let won = follow(&mut game, RefereeKind::Fair);
        assert_eq!(results[i].word, secret);
        assert_eq!(
            (won, game.state().score()),
            (results[i].won, results[i].score),
            "{secret}: following the hints vs best on the pool"
        );
        games += 1;
        wins += usize::from(won);
    }
    (games, wins)
}

#[test]
fn following_fair_hints_wins_what_best_wins_on_the_pool_sampled() {
    for (length, step) in [(4, 97), (5, 173), (6, 263)] {
        let (games, wins) = fair_games(length, step);
        assert!(games >= 15, "{length}: {games} games");
        eprintln!("length {length}: {wins}/{games} sampled fair games won");
    }
}

/// Every word of the pool at 4 to 8 letters: the figures in docs/play.md.
#[test]
#[ignore = "release only: cargo test --release -p hangman --test hints -- --ignored"]
fn following_fair_hints_wins_what_best_wins_on_the_whole_pool() {
    for length in 4..=8 {
        let start = Instant::now();
        let (games, wins) = fair_games(length, 1);
        eprintln!(
            "length {length}: following the hints won {wins}/{games} fair games ({:.1}%), as best on the pool; {:.1} s",
            100.0 * wins as f64 / games as f64,
            start.elapsed().as_secs_f64()
        );
    }
}

/// Boards met in games a different guesser plays (common letters first, a wrong word now
/// and then): the hint's pick is `best`'s move there, over the fair pool for a fair game
/// and over the whole list for a cheating referee's, built afresh and told the same
/// guesses.
#[test]
fn the_pick_is_bests_move_on_the_referees_words() {
    let (lexicon, pool, hints) = engine();
    let order = b"esiarntolcdupmghbyfvkwzxqj";
    let settings = Settings {
        max_wrong: MAX_WRONG,
        seed: 1,
        ..Settings::default()
    };
    let best_all = strategy::find("best")
        .unwrap()
        .build(lexicon.clone(), &settings)
        .unwrap();
    let best_pool = best_on_pool();
    let mut boards = 0;
    for (k, length) in (4..=9).enumerate() {
        let bucket = pool.bucket(length);
        let secret = bucket.word_str((k * 7919 + 11) % bucket.len()).to_string();
        let decoy = bucket
            .word_str((k * 7919 + 4001) % bucket.len())
            .to_string();
        let mut game = Game::new(Fair::new(&secret).unwrap(), MAX_WRONG);
        for (turn, &c) in order.iter().enumerate() {
            if game.state().status() != Status::KeepGuessing {
                break;
            }
            let state = game.state().clone();
            let snap = snapshot(&state);
            let (_, history) = snap.state();
            for (referee, best, words) in [
                (RefereeKind::Fair, &best_pool, pool),
                (RefereeKind::Evil, &best_all, lexicon),
            ] {
                let hint = hints.hint(referee, &snap, &options()).unwrap();
                check_hint(&hint, &state);
                let mut player = best.player(length, 1);
                for (guess, outcome) in &history {
                    player.learn(guess, *outcome);
                }
                assert_eq!(hint.pick, player.choose(&state), "{secret}: {state}");
                let fits = hangman::candidates::consistent(words.bucket(length), &state);
                assert_eq!(hint.candidates, fits.len());
                boards += 1;
            }
            let guess = if turn == 3 && decoy != secret {
                Guess::Word(decoy.clone())
            } else {
                Guess::Letter(lexicon::Letter::from_ascii(c).unwrap())
            };
            game.guess(&guess).unwrap();
        }
    }
    assert!(boards >= 40, "{boards} boards");
}

/// The lengths at which the verdict (6 lives) says the guesser wins, solved within
/// `budget` each (a length not settled in time is left out and named).
fn won_lengths(lengths: impl Iterator<Item = usize>, budget: Duration) -> Vec<usize> {
    let (lexicon, _, _) = engine();
    lengths
        .filter(|&length| {
            let bucket = lexicon.bucket(length);
            if bucket.len() < 2 {
                return false;
            }
            let options = SolveOptions {
                deadline: Some(Instant::now() + budget),
                verdict_only: true,
                table_bytes: 64 << 20,
                ..SolveOptions::default()
            };
            let s = solve_length(
                bucket,
                &options,
                Some(MAX_WRONG + 1),
                &Progress::new(length, bucket.len()),
            );
            match s.guesser_wins(MAX_WRONG + 1) {
                Some(wins) => wins,
                None => {
                    eprintln!("length {length}: the verdict was not settled in {budget:?}");
                    false
                }
            }
        })
        .collect()
}

/// Follows the hints against the optimal referee (`move_budget` per answer) and the
/// largest-family one at every length of `lengths`; all must be won.
fn optimal_games(lengths: &[usize], move_budget: Duration) {
    let (lexicon, _, _) = engine();
    for &length in lengths {
        for choice in [FamilyChoice::Optimal { move_budget }, FamilyChoice::Largest] {
            let evil = Evil::new(lexicon.clone(), length, choice).unwrap();
            let mut game = Game::new(evil, MAX_WRONG);
            let won = follow(&mut game, RefereeKind::Optimal);
            eprintln!("length {length}, {choice:?}: {}", game.state());
            assert!(won, "length {length} against {choice:?}: {}", game.state());
        }
    }
}

#[test]
fn following_optimal_hints_wins_where_the_verdict_says_the_guesser_wins_sampled() {
    let lengths = won_lengths([14, 17, 21].into_iter(), Duration::from_secs(60));
    assert_eq!(lengths, [14, 17, 21], "the verdict says the guesser wins");
    optimal_games(&lengths, Duration::from_millis(30));
}

/// Every length of the embedded list: those the verdict gives the guesser (10 and 12 up,
/// docs/evil.md) must all be won following the hints. `HINT_LENGTHS=10,12,14,16` plays
/// only those lengths (each must be one the verdict gives the guesser).
#[test]
#[ignore = "release only: cargo test --release -p hangman --test hints -- --ignored"]
fn following_optimal_hints_wins_at_every_length_the_verdict_gives_the_guesser() {
    let (lexicon, _, _) = engine();
    let chosen: Option<Vec<usize>> = std::env::var("HINT_LENGTHS").ok().map(|v| {
        v.split(',')
            .map(|l| {
                l.trim()
                    .parse()
                    .expect("HINT_LENGTHS: lengths, comma-separated")
            })
            .collect()
    });
    let lengths = match &chosen {
        Some(chosen) => won_lengths(chosen.iter().copied(), Duration::from_secs(60)),
        None => won_lengths(lexicon.lengths(), Duration::from_secs(60)),
    };
    match &chosen {
        Some(chosen) => assert_eq!(&lengths, chosen, "the verdict gives the guesser these"),
        None => assert!(
            lengths.contains(&10) && lengths.contains(&12),
            "{lengths:?}"
        ),
    }
    optimal_games(&lengths, Duration::from_millis(300));
}

/// While a game runs a hint names a guess, for every referee, down to the last word (it
/// is then the word) and after wrong word guesses.
#[test]
fn a_hint_always_names_a_guess() {
    let (lexicon, pool, hints) = engine();
    let order = b"eaiou";
    let (mut hints_given, mut known_words) = (0, 0);
    for length in [3, 5, 7, 12] {
        let secret = pool.bucket(length).word_str(length).to_string();
        for referee in RefereeKind::ALL {
            let mut game: Game<Box<dyn Referee + Send>> = Game::new(
                hangman::referee::build(referee, lexicon, &secret).unwrap(),
                25,
            );
            // Vowels first, a wrong word, then the hints to the end.
            for &c in order {
                game.guess(&Guess::Letter(lexicon::Letter::from_ascii(c).unwrap()))
                    .unwrap();
            }
            let state = game.state().clone();
            let wrong = lexicon
                .bucket(length)
                .words()
                .find(|w| *w != secret && hangman::hint::check_word_guess(&state, w).is_ok());
            if let Some(w) = wrong
                && referee != RefereeKind::Fair
            {
                game.guess(&Guess::Word(w.to_string())).unwrap();
            }
            while game.state().status() == Status::KeepGuessing {
                let state = game.state().clone();
                let hint = hints.hint(referee, &snapshot(&state), &options()).unwrap();
                check_hint(&hint, &state);
                hints_given += 1;
                known_words += usize::from(hint.candidates == 1);
                game.guess(&hint.pick).unwrap();
            }
            assert_eq!(
                game.state().status(),
                Status::GameWon,
                "{referee}: {}",
                game.state()
            );
        }
    }
    assert!(
        hints_given >= 20 && known_words >= 3,
        "{hints_given} hints, {known_words} with one word left"
    );
}
