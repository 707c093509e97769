//! Words derived from the training words: the likeliest kind of word outside a list.
//!
//! Most words a list lacks are not random strings but built from its words by rules of
//! English: another spelling (British `-ise`, `-our`, `-re`, `-ence`, a doubled `l`), an
//! inflection the list does not hold (`-s`, `-ed`, `-ing`, `-er`, `-ly`), or a compound of
//! two words (`airlock`, `checkbox`). From the training words alone this module gives, for a
//! board, the chance that a derived word of each kind fits it and the chance of each letter
//! among the derived words that do:
//!
//! - **spellings** and **inflections** are generated once (every variant of every training
//!   word that is not itself a training word) and scanned per board;
//! - **compounds** `w1 + w2` (each part a training word of at least [`MIN_PART`] letters)
//!   are never listed: for each split of the board the parts that fit each side are counted,
//!   and a pair holds a letter unless neither part does.
//!
//! Each kind has a prior share of the words outside the list ([`Weights::spellings`],
//! [`Weights::inflections`], [`Weights::compounds`]); the model weighs the kinds by
//! share × chance of fitting against its language model, whose chance of fitting is of the
//! same kind (see [`LetterModel::odds`](super::LetterModel::odds)).

use lexicon::{Letter, LetterSet, Lexicon};

use super::weights::Weights;

/// Whether `list` holds `word` (lowercase a–z, as every word here is): its bucket's search,
/// without [`Lexicon::contains`]'s lowercased copy of the word (one allocation for each
/// of the list's 173,000 words and each derived word).
fn holds(list: &Lexicon, word: &str) -> bool {
    list.bucket(word.len()).find(word.as_bytes()).is_some()
}

/// The shortest part of a compound.
pub(crate) const MIN_PART: usize = 3;

/// Derived words of one kind, by length, indexed for fitting boards: for each position and
/// letter the set of words holding that letter there, and for each letter the set of words
/// holding it anywhere (bit sets over the words of a length, 64 words a block).
#[derive(Debug, Default)]
struct WordSet {
    /// By length: the words' letters, one after another.
    text: Vec<Vec<u8>>,
    /// By length: how many words.
    counts: Vec<usize>,
    /// By length: block `b` of the words holding letter `l` at position `p` at
    /// `(p * 26 + l) * blocks + b`.
    at: Vec<Vec<u64>>,
    /// By length: block `b` of the words holding letter `l` at `l * blocks + b`.
    holds: Vec<Vec<u64>>,
}

impl WordSet {
    /// The words of `candidates` that are not in `exclude`, without repeats.
    fn new(mut candidates: Vec<String>, exclude: Option<&Lexicon>) -> WordSet {
        candidates.sort_unstable();
        candidates.dedup();
        let mut set = WordSet::default();
        for w in candidates {
            if w.len() > lexicon::MAX_WORD_LEN
                || !w.bytes().all(|b| b.is_ascii_lowercase())
                || exclude.is_some_and(|l| holds(l, &w))
            {
                continue;
            }
            let length = w.len();
            if set.text.len() <= length {
                set.text.resize(length + 1, Vec::new());
            }
            set.text[length].extend_from_slice(w.as_bytes());
        }
        for (length, text) in set.text.iter().enumerate() {
            let count = text.len() / length.max(1);
            let blocks = count.div_ceil(64);
            let mut at = vec![0u64; length * 26 * blocks];
            let mut holds = vec![0u64; 26 * blocks];
            for (i, word) in text.chunks_exact(length.max(1)).enumerate() {
                let bit = 1u64 << (i % 64);
                for (p, &b) in word.iter().enumerate() {
                    let l = usize::from(b - b'a');
                    at[(p * 26 + l) * blocks + i / 64] |= bit;
                    holds[l * blocks + i / 64] |= bit;
                }
            }
            set.counts.push(count);
            set.at.push(at);
            set.holds.push(holds);
        }
        set
    }

