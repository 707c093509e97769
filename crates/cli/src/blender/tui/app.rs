//! The Word Blender UI's state: the game, the guess being typed, the last message and what
//! the screen shows, driven by key presses. Independent of any terminal, so it can be tested.

use blender::{Clock, Feedback, Game};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::look::{BlenderPalette, MIN_HEIGHT, MIN_WIDTH};
use crate::blender::session::{self, BlenderSettings, SavedGame};
use crate::terminal::frame::Tone;

/// The longest name in the high-score table.
const MAX_NAME: usize = 16;

/// What the screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Showing {
    /// A round is running.
    Playing,
    /// "Give up this round?" (the timer keeps running).
    ConfirmGiveUp,
    /// Paused by the player: letters hidden, timer stopped.
    Paused,
    /// The round is over: found and missed words in their slots.
    RoundOver,
    /// The game made the high-score table: the player types a name.
    AskName,
    /// The high-score table (or why it could not be saved).
    Scores,
}

/// The UI state: the game, the guess being typed, the last message and the screen.
pub(crate) struct BlenderApp<'d, 's, C: Clock> {
    /// The game.
    pub(super) game: Game<'d, C>,
    /// Its settings (the name to record, the daily date, the store).
    pub(super) settings: &'s BlenderSettings,
    /// The styles.
    pub(super) palette: BlenderPalette,
    /// What the screen shows.
    pub(super) showing: Showing,
    /// The guess being typed (upper case).
    pub(super) input: String,
    /// The name being typed for the high-score table.
    pub(super) name: String,
    /// The last message and how it reads.
    pub(super) message: (String, Tone),
    /// Set while the terminal is too small (the timer is stopped meanwhile).
    pub(super) too_small: bool,
    /// The game as recorded, once it is.
    pub(super) saved: Option<SavedGame>,
    /// Set when the player leaves.
    pub(super) quit: bool,
}

impl<'d, 's, C: Clock> BlenderApp<'d, 's, C> {
    /// A UI for a game that has just started.
    pub(crate) fn new(
        game: Game<'d, C>,
        settings: &'s BlenderSettings,
        palette: BlenderPalette,
    ) -> Self {
        BlenderApp {
            game,
            settings,
            palette,
            showing: Showing::Playing,
            input: String::new(),
            name: settings.default_name.clone(),
            message: (
                "Type words from the letters. Find a six-letter word to advance!".into(),
                Tone::Info,
            ),
            too_small: false,
            saved: None,
            quit: false,
        }
    }

    /// Ends the round when the timer has run out (call before drawing).
    pub(crate) fn tick(&mut self) {
        if self.game.tick() {
            self.input.clear();
            self.message = (Feedback::TimeUp.to_string(), Tone::Bad);
            self.showing = Showing::RoundOver;
        }
    }

    /// Tells the UI the terminal's size: below the minimum the timer stops until the
    /// terminal is large enough again (unless the player had paused it).
    pub(crate) fn fit(&mut self, width: u16, height: u16) {
        let small = width < MIN_WIDTH || height < MIN_HEIGHT;
        match (small, self.too_small) {
            (true, false) => {
                if self.showing != Showing::Paused {
                    self.game.pause();
                }
                self.too_small = true;
            }
            (false, true) => {
                self.too_small = false;
                if self.showing != Showing::Paused {
                    self.game.resume();
                }
            }
            (true, true) | (false, false) => {}
        }
    }

