//! What stays the same across the games of one `hangman play` session: the dictionary, the
//! options, the random generator and the statistics; and how each new game is set up.

use std::sync::Arc;

use anyhow::anyhow;
use hangman::Referee;
use hangman::referee::Revealed;
use hangman::strategy::{Familiar, Pool, Settings, Strategy, StrategyInfo};
use lexicon::Lexicon;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use wordplay_scores::Store;

use super::reverse::ReverseRound;
use super::round::GuessRound;
use super::secrets::{SecretDifficulty, Secrets};

pub use hangman::referee::RefereeKind;

/// The referee for a new game of `length` letters over `lexicon`. This is the one place
/// referees are made: a fair referee's secret is a random word of the length from
/// `secrets` (common words of the chosen difficulty); a cheating one keeps every word of the
/// length in play. An error if there is no secret of that length.
pub(crate) fn make_referee(
    kind: RefereeKind,
    lexicon: &Arc<Lexicon>,
    secrets: &mut Secrets,
    length: usize,
    rng: &mut Pcg64,
) -> anyhow::Result<Box<dyn Referee>> {
    let words = secrets.of_length(length);
    if words.is_empty() {
        return Err(crate::error::usage(format!(
            "no {} words of {length} letters to choose a secret from",
            secrets.difficulty().name()
        )));
    }
    let index = words[rng.random_range(0..words.len())];
    let secret = secrets.word(length, index).to_string();
    Ok(hangman::referee::build(kind, lexicon, &secret)?)
}

/// The registry name of the guesser that learns words.
const PLAYER: &str = "player";

/// Session options, fixed for every game.
pub struct Config {
    /// The dictionary.
    pub lexicon: Arc<Lexicon>,
    /// The common tier fair secrets are drawn from (within the dictionary); `None` draws
    /// from every word.
    pub common: Option<Arc<Lexicon>>,
    /// Which common words a fair referee draws.
    pub difficulty: SecretDifficulty,
    /// Shown as the dictionary's name.
    pub dictionary_name: String,
    /// The referee of the player's guesses.
    pub referee: RefereeKind,
    /// A fixed word length, or `None` for a random one from 4 to 13.
    pub length: Option<usize>,
    /// Wrong guesses that hang the man: the game is lost on this many.
    pub lives: u32,
    /// The seed of the session's random generator.
    pub seed: u64,
    /// In reversed roles, the strategy that guesses.
    pub guesser: Option<&'static StrategyInfo>,
    /// Where the guesser may keep its decisions between sessions.
    pub cache_dir: Option<std::path::PathBuf>,
    /// Where the reversed role's `player` keeps the words it learns (the words players
    /// named that it did not know) and reads them back: the scores store the web server
    /// shares. `None`: it learns for this session only.
    pub learned_store: Option<Store>,
}

impl Config {
    /// The game's maximum of wrong guesses without losing.
    pub(crate) fn max_wrong(&self) -> u32 {
        self.lives.saturating_sub(1)
    }
}

/// Games played in a session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games finished.
    pub games: u32,
    /// Games the player won (in reversed roles: games the computer lost).
    pub wins: u32,
    /// Wins in a row up to the last game.
    pub(crate) streak: u32,
    /// The longest streak.
    pub(crate) best_streak: u32,
}

impl Stats {
    /// Counts a finished game.
    pub(crate) fn record(&mut self, won: bool) {
        self.games += 1;
        if won {
            self.wins += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "games {}, wins {}, streak {} (best {})",
            self.games, self.wins, self.streak, self.best_streak
        )
    }
}

/// A session: options, randomness, statistics and, in reversed roles, the strategy.
pub struct PlaySession {
    /// The options.
    pub(crate) config: Config,
    /// Session statistics.
    pub stats: Stats,
    rng: Pcg64,
    strategy: Option<Box<dyn Strategy>>,
    /// The words `player` knows (its pool), when it is the guesser.
    pool: Option<Arc<Pool>>,
    /// The words it learned (from the store, then in this session).
    learned: Vec<String>,
    secrets: Secrets,
}

impl PlaySession {
    /// A session; builds the guessing strategy when roles are reversed (`player` with the
    /// words it learned in earlier games).
    pub fn new(config: Config) -> anyhow::Result<PlaySession> {
        let learned = match (&config.guesser, &config.learned_store) {
            (Some(info), Some(store)) if info.name == PLAYER => store.learned_words()?,
            _ => Vec::new(),
        };
        let secrets = Secrets::new(
            &config.lexicon,
            config.common.as_deref().unwrap_or(&config.lexicon),
            config.difficulty,
        );
        let mut session = PlaySession {
            secrets,
            rng: Pcg64::seed_from_u64(config.seed),
            config,
            stats: Stats::default(),
            strategy: None,
            pool: None,
            learned,
        };
        session.build_guesser()?;
        Ok(session)
    }

