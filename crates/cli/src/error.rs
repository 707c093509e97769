//! The frame both programs (`hangman`, `blender`) run in: one error type for usage errors,
//! one rule for closed pipes and one mapping to exit codes (0 success, 1 failure, 2 usage
//! error, 128 + N after signal N).

use std::error::Error as StdError;
use std::fmt;
use std::io::ErrorKind;
use std::process::ExitCode;

/// A usage error found after argument parsing (e.g. a malformed test word, two flags that
/// contradict each other): exit code 2, like clap's own usage errors.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Shorthand for an `anyhow` usage error.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError(message.into()).into()
}

/// A run that finished but left something undone, already reported to the user (a high
/// score that could not be saved, words not played): exit code 1 with no further message.
#[derive(Debug)]
pub struct Incomplete;

impl fmt::Display for Incomplete {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("incomplete run")
    }
}

impl std::error::Error for Incomplete {}

/// Runs a program's `main`: parses `args` with `parse`, runs the result, prints any error
/// and maps it to the exit code.
pub fn main<T>(
    parse: impl FnOnce() -> Result<T, clap::Error>,
    run: impl FnOnce(T) -> anyhow::Result<()>,
) -> ExitCode {
    exit_code(parse().map_err(anyhow::Error::from).and_then(run))
}

/// Prints an error (if any) and maps it to the conventional exit code.
pub fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    let Err(err) = result else {
        return ExitCode::SUCCESS;
    };
    if let Some(clap_err) = err.downcast_ref::<clap::Error>() {
        // clap formats its own message and knows help/version from usage errors; a
        // `--help | head` is a closed pipe like any other.
        let _ = clap_err.print();
        return ExitCode::from(clap_err.exit_code() as u8);
    }
    if is_broken_pipe(&err) {
        return ExitCode::SUCCESS;
    }
    if let Some(signal) = err.downcast_ref::<crate::terminal::Terminated>() {
        return ExitCode::from(signal.exit_code());
    }
    if err.downcast_ref::<Incomplete>().is_some() {
        return ExitCode::FAILURE;
    }
    if is_usage(&err) {
        eprintln!(
            "error: {}\n\nFor more information, try '--help'.",
            message(&err)
        );
        return ExitCode::from(2);
    }
    eprintln!("error: {}", message(&err));
    ExitCode::FAILURE
}

/// Whether `err` is the user's mistake in the arguments: a [`UsageError`], or a strategy
/// name or `--param` the strategy refuses (whichever command it reaches), so that a bad
/// parameter is exit 2 everywhere.
fn is_usage(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|cause| cause.is::<UsageError>() || cause.is::<hangman::strategy::StrategyError>())
}

/// The error and its causes, skipping causes whose text the message already includes
/// (library errors often embed their source in their own message).
pub fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let part = cause.to_string();
        if !text.contains(&part) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&part);
        }
    }
    text
}

/// Whether `err` comes from writing to a closed pipe (`hangman ... | head`): the reader's
/// choice, so a quiet success. Looks through the wrappers writers put around the I/O error
/// (`csv::Error`, `serde_json::Error`, an `io::Error` wrapping either).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|cause| io_kind(cause) == Some(ErrorKind::BrokenPipe))
}

/// The kind of the I/O error inside `err`, if it is or wraps one.
fn io_kind(err: &(dyn StdError + 'static)) -> Option<ErrorKind> {
    if let Some(io) = err.downcast_ref::<std::io::Error>() {
        return match io.get_ref() {
            Some(inner) => io_kind(inner).or(Some(io.kind())),
            None => Some(io.kind()),
        };
    }
    if let Some(json) = err.downcast_ref::<serde_json::Error>() {
        return json.io_error_kind();
    }
    if let Some(csv) = err.downcast_ref::<csv::Error>() {
        return match csv.kind() {
            csv::ErrorKind::Io(io) => Some(io.kind()),
            _ => None,
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pipe() -> std::io::Error {
        std::io::Error::from(ErrorKind::BrokenPipe)
    }

    #[test]
    fn a_closed_pipe_is_found_inside_every_writer_error() {
        assert!(is_broken_pipe(&anyhow::Error::from(pipe())));
        let csv_err = csv::Error::from(pipe());
        // `csv` converts to io::Error of kind Other with the csv error inside.
        let wrapped = std::io::Error::from(csv_err);
        assert_ne!(wrapped.kind(), ErrorKind::BrokenPipe);
        assert!(is_broken_pipe(
            &anyhow::Error::from(wrapped).context("cannot write output")
        ));
        let json_err = serde_json::Error::io(pipe());
        assert!(is_broken_pipe(&anyhow::Error::from(json_err)));
        assert!(!is_broken_pipe(&anyhow::anyhow!("Broken pipe")));
        assert!(!is_broken_pipe(&anyhow::Error::from(std::io::Error::from(
            ErrorKind::NotFound
        ))));
    }

    #[test]
    fn causes_already_in_the_message_are_not_repeated() {
        let inner = std::io::Error::other("disk full");
        let err = anyhow::Error::from(inner).context("cannot save: disk full");
        assert_eq!(message(&err), "cannot save: disk full");
        let err = anyhow::anyhow!("inner").context("outer");
        assert_eq!(message(&err), "outer: inner");
    }
}
