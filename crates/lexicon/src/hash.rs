//! Stable hashes of words: the same value on every platform, build and run, so that the
//! games can derive seeds from words and dates (`std`'s hashers promise no such thing).

/// FNV-1a (64-bit) of `bytes`.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// SplitMix64's finalizer: a fixed, well-mixed bijection of `x` (nearby inputs give
/// unrelated outputs).
pub fn mix64(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// SplitMix64's increment (the golden ratio), added to or multiplied into a value before
/// [`mix64`] so that zero does not map to zero.
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // FNV-1a's published test vectors.
        assert_eq!(fnv1a(*b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(*b"a"), 0xaf63_dc4c_8601_ec8c);
        // SplitMix64 seeded with 0: its first output is mix64(GOLDEN_GAMMA).
        assert_eq!(mix64(GOLDEN_GAMMA), 0xe220_a839_7b1d_cdaf);
        assert_eq!(mix64(0), 0);
    }
}
