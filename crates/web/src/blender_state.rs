//! The Word Blender games the server keeps and what of them the store holds, apart from
//! their routes (`blender_routes.rs`) so that the service's state can hold them.
//!
//! A game is kept as its setup and the moves that changed it (words found, hints,
//! shuffles, ends, next rounds), each at its time on the game's clock, and rebuilt by
//! playing them again at those times. The clock is the wall clock from the game's start
//! ([`ServerClock`]), so a round's time runs on while the page is closed or the server
//! restarts: the time left is always the server's.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use blender::{Clock, Difficulty, Feedback, Game};
use serde::{Deserialize, Serialize};
use wordplay_scores::{DailyResult, Store, StoreError};

use crate::games::{Kit, Saved};

/// Milliseconds since the Unix epoch.
fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Not replaying: the clock reads the wall clock.
const LIVE: u64 = u64::MAX;

/// A game's clock: wall time since the game began (so it runs across restarts), or, while
/// a kept game is rebuilt, the time of the move being played again. It never goes back,
/// even if the system clock does.
#[derive(Clone, Debug)]
pub(crate) struct ServerClock {
    /// When the game began, in milliseconds since the Unix epoch.
    origin: u64,
    /// The time a rebuilt game's move is played at, or [`LIVE`].
    replaying: Arc<AtomicU64>,
    /// The latest time read (the clock never goes back).
    high: Arc<AtomicU64>,
}

impl ServerClock {
    /// A clock starting now.
    fn starting_now() -> ServerClock {
        ServerClock::from(unix_ms(), LIVE)
    }

    fn from(origin: u64, replaying: u64) -> ServerClock {
        ServerClock {
            origin,
            replaying: Arc::new(AtomicU64::new(replaying)),
            high: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The clock's time in milliseconds.
    fn millis(&self) -> u64 {
        self.now().as_millis() as u64
    }
}

impl Clock for ServerClock {
    fn now(&self) -> Duration {
        let at = match self.replaying.load(Ordering::SeqCst) {
            LIVE => unix_ms().saturating_sub(self.origin),
            at => at,
        };
        Duration::from_millis(self.high.fetch_max(at, Ordering::SeqCst).max(at))
    }
}

/// A move that changed a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub(crate) enum Move {
    /// A word found.
    Found { word: String },
    /// A hint given.
    Hint,
    /// Shuffles in a row.
    Shuffle { times: u32 },
    /// The round ended by the player.
    End,
    /// The next round dealt.
    Next,
}

/// A move and when it was made, in milliseconds on the game's clock.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Timed {
    at: u64,
    #[serde(flatten)]
    made: Move,
}

/// The daily puzzle a game plays.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Daily {
    /// Its date, `YYYY-MM-DD`.
    pub(crate) date: String,
    /// Its number.
    pub(crate) puzzle: u32,
    /// Whether this attempt counts (the player's first at that date); else a replay,
    /// never recorded.
    pub(crate) counted: bool,
}

/// One Blender game.
pub(crate) struct Session {
    pub(crate) game: Game<'static, ServerClock>,
    pub(crate) difficulty: Difficulty,
    pub(crate) seed: u64,
    pub(crate) daily: Option<Daily>,
    /// Who plays, when known: a finished game's score goes into the table under it.
    pub(crate) player: Option<String>,
    /// Whether the finished game is recorded (in the table, and a daily's result).
    pub(crate) saved: bool,
    moves: Vec<Timed>,
}

impl Session {
    /// A new game, its clock starting now.
    pub(crate) fn new(
        kit: &Kit<'_>,
        difficulty: Difficulty,
        seed: u64,
        daily: Option<Daily>,
        player: Option<String>,
    ) -> Session {
        let game = new_game(
            kit,
            difficulty,
            seed,
            daily.is_some(),
            ServerClock::starting_now(),
        );
        Session {
            game,
            difficulty,
            seed,
            daily,
            player,
            saved: false,
            moves: Vec::new(),
        }
    }

    /// Runs `f` on the game with its clock held at one reading (the game reads it more
    /// than once per move: a rebuilt game must read what this one read), and keeps what it
    /// made, if anything, as a move at that reading.
    fn at_one_time<T>(
        &mut self,
        f: impl FnOnce(&mut Game<'static, ServerClock>) -> (T, Option<Move>),
    ) -> T {
        let clock = self.game.clock().clone();
        let at = clock.millis();
        let before = clock.replaying.swap(at, Ordering::SeqCst);
        let (out, made) = f(&mut self.game);
        clock.replaying.store(before, Ordering::SeqCst);
        match (made, self.moves.last_mut()) {
            (None, _) => {}
            (
                Some(Move::Shuffle { times: more }),
                Some(Timed {
                    made: Move::Shuffle { times },
                    ..
                }),
            ) => *times += more,
            (Some(made), _) => self.moves.push(Timed { at, made }),
        }
        out
    }

    /// Takes a typed word.
    pub(crate) fn guess(&mut self, word: &str) -> Feedback {
        self.at_one_time(|game| {
            let feedback = game.guess(word);
            let made = match &feedback {
                Feedback::Found { word, .. } => Some(Move::Found { word: word.clone() }),
                _ => None,
            };
            (feedback, made)
        })
    }

    /// A hint (costs time).
    pub(crate) fn hint(&mut self) -> Feedback {
        self.at_one_time(|game| {
            let feedback = game.hint();
            let made = matches!(feedback, Feedback::Hint { .. }).then_some(Move::Hint);
            (feedback, made)
        })
    }

    /// Shuffles the rack (not once the round's time is up).
    pub(crate) fn shuffle(&mut self) -> Feedback {
        self.at_one_time(|game| {
            if game.tick() {
                return (Feedback::TimeUp, None);
            }
            let feedback = game.shuffle();
            let made = (feedback == Feedback::Shuffled).then_some(Move::Shuffle { times: 1 });
            (feedback, made)
        })
    }

    /// Ends the round now; false if it was over.
    pub(crate) fn end(&mut self) -> bool {
        self.at_one_time(|game| {
            game.tick();
            if game.summary().is_some() {
                return (false, None);
            }
            game.give_up();
            (true, Some(Move::End))
        })
    }

    /// Deals the next round; false if there is none (the round goes on, or the game is over).
    pub(crate) fn next(&mut self) -> bool {
        self.at_one_time(|game| {
            game.tick();
            let dealt = game.next_round();
            (dealt, dealt.then_some(Move::Next))
        })
    }

    /// Ends the round if its time is up; true if this call ended it.
    pub(crate) fn tick(&mut self) -> bool {
        self.game.tick()
    }
}

/// A game of `difficulty` dealt from `seed` (one round for a daily puzzle) on `clock`.
fn new_game(
    kit: &Kit<'_>,
    difficulty: Difficulty,
    seed: u64,
    daily: bool,
    clock: ServerClock,
) -> Game<'static, ServerClock> {
    let game = Game::new(
        kit.generator(difficulty).clone(),
        clock,
        seed,
        difficulty.time(),
    );
    if daily { game.single_round() } else { game }
}

