//! The plain line mode: one guess or command per input line, scriptable.
//!
//! Commands start with `/` (guesses are letters only): `/shuffle`, `/hint`, `/board`,
//! `/time`, `/give` (end the round), `/quit` (end the game), `/help`. End of input ends the
//! game like `/quit`; so does a termination signal (SIGTERM, SIGHUP, SIGINT), which also
//! gives exit code 128 + the signal. A line that is not UTF-8 text is refused with a
//! message and the game goes on.

use std::io::Write;

use crate::terminal::{Input, Lines};
use blender::{Clock, Feedback, Game, RoundEnd, RoundGenerator, Slot, SystemClock};

use super::session::{self, BlenderSettings};
use crate::error::Incomplete;

const HELP: &str = "type a word and Enter; commands: /shuffle /hint /board /time /give (end the round) /quit (end the game)";

/// Plays a game reading `input` line by line, writing to `out`.
pub(crate) fn play(
    generator: RoundGenerator<'_>,
    settings: &BlenderSettings,
    input: &Lines,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let game = session::new_game(generator, SystemClock::default(), settings);
    play_with(game, settings, input, out)
}

/// The loop, for any clock.
pub(crate) fn play_with<C: Clock>(
    mut game: Game<'_, C>,
    settings: &BlenderSettings,
    input: &Lines,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    writeln!(out, "Word Blender ({}). {HELP}", settings.describe())?;
    round_header(&game, out)?;
    let mut signal = None;
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let line = match input.next()? {
            Input::Line(line) => line,
            Input::Refused { shown, why } => {
                writeln!(out, "{shown:?} {why}: type a word of letters, or /help")?;
                continue;
            }
            end @ (Input::End | Input::Signal(_)) => {
                if let Input::Signal(s) = end {
                    signal = Some(s);
                }
                writeln!(out)?;
                // Out of input (or told to stop): the game ends here even if the round was
                // qualified.
                game.give_up();
                round_summary(&game, out, true)?;
                break;
            }
        };
        let line = line.trim();
        let feedback = match line {
            "" => continue,
            "/help" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "/board" => {
                board(&game, out)?;
                continue;
            }
            "/time" => {
                game.tick();
                writeln!(out, "{} s left", session::seconds_left(game.time_left()))?;
                if game.round().ended().is_none() {
                    continue;
                }
                Feedback::TimeUp
            }
            "/shuffle" => game.shuffle(),
            "/hint" => game.hint(),
            "/give" => {
                game.give_up();
                Feedback::RoundOver
            }
            "/quit" => {
                game.give_up();
                round_summary(&game, out, true)?;
                break;
            }
            cmd if cmd.starts_with('/') => {
                writeln!(out, "unknown command {cmd}; {HELP}")?;
                continue;
            }
            guess => game.guess(guess),
        };
        match &feedback {
            Feedback::Shuffled => writeln!(out, "letters: {}", spaced(&game.round().letters()))?,
            Feedback::RoundOver => {}
            other => writeln!(out, "{other}")?,
        }
        if game.round().ended().is_some() {
            round_summary(&game, out, false)?;
            if game.is_over() || !game.next_round() {
                break;
            }
            round_header(&game, out)?;
        }
    }
    let rounds = game.rounds_won();
    writeln!(
        out,
        "Game over: score {}, {} won.",
        game.score(),
        session::plural(rounds as usize, "round")
    )?;
    if let Some(date) = &settings.daily {
        writeln!(out, "{}", session::share_line(&game, date))?;
    }
    let saved = session::record(settings, settings.name(), &game);
    for line in &saved.lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    if let Some(signal) = signal {
        return Err(signal.into());
    }
    if saved.failed {
        return Err(Incomplete.into());
    }
    Ok(())
}

fn spaced(letters: &str) -> String {
    letters
        .chars()
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

fn round_header<C: Clock>(game: &Game<'_, C>, out: &mut impl Write) -> anyhow::Result<()> {
    let round = game.round();
    let (_, required) = round.progress();
    let by_length: Vec<String> = round
        .slots()
        .iter()
        .map(|g| format!("{}x{}", g.slots.len(), g.length))
        .collect();
    writeln!(
        out,
        "Round {}: letters {} | {} to find ({} letters) | {} s | score {}",
        game.round_number(),
        spaced(&round.letters()),
        session::plural(required, "word"),
        by_length.join(", "),
        session::seconds_left(game.time_left()),
        game.score()
    )?;
    Ok(())
}

fn board<C: Clock>(game: &Game<'_, C>, out: &mut impl Write) -> anyhow::Result<()> {
    for group in game.round().slots() {
        let slots: Vec<String> = group
            .slots
            .iter()
            .map(|s| match s {
                Slot::Found(w) => w.to_ascii_uppercase(),
                Slot::Hinted { prefix, length } => {
                    format!(
                        "{}{}",
                        prefix.to_ascii_uppercase(),
                        "_".repeat(length - prefix.len())
                    )
                }
                Slot::Blank(length) => "_".repeat(*length),
                Slot::Missed(w) => w.to_ascii_lowercase(),
            })
            .collect();
        writeln!(out, "{}: {}", group.length, slots.join(" "))?;
    }
    let bonus = game.round().bonus_found();
    if !bonus.is_empty() {
        writeln!(out, "bonus: {}", bonus.join(" ").to_ascii_uppercase())?;
    }
    Ok(())
}

fn round_summary<C: Clock>(
    game: &Game<'_, C>,
    out: &mut impl Write,
    quitting: bool,
) -> anyhow::Result<()> {
    let Some(summary) = game.summary() else {
        return Ok(());
    };
    let why = match summary.end {
        RoundEnd::TimeUp => "time is up",
        RoundEnd::AllFound => "every word found",
        RoundEnd::GaveUp => "round ended",
    };
    writeln!(
        out,
        "Round {} over ({why}): {}/{} words, {} points.",
        game.round_number(),
        summary.found,
        summary.required,
        summary.score
    )?;
    if !summary.missed.is_empty() {
        writeln!(out, "Missed: {}", summary.missed.join(" "))?;
    }
    if quitting {
        writeln!(out, "You ended the game.")?;
    } else if game.is_single_round() {
        writeln!(out, "That was the daily puzzle.")?;
    } else if summary.advances {
        writeln!(out, "You found a six-letter word: on to the next round!")?;
    } else {
        writeln!(out, "No six-letter word found.")?;
    }
    Ok(())
}
