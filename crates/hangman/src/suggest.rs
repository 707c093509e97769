//! Advice for a game in progress: given what a player sees (the board, the wrong letters and
//! the wrong words), which letter to guess next and how each choice is likely to turn out.
//!
//! A [`Snapshot`] is rebuilt into a real [`GameState`] by replaying its guesses through
//! [`Game`] with the answers the board shows ([`Told::replay`], the answer-driven
//! referee), so the rules are the engine's, not a copy. [`advise`]
//! then ranks the letters by the share of consistent candidates containing them and, when the
//! candidates are few enough, by the exact expected final score of guessing the letter and
//! letting the chosen strategy play on. When no word of the list fits, [`advise_outside`]
//! ranks the letters with the [`LetterModel`] instead (the word is taken to be one the list
//! does not hold).

use std::sync::Arc;

use lexicon::{Letter, LetterSet, Lexicon};
use rayon::prelude::*;

use crate::candidates;
use crate::eval::{self, game_seed};
use crate::game::{Game, GameError, GameState, Guess, Outcome, Step, position_mask};
use crate::referee::{Fair, Told};
use crate::split::LetterStats;
use crate::strategy::letter_model::{LetterModel, LetterOdds};
use crate::strategy::{Settings, Strategy, StrategyError, StrategyInfo};

/// What a player sees of a game in progress: the board, the wrong letters and the wrong
/// word guesses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot {
    cells: Vec<Option<Letter>>,
    wrong_letters: LetterSet,
    wrong_words: Vec<String>,
    max_wrong: u32,
}

/// Why a snapshot cannot arise in a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The board has no cells, or more than position masks hold.
    #[error("the board must have 1 to {max} letters", max = lexicon::MAX_WORD_LEN)]
    BadLength,
    /// Every cell is revealed: the game is already won.
    #[error("the board is complete: the game is already won")]
    Complete,
    /// A letter is both on the board and among the wrong letters.
    #[error("{0} is shown on the board, so it cannot be a wrong letter")]
    WrongLetterOnBoard(char),
    /// A wrong word is not a word of letters a–z.
    #[error("{0:?} is not a word of letters a-z")]
    BadWord(String),
    /// More wrong guesses than the game allows: it is already lost.
    #[error("{wrong} wrong guesses exceed the maximum of {max_wrong}: the game is already lost")]
    Lost {
        /// Wrong guesses in the snapshot.
        wrong: u32,
        /// The maximum allowed.
        max_wrong: u32,
    },
}

impl Snapshot {
    /// A snapshot from the board cells (`None` = unknown), the wrong letters and the wrong
    /// word guesses (any case), in a game allowing `max_wrong` wrong guesses.
    ///
    /// # Errors
    ///
    /// A [`SnapshotError`] if no game in progress looks like this: a board of no cells or
    /// too many, a complete board, a letter both shown and wrong, a wrong word that is not
    /// letters a–z, or more wrong guesses than allowed.
    pub fn new(
        cells: Vec<Option<Letter>>,
        wrong_letters: LetterSet,
        wrong_words: &[String],
        max_wrong: u32,
    ) -> Result<Snapshot, SnapshotError> {
        if cells.is_empty() || cells.len() > lexicon::MAX_WORD_LEN {
            return Err(SnapshotError::BadLength);
        }
        if cells.iter().all(Option::is_some) {
            return Err(SnapshotError::Complete);
        }
        let shown: LetterSet = cells.iter().flatten().copied().collect();
        if let Some(l) = shown.intersection(wrong_letters).iter().next() {
            return Err(SnapshotError::WrongLetterOnBoard(l.upper() as char));
        }
        let mut words: Vec<String> = Vec::new();
        for w in wrong_words {
            if w.is_empty() || !w.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Err(SnapshotError::BadWord(w.clone()));
            }
            let w = w.to_ascii_lowercase();
            if !words.contains(&w) {
                words.push(w);
            }
        }
        let wrong = wrong_letters.len() + words.len() as u32;
        if wrong > max_wrong {
            return Err(SnapshotError::Lost { wrong, max_wrong });
        }
        Ok(Snapshot {
            cells,
            wrong_letters,
            wrong_words: words,
            max_wrong,
        })
    }

    /// Word length.
    pub fn length(&self) -> usize {
        self.cells.len()
    }

    /// The most wrong guesses the game allows.
    pub fn max_wrong(&self) -> u32 {
        self.max_wrong
    }

    /// The guesses that lead to this snapshot, each with the answer the board shows: the
    /// board's letters, the wrong letters (both alphabetically), then the wrong words.
    pub fn history(&self) -> Vec<(Guess, Outcome)> {
        let shown: LetterSet = self.cells.iter().flatten().copied().collect();
        let letters = shown.union(self.wrong_letters).iter().map(|letter| {
            let positions = position_mask(self.cells.iter().map(|&c| c == Some(letter)));
            (Guess::Letter(letter), Outcome::Letter { positions })
        });
        let words = self
            .wrong_words
            .iter()
            .map(|w| (Guess::Word(w.clone()), Outcome::Word { correct: false }));
        letters.chain(words).collect()
    }

    /// The game state of this snapshot, and the guesses with their answers that lead to it.
    pub fn state(&self) -> (GameState, Vec<(Guess, Outcome)>) {
        let history = self.history();
        let game = Told::replay(self.cells.len(), self.max_wrong, &history)
            .expect("validated in Snapshot::new: the replay cannot fail");
        (game.state().clone(), history)
    }
}