    /// Words of `length` letters.
    fn count(&self, length: usize) -> usize {
        self.counts.get(length).copied().unwrap_or(0)
    }

    /// The words of the board's length that fit it.
    fn tally(&self, board: &Pattern) -> Tally {
        let length = board.cells.len();
        let count = self.count(length);
        let mut tally = Tally::default();
        if count == 0 {
            return tally;
        }
        let blocks = count.div_ceil(64);
        let at = &self.at[length];
        let mut fit = vec![!0u64; blocks];
        if !count.is_multiple_of(64) {
            fit[blocks - 1] = (1u64 << (count % 64)) - 1;
        }
        let guessed: Vec<usize> = (0..26).filter(|l| board.guessed & (1 << l) != 0).collect();
        for (p, &c) in board.cells.iter().enumerate() {
            let row = |l: usize| &at[(p * 26 + l) * blocks..(p * 26 + l + 1) * blocks];
            if c == 0 {
                // A blank holds no guessed letter.
                for &g in &guessed {
                    fit.iter_mut().zip(row(g)).for_each(|(f, r)| *f &= !r);
                }
            } else {
                let known = row(usize::from(c - b'a'));
                fit.iter_mut().zip(known).for_each(|(f, r)| *f &= r);
            }
        }
        let ones = |bits: &mut dyn Iterator<Item = u64>| -> f64 {
            f64::from(bits.map(u64::count_ones).sum::<u32>())
        };
        tally.fitting = ones(&mut fit.iter().copied());
        if tally.fitting > 0.0 {
            let holds = &self.holds[length];
            for l in (0..26).filter(|l| board.guessed & (1 << l) == 0) {
                let row = &holds[l * blocks..(l + 1) * blocks];
                tally.holding[l] = ones(&mut fit.iter().zip(row).map(|(f, r)| f & r));
            }
        }
        tally
    }

    /// Every word of `length` letters.
    #[cfg(test)]
    fn words(&self, length: usize) -> Vec<String> {
        self.text.get(length).map_or_else(Vec::new, |t| {
            t.chunks_exact(length.max(1))
                .map(|w| String::from_utf8_lossy(w).into_owned())
                .collect()
        })
    }
}

/// A board (or a part of one) as bytes, with the guessed letters.
struct Pattern<'a> {
    /// Known letters as lowercase bytes, blanks as 0.
    cells: &'a [u8],
    /// Guessed letters (a blank holds none of them).
    guessed: u32,
}

/// The words that fit a board: how many, and how many of them hold each unguessed letter.
#[derive(Default)]
struct Tally {
    fitting: f64,
    holding: [f64; 26],
}

/// Words of one kind, those built from familiar words (in the common tier) apart from the
/// rest: a familiar word's derivation is likelier than a rare one's.
#[derive(Debug, Default)]
struct Kind {
    familiar: WordSet,
    rare: WordSet,
}

impl Kind {
    /// `familiar` and `rare` candidates (a candidate in both counts as familiar), less the
    /// words of `exclude`.
    fn new(mut familiar: Vec<String>, mut rare: Vec<String>, exclude: Option<&Lexicon>) -> Kind {
        familiar.sort_unstable();
        familiar.dedup();
        rare.retain(|w| familiar.binary_search(w).is_err());
        Kind {
            familiar: WordSet::new(familiar, exclude),
            rare: WordSet::new(rare, exclude),
        }
    }

    /// The words of the board's length that fit it, a rare one counting `rare` of a
    /// familiar one; and the weight of all the words of that length.
    fn tally(&self, board: &Pattern, rare: f64) -> (Tally, f64) {
        let length = board.cells.len();
        let mut tally = self.familiar.tally(board);
        let mut total = self.familiar.count(length) as f64;
        if rare > 0.0 {
            let more = self.rare.tally(board);
            tally.fitting += rare * more.fitting;
            for (h, m) in tally.holding.iter_mut().zip(more.holding) {
                *h += rare * m;
            }
            total += rare * self.rare.count(length) as f64;
        }
        (tally, total)
    }
}