/// What the store keeps of a Blender game.
#[derive(Serialize, Deserialize)]
pub(crate) struct SessionRecord {
    difficulty: String,
    seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily: Option<Daily>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    saved: bool,
    /// When the game began, in milliseconds since the Unix epoch.
    began: u64,
    moves: Vec<Timed>,
}

impl Saved for Session {
    const KIND: &'static str = "blender";
    type Record = SessionRecord;

    /// A game with a player (a daily puzzle's counted attempt, or a game begun with a
    /// name) not yet recorded.
    fn pending(&self) -> bool {
        !self.saved && self.player.is_some() && self.daily.as_ref().is_none_or(|d| d.counted)
    }

    fn record(&self) -> SessionRecord {
        SessionRecord {
            difficulty: self.difficulty.name().to_string(),
            seed: self.seed,
            daily: self.daily.clone(),
            player: self.player.clone(),
            saved: self.saved,
            began: self.game.clock().origin,
            moves: self.moves.clone(),
        }
    }

    fn restore(r: SessionRecord, kit: &Kit<'_>) -> Result<Session, String> {
        let difficulty = Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == r.difficulty)
            .ok_or_else(|| format!("unknown difficulty {:?}", r.difficulty))?;
        let clock = ServerClock::from(r.began, 0);
        let game = new_game(kit, difficulty, r.seed, r.daily.is_some(), clock.clone());
        let mut session = Session {
            game,
            difficulty,
            seed: r.seed,
            daily: r.daily,
            player: r.player,
            saved: r.saved,
            moves: Vec::new(),
        };
        // Each move again at its time: the same clock readings give the same game.
        for Timed { at, made } in &r.moves {
            clock.replaying.store(*at, Ordering::SeqCst);
            let done = match made {
                Move::Found { word } => {
                    matches!(session.guess(word), Feedback::Found { .. })
                }
                Move::Hint => matches!(session.hint(), Feedback::Hint { .. }),
                Move::Shuffle { times } => {
                    (0..*times).all(|_| session.shuffle() == Feedback::Shuffled)
                }
                Move::End => session.end(),
                Move::Next => session.next(),
            };
            if !done {
                return Err(format!("the move {made:?} at {at} ms does not replay"));
            }
        }
        clock.replaying.store(LIVE, Ordering::SeqCst);
        Ok(session)
    }
}

impl Session {
    /// The daily puzzle's spoiler-free result line, for a daily game.
    pub(crate) fn share(&self) -> Option<String> {
        let daily = self.daily.as_ref()?;
        Some(self.game.share_line(&blender::daily_label(&daily.date)))
    }

    /// Whether the game is over with points no table holds yet for want of a name (a game
    /// begun without a player; a daily puzzle always has one).
    pub(crate) fn needs_name(&self) -> bool {
        self.game.is_over() && !self.saved && self.game.score() > 0 && self.daily.is_none()
    }

    /// Writes to the store what the game now means there, and returns whether the session
    /// changed (keep it then). A counted daily attempt's result is written as it goes
    /// (`progressed`: a word was just found) and once more, final, at the end; at the end a
    /// game with a player and points goes into the high-score table. A replay of a daily
    /// puzzle is never written.
    pub(crate) fn settle(&mut self, store: &Store, progressed: bool) -> Result<bool, StoreError> {
        self.tick();
        let over = self.game.is_over();
        if self.saved || !(over || progressed) {
            return Ok(false);
        }
        let (score, rounds) = (self.game.score(), self.game.rounds_won());
        if let (Some(daily), Some(player)) = (&self.daily, &self.player) {
            if !daily.counted {
                return Ok(false);
            }
            store.update_daily(&DailyResult {
                game: "blender".into(),
                date: daily.date.clone(),
                puzzle: daily.puzzle,
                player: player.clone(),
                won: rounds > 0,
                score,
                share: self.share().unwrap_or_default(),
                finished: over,
            })?;
        }
        if !over {
            return Ok(false);
        }
        match &self.player {
            Some(player) if score > 0 => {
                let date = self.daily.as_ref().map(|d| d.date.as_str());
                store.add_blender(player, score, rounds, date)?;
            }
            Some(_) => {}
            // A daily game always has a player; a game without one waits for a name.
            None => return Ok(false),
        }
        self.saved = true;
        Ok(true)
    }
}
