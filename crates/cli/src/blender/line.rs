//! The plain line mode: one guess or command per input line, scriptable.
//!
//! Commands start with `/` (guesses are letters only): `/shuffle`, `/hint`, `/board`,
//! `/time`, `/give` (end the round), `/quit` (end the game), `/help`. End of input ends the
//! game like `/quit`.

use std::io::{BufRead, Write};

use blender::{Clock, Feedback, Game, RoundEnd, RoundGenerator, Slot, SystemClock};

use super::session::{self, Settings};

const HELP: &str = "type a word and Enter; commands: /shuffle /hint /board /time /give (end the round) /quit (end the game)";

/// Plays a game reading `input` line by line, writing to `out`.
pub(crate) fn play(
    generator: RoundGenerator<'_>,
    settings: &Settings,
    input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let game = Game::new(
        generator,
        SystemClock::default(),
        settings.seed,
        settings.time_limit,
    );
    play_with(game, settings, input, out)
}

/// The loop, for any clock.
pub(crate) fn play_with<C: Clock>(
    mut game: Game<'_, C>,
    settings: &Settings,
    input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    writeln!(out, "Word Blender (seed {}). {HELP}", settings.seed)?;
    round_header(&game, out)?;
    let mut lines = input.lines();
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next().transpose()? else {
            writeln!(out)?;
            // Out of input: the game ends here even if the round was qualified.
            game.give_up();
            round_summary(&game, out, true)?;
            break;
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
        "Game over: score {}, {} round{} won.",
        game.score(),
        rounds,
        if rounds == 1 { "" } else { "s" }
    )?;
    for line in session::record(settings, game.score(), rounds) {
        writeln!(out, "{line}")?;
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
        "Round {}: letters {} | {} words to find ({} letters) | {} s | score {}",
        game.round_number(),
        spaced(&round.letters()),
        required,
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
    } else if summary.advances {
        writeln!(out, "You found a six-letter word: on to the next round!")?;
    } else {
        writeln!(out, "No six-letter word found.")?;
    }
    Ok(())
}
