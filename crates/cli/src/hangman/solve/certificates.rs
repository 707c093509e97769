//! `--certificate DIR`: per length, `length-L.cert.gz` (proofs of both bounds on `M`) and,
//! when `M` is exact, `length-L.first.gz` (a proof for every first letter that it is optimal
//! or not), which `hangman verify DIR` re-checks.

use std::time::Instant;

use hangman::solve::{self, LengthSolution, SolveOptions};

/// Writes the certificate of one length to `dir/length-L.cert.gz` and says on stderr what it
/// proves (a proof that does not finish in time proves a weaker bound; a file that cannot
/// be written is reported, not fatal: the table is still printed).
pub(super) fn write(
    dir: &std::path::Path,
    bucket: &lexicon::Bucket,
    dictionary: &str,
    solution: &LengthSolution,
    options: &SolveOptions,
) {
    let start = Instant::now();
    let c = solve::certify(
        bucket,
        dictionary,
        solution.misses.lower,
        solution.misses.upper,
        solution.witness.as_ref(),
        options,
    );
    let path = dir.join(format!("length-{}.cert.gz", bucket.length()));
    let bytes = c.compressed();
    match std::fs::write(&path, &bytes) {
        Ok(()) => eprintln!(
            "certificate {}: {} <= M <= {} ({} bytes, {:.2} s)",
            path.display(),
            c.lower,
            c.upper,
            bytes.len(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
    }
    if !solution.misses.is_exact() || solution.words < 2 || options.verdict_only {
        return;
    }
    let start = Instant::now();
    let m = solution.misses.lower;
    let c = solve::certify_first_letters(bucket, dictionary, m, &solution.first_letters, options);
    let path = dir.join(format!("length-{}.first.gz", bucket.length()));
    let bytes = c.compressed();
    let letters = |set: &[lexicon::Letter]| match set.is_empty() {
        true => "none".to_string(),
        false => set.iter().map(|l| l.lower() as char).collect(),
    };
    match std::fs::write(&path, &bytes) {
        Ok(()) => eprintln!(
            "certificate {}: optimal {}, not optimal {}, open {} ({} bytes, {:.2} s)",
            path.display(),
            letters(&c.optimal),
            letters(&c.not_optimal),
            letters(&c.open),
            bytes.len(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
    }
}
