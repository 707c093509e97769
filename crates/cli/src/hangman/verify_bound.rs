//! `hangman verify-bound DIR [DICTIONARY]`: re-checks the lower-bound certificates that
//! `hangman bench --bound-certificate DIR` wrote, with `hangman::bound::check` (plain code
//! that shares nothing with the search), computes again the totals proven by another rule
//! (`length-L.score.rule`: the exact solver, `best`'s shipped table, the ply search), and
//! prints per file what it proves. Exit 1 on any flaw.

use std::path::PathBuf;

use anyhow::bail;
use clap::Args;
use hangman::bound::check;

use crate::export::units::plural;

/// Arguments of `hangman verify-bound`.
#[derive(Debug, Args)]
pub(crate) struct VerifyBoundArgs {
    /// The folder of certificates that `hangman bench --bound-certificate` wrote:
    /// `length-L.score.cert.gz` (or `length-L.score.rule`) and `length-L.losses.cert.gz`, or
    /// the same uncompressed.
    #[arg(value_name = "DIR")]
    pub(crate) dir: PathBuf,

    /// The word list and how it is read.
    #[command(flatten)]
    pub(crate) list: super::verify::CertifiedList,
}

pub(super) fn run(args: VerifyBoundArgs) -> anyhow::Result<()> {
    let dir = &args.dir;
    let (dict, checks) = super::verify::check_folder(dir, &args.list, |dir, lexicon| {
        check::check_folder_with(dir, lexicon, report_progress)
    })?;
    println!(
        "bound certificates in {} · dictionary {}",
        dir.display(),
        dict.name
    );
    let mut flaws = 0;
    for file in &checks {
        let length = file.length;
        match &file.result {
            Ok(c) => {
                let what = if c.objective == "losses" {
                    format!("no strategy loses fewer than {} of", c.bound)
                } else {
                    format!(
                        "no strategy totals less than {} (average {:.4}) on",
                        c.bound,
                        c.bound as f64 / c.words.max(1) as f64
                    )
                };
                let how = if c.rule == "certificate" {
                    format!("{} checked", plural(c.states as usize, "state"))
                } else {
                    format!("rule {} computed again", c.rule)
                };
                println!(
                    "length {length:>2}: {what} {} at max wrong {} ({how} in {:.2} s)",
                    plural(c.words, "word"),
                    c.max_wrong,
                    file.seconds
                );
            }
            Err(flaw) => {
                flaws += 1;
                println!(
                    "length {length:>2}: REJECTED: {flaw} ({})",
                    file.path.display()
                );
            }
        }
    }
    if flaws > 0 {
        bail!("{flaws} certificate(s) rejected");
    }
    Ok(())
}

/// One line on stderr per file, before and after its check: the largest lengths' proofs
/// take minutes each.
fn report_progress(progress: check::Progress<'_>) {
    match progress {
        check::Progress::Checking { index, files, path } => {
            let name = path
                .file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy();
            eprintln!("[{index}/{files}] checking {name} …");
        }
        check::Progress::Checked(file) => {
            let verdict = if file.result.is_ok() {
                "ok"
            } else {
                "REJECTED"
            };
            eprintln!("        {verdict} in {:.2} s", file.seconds);
        }
    }
}
