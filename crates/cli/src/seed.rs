//! The seed of a run that was given none.

/// A seed from the clock (nanoseconds since 1970), for games that should differ run to run;
/// 0 on a clock set before 1970. Commands print it, so a game can be replayed with `--seed`.
pub(crate) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
