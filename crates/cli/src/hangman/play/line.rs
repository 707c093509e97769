//! Plain line mode, used when stdin or stdout is not a terminal: a prompt, one line of input
//! per turn, plain text out, so a game can be scripted. A line that is not UTF-8 text is
//! refused with a message (the game goes on); a termination signal ends the session like
//! the end of input, with the statistics printed, and exit code 128 + the signal.

use std::cell::Cell;
use std::io::Write;

use hangman::GameState;

use super::reverse::{self, ReversePhase};
use super::session::PlaySession;
use crate::terminal::{Input, Lines, Terminated, printable};

/// Typed on its own line, ends the session.
const QUIT: &str = ":quit";

/// Plays games reading `input` line by line until it ends, `:quit` is typed, or the player
/// declines another game. `echo` repeats each input line after its prompt (for input that
/// is not typed on a terminal, so the transcript reads as a dialogue).
pub(crate) fn run(
    mut session: PlaySession,
    input: &Lines,
    out: &mut dyn Write,
    echo: bool,
) -> anyhow::Result<()> {
    let signal: Cell<Option<Terminated>> = Cell::new(None);
    let mut read = |out: &mut dyn Write, prompt: &str| -> anyhow::Result<Option<String>> {
        loop {
            write!(out, "{prompt}> ")?;
            out.flush()?;
            match input.next()? {
                Input::Line(line) => {
                    if echo {
                        writeln!(out, "{}", printable(&line))?;
                    }
                    return Ok((line.trim() != QUIT).then_some(line));
                }
                Input::Refused { shown, why } => {
                    if echo {
                        writeln!(out, "{shown}")?;
                    }
                    writeln!(out, "That line {why}; type a letter a-z or the whole word.")?;
                }
                Input::End => {
                    writeln!(out)?;
                    return Ok(None);
                }
                Input::Signal(s) => {
                    writeln!(out)?;
                    signal.set(Some(s));
                    return Ok(None);
                }
            }
        }
    };
    let config = &session.config;
    match config.guesser {
        Some(g) => writeln!(
            out,
            "Hangman, roles reversed: you think of a word, {} guesses ({} lives). \
             ? shows my candidates, {QUIT} stops.",
            g.name, config.lives
        )?,
        None => writeln!(
            out,
            "Hangman: {} referee, {} lives, seed {}. Type a letter or the whole word per \
             line; {QUIT} stops.",
            config.referee.name(),
            config.lives,
            config.seed
        )?,
    }
    loop {
        let finished = if session.reversed() {
            reverse_game(&mut session, out, &mut read)?
        } else {
            guess_game(&mut session, out, &mut read)?
        };
        let Some(won) = finished else { break };
        session.stats.record(won);
        writeln!(out, "Session: {}.", session.stats)?;
        match read(out, "play again? [y/n]")? {
            Some(answer) if answer.trim().eq_ignore_ascii_case("y") => continue,
            _ => break,
        }
    }
    writeln!(out, "Bye. Session: {}.", session.stats)?;
    out.flush()?;
    match signal.get() {
        Some(s) => Err(s.into()),
        None => Ok(()),
    }
}

type Read<'a> = dyn FnMut(&mut dyn Write, &str) -> anyhow::Result<Option<String>> + 'a;

/// One game with the player guessing; `Some(won)` when it finished, `None` when the input
/// ended first.
fn guess_game(
    session: &mut PlaySession,
    out: &mut dyn Write,
    read: &mut Read,
) -> anyhow::Result<Option<bool>> {
    let mut round = session.new_round()?;
    writeln!(out, "New game: {} letters.", round.state().length())?;
    while !round.is_over() {
        writeln!(out, "{}", status(round.state()))?;
        let Some(line) = read(out, "guess")? else {
            return Ok(None);
        };
        writeln!(out, "{}", round.submit(&line))?;
    }
    writeln!(out, "{}", status(round.state()))?;
    let end = round
        .ending(&session.config.lexicon)
        .expect("the game is over");
    writeln!(out, "{}", end.summary())?;
    Ok(Some(end.won))
}

/// One game with the computer guessing; `Some(player won)` when it finished.
fn reverse_game(
    session: &mut PlaySession,
    out: &mut dyn Write,
    read: &mut Read,
) -> anyhow::Result<Option<bool>> {
    let mut game = session.new_reverse();
    loop {
        let strategy = session.strategy().expect("reversed roles");
        let lexicon = session.known_words();
        if let Some(state) = game.state() {
            writeln!(out, "{}", status(state))?;
        }
        writeln!(out, "{}", game.prompt())?;
        let prompt = match game.phase {
            ReversePhase::AskLength => "length",
            ReversePhase::AskSecret => "word",
            _ => "answer",
        };
        let Some(line) = read(out, prompt)? else {
            // The end of input after the computer lost still counts the game.
            return Ok(game.decided().then(|| game.player_won()));
        };
        if line.trim() == "?" {
            let c = game.candidates(lexicon);
            writeln!(out, "{} words fit: {}", c.count, reverse::words(&c))?;
            continue;
        }
        writeln!(out, "{}", game.submit(&line, strategy, lexicon))?;
        if game.phase == ReversePhase::Over {
            if let Some(message) = game.revealed().and_then(|word| session.learn(word)) {
                writeln!(out, "{message}")?;
            }
            return Ok(Some(game.player_won()));
        }
    }
}

/// One status line: board, lives, score and misses.
fn status(state: &GameState) -> String {
    let board: Vec<String> = state
        .board()
        .cells()
        .iter()
        .map(|c| c.map_or("_".to_string(), |l| (l.upper() as char).to_string()))
        .collect();
    let lives = state.max_wrong() + 1;
    let left = lives.saturating_sub(state.wrong_guesses());
    format!(
        "{}   lives {left}/{lives}   score {}   missed: {}",
        board.join(" "),
        state.score(),
        super::round::missed(state)
    )
}