/// How one letter would do.
#[derive(Clone, Debug, PartialEq)]
pub struct LetterAdvice {
    /// The letter.
    pub letter: Letter,
    /// Candidates containing it.
    pub containing: usize,
    /// `containing` as a share of all candidates (0 to 1): the odds of a hit.
    pub share: f64,
    /// The expected final score (25 for a loss) of guessing this letter and then letting the
    /// strategy play on, over the candidates as equally likely secrets; `None` when there
    /// were too many candidates to play out.
    pub expected_score: Option<f64>,
}

/// The advice for a snapshot.
#[derive(Clone, Debug)]
pub struct Advice {
    /// The running score of the snapshot.
    pub score: u32,
    /// Wrong guesses left before a loss.
    pub wrong_left: u32,
    /// The candidate words (consistent with the snapshot), in dictionary order.
    pub candidates: Vec<String>,
    /// Every unguessed letter found in some candidate, best first: by expected final score
    /// when known, else (and on ties) by share, then alphabetically.
    pub letters: Vec<LetterAdvice>,
    /// The strategy's own next guess.
    pub pick: Guess,
    /// The expected final score of the pick, the strategy playing on (over the candidates
    /// as equally likely secrets), when there are at most `PlayOut::pick` candidates (one walk
    /// of the strategy's tree), or when the letters' play-out gave it.
    pub pick_expected_score: Option<f64>,
}

/// Why advice could not be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdviceError {
    /// No dictionary word fits the snapshot.
    #[error("no word of the dictionary fits this board and these wrong guesses")]
    NoCandidates,
    /// The strategy could not be built.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// The strategy's player broke the rules while playing on.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// What a hint ranks, from the words that fit a board: the words, how many of them hold
/// each letter, and the unguessed letters at least one of them holds.
struct Fitting {
    words: Vec<String>,
    counts: [u32; 26],
    open: Vec<Letter>,
}

impl Fitting {
    fn of(bucket: &lexicon::Bucket, cands: &[u32], state: &GameState) -> Fitting {
        let words = cands
            .iter()
            .map(|&c| bucket.word_str(c as usize).to_string())
            .collect();
        let counts = LetterStats::of(bucket, cands).counts;
        let open = state
            .guessed_letters()
            .complement()
            .iter()
            .filter(|l| counts[l.index()] > 0)
            .collect();
        Fitting {
            words,
            counts,
            open,
        }
    }
}

/// Advises on `snapshot`: candidates from `lexicon`, the pick of the strategy `info` built
/// with `settings`, and expected final scores when there are at most `exact_limit`
/// candidates and the play-out fits the strategy's [`Strategy::play_out_budget`] (played
/// over the candidates only: by walking the strategy's decision tree once per letter when it
/// has one, else a game per candidate and letter).
///
/// # Errors
///
/// [`AdviceError::NoCandidates`] if no word of `lexicon` fits, [`AdviceError::Strategy`] if
/// the strategy rejects `settings`, [`AdviceError::Game`] if its player breaks the rules.
pub fn advise(
    lexicon: &Arc<Lexicon>,
    info: &StrategyInfo,
    settings: &Settings,
    snapshot: &Snapshot,
    exact_limit: usize,
) -> Result<Advice, AdviceError> {
    let strategy = info.build(lexicon.clone(), settings)?;
    advise_with(
        lexicon,
        info,
        settings,
        strategy.as_ref(),
        snapshot,
        PlayOut {
            letters: exact_limit,
            pick: exact_limit,
        },
        None,
    )
}