/// The derived words' view of one board.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DerivedView {
    /// Σ over kinds of share × the chance that a derived word of that kind and of the
    /// board's length fits the board.
    pub(crate) likelihood: f64,
    /// For each unguessed letter, the chance that the derived word holds it, weighed over
    /// the kinds (0 for guessed letters).
    pub(crate) present: [f64; 26],
}

/// The derived words of a training list (see the module docs).
#[derive(Debug)]
pub(crate) struct DerivedWords {
    spellings: Kind,
    inflections: Kind,
    /// The compounds' parts: the training words of at least [`MIN_PART`] letters.
    parts: Kind,
}

impl DerivedWords {
    /// Generates the spellings and inflections of `words` that are not in it; `common` are
    /// the familiar words (see [`Weights::rare`]); the rare words' derivations only `with_rare`
    /// (they are most of the work).
    pub(crate) fn build(words: &Lexicon, common: &Lexicon, with_rare: bool) -> DerivedWords {
        let mut spelt = [Vec::new(), Vec::new()];
        let mut inflected = [Vec::new(), Vec::new()];
        let mut parts = [Vec::new(), Vec::new()];
        for w in words.words() {
            let class = usize::from(!holds(common, w));
            if class == 1 && !with_rare {
                continue;
            }
            spellings(w, &mut spelt[class]);
            inflections(w, &mut inflected[class]);
            if w.len() >= MIN_PART {
                parts[class].push(w.to_string());
            }
        }
        let [spelt_familiar, spelt_rare] = spelt;
        let [inflected_familiar, inflected_rare] = inflected;
        let [parts_familiar, parts_rare] = parts;
        DerivedWords {
            spellings: Kind::new(spelt_familiar, spelt_rare, Some(words)),
            inflections: Kind::new(inflected_familiar, inflected_rare, Some(words)),
            parts: Kind::new(parts_familiar, parts_rare, None),
        }
    }

    /// The view of `board` with the `guessed` letters. `None` when no derived word of the board's length fits it.
    pub(crate) fn view(
        &self,
        board: &[Option<Letter>],
        guessed: LetterSet,
        weights: &Weights,
    ) -> Option<DerivedView> {
        let cells: Vec<u8> = board.iter().map(|c| c.map_or(0, Letter::lower)).collect();
        let pattern = Pattern {
            cells: &cells,
            guessed: guessed.bits(),
        };
        let length = board.len();
        let mut likelihood = 0.0;
        let mut present = [0.0f64; 26];
        for (share, kind) in [
            (weights.spellings, &self.spellings),
            (weights.inflections, &self.inflections),
        ] {
            if share == 0.0 {
                continue;
            }
            let (tally, total) = kind.tally(&pattern, weights.rare);
            if tally.fitting > 0.0 {
                let scale = share / total;
                likelihood += scale * tally.fitting;
                for (p, h) in present.iter_mut().zip(tally.holding) {
                    *p += scale * h;
                }
            }
        }
        if weights.compounds > 0.0 {
            // Every pair of parts is one compound, as likely as its parts' weights; a pair
            // holds a letter unless neither part does.
            let (mut pairs, mut fitting, mut holding) = (0.0, 0.0, [0.0f64; 26]);
            for split in MIN_PART..=length.saturating_sub(MIN_PART) {
                let part = |cells| Pattern {
                    cells,
                    guessed: pattern.guessed,
                };
                let (a, left) = self.parts.tally(&part(&cells[..split]), weights.rare);
                let (b, right) = if a.fitting > 0.0 {
                    self.parts.tally(&part(&cells[split..]), weights.rare)
                } else {
                    let total = self.parts.familiar.count(length - split) as f64
                        + weights.rare * self.parts.rare.count(length - split) as f64;
                    (Tally::default(), total)
                };
                pairs += left * right;
                let both = a.fitting * b.fitting;
                fitting += both;
                for (l, h) in holding.iter_mut().enumerate() {
                    *h += both - (a.fitting - a.holding[l]) * (b.fitting - b.holding[l]);
                }
            }
            if fitting > 0.0 {
                let scale = weights.compounds / pairs;
                likelihood += scale * fitting;
                for (p, h) in present.iter_mut().zip(holding) {
                    *p += scale * h;
                }
            }
        }
        (likelihood > 0.0).then(|| {
            present.iter_mut().for_each(|p| *p /= likelihood);
            DerivedView {
                likelihood,
                present,
            }
        })
    }
}

