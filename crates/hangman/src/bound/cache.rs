//! The on-disk cache of a length's bounds, so that `hangman bench` shows them at once after
//! the first run (the searches take minutes).
//!
//! One small text file per length and maximum of wrong guesses, named by a hash of its key:
//! the words of the length (SHA-256), the maximum of wrong guesses, the slack and the
//! engine's version ([`ENGINE_VERSION`], bumped with any change that can change a bound).
//! A file is read only if its first line is that key and its checksum matches; anything
//! else is ignored and recomputed. Files are written to a temporary file and renamed.
//! A cached bound is a result, not a proof: `hangman bound --certificate` writes the proof.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use lexicon::Bucket;
use sha2::{Digest, Sha256};

use super::check;
use super::result::{LengthBound, Slack};
use super::search::Work;

/// Bump with any change to the searches that can change a bound.
pub(super) const ENGINE_VERSION: u32 = 11;

/// What a cached result depends on, as its first line.
fn key_line(bucket: &Bucket, max_wrong: u32, slack: Slack) -> String {
    format!(
        "wordplay-bounds {ENGINE_VERSION} length {} words {} sha256 {} max_wrong {max_wrong} slack {} {} nodes {} losses_share {} climb {} losses_rise {} family {} family_totals {} exact_small {}",
        bucket.length(),
        bucket.len(),
        check::words_sha256(bucket),
        slack.score,
        slack.losses,
        slack.nodes,
        slack.losses_share,
        slack.climb,
        slack.losses_rise,
        slack.family,
        slack.family_totals,
        slack.exact_small
    )
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The file of a key.
fn path(dir: &Path, key: &str) -> PathBuf {
    let digest = Sha256::digest(key.as_bytes());
    dir.join(format!("bound-{}.txt", &hex(&digest)[..32]))
}

/// The values line of a result.
fn values_line(b: &LengthBound) -> String {
    format!(
        "total {} rule {} searched {} losses {} best {} best_losses {} millis {:.1} expanded {} statics {}",
        b.total,
        b.rule.name(),
        b.searched,
        b.losses,
        b.best,
        b.best_losses,
        b.millis,
        b.work.expanded,
        b.work.statics
    )
}

/// The cached bounds of `bucket` at `max_wrong` with `slack`, if a valid file holds them.
pub(super) fn load(
    dir: &Path,
    bucket: &Bucket,
    max_wrong: u32,
    slack: Slack,
) -> Option<LengthBound> {
    let key = key_line(bucket, max_wrong, slack);
    let text = fs::read_to_string(path(dir, &key)).ok()?;
    let mut lines = text.lines();
    if lines.next()? != key {
        return None;
    }
    let values = lines.next()?;
    let sum = lines.next()?.strip_prefix("sha256 ")?;
    if sum != hex(&Sha256::digest(format!("{key}\n{values}").as_bytes())) {
        return None;
    }
    let fields: Vec<&str> = values.split(' ').collect();
    let get = |name: &str| -> Option<&str> {
        let at = fields.iter().position(|&f| f == name)?;
        fields.get(at + 1).copied()
    };
    Some(LengthBound {
        length: bucket.length(),
        words: bucket.len(),
        max_wrong,
        best: get("best")?.parse().ok()?,
        best_losses: get("best_losses")?.parse().ok()?,
        total: get("total")?.parse().ok()?,
        rule: super::plies::Rule::parse(get("rule")?)?,
        searched: get("searched")?.parse().ok()?,
        losses: get("losses")?.parse().ok()?,
        slack,
        work: Work {
            expanded: get("expanded")?.parse().ok()?,
            statics: get("statics")?.parse().ok()?,
        },
        millis: get("millis")?.parse().ok()?,
    })
}

/// Writes `bound` (of `bucket`) to the cache in `dir`.
pub(super) fn save(dir: &Path, bucket: &Bucket, bound: &LengthBound) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let key = key_line(bucket, bound.max_wrong, bound.slack);
    let values = values_line(bound);
    let sum = hex(&Sha256::digest(format!("{key}\n{values}").as_bytes()));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    writeln!(file, "{key}\n{values}\nsha256 {sum}")?;
    file.persist(path(dir, &key)).map_err(|e| e.error)?;
    Ok(())
}