/// How many candidates a piece of advice plays out its expected scores for.
#[derive(Clone, Copy, Debug)]
pub struct PlayOut {
    /// Every letter's, at most this many (and within the strategy's play-out budget).
    pub letters: usize,
    /// The pick's own (one walk of the strategy's tree), at most this many.
    pub pick: usize,
}

/// [`advise`] with `strategy` already built (`info` built with `settings` over `lexicon`):
/// a strategy kept between calls keeps what it computed (decisions, estimates). The pick's
/// own expected score is played out up to `play_out.pick` candidates (a single walk of the
/// strategy's tree, where every letter's play-out is one walk per letter), the letters' up
/// to `play_out.letters`. `known_pick` is
/// the strategy's move here when the caller has it already (shipped ahead), else the
/// strategy decides.
///
/// # Errors
///
/// As [`advise`].
pub fn advise_with(
    lexicon: &Arc<Lexicon>,
    info: &StrategyInfo,
    settings: &Settings,
    strategy: &dyn Strategy,
    snapshot: &Snapshot,
    play_out: PlayOut,
    known_pick: Option<Guess>,
) -> Result<Advice, AdviceError> {
    let (state, history) = snapshot.state();
    let length = snapshot.length();
    let bucket = lexicon.bucket(length);
    let cands = candidates::consistent(bucket, &state);
    if cands.is_empty() {
        return Err(AdviceError::NoCandidates);
    }
    let Fitting {
        words,
        counts,
        open,
    } = Fitting::of(bucket, &cands, &state);

    let pick = known_pick.unwrap_or_else(|| {
        let mut player = strategy.player(length, settings.seed);
        for (guess, outcome) in &history {
            player.learn(guess, *outcome);
        }
        player.choose(&state)
    });
    // The pick's own play-out: one walk of the strategy's tree from here.
    let pick_expected_score = (words.len() <= play_out.pick)
        .then(|| strategy.total_score_from(length, cands.clone(), state.position()))
        .flatten()
        .map(|total| total as f64 / words.len() as f64);

    let work = words.len() * open.len() * (state.wrong_guesses_left() as usize + 1);
    let affordable = strategy
        .play_out_budget()
        .is_none_or(|budget| work <= budget);
    let expected: Vec<Option<f64>> = if words.len() <= play_out.letters && affordable {
        // The tree of the strategy that picked (its shipped tables and the decisions the
        // pick computed serve the play-out too); games, where it has no tree, over the
        // candidates only (each game then filters a short list).
        match play_out_by_tree(strategy, bucket, &cands, &state, &open) {
            Some(expected) => expected,
            None => play_out_by_games(
                info.build(
                    Arc::new(
                        Lexicon::from_words(words.iter().map(String::as_str))
                            .expect("dictionary words are valid"),
                    ),
                    settings,
                )?
                .as_ref(),
                settings.seed,
                snapshot,
                &history,
                &words,
                &open,
            )?,
        }
    } else {
        vec![None; open.len()]
    };

    let n = words.len();
    let mut letters: Vec<LetterAdvice> = open
        .iter()
        .zip(expected)
        .map(|(&letter, expected_score)| {
            let containing = counts[letter.index()] as usize;
            LetterAdvice {
                letter,
                containing,
                share: containing as f64 / n as f64,
                expected_score,
            }
        })
        .collect();
    letters.sort_by(|a, b| {
        let by_score = match (a.expected_score, b.expected_score) {
            (Some(x), Some(y)) => x.total_cmp(&y),
            _ => std::cmp::Ordering::Equal,
        };
        by_score
            .then(b.containing.cmp(&a.containing))
            .then(a.letter.cmp(&b.letter))
    });
    // A strategy without a tree plays its pick out with the letters.
    let pick_expected_score = pick_expected_score.or_else(|| match pick {
        Guess::Letter(p) => letters
            .iter()
            .find(|a| a.letter == p)
            .and_then(|a| a.expected_score),
        Guess::Word(_) => None,
    });
    Ok(Advice {
        score: state.score(),
        wrong_left: state.wrong_guesses_left(),
        candidates: words,
        letters,
        pick,
        pick_expected_score,
    })
}

