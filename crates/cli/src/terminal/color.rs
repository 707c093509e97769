//! The colour choice both programs share (`--color WHEN`).

/// When to colour: the one rule of both programs (`--color WHEN`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ColorChoice {
    /// Colour on a terminal, unless the `NO_COLOR` environment variable is set.
    #[default]
    Auto,
    /// Always colour (even with `NO_COLOR`, even into a pipe).
    Always,
    /// Never colour: emphasis by bold, dim and reverse video only.
    Never,
}

impl ColorChoice {
    /// Whether to colour output going to a terminal (`terminal`) or not, given the
    /// `NO_COLOR` variable's value (see no-color.org: set and not empty means no colour).
    pub(crate) fn enabled(self, no_color: Option<&std::ffi::OsStr>, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }

    /// [`ColorChoice::enabled`] for standard output with this process's environment. With
    /// `always`, also tells crossterm (which on its own drops colours when `NO_COLOR` is
    /// set) to colour.
    pub(crate) fn resolve(self) -> bool {
        use std::io::IsTerminal;
        if self == ColorChoice::Always {
            ratatui::crossterm::style::force_color_output(true);
        }
        self.enabled(
            std::env::var_os("NO_COLOR").as_deref(),
            std::io::stdout().is_terminal(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_and_the_flag() {
        let set = Some(std::ffi::OsStr::new("1"));
        let empty = Some(std::ffi::OsStr::new(""));
        assert!(ColorChoice::Auto.enabled(None, true));
        assert!(ColorChoice::Auto.enabled(empty, true));
        assert!(!ColorChoice::Auto.enabled(set, true));
        assert!(!ColorChoice::Auto.enabled(None, false));
        assert!(ColorChoice::Always.enabled(set, false));
        assert!(!ColorChoice::Never.enabled(None, true));
    }
}
