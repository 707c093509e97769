//! The rules of play: rounds against a clock, guesses, scoring, hints and advancing.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64;

use crate::index::{GAME_LETTERS, MIN_WORD};
use crate::rack::Rack;
use crate::round::{Deal, RoundGenerator, scramble};

/// A source of elapsed time. The game only ever asks "how long since an arbitrary start", so
/// tests can drive it with a [`FakeClock`] and run instantly.
pub trait Clock {
    /// Time elapsed since the clock's own origin; never decreases.
    fn now(&self) -> Duration;
}

/// Wall-clock time (monotonic), from the moment the clock was made.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    origin: Instant,
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock {
            origin: Instant::now(),
        }
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A clock that moves only when told to. Clones share the same time, so a test can keep one
/// handle and give the other to the game.
#[derive(Clone, Debug, Default)]
pub struct FakeClock(Arc<AtomicU64>);

impl FakeClock {
    /// A clock at time zero.
    pub fn new() -> FakeClock {
        FakeClock::default()
    }

    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::SeqCst))
    }
}

/// Points for a required word of `len` letters: 10, 20, 40, 80 for 3, 4, 5, 6 letters
/// (doubling with each letter, as longer words are much harder to see).
pub fn word_points(len: usize) -> u32 {
    10u32 << len.saturating_sub(MIN_WORD).min(20)
}

/// Points for an accepted-only (bonus) word: half those of a required word of its length,
/// since obscure words are easier to stumble on by trying letter strings.
pub fn bonus_word_points(len: usize) -> u32 {
    word_points(len) / 2
}

/// The bonus for finding every required word of a round.
pub const ALL_FOUND_BONUS: u32 = 200;

/// The time a hint costs.
pub const HINT_COST: Duration = Duration::from_secs(10);

/// Points per whole second left on the timer when the round's first six-letter word is
/// found: finding it fast is worth more, as the classics reward.
pub const TIME_BONUS_PER_SECOND: u32 = 1;

/// The answer to a guess or a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// A new word.
    Found {
        /// The word.
        word: String,
        /// Points it scored.
        points: u32,
        /// Whether it is an accepted-only (bonus) word.
        bonus_word: bool,
        /// Whether it is the round's first six-letter word (the player will advance).
        qualifies: bool,
        /// The time bonus, when it was the round's first six-letter word (see
        /// [`TIME_BONUS_PER_SECOND`]).
        time_bonus: Option<u32>,
        /// The completion bonus, when it was the last required word.
        all_found_bonus: Option<u32>,
    },
    /// The word was found before.
    AlreadyFound(String),
    /// Fewer than three letters.
    TooShort(String),
    /// The word needs letters the rack does not have (or has fewer of).
    LettersNotAvailable(String),
    /// The rack spells it but it is not in the word list.
    NotAWord(String),
    /// A letter of a missing word was revealed.
    Hint {
        /// The revealed beginning of the word, lowercase.
        prefix: String,
        /// The word's length.
        length: usize,
    },
    /// Every missing word is already revealed as far as hints go.
    NoHint,
    /// The letters were rearranged.
    Shuffled,
    /// The round's time ran out before the guess was taken.
    TimeUp,
    /// The round is over; no more guesses.
    RoundOver,
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Feedback::Found {
                word,
                points,
                bonus_word,
                qualifies,
                time_bonus,
                all_found_bonus,
            } => {
                let upper = word.to_ascii_uppercase();
                if *bonus_word {
                    write!(f, "{upper}: bonus word! +{points}")?;
                } else {
                    write!(f, "{upper}: found! +{points}")?;
                }
                if let Some(bonus) = time_bonus {
                    write!(f, " Time bonus +{bonus}!")?;
                }
                if *qualifies {
                    write!(f, " You will advance to the next round!")?;
                }
                if let Some(bonus) = all_found_bonus {
                    write!(f, " Every word found: +{bonus} bonus!")?;
                }
                Ok(())
            }
            Feedback::AlreadyFound(w) => {
                write!(f, "{}: already found", w.to_ascii_uppercase())
            }
            Feedback::TooShort(w) => write!(
                f,
                "{}: too short (words have at least {MIN_WORD} letters)",
                w.to_ascii_uppercase()
            ),
            Feedback::LettersNotAvailable(w) => {
                write!(f, "{}: uses letters you don't have", w.to_ascii_uppercase())
            }
            Feedback::NotAWord(w) => write!(f, "{}: not a word", w.to_ascii_uppercase()),
            Feedback::Hint { prefix, length } => write!(
                f,
                "hint: {}{} (-{} s)",
                prefix.to_ascii_uppercase(),
                "_".repeat(length - prefix.len()),
                HINT_COST.as_secs()
            ),
            Feedback::NoHint => write!(f, "no more hints"),
            Feedback::Shuffled => write!(f, "shuffled"),
            Feedback::TimeUp => write!(f, "time is up!"),
            Feedback::RoundOver => write!(f, "the round is over"),
        }
    }
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEnd {
    /// The timer ran out.
    TimeUp,
    /// Every required word was found.
    AllFound,
    /// The player gave up.
    GaveUp,
}

