//! `--certificate DIR`: per length, `length-L.cert.gz` (proofs of both bounds on `M`) and,
//! when `M` is exact, `length-L.first.gz` (a proof for every first letter that it is optimal
//! or not), which `hangman verify DIR` re-checks.
//!
//! A file already in `DIR` that `hangman::verify` accepts and that proves at least what this
//! run would write is kept: a long certification interrupted midway resumes where it
//! stopped (the proofs are deterministic, so the kept file is the one it would write).

use std::path::Path;
use std::time::Instant;

use hangman::solve::{self, LengthSolution, SolveOptions};
use hangman::verify;
use lexicon::{Bucket, Letter};

/// Writes (or keeps) the certificates of one length and says on stderr what each proves (a
/// proof that does not finish in time proves a weaker bound; a file that cannot be written
/// is reported, not fatal: the table is still printed).
pub(super) fn write(
    dir: &Path,
    bucket: &Bucket,
    dictionary: &str,
    solution: &LengthSolution,
    options: &SolveOptions,
) {
    let start = Instant::now();
    let length = bucket.length();
    let value_path = dir.join(format!("length-{length}.cert.gz"));
    let first_path = dir.join(format!("length-{length}.first.gz"));
    let b = solution.misses;
    let wants_first = b.is_exact() && solution.words > 1 && !options.verdict_only;
    let kept_value = read(&value_path)
        .and_then(|text| verify::verify(&text, bucket).ok())
        .filter(|v| v.lower >= b.lower && v.upper <= b.upper);
    let kept_first = kept_value.as_ref().and_then(|v| {
        let text = read(&first_path)?;
        verify::verify_first_letters(&text, bucket, v.lower)
            .ok()
            .filter(|f| f.open.is_empty())
    });
    let first = match &kept_value {
        Some(v) => {
            eprintln!(
                "certificate {}: {} <= M <= {} (kept: it checks)",
                value_path.display(),
                v.lower,
                v.upper
            );
            match kept_first {
                Some(f) => {
                    eprintln!(
                        "certificate {}: optimal {}, not optimal {} (kept: it checks)",
                        first_path.display(),
                        f.optimal,
                        f.not_optimal
                    );
                    None
                }
                None if wants_first => Some(solve::certify_first_letters(
                    bucket,
                    dictionary,
                    b.lower,
                    &solution.first_letters,
                    options,
                )),
                None => None,
            }
        }
        None => {
            let (value, first) = solve::certify_length(bucket, dictionary, solution, options);
            let what = format!("{} <= M <= {}", value.lower, value.upper);
            save(&value_path, &value.compressed(), &what, start);
            first
        }
    };
    if let Some(first) = first {
        let letters = |set: &[Letter]| match set.is_empty() {
            true => "none".to_string(),
            false => set.iter().map(|l| l.lower() as char).collect(),
        };
        let what = format!(
            "optimal {}, not optimal {}, open {}",
            letters(&first.optimal),
            letters(&first.not_optimal),
            letters(&first.open)
        );
        save(&first_path, &first.compressed(), &what, start);
    }
}

/// The text of a certificate file, if it exists and decodes.
fn read(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    verify::decode(&bytes).ok()
}

fn save(path: &Path, bytes: &[u8], what: &str, start: Instant) {
    match std::fs::write(path, bytes) {
        Ok(()) => eprintln!(
            "certificate {}: {what} ({} bytes, {:.2} s)",
            path.display(),
            bytes.len(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
    }
}
