//! `--generate KIND`: the man page and the shell completions of a program, written from its
//! clap definition (as `rg --generate` does), so they never drift from the flags.
//!
//! A flag rather than a subcommand: `hangman man` must stay free to score the word "man".

use std::io::Write;

use clap_complete::Shell;

/// What `--generate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Generate {
    /// The man page (roff), e.g. `hangman --generate man > hangman.1`.
    Man,
    /// Completions for bash.
    CompleteBash,
    /// Completions for zsh.
    CompleteZsh,
    /// Completions for fish.
    CompleteFish,
    /// Completions for PowerShell.
    CompletePowershell,
    /// Completions for elvish.
    CompleteElvish,
}

impl Generate {
    /// Writes the man page or completions of `command` to `out`.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write(self, mut command: clap::Command, out: &mut dyn Write) -> std::io::Result<()> {
        // Rendered into memory first: clap_complete panics when its writer fails, and a
        // closed pipe must stay a quiet exit.
        let mut text = Vec::new();
        let shell = match self {
            Generate::Man => {
                clap_mangen::Man::new(command).render(&mut text)?;
                return out.write_all(&text);
            }
            Generate::CompleteBash => Shell::Bash,
            Generate::CompleteZsh => Shell::Zsh,
            Generate::CompleteFish => Shell::Fish,
            Generate::CompletePowershell => Shell::PowerShell,
            Generate::CompleteElvish => Shell::Elvish,
        };
        let name = command.get_name().to_string();
        clap_complete::generate(shell, &mut command, name, &mut text);
        out.write_all(&text)
    }
}