/// One slot of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A found required word.
    Found(String),
    /// A missing word with its first letters revealed by hints.
    Hinted {
        /// The revealed letters.
        prefix: String,
        /// The word's length.
        length: usize,
    },
    /// A missing word: only its length is shown.
    Blank(usize),
    /// A word not found, shown once the round is over.
    Missed(String),
}

/// The slots of the required words of one length. While the round runs, found words come
/// first (alphabetically), then hinted ones, then blanks, so a slot's position never tells
/// which word it holds; once it is over every word is shown in alphabetical order, the
/// missed ones as [`Slot::Missed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotGroup {
    /// Word length.
    pub length: usize,
    /// The slots.
    pub slots: Vec<Slot>,
}

/// One round in progress (or just ended).
#[derive(Clone, Debug)]
pub struct Round {
    deal: Deal,
    rack: Rack,
    letters: Vec<u8>,
    found: Vec<bool>,
    /// Letters revealed by hints, per word.
    revealed: Vec<usize>,
    /// Bonus words found, in order.
    bonus_found: Vec<String>,
    started: Duration,
    limit: Duration,
    penalty: Duration,
    /// Time spent paused (the timer does not run), and when the current pause began.
    paused_total: Duration,
    paused_at: Option<Duration>,
    score: u32,
    qualified: bool,
    ended: Option<RoundEnd>,
}

impl Round {
    fn new(deal: Deal, started: Duration, limit: Duration) -> Round {
        let rack = Rack::from_lowercase(&deal.letters).expect("a-z");
        let n = deal.words.len();
        Round {
            letters: deal.letters.clone(),
            deal,
            rack,
            found: vec![false; n],
            revealed: vec![0; n],
            bonus_found: Vec::new(),
            started,
            limit,
            penalty: Duration::ZERO,
            paused_total: Duration::ZERO,
            paused_at: None,
            score: 0,
            qualified: false,
            ended: None,
        }
    }

    /// The letters as currently displayed, uppercase.
    pub fn letters(&self) -> String {
        String::from_utf8(self.letters.to_ascii_uppercase()).expect("ASCII")
    }

    /// The deal behind the round.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Points scored this round.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// Whether a six-letter word was found (the player advances when the round ends).
    pub fn qualified(&self) -> bool {
        self.qualified
    }

    /// Why the round ended, or `None` while it runs.
    pub fn ended(&self) -> Option<RoundEnd> {
        self.ended
    }

    /// The number of required words and how many are found.
    pub fn progress(&self) -> (usize, usize) {
        let required = self.deal.words.iter().filter(|w| w.required).count();
        let found = self
            .deal
            .words
            .iter()
            .zip(&self.found)
            .filter(|(w, f)| w.required && **f)
            .count();
        (found, required)
    }

    /// Bonus (accepted-only) words found, in the order found.
    pub fn bonus_found(&self) -> &[String] {
        &self.bonus_found
    }