/// Pushes onto `out` the other spellings of `word` (British ones of American words, by
/// rule; some are not words, which only thins the kind's chance a little).
pub(crate) fn spellings(word: &str, out: &mut Vec<String>) {
    let b = word.as_bytes();
    let n = b.len();
    // -ize/-yze family: every `iz`/`yz` before a vowel becomes `is`/`ys`.
    if (1..n.saturating_sub(1)).any(|i| b[i] == b'z' && matches!(b[i - 1], b'i' | b'y')) {
        let mut s = b.to_vec();
        let mut changed = false;
        for i in 1..n - 1 {
            if s[i] == b'z'
                && matches!(s[i - 1], b'i' | b'y')
                && matches!(s[i + 1], b'a' | b'e' | b'i')
            {
                s[i] = b's';
                changed = true;
            }
        }
        if changed {
            out.push(String::from_utf8(s).expect("ASCII"));
        }
    }
    let replace_end = |out: &mut Vec<String>, pairs: &[(&str, &str)]| {
        for (from, to) in pairs {
            if let Some(stem) = word.strip_suffix(from)
                && stem.len() >= 2
            {
                out.push(format!("{stem}{to}"));
                return;
            }
        }
    };
    // -or → -our after the letters that take it (color, honor, flavor, labor, humor...).
    for suffix in [
        "ors", "ored", "oring", "orful", "orfully", "orite", "orites", "orable", "orably",
        "orless", "orist", "orists", "or",
    ] {
        if let Some(stem) = word.strip_suffix(suffix)
            && stem.len() >= 2
            && matches!(
                stem.as_bytes()[stem.len() - 1],
                b'l' | b'n' | b'v' | b'b' | b'm' | b'd' | b'p' | b'g' | b'i'
            )
        {
            out.push(format!("{stem}ou{}", &suffix[1..]));
            break;
        }
    }
    // -er → -re (center, theater, fiber, meager).
    for (from, to) in [("ers", "res"), ("ered", "red"), ("er", "re")] {
        if let Some(stem) = word.strip_suffix(from)
            && stem.len() >= 2
            && matches!(stem.as_bytes()[stem.len() - 1], b't' | b'b' | b'g')
            && !matches!(stem.as_bytes()[stem.len() - 2], b't' | b'b' | b'g')
        {
            out.push(format!("{stem}{to}"));
            break;
        }
    }
    replace_end(out, &[("enses", "ences"), ("ense", "ence")]);
    replace_end(out, &[("ogs", "ogues"), ("og", "ogue")]);
    // A doubled `l` before a suffix (traveled → travelled, counselor → counsellor).
    for suffix in ["ed", "ing", "er", "ers", "or", "ors", "ation"] {
        if let Some(stem) = word.strip_suffix(suffix)
            && stem.len() >= 3
        {
            let s = stem.as_bytes();
            let k = s.len();
            if s[k - 1] == b'l'
                && matches!(s[k - 2], b'a' | b'e' | b'i' | b'o' | b'u')
                && !matches!(s[k - 3], b'a' | b'e' | b'i' | b'o' | b'u')
            {
                out.push(format!("{stem}l{suffix}"));
                break;
            }
        }
    }
    // A single `l` before -ment and -ful (fulfillment → fulfilment, skillful → skilful).
    for (from, to) in [
        ("llment", "lment"),
        ("llments", "lments"),
        ("llful", "lful"),
    ] {
        if let Some(i) = word.find(from) {
            out.push(format!("{}{to}{}", &word[..i], &word[i + from.len()..]));
        }
    }
    // Inner spellings: ae/oe (anemia, pediatric, esthetic), ph (sulfur), dgement, grey.
    for (from, to) in [
        ("emia", "aemia"),
        ("hemo", "haemo"),
        ("hema", "haema"),
        ("pedia", "paedia"),
        ("esthe", "aesthe"),
        ("estrogen", "oestrogen"),
        ("fetal", "foetal"),
        ("fetus", "foetus"),
        ("sulf", "sulph"),
        ("dgment", "dgement"),
        ("gray", "grey"),
    ] {
        if let Some(i) = word.find(from) {
            out.push(format!("{}{to}{}", &word[..i], &word[i + from.len()..]));
        }
    }
}

