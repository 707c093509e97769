//! The terminal UI's state: the session, the game on screen, the input line and the
//! message, driven by key presses. Independent of any terminal, so it can be tested.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::reverse::{self, Phase, Reverse};
use super::round::Round;
use super::session::Session;

/// The longest input line (the longest word a board holds).
const MAX_INPUT: usize = lexicon::MAX_WORD_LEN;

/// The game on screen.
pub enum Mode {
    /// The player guesses.
    Guess(Round),
    /// The computer guesses.
    Reverse(Reverse),
}

/// The whole UI state.
pub struct App {
    /// The session.
    pub session: Session,
    /// The game on screen.
    pub mode: Mode,
    /// What the player is typing.
    pub input: String,
    /// The last message.
    pub message: String,
    /// Set when the player asked to quit.
    pub quit: bool,
    recorded: bool,
}

impl App {
    /// Starts the first game of `session`.
    pub fn new(mut session: Session) -> anyhow::Result<App> {
        let mode = new_mode(&mut session)?;
        let mut app = App {
            session,
            mode,
            input: String::new(),
            message: String::new(),
            quit: false,
            recorded: false,
        };
        app.message = app.welcome();
        Ok(app)
    }

    fn welcome(&self) -> String {
        match &self.mode {
            Mode::Guess(round) => format!(
                "A word of {} letters. Type a letter or the whole word, then Enter.",
                round.state().length()
            ),
            Mode::Reverse(r) => r.prompt(),
        }
    }

    /// Whether the game on screen is over.
    pub fn is_over(&self) -> bool {
        match &self.mode {
            Mode::Guess(round) => round.is_over(),
            Mode::Reverse(r) => r.phase == Phase::Over,
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
        if self.is_over() {
            match key.code {
                KeyCode::Enter | KeyCode::Char('y' | 'Y') => self.new_game()?,
                KeyCode::Esc | KeyCode::Char('q' | 'Q' | 'n' | 'N') => self.quit = true,
                _ => self.message = "Enter or y: play again; q: quit.".to_string(),
            }
            return Ok(());
        }
        if let Mode::Reverse(r) = &self.mode
            && r.phase == Phase::Inconsistent
        {
            match key.code {
                KeyCode::Char('n') => self.new_game()?,
                KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
                KeyCode::Char(c) => self.submit(&c.to_string()),
                _ => {}
            }
            return Ok(());
        }
        match key.code {
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                self.submit(&line);
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Esc if self.input.is_empty() => self.quit = true,
            KeyCode::Esc => self.input.clear(),
            KeyCode::Char('?') if matches!(self.mode, Mode::Reverse(_)) => {
                if let Mode::Reverse(r) = &self.mode {
                    let c = r.candidates(&self.session.config.lexicon);
                    self.message = format!("{} words fit: {}", c.count, reverse::words(&c));
                }
            }
            KeyCode::Char(c) => {
                let allowed = match self.mode {
                    Mode::Guess(_) => c.is_ascii_alphabetic(),
                    Mode::Reverse(_) => c.is_ascii_alphanumeric() || " ,-_.".contains(c),
                };
                if !allowed {
                    self.message = format!("{c:?} ignored: type letters a-z, then Enter.");
                } else if self.input.len() < MAX_INPUT {
                    self.input.push(c.to_ascii_lowercase());
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn submit(&mut self, line: &str) {
        let config = &self.session.config;
        self.message = match &mut self.mode {
            Mode::Guess(round) => {
                let message = round.submit(line);
                match round.ending(&config.lexicon) {
                    Some(end) => format!("{} Enter: play again, q: quit.", end.summary()),
                    None => message,
                }
            }
            Mode::Reverse(r) => {
                let strategy = self.session.strategy().expect("reversed roles");
                let message = r.submit(line, strategy, &config.lexicon);
                match r.phase {
                    Phase::Over => format!("{message} Enter: play again, q: quit."),
                    _ => format!("{message} {}", r.prompt()),
                }
            }
        };
        if self.is_over() && !self.recorded {
            let won = match &self.mode {
                Mode::Guess(round) => round.state().status() == hangman::Status::GameWon,
                Mode::Reverse(r) => r.computer_won(),
            };
            self.session.stats.record(won);
            self.recorded = true;
        }
    }

    fn new_game(&mut self) -> anyhow::Result<()> {
        self.mode = new_mode(&mut self.session)?;
        self.input.clear();
        self.recorded = false;
        self.message = self.welcome();
        Ok(())
    }
}

fn new_mode(session: &mut Session) -> anyhow::Result<Mode> {
    Ok(if session.reversed() {
        Mode::Reverse(session.new_reverse())
    } else {
        Mode::Guess(session.new_round()?)
    })
}
