//! `hangman verify DIR [DICTIONARY]`: re-checks the certificates `hangman solve
//! --certificate DIR` wrote, with `hangman::verify` (plain code that shares nothing with
//! the search), and prints per length what each proves. Exit 1 on any flaw.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;

use crate::dictionary;
use crate::error::usage;

/// Arguments of `hangman verify`.
#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The folder of certificates (`length-L.cert.gz` or `length-L.cert` files) that `hangman solve --certificate`
    /// wrote.
    #[arg(value_name = "DIR")]
    pub(crate) dir: PathBuf,

    /// The word list the certificates are for (default: the embedded list).
    #[arg(value_name = "DICTIONARY")]
    pub(crate) dictionary: Option<PathBuf>,

    /// `--skip-invalid`.
    #[command(flatten)]
    pub(crate) invalid: super::flags::SkipInvalid,
}

/// The certificate files of `dir`, by length.
fn certificates(dir: &Path) -> anyhow::Result<Vec<(usize, PathBuf)>> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| usage(format!("cannot read the folder {}: {e}", dir.display())))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .with_context(|| format!("cannot read {}", dir.display()))?
            .path();
        let length = path.file_name().and_then(|n| n.to_str()).and_then(|n| {
            let n = n.strip_prefix("length-")?;
            n.strip_suffix(".cert.gz")
                .or_else(|| n.strip_suffix(".cert"))?
                .parse()
                .ok()
        });
        if let Some(length) = length {
            files.push((length, path));
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(usage(format!(
            "{} holds no certificate (length-L.cert.gz or length-L.cert files)",
            dir.display()
        )));
    }
    Ok(files)
}

pub(super) fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let files = certificates(&args.dir)?;
    let dict = dictionary::load(args.dictionary.as_deref(), args.invalid.skip_invalid)?;
    println!(
        "certificates in {} · dictionary {}",
        args.dir.display(),
        dict.name
    );
    let mut flaws = 0;
    for (length, path) in files {
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let start = Instant::now();
        let checked = hangman::verify::decode(&bytes)
            .and_then(|text| hangman::verify::verify(&text, dict.lexicon.bucket(length)));
        match checked {
            Ok(v) => {
                let value = if v.lower == v.upper {
                    format!("M = {}", v.lower)
                } else {
                    format!("{} <= M <= {}", v.lower, v.upper)
                };
                let family = if v.family == v.words {
                    "all words".to_string()
                } else {
                    format!("a sub-family of {} words", v.family)
                };
                // Under a time limit the file may prove less than the search did.
                let solver = match v.solver {
                    Some((lo, hi)) if (lo, hi) != (v.lower, v.upper) => {
                        format!("; the solver reported {lo}..{hi}")
                    }
                    _ => String::new(),
                };
                println!(
                    "length {length:>2}: {value:<14} proven ({} words; lower bound on {family}; {} strategy nodes checked in {:.2} s{solver})",
                    v.words,
                    v.nodes,
                    start.elapsed().as_secs_f64()
                );
            }
            Err(flaw) => {
                flaws += 1;
                println!("length {length:>2}: REJECTED: {flaw} ({})", path.display());
            }
        }
    }
    if flaws > 0 {
        bail!("{flaws} certificate(s) rejected");
    }
    Ok(())
}