fn vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// Pushes onto `out` the inflections of `word` (`-s`/`-es`/`-ies`, `-ed`, `-ing`, `-er`,
/// `-ers`, `-ly`), by the ordinary rules, with the final consonant doubled where a short
/// word would double it (both are pushed: the rule cannot tell `scammer` from `opener`).
pub(crate) fn inflections(word: &str, out: &mut Vec<String>) {
    let b = word.as_bytes();
    let n = b.len();
    if n < 2 {
        return;
    }
    // Words that already look inflected take only a plural (`cleanings`, `somethings`).
    let inflected = ["ed", "ly", "ness", "ies"]
        .iter()
        .any(|s| word.ends_with(s))
        || (word.ends_with('s')
            && !word.ends_with("ss")
            && !word.ends_with("us")
            && !word.ends_with("is"));
    let last = b[n - 1];
    let sibilant =
        matches!(last, b's' | b'x' | b'z') || word.ends_with("ch") || word.ends_with("sh");
    let consonant_y = last == b'y' && !vowel(b[n - 2]);
    if !word.ends_with('s') || word.ends_with("ss") {
        if consonant_y {
            out.push(format!("{}ies", &word[..n - 1]));
        } else if sibilant {
            out.push(format!("{word}es"));
            // `-ch` takes `-s` when it sounds /k/ (techs, stomachs).
            if word.ends_with("ch") {
                out.push(format!("{word}s"));
            }
        } else {
            out.push(format!("{word}s"));
        }
    }
    if inflected || word.ends_with("ing") {
        return;
    }
    let stem_e = last == b'e';
    let cvc = n >= 3
        && !vowel(b[n - 3])
        && vowel(b[n - 2])
        && !vowel(last)
        && !matches!(last, b'w' | b'x' | b'y');
    let mut stems: Vec<String> = Vec::new();
    if stem_e {
        stems.push(word[..n - 1].to_string());
    } else if consonant_y {
        stems.push(format!("{}i", &word[..n - 1]));
    } else {
        stems.push(word.to_string());
        if cvc {
            stems.push(format!("{word}{}", last as char));
        }
    }
    for stem in &stems {
        out.push(format!("{stem}ed"));
        out.push(format!("{stem}er"));
        out.push(format!("{stem}ers"));
    }
    // -ing keeps a `y` (carrying) and an `ee` (seeing).
    if consonant_y || word.ends_with("ee") {
        out.push(format!("{word}ing"));
    } else {
        for stem in &stems {
            out.push(format!("{stem}ing"));
        }
    }
    if consonant_y {
        out.push(format!("{}ily", &word[..n - 1]));
    } else if word.ends_with("le") {
        out.push(format!("{}ly", &word[..n - 1]));
    } else if word.ends_with("ic") {
        out.push(format!("{word}ally"));
    } else {
        out.push(format!("{word}ly"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(f: fn(&str, &mut Vec<String>), word: &str) -> Vec<String> {
        let mut out = Vec::new();
        f(word, &mut out);
        out
    }

    #[test]
    fn spellings_follow_british_rules() {
        for (us, uk) in [
            ("organize", "organise"),
            ("organization", "organisation"),
            ("analyzed", "analysed"),
            ("color", "colour"),
            ("neighbors", "neighbours"),
            ("center", "centre"),
            ("theaters", "theatres"),
            ("defense", "defence"),
            ("catalog", "catalogue"),
            ("traveled", "travelled"),
            ("fulfillment", "fulfilment"),
            ("anemia", "anaemia"),
            ("sulfuric", "sulphuric"),
        ] {
            let got = all(spellings, us);
            assert!(got.contains(&uk.to_string()), "{us}: {got:?}");
        }
        // Words the rules do not touch.
        for word in ["doctor", "paper", "feeled", "cat"] {
            assert_eq!(all(spellings, word), Vec::<String>::new(), "{word}");
        }
    }

    #[test]
    fn inflections_follow_english_rules() {
        for (base, form) in [
            ("tech", "techs"),
            ("box", "boxes"),
            ("spy", "spies"),
            ("hoover", "hoovering"),
            ("scam", "scammer"),
            ("vape", "vaped"),
            ("vape", "vaping"),
            ("cleaning", "cleanings"),
            ("carry", "carrying"),
            ("happy", "happily"),
            ("basic", "basically"),
        ] {
            let got = all(inflections, base);
            assert!(got.contains(&form.to_string()), "{base}: {got:?}");
        }
        // An inflected word takes no further suffix but a plural.
        assert_eq!(all(inflections, "walked"), vec!["walkeds".to_string()]);
        assert_eq!(all(inflections, "cats"), Vec::<String>::new());
    }

    fn letter(c: u8) -> Letter {
        Letter::from_ascii(c).unwrap()
    }

    #[test]
    fn derived_words_leave_out_list_words_and_views_count_compounds() {
        let words = Lexicon::from_words([
            "air", "lock", "pay", "wall", "color", "colors", "walk", "walks", "walked",
        ])
        .unwrap();
        let derived = DerivedWords::build(&words, &words, false);
        assert!(
            derived
                .spellings
                .familiar
                .words(6)
                .contains(&"colour".to_string())
        );
        let inflected = derived.inflections.familiar.words(7);
        assert!(inflected.contains(&"walking".to_string()), "{inflected:?}");
        assert!(
            !derived
                .inflections
                .familiar
                .words(5)
                .contains(&"walks".to_string())
        );
        let weights = Weights {
            spellings: 0.0,
            inflections: 0.0,
            compounds: 1.0,
            ..Weights::default()
        };
        // A I R _ _ _ _ with `a i r` guessed: of the compounds `air`/`pay` + (lock, wall,
        // walk) and back, only `airlock` fits (`wall` and `walk` hold the `a` guessed).
        let board: Vec<Option<Letter>> = b"air"
            .iter()
            .map(|&c| Some(letter(c)))
            .chain([None; 4])
            .collect();
        let guessed = LetterSet::of_word(b"air");
        let view = derived.view(&board, guessed, &weights).unwrap();
        // One of the 2 × 3 + 3 × 2 pairs of 3 + 4 and 4 + 3 letters fits.
        assert!(
            (view.likelihood - 1.0 / 12.0).abs() < 1e-12,
            "{}",
            view.likelihood
        );
        assert!((view.present[letter(b'k').index()] - 1.0).abs() < 1e-12);
        assert_eq!(view.present[letter(b'w').index()], 0.0);
        assert_eq!(view.present[letter(b'a').index()], 0.0);
        // With `l` guessed wrong, nothing fits.
        let guessed = guessed.with(letter(b'l'));
        assert_eq!(derived.view(&board, guessed, &weights), None);
    }
}
