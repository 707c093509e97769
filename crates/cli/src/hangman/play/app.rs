//! The terminal UI's state: the session, the game on screen, the input line and the
//! message, driven by key presses. Independent of any terminal, so it can be tested.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::look::{self, HangmanPalette};
use super::reverse::{self, ReversePhase, ReverseRound};
use super::round::GuessRound;
use super::session::PlaySession;
use crate::terminal::frame::Tone;

/// Shown while the computer picks its guess.
pub(crate) const BUSY: &str = "Thinking…";

/// The longest input line (the longest word a board holds).
const MAX_INPUT: usize = lexicon::MAX_WORD_LEN;

/// The game on screen.
pub enum PlayMode {
    /// The player guesses.
    Guess(GuessRound),
    /// The computer guesses.
    Reverse(ReverseRound),
}

/// The whole UI state.
pub struct HangmanApp {
    /// The session.
    pub session: PlaySession,
    /// The game on screen.
    pub mode: PlayMode,
    /// What the player is typing.
    pub input: String,
    /// The last message.
    pub message: String,
    /// How the message reads.
    pub(crate) tone: Tone,
    /// Set when the player asked to quit.
    pub quit: bool,
    /// Set while the UI asks whether to quit a game in progress.
    pub confirm_quit: bool,
    /// Set while the terminal is too small to show the game (keys are ignored then).
    pub(crate) too_small: bool,
    /// Set while the player types a whole word (after Enter); otherwise a letter key is a
    /// guess at once.
    pub typing_word: bool,
    /// The styles.
    pub(crate) palette: HangmanPalette,
    recorded: bool,
}

impl HangmanApp {
    /// Starts the first game of `session`.
    pub fn new(mut session: PlaySession) -> anyhow::Result<HangmanApp> {
        let mode = new_mode(&mut session)?;
        let mut app = HangmanApp {
            session,
            mode,
            input: String::new(),
            message: String::new(),
            tone: Tone::Info,
            quit: false,
            confirm_quit: false,
            too_small: false,
            typing_word: false,
            palette: HangmanPalette::default(),
            recorded: false,
        };
        app.message = app.welcome();
        Ok(app)
    }

    fn welcome(&self) -> String {
        match &self.mode {
            PlayMode::Guess(round) => format!(
                "A word of {} letters. Press a letter, or Enter to type the whole word.",
                round.state().length()
            ),
            PlayMode::Reverse(r) => r.prompt(),
        }
    }

    /// Tells the UI the terminal's size (below the minimum, keys are ignored).
    pub fn fit(&mut self, width: u16, height: u16) {
        self.too_small = look::too_small(width, height);
    }

    /// Whether a game has started and is not over: quitting it then asks first.
    pub(crate) fn in_progress(&self) -> bool {
        match &self.mode {
            PlayMode::Guess(round) => {
                let state = round.state();
                !round.is_over()
                    && (!state.guessed_letters().is_empty() || !state.wrong_words().is_empty())
            }
            PlayMode::Reverse(r) => !r.decided() && r.state().is_some(),
        }
    }