/// The expected final score of each letter of `open` guessed at `state` and then played on
/// by `strategy`, over the candidates `cands` (indices into `bucket`) as equally likely
/// secrets: the strategy's decision tree walked once per letter (all secrets that reach the
/// same state go down together). The same figures as [`play_out_by_games`] (the tests check
/// it), at the cost of the tree instead of a game per candidate and letter. `None` when the
/// strategy has no tree evaluator.
fn play_out_by_tree(
    strategy: &dyn Strategy,
    bucket: &lexicon::Bucket,
    cands: &[u32],
    state: &GameState,
    open: &[Letter],
) -> Option<Vec<Option<f64>>> {
    let length = state.length();
    let n = cands.len();
    let position = state.position();
    open.iter()
        .map(|&letter| {
            let mut total = 0u64;
            for (positions, family) in candidates::partition(bucket, cands, letter) {
                let after = position.after(Step::Letter { letter, positions });
                total += strategy.total_score_from(length, family, after)?;
            }
            Some(Some(total as f64 / n as f64))
        })
        .collect()
}

/// [`play_out_by_tree`] by playing a game per candidate and letter: the reference, and the
/// way for strategies without a tree evaluator.
fn play_out_by_games(
    strategy: &dyn Strategy,
    seed: u64,
    snapshot: &Snapshot,
    history: &[(Guess, Outcome)],
    words: &[String],
    open: &[Letter],
) -> Result<Vec<Option<f64>>, GameError> {
    let length = snapshot.length();
    open.par_iter()
        .map(|&letter| {
            let mut total = 0u64;
            for word in words {
                let referee = Fair::new(word).expect("dictionary words are valid");
                let mut game = Game::new(referee, snapshot.max_wrong);
                let mut player = strategy.player(length, game_seed(seed, word));
                for (guess, _) in history {
                    let outcome = game.guess(guess)?;
                    player.learn(guess, outcome);
                }
                let guess = Guess::Letter(letter);
                let outcome = game.guess(&guess)?;
                player.learn(&guess, outcome);
                eval::play(&mut game, player.as_mut(), |_, _, _| {})?;
                total += u64::from(game.state().score());
            }
            Ok(Some(total as f64 / words.len() as f64))
        })
        .collect()
}

/// The letter model's advice for a snapshot no word of the list fits.
#[derive(Clone, Debug)]
pub struct OutsideAdvice {
    /// Every unguessed letter with its chance of being in the word, likeliest first (ties
    /// alphabetical).
    pub letters: Vec<(Letter, f64)>,
    /// The model's full odds, for explaining them (windows, completions, fits).
    pub odds: LetterOdds,
}

