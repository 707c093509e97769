//! Why a referee cannot be made for a word.

/// Why a secret word is not playable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    /// Not letters a–z.
    #[error("{0:?} is not a word of letters a-z")]
    NotAWord(String),
    /// Too long for position masks.
    #[error("{0:?} is longer than {max} letters", max = lexicon::MAX_WORD_LEN)]
    TooLong(String),
    /// A cheating referee has no word of this length to keep.
    #[error("the dictionary has no word of {0} letters")]
    NoWordsOfLength(usize),
}