    /// Whether the game on screen is over.
    pub fn is_over(&self) -> bool {
        match &self.mode {
            PlayMode::Guess(round) => round.is_over(),
            PlayMode::Reverse(r) => r.phase == ReversePhase::Over,
        }
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent) -> anyhow::Result<()> {
        if key.kind == KeyEventKind::Release {
            return Ok(());
        }
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c' | 'd'))
        {
            self.quit = true;
            return Ok(());
        }
        if self.too_small {
            // The board is not on screen: no key may cost a guess.
            if key.code == KeyCode::Esc {
                self.quit = true;
            }
            return Ok(());
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                self.quit = true;
            } else {
                self.say("Carry on.", Tone::Info);
            }
            return Ok(());
        }
        if self.is_over() {
            match key.code {
                KeyCode::Enter | KeyCode::Char('y' | 'Y') => self.new_game()?,
                KeyCode::Esc | KeyCode::Char('q' | 'Q' | 'n' | 'N') => self.quit = true,
                _ => self.message = "Enter or y: play again; q: quit.".to_string(),
            }
            return Ok(());
        }
        let letter_at_once = matches!(self.mode, PlayMode::Guess(_)) && !self.typing_word;
        match key.code {
            KeyCode::Enter if letter_at_once => {
                self.typing_word = true;
                self.say(
                    "Type the word, then Enter (Esc: back to letters).",
                    Tone::Info,
                );
            }
            KeyCode::Char(c) if letter_at_once && c.is_ascii_alphabetic() => {
                self.input.clear();
                self.submit(&c.to_ascii_lowercase().to_string());
            }
            KeyCode::Esc if self.typing_word => {
                self.typing_word = false;
                self.input.clear();
                self.say("Type a letter to guess it.", Tone::Info);
            }
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                self.typing_word = false;
                self.submit(&line);
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Esc if self.input.is_empty() && self.in_progress() => {
                self.confirm_quit = true;
                self.say(
                    "Quit this game? y: quit, any other key: keep playing.",
                    Tone::Bad,
                );
            }
            KeyCode::Esc if self.input.is_empty() => self.quit = true,
            KeyCode::Esc => self.input.clear(),
            KeyCode::Char('?') if matches!(self.mode, PlayMode::Reverse(_)) => {
                if let PlayMode::Reverse(r) = &self.mode {
                    let c = r.candidates(self.session.known_words());
                    self.message = format!("{} words fit: {}", c.count, reverse::words(&c));
                }
            }
            KeyCode::Char(c) => {
                let allowed = match self.mode {
                    PlayMode::Guess(_) => c.is_ascii_alphabetic(),
                    PlayMode::Reverse(_) => c.is_ascii_alphanumeric() || " ,-_.".contains(c),
                };
                if !allowed {
                    self.message = format!("{c:?} ignored: type letters a-z.");
                } else if self.input.len() < MAX_INPUT {
                    self.input.push(c.to_ascii_lowercase());
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether `key` makes the computer think (an answer submitted in reversed roles: the
    /// strategy then picks its next guess, which can take seconds); the frame then shows
    /// [`BUSY`] if the answer takes longer than [`crate::terminal::frame::WORKING_AFTER`].
    pub(crate) fn works_on(&self, key: &KeyEvent) -> bool {
        key.kind != KeyEventKind::Release
            && key.code == KeyCode::Enter
            && !self.input.is_empty()
            && !self.too_small
            && !self.confirm_quit
            && !self.is_over()
            && matches!(self.mode, PlayMode::Reverse(_))
    }

    fn say(&mut self, message: &str, tone: Tone) {
        self.message = message.to_string();
        self.tone = tone;
    }

    fn submit(&mut self, line: &str) {
        let config = &self.session.config;
        self.tone = Tone::Info;
        self.message = match &mut self.mode {
            PlayMode::Guess(round) => {
                let before = (
                    round.state().wrong_guesses(),
                    round.state().board().revealed(),
                );
                let message = round.submit(line);
                let state = round.state();
                self.tone = if state.status() == hangman::Status::GameWon {
                    Tone::Good
                } else if state.wrong_guesses() > before.0 {
                    Tone::Bad
                } else if state.board().revealed() != before.1 {
                    Tone::Good
                } else {
                    Tone::Info
                };
                match round.ending(&config.lexicon) {
                    Some(end) => format!("{} Enter: play again, q: quit.", end.summary()),
                    None => message,
                }
            }
            PlayMode::Reverse(r) => {
                let strategy = self.session.strategy().expect("reversed roles");
                let message = r.submit(line, strategy, self.session.known_words());
                match r.phase {
                    ReversePhase::Over => {
                        let learned = r
                            .revealed()
                            .and_then(|word| self.session.learn(word))
                            .map(|m| format!(" {m}"))
                            .unwrap_or_default();
                        format!("{message}{learned} Enter: play again, q: quit.")
                    }
                    _ => format!("{message} {}", r.prompt()),
                }
            }
        };
        // A reversed game is decided once the computer is out of guesses, before the player
        // says what the word was.
        let decided = match &self.mode {
            PlayMode::Guess(_) => self.is_over(),
            PlayMode::Reverse(r) => r.decided(),
        };
        if decided && !self.recorded {
            let won = match &self.mode {
                PlayMode::Guess(round) => round.state().status() == hangman::Status::GameWon,
                PlayMode::Reverse(r) => r.player_won(),
            };
            self.session.stats.record(won);
            self.recorded = true;
        }
    }

    fn new_game(&mut self) -> anyhow::Result<()> {
        self.mode = new_mode(&mut self.session)?;
        self.input.clear();
        self.typing_word = false;
        self.recorded = false;
        self.message = self.welcome();
        self.tone = Tone::Info;
        Ok(())
    }
}

fn new_mode(session: &mut PlaySession) -> anyhow::Result<PlayMode> {
    Ok(if session.reversed() {
        PlayMode::Reverse(session.new_reverse())
    } else {
        PlayMode::Guess(session.new_round()?)
    })
}
