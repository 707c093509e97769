//! Player names: what a name may hold before anything is kept under it.
//!
//! A name shows in tables other people read, so it is refused (never silently cut or
//! cleaned) when it is empty, longer than [`MAX_NAME`] characters, or holds characters that
//! change how text around it is shown: control characters (NUL, newlines, escapes) and the
//! invisible formatting characters (bidirectional overrides and isolates, zero-width
//! characters) that can reverse or hide what follows them. Everything else is kept as
//! given, trimmed: escaping for display is the display's job.

/// The longest name, in characters.
pub const MAX_NAME: usize = 24;

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing but spaces.
    #[error("a name is needed")]
    Empty,
    /// Over [`MAX_NAME`] characters.
    #[error("a name has at most {MAX_NAME} characters, not {0}")]
    TooLong(usize),
    /// A control or invisible formatting character.
    #[error("a name cannot hold the character U+{0:04X} (control or invisible formatting)")]
    Forbidden(u32),
}

/// Whether `c` is a control character or an invisible formatting character that reorders
/// or hides text (bidirectional marks, embeddings, overrides and isolates; zero-width
/// spaces and joiners; the byte order mark).
fn forbidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// `name` trimmed, if it is a name a table may show.
///
/// # Errors
///
/// [`NameError`] says why it is not.
///
/// # Examples
///
/// ```
/// use wordplay_scores::{NameError, check_name};
///
/// assert_eq!(check_name("  Ann <b> ").unwrap(), "Ann <b>");
/// assert_eq!(check_name(" "), Err(NameError::Empty));
/// assert_eq!(check_name("evil\u{202E}txt.exe"), Err(NameError::Forbidden(0x202E)));
/// assert_eq!(check_name(&"x".repeat(25)), Err(NameError::TooLong(25)));
/// ```
pub fn check_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if let Some(c) = name.chars().find(|&c| forbidden(c)) {
        return Err(NameError::Forbidden(u32::from(c)));
    }
    let length = name.chars().count();
    if length > MAX_NAME {
        return Err(NameError::TooLong(length));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_kept_as_given_or_refused() {
        assert_eq!(check_name("  <b>x</b> ").unwrap(), "<b>x</b>");
        assert_eq!(check_name("Zoë Ångström").unwrap(), "Zoë Ångström");
        assert_eq!(
            check_name(&"é".repeat(MAX_NAME)).unwrap().chars().count(),
            MAX_NAME
        );
        assert_eq!(
            check_name(&"é".repeat(MAX_NAME + 1)),
            Err(NameError::TooLong(MAX_NAME + 1))
        );
        assert_eq!(check_name("\t\n "), Err(NameError::Empty));
        for bad in [
            "a\0b",
            "a\nb",
            "a\u{1b}[31m",
            "a\u{202E}b",
            "a\u{2066}b",
            "a\u{200B}b",
            "\u{FEFF}ab",
        ] {
            assert!(
                matches!(check_name(bad), Err(NameError::Forbidden(_))),
                "{bad:?}"
            );
        }
    }
}
