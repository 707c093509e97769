//! Standard input read line by line on a thread of its own, so a game waiting for a line
//! still sees a termination signal at once; bad lines (not UTF-8, too long) are refused.

use std::io::BufRead;
use std::sync::mpsc::{Receiver, RecvTimeoutError};

use super::signals::{SIGNAL_POLL, Signals, Terminated};

/// The longest input line read in line mode; longer ones are refused, not buffered.
pub(crate) const MAX_LINE: usize = 4096;

/// One line of input, or why there is none.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A line (without its line end).
    Line(String),
    /// A line that is not UTF-8 text (shown with replacement characters) or is longer than
    /// [`MAX_LINE`]: to be refused with a message, the game going on.
    Refused {
        /// The line, lossily decoded and cut short.
        shown: String,
        /// Why it was refused.
        why: &'static str,
    },
    /// The input ended.
    End,
    /// A termination signal arrived while waiting.
    Signal(Terminated),
}

/// Lines of an input read on a thread of their own, so that a game waiting for the next
/// line still sees a termination signal at once.
pub(crate) struct Lines {
    rx: Receiver<std::io::Result<(Vec<u8>, bool)>>,
    signals: Signals,
}

impl Lines {
    /// Starts reading `input`.
    pub(crate) fn spawn(mut input: impl BufRead + Send + 'static, signals: Signals) -> Lines {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let line = read_line(&mut input);
                let end = !matches!(line, Ok(Some(_)));
                let sent = match line {
                    Ok(Some(line)) => tx.send(Ok(line)),
                    Ok(None) => break,
                    Err(e) => tx.send(Err(e)),
                };
                if sent.is_err() || end {
                    break;
                }
            }
        });
        Lines { rx, signals }
    }

    /// The next line; waits for it, looking for signals meanwhile.
    pub(crate) fn next(&self) -> std::io::Result<Input> {
        loop {
            if let Some(signal) = self.signals.received() {
                return Ok(Input::Signal(signal));
            }
            match self.rx.recv_timeout(SIGNAL_POLL) {
                Ok(Ok((bytes, complete))) => {
                    if !complete {
                        return Ok(Input::Refused {
                            shown: shorten(&String::from_utf8_lossy(&bytes)),
                            why: "is too long",
                        });
                    }
                    return Ok(match String::from_utf8(bytes) {
                        Ok(line) => Input::Line(line),
                        Err(e) => Input::Refused {
                            shown: shorten(&String::from_utf8_lossy(e.as_bytes())),
                            why: "is not UTF-8 text",
                        },
                    });
                }
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Ok(Input::End),
            }
        }
    }
}

/// One line of at most [`MAX_LINE`] bytes without its line end (LF or CRLF), and whether it
/// fitted; the rest of a longer line is read and dropped. `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut complete = true;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some((line, complete)));
        }
        any = true;
        let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        if chunk.len() > room {
            complete = false;
        }
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = found.unwrap_or(buf.len());
        input.consume(used);
        if found.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some((line, complete)));
        }
    }
}

/// `text` safe to print on a terminal: control characters (escape sequences, carriage
/// returns, tabs) written as escapes such as `\u{1b}`, everything else as it is.
pub(crate) fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `text` made [`printable`] and cut to 40 characters.
fn shorten(text: &str) -> String {
    let text = printable(text);
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_escapes_control_characters_only() {
        assert_eq!(printable("caf\u{e9} \u{fffd}"), "caf\u{e9} \u{fffd}");
        assert_eq!(printable("\x1b[2Ja\tb\r"), "\\u{1b}[2Ja\\tb\\r");
        let refused = all(b"\x1b[31mred\xff\n");
        assert_eq!(
            refused,
            [Input::Refused {
                shown: "\\u{1b}[31mred\u{fffd}".to_string(),
                why: "is not UTF-8 text",
            }]
        );
    }

    fn all(input: &'static [u8]) -> Vec<Input> {
        let lines = Lines::spawn(input, Signals::none());
        let mut out = Vec::new();
        loop {
            match lines.next().unwrap() {
                Input::End => return out,
                other => out.push(other),
            }
        }
    }

    #[test]
    fn lines_are_split_and_bad_ones_refused() {
        let got = all(b"one\r\ntw\xffo\nthree");
        assert_eq!(got[0], Input::Line("one".into()));
        assert_eq!(
            got[1],
            Input::Refused {
                shown: "tw\u{fffd}o".into(),
                why: "is not UTF-8 text"
            }
        );
        assert_eq!(got[2], Input::Line("three".into()));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn overlong_lines_are_refused_without_being_kept() {
        let long: &'static [u8] = Box::leak(
            [vec![b'a'; MAX_LINE * 3], b"\nok\n".to_vec()]
                .concat()
                .into_boxed_slice(),
        );
        let got = all(long);
        assert!(
            matches!(&got[0], Input::Refused { why: "is too long", shown } if shown.len() < 50)
        );
        assert_eq!(got[1], Input::Line("ok".into()));
    }
}
