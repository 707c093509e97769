//! Decision tables shipped with the crate, so that `best` answers a player's first game of
//! any length at once.
//!
//! Cold, `best` spends seconds on the top of a length's decision tree: on short words the
//! whole-game exact solve (12 s for the 978 three-letter words of words.txt), on longer ones
//! the lookahead's first guesses over thousands of candidates (1–2 s at 6–9 letters). A
//! player typing one word would wait through it. For the lists the project plays (the
//! embedded list, its words in the common tier that fair referees draw from and hints play,
//! and the challenge's words.txt) and the challenge's rule (5 wrong guesses
//! allowed), `scripts/ship-tables.sh` runs `best` ahead
//! ([`shipped_table`](super::shipped_table), built in `ship.rs`) and keeps, per
//! word length, its decision at every state the games reach: all of them for words of up
//! to [`EXACT_MAX_LENGTH`] letters (the exact optimum), those with at least
//! [`SHIPPED_MIN_CANDIDATES`] candidates above. The tables are compiled in
//! (`crates/hangman/data/tables/`).
//!
//! A table is a decision cache file (see [`cache`](super::cache)), used only for a bucket
//! whose words hash to its key and only by a lookahead with `best`'s default settings;
//! each decision is checked against its state as a disk cache's are. The generator computes
//! afresh (it never reads the shipped tables), and a test (`tests/tables.rs`) rebuilds
//! tables and compares their bytes, so a change to the search that would change a decision
//! fails it.

use lexicon::Bucket;

use super::cache::{self, CacheKey};
use super::policy::Decision;
use super::table::StateKey;

/// Words of at most this many letters ship their whole tree (the exact optimum).
pub const EXACT_MAX_LENGTH: usize = 3;

/// Longer words ship the decisions at states with at least this many candidates: below it a
/// decision takes milliseconds.
pub const SHIPPED_MIN_CANDIDATES: usize = 150;

/// The maximum of wrong guesses the shipped tables are for (the challenge's rule).
pub const SHIPPED_MAX_WRONG: u32 = 5;

/// The strategy name in the tables' keys (the registry name of `best`).
const TABLE_STRATEGY: &str = "lookahead";

/// The shipped tables: per list, the cache files of its lengths, each after its size as a
/// little-endian `u32`.
static TABLES: &[&[u8]] = &[
    include_bytes!("../../data/tables/embedded.tables"),
    include_bytes!("../../data/tables/common.tables"),
    include_bytes!("../../data/tables/words.tables"),
];

/// The key a table of `bucket` is stored under.
pub(super) fn key(bucket: &Bucket, max_wrong: u32) -> CacheKey {
    CacheKey::new(TABLE_STRATEGY, &[], max_wrong, bucket)
}

/// The files of a list's tables.
fn files(blob: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = blob;
    std::iter::from_fn(move || {
        let (size, tail) = rest.split_first_chunk::<4>()?;
        let (file, tail) = tail.split_at_checked(u32::from_le_bytes(*size) as usize)?;
        rest = tail;
        Some(file)
    })
}

/// The shipped decisions for `bucket` at `max_wrong`, if a table was built for exactly
/// these words and rule.
pub(crate) fn decisions(bucket: &Bucket, max_wrong: u32) -> Option<Vec<(StateKey, Decision)>> {
    if max_wrong != SHIPPED_MAX_WRONG || bucket.is_empty() {
        return None;
    }
    let key = key(bucket, max_wrong);
    TABLES
        .iter()
        .flat_map(|blob| files(blob))
        .find_map(|file| cache::parse(file, &key, bucket.len()))
}

/// Whether a shipped table holds `best`'s decisions for exactly the words of `bucket` at
/// `max_wrong` (for words of up to [`EXACT_MAX_LENGTH`] letters: the exact optimum's tree).
pub fn ships(bucket: &Bucket, max_wrong: u32) -> bool {
    decisions(bucket, max_wrong).is_some()
}