    /// The board: the required words' slots grouped by length, shortest first.
    pub fn slots(&self) -> Vec<SlotGroup> {
        let mut groups: Vec<SlotGroup> = Vec::new();
        if self.ended.is_some() {
            for length in MIN_WORD..=GAME_LETTERS {
                let slots: Vec<Slot> = self
                    .deal
                    .words
                    .iter()
                    .zip(&self.found)
                    .filter(|(w, _)| w.required && w.word.len() == length)
                    .map(|(w, &found)| {
                        if found {
                            Slot::Found(w.word.clone())
                        } else {
                            Slot::Missed(w.word.clone())
                        }
                    })
                    .collect();
                if !slots.is_empty() {
                    groups.push(SlotGroup { length, slots });
                }
            }
            return groups;
        }
        for length in MIN_WORD..=GAME_LETTERS {
            let mut found = Vec::new();
            let mut hinted = Vec::new();
            let mut blank = 0;
            for (i, w) in self.deal.words.iter().enumerate() {
                if !w.required || w.word.len() != length {
                    continue;
                }
                if self.found[i] {
                    found.push(Slot::Found(w.word.clone()));
                } else if self.revealed[i] > 0 {
                    hinted.push(Slot::Hinted {
                        prefix: w.word[..self.revealed[i]].to_string(),
                        length,
                    });
                } else {
                    blank += 1;
                }
            }
            if found.is_empty() && hinted.is_empty() && blank == 0 {
                continue;
            }
            // The words are already alphabetical; hinted ones are sorted by what is shown.
            hinted.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
            let mut slots = found;
            slots.extend(hinted);
            slots.extend(std::iter::repeat_n(Slot::Blank(length), blank));
            groups.push(SlotGroup { length, slots });
        }
        groups
    }

    /// The required words not found, by length then alphabetically.
    pub fn missed(&self) -> Vec<&str> {
        // `deal.words` is ordered by length then alphabetically already.
        self.deal
            .words
            .iter()
            .zip(&self.found)
            .filter(|(w, f)| w.required && !**f)
            .map(|(w, _)| w.word.as_str())
            .collect()
    }

    fn time_left(&self, now: Duration) -> Duration {
        // While paused the clock stands at the moment the pause began.
        let now = self.paused_at.unwrap_or(now);
        let running = now
            .saturating_sub(self.started)
            .saturating_sub(self.paused_total);
        (self.limit.saturating_sub(self.penalty)).saturating_sub(running)
    }

    fn guess(&mut self, text: &str, now: Duration) -> Feedback {
        let word = text.trim().to_ascii_lowercase();
        if word.len() < MIN_WORD {
            return Feedback::TooShort(word);
        }
        if !self.rack.spells(&word) {
            return Feedback::LettersNotAvailable(word);
        }
        let Some(i) = self.deal.words.iter().position(|w| w.word == word) else {
            return Feedback::NotAWord(word);
        };
        if self.found[i] {
            return Feedback::AlreadyFound(word);
        }
        self.found[i] = true;
        let required = self.deal.words[i].required;
        let points = if required {
            word_points(word.len())
        } else {
            self.bonus_found.push(word.clone());
            bonus_word_points(word.len())
        };
        self.score += points;
        let qualifies = word.len() == GAME_LETTERS && !self.qualified;
        self.qualified |= word.len() == GAME_LETTERS;
        let time_bonus = qualifies.then(|| {
            // Whole seconds as the timer shows them (rounded up).
            let seconds = self.time_left(now).as_millis().div_ceil(1000) as u32;
            let bonus = seconds * TIME_BONUS_PER_SECOND;
            self.score += bonus;
            bonus
        });
        let (found, total) = self.progress();
        let all_found_bonus = (required && found == total).then(|| {
            self.score += ALL_FOUND_BONUS;
            self.ended = Some(RoundEnd::AllFound);
            ALL_FOUND_BONUS
        });
        Feedback::Found {
            word,
            points,
            bonus_word: !required,
            qualifies,
            time_bonus,
            all_found_bonus,
        }
    }

