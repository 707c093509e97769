//! Exit codes: 0 success, 1 failure, 2 usage error.

use std::fmt;
use std::process::ExitCode;

/// A usage error found after argument parsing (e.g. a malformed test word): exit code 2,
/// like clap's own usage errors.
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

/// A run that finished but left something undone (reported already): exit code 1 with no
/// further message.
#[derive(Debug)]
pub struct Incomplete;

impl fmt::Display for Incomplete {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("incomplete run")
    }
}

impl std::error::Error for Incomplete {}

/// Prints an error (if any) and maps it to the conventional exit code.
pub fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    let Err(err) = result else {
        return ExitCode::SUCCESS;
    };
    if let Some(clap_err) = err.downcast_ref::<clap::Error>() {
        // clap formats its own message and knows help/version from usage errors.
        let _ = clap_err.print();
        return ExitCode::from(clap_err.exit_code() as u8);
    }
    // A closed pipe (`hangman ... | head`) is the reader's choice, not a failure.
    if err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    }) {
        return ExitCode::SUCCESS;
    }
    if let Some(signal) = err.downcast_ref::<crate::terminal::Terminated>() {
        return ExitCode::from(signal.exit_code());
    }
    if err.downcast_ref::<Incomplete>().is_some() {
        return ExitCode::FAILURE;
    }
    if let Some(usage) = err.downcast_ref::<UsageError>() {
        eprintln!("error: {usage}\n\nFor more information, try '--help'.");
        return ExitCode::from(2);
    }
    eprintln!("error: {err:#}");
    ExitCode::FAILURE
}