    /// (Re)builds the reversed role's guesser: `player` around a pool holding the learned
    /// words, any other strategy as the registry builds it.
    fn build_guesser(&mut self) -> anyhow::Result<()> {
        let Some(info) = self.config.guesser else {
            return Ok(());
        };
        let settings = Settings {
            max_wrong: self.config.max_wrong(),
            seed: self.config.seed,
            params: Vec::new(),
            cache_dir: self.config.cache_dir.clone(),
        };
        let lexicon = self.config.lexicon.clone();
        if info.name == PLAYER {
            let player = Familiar::with_learned(lexicon, &settings, &self.learned, None)?;
            self.pool = Some(player.pool().clone());
            self.strategy = Some(Box::new(player));
        } else {
            self.strategy = Some(info.build(lexicon, &settings)?);
        }
        Ok(())
    }

    /// The words the reversed role's guesser knows: `player`'s pool (the dictionary, the
    /// familiarity source's words and the learned words), else the dictionary.
    pub(crate) fn known_words(&self) -> &Lexicon {
        self.pool
            .as_deref()
            .map_or(&self.config.lexicon, Pool::words)
    }

    /// Learns the word a reversed game ended on (`revealed`: named by the player, or
    /// spelled by their answers) if the guesser is `player` and it says so
    /// ([`Pool::to_learn`]: the word fits every answer and is not one it knows): kept in the
    /// store (if any) and known from the next game on. Returns what to tell the player,
    /// `None` if there is nothing to learn.
    pub(crate) fn learn(&mut self, revealed: &Revealed) -> Option<String> {
        let word = self.pool.as_ref()?.to_learn(revealed)?;
        // A word the store would not keep (over its length) is not learned either.
        let word = wordplay_scores::learned::learnable(word).ok()?;
        let kept = match &self.config.learned_store {
            Some(store) => match store.learn_word(&word) {
                Ok(_) => "",
                Err(e) => return Some(format!("(I could not keep {word}: {e})")),
            },
            None => " for this session",
        };
        self.learned.push(word.clone());
        match self.build_guesser() {
            Ok(()) => Some(format!(
                "I will know {}{kept} from now on.",
                word.to_ascii_uppercase()
            )),
            Err(e) => Some(format!("(I could not learn {word}: {e})")),
        }
    }

    /// The strategy guessing in reversed roles.
    pub(crate) fn strategy(&self) -> Option<&dyn Strategy> {
        self.strategy.as_deref()
    }

    /// Whether the computer guesses (reversed roles).
    pub(crate) fn reversed(&self) -> bool {
        self.strategy.is_some()
    }

    /// The length of the next game: the fixed one, or a random length from 4 to 13 that
    /// has secrets (any length with secrets if none does).
    fn next_length(&mut self, rng: &mut Pcg64) -> anyhow::Result<usize> {
        let lexicon = &self.config.lexicon;
        if let Some(n) = self.config.length {
            if lexicon.bucket(n).is_empty() {
                return Err(crate::error::usage(format!(
                    "the dictionary has no words of {n} letters"
                )));
            }
            return Ok(n);
        }
        let all = self.secrets.lengths();
        let mut lengths: Vec<usize> = all
            .iter()
            .copied()
            .filter(|n| (4..=13).contains(n))
            .collect();
        if lengths.is_empty() {
            lengths = all;
        }
        // A difficulty level may have no word of some length: draw among the others.
        while !lengths.is_empty() {
            let length = lengths.swap_remove(rng.random_range(0..lengths.len()));
            if !self.secrets.of_length(length).is_empty() {
                return Ok(length);
            }
        }
        Err(anyhow!(
            "the dictionary has no {} words to choose a secret from",
            self.secrets.difficulty().name()
        ))
    }

    /// Sets up a game as [`PlaySession::new_round`] would, without using up randomness: an
    /// error here (no words of the length, a referee not available) is a bad option.
    pub(crate) fn check(&mut self) -> anyhow::Result<()> {
        if self.reversed() {
            return Ok(());
        }
        let mut rng = self.rng.clone();
        let length = self.next_length(&mut rng)?;
        make_referee(
            self.config.referee,
            &self.config.lexicon,
            &mut self.secrets,
            length,
            &mut rng,
        )
        .map(drop)
    }

    /// A new game with the player guessing.
    pub fn new_round(&mut self) -> anyhow::Result<GuessRound> {
        let mut rng = self.rng.clone();
        let length = self.next_length(&mut rng)?;
        self.rng = rng;
        let max_wrong = self.config.max_wrong();
        let referee = make_referee(
            self.config.referee,
            &self.config.lexicon,
            &mut self.secrets,
            length,
            &mut self.rng,
        )?;
        Ok(GuessRound::new(referee, self.config.referee, max_wrong))
    }

    /// A new game with the computer guessing; the player gives the length next.
    pub(crate) fn new_reverse(&self) -> ReverseRound {
        let round = ReverseRound::new(self.config.max_wrong());
        match &self.pool {
            Some(pool) => round.with_pool(pool.clone()),
            None => round,
        }
    }
}