    fn hint(&mut self) -> Feedback {
        // Keep revealing the word already hinted, so hints add up to a findable word; else
        // start on the longest missing word (a six-letter one lets the player advance).
        let missing = |i: &usize| self.deal.words[*i].required && !self.found[*i];
        let open = |i: &usize| self.revealed[*i] + 1 < self.deal.words[*i].word.len();
        let n = self.deal.words.len();
        let pick = (0..n)
            .filter(missing)
            .filter(open)
            .find(|&i| self.revealed[i] > 0)
            .or_else(|| {
                (0..n)
                    .filter(missing)
                    .filter(open)
                    .max_by_key(|&i| (self.deal.words[i].word.len(), std::cmp::Reverse(i)))
            });
        let Some(i) = pick else {
            return Feedback::NoHint;
        };
        self.revealed[i] += 1;
        self.penalty += HINT_COST;
        let word = &self.deal.words[i].word;
        Feedback::Hint {
            prefix: word[..self.revealed[i]].to_string(),
            length: word.len(),
        }
    }
}

/// What the end of a round means for the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSummary {
    /// Why it ended.
    pub end: RoundEnd,
    /// Points scored in the round (bonus included).
    pub score: u32,
    /// Whether the player goes on to another round.
    pub advances: bool,
    /// Required words found / required words in all.
    pub found: usize,
    /// Required words in all.
    pub required: usize,
    /// Missed required words, by length then alphabetically.
    pub missed: Vec<String>,
}

/// A whole game: rounds dealt from a generator, timed by a [`Clock`], the score carried from
/// round to round while the player keeps finding six-letter words.
pub struct Game<'d, C: Clock> {
    generator: RoundGenerator<'d>,
    clock: C,
    rng: Pcg64,
    time_limit: Duration,
    round: Round,
    round_number: u32,
    /// Points of finished rounds.
    banked: u32,
    over: bool,
    /// A one-round game (the daily puzzle): over when its round ends.
    single_round: bool,
}

impl<'d, C: Clock> Game<'d, C> {
    /// Starts a game (and its first round, whose clock starts now). The same seed and word
    /// lists always deal the same rounds.
    pub fn new(generator: RoundGenerator<'d>, clock: C, seed: u64, time_limit: Duration) -> Self {
        let mut rng = Pcg64::seed_from_u64(seed);
        let deal = generator.deal(&mut rng);
        let round = Round::new(deal, clock.now(), time_limit);
        Game {
            generator,
            clock,
            rng,
            time_limit,
            round,
            round_number: 1,
            banked: 0,
            over: false,
            single_round: false,
        }
    }

    /// Makes this a one-round game (the daily puzzle): it is over when the round ends,
    /// whatever was found.
    pub fn single_round(mut self) -> Self {
        self.single_round = true;
        self
    }

    /// Whether this is a one-round game.
    pub fn is_single_round(&self) -> bool {
        self.single_round
    }

    /// Stops the round's timer (the UI hides the letters meanwhile). Does nothing if the
    /// round is over or already paused.
    pub fn pause(&mut self) {
        if self.round.ended.is_none() && self.round.paused_at.is_none() {
            self.round.paused_at = Some(self.clock.now());
        }
    }

    /// Restarts the timer where [`Game::pause`] stopped it.
    pub fn resume(&mut self) {
        if let Some(at) = self.round.paused_at.take() {
            self.round.paused_total += self.clock.now().saturating_sub(at);
        }
    }

    /// Whether the timer is paused.
    pub fn is_paused(&self) -> bool {
        self.round.paused_at.is_some()
    }

    /// The current round.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The current round's number, from 1.
    pub fn round_number(&self) -> u32 {
        self.round_number
    }

    /// Rounds completed with a six-letter word (the rounds that count as won).
    pub fn rounds_won(&self) -> u32 {
        if self.single_round {
            return u32::from(self.round.ended.is_some() && self.round.qualified);
        }
        self.round_number - 1 + u32::from(self.round.ended.is_some() && self.round.qualified)
    }

    /// The score so far, the current round included.
    pub fn score(&self) -> u32 {
        self.banked + self.round.score
    }

