//! `hangman verify DIR [DICTIONARY]`: re-checks the certificates `hangman solve
//! --certificate DIR` wrote, with `hangman::verify` (plain code that shares nothing with
//! the search), and prints per length what each proves. Exit 1 on any flaw.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::Args;
use lexicon::Lexicon;

use crate::dictionary;
use crate::error::usage;
use crate::export::units::plural;

/// Arguments of `hangman verify`.
#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The folder of certificates that `hangman solve --certificate` wrote:
    /// `length-L.cert.gz` (the value) and `length-L.first.gz` (the first letters), or
    /// the same files uncompressed.
    #[arg(value_name = "DIR")]
    pub(crate) dir: PathBuf,

    /// The word list and how it is read.
    #[command(flatten)]
    pub(crate) list: CertifiedList,
}

/// The word list a folder of certificates is checked against: the arguments `hangman
/// verify` and `hangman verify-bound` share, after their folder.
#[derive(Debug, Args)]
pub(crate) struct CertifiedList {
    /// The word list the certificates are for (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,

    /// `--skip-invalid`.
    #[command(flatten)]
    pub(crate) invalid: super::flags::SkipInvalid,
}

pub(super) fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let dir = &args.dir;
    let (dict, checks) = check_folder(dir, &args.list, |dir, lexicon| {
        hangman::verify::verify_folder(dir, lexicon)
    })?;
    println!(
        "certificates in {} · dictionary {}",
        dir.display(),
        dict.name
    );
    let mut flaws = 0;
    for check in &checks {
        let length = check.length;
        match &check.value.1 {
            Ok(v) => println!("length {length:>2}: {}", value_line(v, check.seconds)),
            Err(flaw) => println!(
                "length {length:>2}: REJECTED: {flaw} ({})",
                check.value.0.display()
            ),
        }
        match &check.first {
            Some((_, Ok(f))) => println!("           {}", first_line(f)),
            Some((path, Err(flaw))) => println!(
                "length {length:>2}: first letters REJECTED: {flaw} ({})",
                path.display()
            ),
            None => {}
        }
        flaws += usize::from(!check.is_ok());
    }
    if flaws > 0 {
        bail!("{flaws} length(s) with a rejected certificate");
    }
    Ok(())
}

/// The word list `list` names (the embedded one by default) and what `check` finds in
/// the certificate folder `dir` for it: what `hangman verify` and `hangman verify-bound`
/// share. A `dir` that is not a folder, or a folder without certificates, is a usage
/// error; a file that cannot be read, a failure.
pub(super) fn check_folder<T>(
    dir: &Path,
    list: &CertifiedList,
    check: impl FnOnce(&Path, &Arc<Lexicon>) -> std::io::Result<T>,
) -> anyhow::Result<(dictionary::Dictionary, T)> {
    if !dir.is_dir() {
        return Err(usage(format!("{} is not a folder", dir.display())));
    }
    let dict = dictionary::load(list.dictionary.as_deref(), list.invalid.skip_invalid)?;
    match check(dir, &dict.lexicon) {
        Ok(checks) => Ok((dict, checks)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(usage(e.to_string())),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", dir.display())),
    }
}

/// What a value certificate proved, on one line.
fn value_line(v: &hangman::verify::Verified, seconds: f64) -> String {
    let value = if v.lower == v.upper {
        format!("M = {}", v.lower)
    } else {
        format!("{} <= M <= {}", v.lower, v.upper)
    };
    let family = if v.family == v.words {
        "all words".to_string()
    } else {
        format!("a sub-family of {}", plural(v.family, "word"))
    };
    // Under a time limit the file may prove less than the search did.
    let solver = match v.solver {
        Some((lo, hi)) if (lo, hi) != (v.lower, v.upper) => {
            format!("; the solver reported {lo}..{hi}")
        }
        _ => String::new(),
    };
    format!(
        "{value:<14} proven ({}; lower bound on {family}; {} checked in {seconds:.2} s{solver})",
        plural(v.words, "word"),
        plural(v.nodes as usize, "strategy node")
    )
}

/// What a first-letter certificate proved, on one line.
fn first_line(f: &hangman::verify::FirstVerified) -> String {
    let set = |s: &str| match s.is_empty() {
        true => "none".to_string(),
        false => s.to_string(),
    };
    let open = match f.open.is_empty() {
        true => "every letter settled".to_string(),
        false => format!("open {}", f.open),
    };
    format!(
        "first letters: optimal {}, not optimal {} proven; {open} ({})",
        set(&f.optimal),
        set(&f.not_optimal),
        plural(f.nodes as usize, "strategy node")
    )
}