/// Ranks the letters of `snapshot` with `model`, for a word outside the list: the chance of
/// each unguessed letter being in the word, from the board's windows and the completions
/// the model writes (never a guessed letter, a training word or a wrong word).
pub fn advise_outside(model: &LetterModel, snapshot: &Snapshot) -> OutsideAdvice {
    let (state, _) = snapshot.state();
    let guessed = state.guessed_letters();
    let odds = model.odds(state.board().cells(), guessed, state.wrong_words());
    OutsideAdvice {
        letters: odds.ranked(guessed),
        odds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy;

    fn l(c: u8) -> Letter {
        Letter::from_ascii(c).unwrap()
    }

    fn cells(board: &str) -> Vec<Option<Letter>> {
        board.bytes().map(Letter::from_ascii).collect()
    }

    #[test]
    fn snapshot_replays_into_the_engine_state() {
        let p = Snapshot::new(
            cells("-a---a-"),
            LetterSet::of_word(b"xz"),
            &["natural".into()],
            5,
        )
        .unwrap();
        let (state, history) = p.state();
        assert_eq!(state.to_string(), "-A---A-; score=4; status=KEEP_GUESSING");
        assert_eq!(state.wrong_guesses(), 3);
        assert_eq!(history.len(), 4);
    }

    #[test]
    fn impossible_positions_are_rejected() {
        let err = Snapshot::new(cells("-a-"), LetterSet::of_word(b"a"), &[], 5).unwrap_err();
        assert_eq!(err, SnapshotError::WrongLetterOnBoard('A'));
        let err = Snapshot::new(cells("abc"), LetterSet::EMPTY, &[], 5).unwrap_err();
        assert_eq!(err, SnapshotError::Complete);
        let err = Snapshot::new(cells("--"), LetterSet::of_word(b"xyz"), &[], 2).unwrap_err();
        assert!(matches!(err, SnapshotError::Lost { wrong: 3, .. }));
        let err = Snapshot::new(cells("--"), LetterSet::EMPTY, &["a1".into()], 2).unwrap_err();
        assert_eq!(err, SnapshotError::BadWord("a1".into()));
    }

    #[test]
    fn advice_ranks_letters_and_plays_out_scores() {
        let lex = Arc::new(Lexicon::from_words(["cat", "cot", "cut", "dog", "bat"]).unwrap());
        let info = strategy::find("greedy").unwrap();
        let p = Snapshot::new(cells("c-t"), LetterSet::EMPTY, &[], 5).unwrap();
        // Greedy that guesses a word only when one candidate is left keeps the hand
        // computation below short.
        let settings = Settings {
            params: vec![("word_at".into(), "1".into())],
            ..Settings::default()
        };
        let advice = advise(&lex, info, &settings, &p, 100).unwrap();
        assert_eq!(advice.candidates, ["cat", "cot", "cut"]);
        let shown: Vec<(char, usize)> = advice
            .letters
            .iter()
            .map(|a| (a.letter.lower() as char, a.containing))
            .collect();
        assert_eq!(shown, [('a', 1), ('o', 1), ('u', 1)]);
        // By hand, guessing `a` from c-t (score 2): "cat" wins at 3; "cot" and "cut" miss
        // (3), then greedy guesses `o` over {cot, cut}: "cot" wins at 4, "cut" misses (4)
        // and wins with the free word guess at 4. Mean 11/3; `o` and `u` are symmetric.
        for a in &advice.letters {
            assert!((a.expected_score.unwrap() - 11.0 / 3.0).abs() < 1e-9);
        }
        assert_eq!(advice.pick, Guess::Letter(l(b'a')));
        let err = advise(
            &lex,
            info,
            &settings,
            &Snapshot::new(cells("z--"), LetterSet::EMPTY, &[], 5).unwrap(),
            100,
        )
        .unwrap_err();
        assert_eq!(err, AdviceError::NoCandidates);
    }

    /// The play-out by the decision tree gives exactly the figures of a game per candidate
    /// and letter (the same floats, so the same letters in the same order), over boards of
    /// the embedded list met while playing: several lengths and lives (losses included), and
    /// wrong word guesses.
    #[test]
    fn the_play_out_keeps_to_the_strategys_budget() {
        // The 2-letter opening at 8 lives: 126 words × 25 letters × 8 lives is past `best`'s
        // budget (it took 7.7–11.6 s), not past `greedy`'s (unbounded).
        let lexicon = Arc::new(Lexicon::embedded());
        let snapshot = Snapshot::new(vec![None; 2], LetterSet::EMPTY, &[], 7).unwrap();
        let settings = Settings {
            max_wrong: 7,
            seed: 1,
            ..Settings::default()
        };
        let n = lexicon.bucket(2).len();
        let best = strategy::find("best").unwrap();
        let budget = best
            .build(lexicon.clone(), &settings)
            .unwrap()
            .play_out_budget()
            .unwrap();
        for (name, played_out) in [("greedy", true), ("best", false)] {
            let info = strategy::find(name).unwrap();
            let advice = advise(&lexicon, info, &settings, &snapshot, 150).unwrap();
            assert!(n * advice.letters.len() * 8 > budget, "{n}");
            assert!(
                advice
                    .letters
                    .iter()
                    .all(|l| l.expected_score.is_some() == played_out),
                "{name}"
            );
        }
    }

    #[test]
    fn the_tree_play_out_equals_a_game_per_candidate() {
        let lexicon = Arc::new(Lexicon::embedded());
        let info = strategy::find("greedy").unwrap();
        let order = b"esiarntolcdupmghbyfvkwzxqj";
        let mut compared = 0;
        for (length, max_wrong, k) in [(4, 6, 0), (5, 2, 1), (6, 6, 2), (7, 3, 3), (8, 6, 4)] {
            let bucket = lexicon.bucket(length);
            let secret = bucket.word_str((k * 7919 + 101) % bucket.len()).to_string();
            let wrong_word = bucket
                .word_str((k * 7919 + 5003) % bucket.len())
                .to_string();
            let settings = Settings {
                max_wrong,
                seed: 1,
                ..Settings::default()
            };
            let mut board: Vec<Option<Letter>> = vec![None; length];
            let mut wrong = LetterSet::EMPTY;
            let mut wrong_words: Vec<String> = Vec::new();
            for &c in order {
                let Ok(snapshot) = Snapshot::new(board.clone(), wrong, &wrong_words, max_wrong)
                else {
                    break;
                };
                let (state, history) = snapshot.state();
                let cands = candidates::consistent(bucket, &state);
                if (2..=120).contains(&cands.len()) {
                    let Fitting { words, open, .. } = Fitting::of(bucket, &cands, &state);
                    let sub =
                        Arc::new(Lexicon::from_words(words.iter().map(String::as_str)).unwrap());
                    let strategy = info.build(sub.clone(), &settings).unwrap();
                    // The tree over the whole list's candidates, the games over the sub-list.
                    let whole = info.build(lexicon.clone(), &settings).unwrap();
                    let by_tree = play_out_by_tree(whole.as_ref(), bucket, &cands, &state, &open)
                        .expect("greedy has a tree evaluator");
                    let by_games =
                        play_out_by_games(strategy.as_ref(), 1, &snapshot, &history, &words, &open)
                            .unwrap();
                    assert_eq!(by_tree, by_games, "{secret}: {snapshot:?}");
                    compared += 1;
                }
                let letter = l(c);
                if secret.as_bytes().contains(&c) {
                    for (cell, b) in board.iter_mut().zip(secret.bytes()) {
                        if b == c {
                            *cell = Some(letter);
                        }
                    }
                } else {
                    wrong.insert(letter);
                    if wrong_words.is_empty() && wrong_word != secret {
                        wrong_words.push(wrong_word.clone());
                    }
                }
            }
        }
        assert!(compared >= 5, "only {compared} boards compared");
    }

    /// A board no word of the list fits still gets a ranking, from the letter model: every
    /// unguessed letter once, likeliest first, guessed and ruled-out letters at zero.
    #[test]
    fn a_board_no_word_fits_gets_a_ranking_from_the_letter_model() {
        let words = [
            "sing", "ring", "king", "wing", "song", "long", "sting", "string", "thing", "bring",
            "ping", "zing",
        ];
        let lex = Arc::new(Lexicon::from_words(words).unwrap());
        // "-ING" with s, r, k, w, p, t, b and z wrong: no four-letter word of the list fits.
        let wrong: LetterSet = LetterSet::of_word(b"srkwptbz");
        let p = Snapshot::new(cells("-ing"), wrong, &[], 10).unwrap();
        let info = strategy::find("greedy").unwrap();
        let err = advise(&lex, info, &Settings::default(), &p, 100).unwrap_err();
        assert_eq!(err, AdviceError::NoCandidates);
        let model = LetterModel::train(lex, crate::strategy::letter_model::Weights::default());
        let advice = advise_outside(&model, &p);
        let guessed = wrong.union(LetterSet::of_word(b"ing"));
        assert_eq!(advice.letters.len(), 26 - guessed.len() as usize);
        assert!(advice.letters.iter().all(|(l, _)| !guessed.contains(*l)));
        assert!(advice.letters.windows(2).all(|w| w[0].1 >= w[1].1));
        let total: f64 = advice.letters.iter().map(|(_, p)| p).sum();
        assert!(total > 0.0);
        // The one blank comes before "ing": a letter the training words put there (g, h of
        // "thing", ...) beats one they never do.
        let chance = |c: u8| advice.odds.present[l(c).index()];
        assert!(chance(b'h') > chance(b'q'), "{:?}", advice.letters);
    }
}