    /// Time left on the current round's timer (hint penalties deducted).
    pub fn time_left(&self) -> Duration {
        self.round.time_left(self.clock.now())
    }

    /// Whether the game is over (a round ended without a six-letter word).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Ends the round if its time is up; true if this call ended it. Call it periodically.
    pub fn tick(&mut self) -> bool {
        if self.round.ended.is_none() && self.round.time_left(self.clock.now()).is_zero() {
            self.end_round(RoundEnd::TimeUp);
            return true;
        }
        false
    }

    /// Takes a typed guess.
    pub fn guess(&mut self, text: &str) -> Feedback {
        if self.round.ended.is_some() {
            return Feedback::RoundOver;
        }
        if self.tick() {
            return Feedback::TimeUp;
        }
        self.resume();
        let mut feedback = self.round.guess(text, self.clock.now());
        if self.single_round
            && let Feedback::Found { qualifies, .. } = &mut feedback
        {
            // No next round to advance to.
            *qualifies = false;
        }
        if self.round.ended.is_some() {
            self.over = self.single_round || !self.round.qualified;
        }
        feedback
    }

    /// Reveals a letter of a missing required word, at the cost of [`HINT_COST`].
    pub fn hint(&mut self) -> Feedback {
        if self.round.ended.is_some() {
            return Feedback::RoundOver;
        }
        if self.tick() {
            return Feedback::TimeUp;
        }
        self.resume();
        let feedback = self.round.hint();
        self.tick();
        feedback
    }

    /// Rearranges the displayed letters (never into a word when avoidable).
    pub fn shuffle(&mut self) -> Feedback {
        if self.round.ended.is_some() {
            return Feedback::RoundOver;
        }
        let dict = self.generator.dictionary();
        self.round.letters = scramble(
            &self.round.letters,
            |w| std::str::from_utf8(w).is_ok_and(|w| dict.accepts(w)),
            &mut self.rng,
        );
        Feedback::Shuffled
    }

    /// Ends the round now (the player advances only with a six-letter word found).
    pub fn give_up(&mut self) {
        if self.round.ended.is_none() {
            self.end_round(RoundEnd::GaveUp);
        }
    }

    fn end_round(&mut self, end: RoundEnd) {
        self.resume();
        self.round.ended = Some(end);
        self.over = self.single_round || !self.round.qualified;
    }

    /// The summary of the current round once it has ended.
    pub fn summary(&self) -> Option<RoundSummary> {
        let end = self.round.ended?;
        let (found, required) = self.round.progress();
        Some(RoundSummary {
            end,
            score: self.round.score,
            advances: self.round.qualified && !self.single_round,
            found,
            required,
            missed: self.round.missed().into_iter().map(String::from).collect(),
        })
    }

    /// Deals the next round, carrying the score over. Returns false (and does nothing) if
    /// the current round is still running or the game is over.
    pub fn next_round(&mut self) -> bool {
        if self.round.ended.is_none() || self.over {
            return false;
        }
        self.banked += self.round.score;
        let deal = self.generator.deal(&mut self.rng);
        self.round = Round::new(deal, self.clock.now(), self.time_limit);
        self.round_number += 1;
        true
    }

    /// The result of the current round without its answers, to share a daily puzzle
    /// without spoiling it: `Word Blender {label}: {found}/{required} words, {score} points`,
    /// then per word length the words found as filled squares and the others as empty ones.
    pub fn share_line(&self, label: &str) -> String {
        let (found, required) = self.round.progress();
        let mut line = format!(
            "Word Blender {label}: {found}/{required} words, {} points",
            self.score()
        );
        for group in self.round.slots() {
            let squares: String = group
                .slots
                .iter()
                .map(|s| {
                    if matches!(s, Slot::Found(_)) {
                        '■'
                    } else {
                        '□'
                    }
                })
                .collect();
            line.push_str(&format!(" | {} {squares}", group.length));
        }
        line
    }

    /// The clock (tests advance a shared [`FakeClock`] through their own handle).
    pub fn clock(&self) -> &C {
        &self.clock
    }
}