    /// Handles one key press.
    pub(crate) fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.too_small {
            // The player cannot see the letters: no key may cost anything.
            return;
        }
        self.tick();
        match self.showing {
            Showing::Playing => self.playing_key(key),
            Showing::ConfirmGiveUp => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.game.give_up();
                    self.input.clear();
                    self.message = ("You gave up the round.".into(), Tone::Info);
                    self.showing = Showing::RoundOver;
                } else {
                    self.message = ("Keep going!".into(), Tone::Info);
                    self.showing = Showing::Playing;
                }
            }
            Showing::Paused => {
                self.game.resume();
                self.message = ("Go on!".into(), Tone::Info);
                self.showing = Showing::Playing;
            }
            Showing::RoundOver => match key.code {
                KeyCode::Enter if !self.game.is_over() => {
                    self.game.next_round();
                    self.message = (
                        format!("Round {}: go!", self.game.round_number()),
                        Tone::Info,
                    );
                    self.showing = Showing::Playing;
                }
                KeyCode::Enter | KeyCode::Esc | KeyCode::Char('q') => self.end_game(),
                _ => {}
            },
            Showing::AskName => match key.code {
                KeyCode::Enter | KeyCode::Esc => {
                    if self.name.trim().is_empty() {
                        self.name = self.settings.default_name.clone();
                    }
                    let name = self.name.clone();
                    self.save(&name);
                }
                KeyCode::Backspace => {
                    self.name.pop();
                }
                KeyCode::Char(c) if !c.is_control() && self.name.chars().count() < MAX_NAME => {
                    self.name.push(c);
                }
                _ => {}
            },
            Showing::Scores => {
                if matches!(key.code, KeyCode::Enter | KeyCode::Esc | KeyCode::Char('q')) {
                    self.quit = true;
                }
            }
        }
    }

    fn playing_key(&mut self, key: KeyEvent) {
        let feedback = match key.code {
            KeyCode::Char(c) if c.is_ascii_alphabetic() => {
                self.type_letter(c);
                return;
            }
            KeyCode::Backspace => {
                self.input.pop();
                return;
            }
            KeyCode::Enter if self.input.is_empty() => return,
            KeyCode::Enter => {
                let guess = std::mem::take(&mut self.input);
                self.game.guess(&guess)
            }
            KeyCode::Char(' ') => self.game.shuffle(),
            KeyCode::Char('?') => self.game.hint(),
            KeyCode::Tab => {
                self.game.pause();
                self.showing = Showing::Paused;
                return;
            }
            KeyCode::Esc if !self.input.is_empty() => {
                self.input.clear();
                self.message = ("Cleared.".into(), Tone::Info);
                return;
            }
            KeyCode::Esc => {
                self.showing = Showing::ConfirmGiveUp;
                self.message = (
                    "Give up this round? y: yes, any other key: keep playing".into(),
                    Tone::Bad,
                );
                return;
            }
            _ => return,
        };
        let tone = match feedback {
            Feedback::Found { .. } => Tone::Good,
            Feedback::Hint { .. } | Feedback::Shuffled => Tone::Info,
            _ => Tone::Bad,
        };
        self.message = (feedback.to_string(), tone);
        if self.game.round().ended().is_some() {
            self.showing = Showing::RoundOver;
        }
    }

    /// Adds a letter to the guess if the rack has one more of it.
    fn type_letter(&mut self, c: char) {
        let upper = c.to_ascii_uppercase();
        let letters = self.game.round().letters();
        let have = letters.chars().filter(|&l| l == upper).count();
        let used = self.input.chars().filter(|&l| l == upper).count();
        if have == 0 {
            self.message = (format!("{upper} is not in the letters"), Tone::Bad);
        } else if used >= have {
            self.message = (format!("no {upper} left in the letters"), Tone::Bad);
        } else {
            self.input.push(upper);
        }
    }

    /// The player ends the game (after its last round, or leaving after a won round): a
    /// score good enough for the table asks for a name, else the table is shown.
    fn end_game(&mut self) {
        self.game.give_up();
        if self.settings.name.is_none() && session::makes_the_table(self.settings, self.score()) {
            self.showing = Showing::AskName;
            self.message = (
                "New high score! Type your name, then Enter.".into(),
                Tone::Good,
            );
        } else {
            self.save(self.settings.name());
        }
    }

    fn save(&mut self, name: &str) {
        let saved = session::record(self.settings, name, &self.game);
        self.message = if saved.failed {
            (saved.lines.join(" "), Tone::Bad)
        } else {
            ("Enter or Esc: quit".into(), Tone::Info)
        };
        self.saved = Some(saved);
        self.showing = Showing::Scores;
    }

    fn score(&self) -> u32 {
        self.game.score()
    }

    /// Whether the player asked to leave.
    pub(crate) fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Records the game if the UI has not, under the name typed so far (the game is ended
    /// first): for Ctrl-C and termination signals.
    pub(crate) fn finish(&mut self) -> &SavedGame {
        if self.saved.is_none() {
            self.game.give_up();
            let name = if self.showing == Showing::AskName && !self.name.trim().is_empty() {
                self.name.clone()
            } else {
                self.settings.name().to_string()
            };
            self.saved = Some(session::record(self.settings, &name, &self.game));
        }
        self.saved.as_ref().expect("recorded")
    }

    /// The game, for the final summary.
    pub(crate) fn game(&self) -> &Game<'d, C> {
        &self.game
    }
}
