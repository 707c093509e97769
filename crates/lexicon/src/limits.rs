//! The limits a word list must keep (the error type and the loader both name them).

/// The longest word a lexicon accepts: position masks are `u32`.
pub const MAX_WORD_LEN: usize = 32;

/// The largest word-list file read: 256 MiB, over 100 times the 173,528-word challenge list
/// (a list of a million words takes about 10 MiB). A larger file, or an endless stream such
/// as `/dev/zero`, is an error rather than a process growing until the machine swaps.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The longest line of a word-list file, in bytes: no word is longer than
/// [`MAX_WORD_LEN`] letters, so a longer line means the file is not a word list.
pub const MAX_LINE_BYTES: usize = 1024;
