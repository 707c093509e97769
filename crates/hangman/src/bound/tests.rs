use std::sync::Arc;

use lexicon::Lexicon;

use super::*;
use crate::strategy::Lookahead;
use families::MAX_FAMILY;

/// The exact optimum by a plain brute force that shares no code with the bound or the game:
/// every letter in some candidate and every candidate word, rules written out again.
/// Returns (least total score, fewest losses), each minimized on its own.
fn brute(
    words: &[Vec<u8>],
    set: &[usize],
    guessed: u32,
    score: u32,
    wrong: u32,
    max: u32,
) -> (u64, u64) {
    if wrong > max {
        return (25 * set.len() as u64, set.len() as u64);
    }
    if set.len() == 1 {
        // Won: by the board if every letter is guessed, else by a free right word guess.
        return (u64::from(score.min(25)), 0);
    }
    let mut best = (u64::MAX, u64::MAX);
    // Candidate words: the right one ends at `score`, the others go on with a miss.
    for i in 0..set.len() {
        let rest: Vec<usize> = set.iter().copied().filter(|&w| w != set[i]).collect();
        let (s, l) = brute(words, &rest, guessed, score + 1, wrong + 1, max);
        best.0 = best.0.min(u64::from(score.min(25)) + s);
        best.1 = best.1.min(l);
    }
    let letters: u32 = set
        .iter()
        .flat_map(|&w| words[w].iter())
        .fold(0, |acc, &b| acc | 1 << (b - b'a'));
    for l in 0..26u8 {
        if letters & !guessed & (1 << l) == 0 {
            continue;
        }
        let mask = |w: usize| -> u32 {
            words[w]
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b - b'a' == l)
                .fold(0, |acc, (i, _)| acc | 1 << i)
        };
        let mut masks: Vec<u32> = set.iter().map(|&w| mask(w)).collect();
        masks.sort_unstable();
        masks.dedup();
        let mut total = (0, 0);
        for &m in &masks {
            let family: Vec<usize> = set.iter().copied().filter(|&w| mask(w) == m).collect();
            let miss = u32::from(m == 0);
            let (s, lost) = brute(
                words,
                &family,
                guessed | 1 << l,
                score + 1,
                wrong + miss,
                max,
            );
            total.0 += s;
            total.1 += lost;
        }
        best.0 = best.0.min(total.0);
        best.1 = best.1.min(total.1);
    }
    best
}

fn brute_total(words: &[&str], max_wrong: u32) -> (u64, u64) {
    let bytes: Vec<Vec<u8>> = words.iter().map(|w| w.as_bytes().to_vec()).collect();
    let set: Vec<usize> = (0..words.len()).collect();
    brute(&bytes, &set, 0, 0, 0, max_wrong)
}

/// Hand-built lists small enough for the brute force, with few lives so that losses count.
const TINY: &[(&[&str], u32)] = &[
    (&["bat", "cat", "hat", "mat", "rat"], 1),
    (&["bat", "cat", "hat", "mat", "rat", "sat"], 2),
    (&["bit", "bat", "cat", "cot", "hot"], 0),
    (&["ab", "ba", "cd", "dc", "ad"], 1),
    (&["cake", "lake", "bake", "bike", "like"], 1),
    (&["on", "in", "an"], 0),
    (&["bill", "fill", "hill", "mill", "pill", "till", "will"], 1),
    (&["tat", "sat", "bat", "tab", "cab"], 1),
    (
        &[
            "bills", "fills", "hills", "mills", "pills", "bells", "tells", "yells",
        ],
        2,
    ),
];

/// `best` for `lexicon` at `max_wrong`, computing every decision (no cache).
fn best(lexicon: &Arc<Lexicon>, max_wrong: u32) -> Lookahead {
    let settings = Settings {
        max_wrong,
        ..Settings::default()
    };
    Lookahead::from_settings("lookahead", lexicon, &settings).unwrap()
}

#[test]
fn without_targets_the_search_is_the_brute_force_optimum() {
    for &(words, max_wrong) in TINY {
        let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
        let bucket = lexicon.bucket(words[0].len());
        let (score, losses) = brute_total(words, max_wrong);
        let found = prove(bucket, max_wrong, None, Slack::NONE, None, None).unwrap();
        assert_eq!((found.total, found.losses), (score, losses), "{words:?}");
    }
}

#[test]
fn the_checkers_own_exact_search_equals_the_brute_force() {
    for &(words, max_wrong) in TINY {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
        let bucket = lexicon.bucket(words[0].len());
        let (score, _) = brute_total(words, max_wrong);
        assert_eq!(
            check::solve_exactly(bucket, max_wrong),
            score,
            "{words:?} {max_wrong}"
        );
    }
}

#[test]
fn steered_by_best_every_slack_stays_below_the_optimum_and_best() {
    for &(words, max_wrong) in TINY {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
        let bucket = lexicon.bucket(words[0].len());
        let (score, losses) = brute_total(words, max_wrong);
        let best = best(&lexicon, max_wrong);
        for (per_word, climb) in [(0.0, 0.0), (0.3, 0.0), (1.0, 0.0), (5.0, 0.0), (0.0, 0.1)] {
            let slack = Slack {
                score: per_word,
                losses: per_word / 5.0,
                nodes: u64::MAX,
                climb,
                losses_rise: if climb > 0.0 { 10 } else { 0 },
                ..Slack::NONE
            };
            let found = prove(bucket, max_wrong, Some(&best), slack, None, None).unwrap();
            assert!(
                found.total <= score,
                "{words:?} {slack:?}: {found:?} above {score}"
            );
            assert!(
                found.losses <= losses,
                "{words:?} {slack:?}: {found:?} above {losses}"
            );
            assert!(
                score <= found.best && losses <= found.best_losses,
                "{words:?}"
            );
            if per_word == 0.0 && found.best == score {
                // No slack and an optimal best: the bound is the optimum.
                assert_eq!(found.total, score, "{words:?}");
            }
        }
    }
}

#[test]
fn family_losses_never_exceed_the_fewest_losses() {
    for &(words, _) in TINY {
        let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
        let bucket = lexicon.bucket(words[0].len());
        let families = Families::build(bucket, 3, MAX_FAMILY);
        let all = candidates::all(bucket);
        for left in 0..4 {
            let (_, fewest) = brute_total(words, left);
            let lost = families.losses(&all, left);
            assert!(lost <= fewest, "{words:?} left {left}: {lost} > {fewest}");
        }
    }
    // A chain of eight `-ills`/`-ells` words with two wrong guesses to spare: at least
    // five are lost.
    let words = TINY[8].0;
    let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
    let bucket = lexicon.bucket(5);
    let families = Families::build(bucket, 2, MAX_FAMILY);
    assert_eq!(families.members().len(), 1);
    assert_eq!(
        families.losses(&candidates::all(bucket), 2),
        brute_total(words, 2).1
    );
}

#[test]
fn the_counting_bound_alone_forces_the_losses_of_a_chain() {
    // `-at` words after `a` and `t` are known: each guess wins at most one word, so with
    // one wrong guess left at most two of six are won (scores 2 and 3), four lose.
    let counts = Counts::new(1, 1, 3);
    let total = counting_bound(6, 2, |j| counts.get(j, 1, 1));
    assert_eq!(total, 2 + 3 + 4 * 25);
    assert_eq!(counts.get(0, 1, 1), 1);
    assert_eq!(counts.get(1, 1, 1), 2);
    assert_eq!(counts.get(5, 1, 1), 2);
    assert_eq!(counts.get(5, 0, 1), 1);
}

/// `W(j, l, u)` recomputed plainly: every non-empty mask of the `u` positions listed, the
/// `p` best hit parts summed (no binomials, no table).
fn plain_wins(p: usize, j: u32, l: i32, u: u32) -> u64 {
    if l < 0 {
        return 0;
    }
    if j == 0 || u == 0 {
        return 1;
    }
    let miss = plain_wins(p, j - 1, l - 1, u);
    let mut hits: Vec<u64> = (1..1u32 << u)
        .map(|mask| plain_wins(p, j - 1, l, u - mask.count_ones()))
        .collect();
    hits.sort_unstable_by(|a, b| b.cmp(a));
    let hit: u64 = hits.iter().take(p).sum();
    (1 + miss).max(hit + miss)
}

#[test]
fn the_counting_table_matches_a_plain_recount() {
    for p in [1, 2, 3, 7] {
        let counts = Counts::new(p, 2, 4);
        for j in 0..5 {
            for l in 0..=2 {
                for u in 0..=4 {
                    assert_eq!(
                        counts.get(j, l, u as usize),
                        plain_wins(p as usize, j, l as i32, u),
                        "p {p} j {j} l {l} u {u}"
                    );
                }
            }
        }
    }
}

/// A slice of the embedded list: a few hundred words over many lengths.
fn sample_list(step: usize) -> Arc<Lexicon> {
    let full = Lexicon::embedded();
    let words: Vec<String> = full.words().step_by(step).map(str::to_string).collect();
    Arc::new(Lexicon::from_words(words.iter().map(String::as_str)).unwrap())
}

#[test]
fn the_bounds_are_below_best_at_every_length_of_a_sample_list_and_cached() {
    let lexicon = sample_list(700);
    let cache = tempfile::tempdir().unwrap();
    let options = Options {
        cache: Some(cache.path().to_path_buf()),
        ..Options::default()
    };
    let first = bounds(&lexicon, 3, &options).unwrap();
    assert_eq!(first.len(), lexicon.lengths().count());
    for b in &first {
        assert!(b.total <= b.best, "{b:?}");
        assert!(b.losses <= b.best_losses, "{b:?}");
    }
    // The second run reads every length from the cache: the same bounds.
    let second = bounds(&lexicon, 3, &options).unwrap();
    let strip = |v: &[LengthBound]| -> Vec<(usize, u64, u64, u64)> {
        v.iter()
            .map(|b| (b.length, b.total, b.losses, b.best))
            .collect()
    };
    assert_eq!(strip(&first), strip(&second));
    // A damaged file is ignored (and the bound found again).
    for file in std::fs::read_dir(cache.path()).unwrap() {
        let path = file.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("total ", "total 1")).unwrap();
    }
    let third = bounds(&lexicon, 3, &options).unwrap();
    assert_eq!(strip(&first), strip(&third));
}

/// Writes the certificates of one length of `lexicon` into a new folder.
fn certify(
    lexicon: &Arc<Lexicon>,
    length: usize,
    max_wrong: u32,
    slack: Slack,
) -> (tempfile::TempDir, LengthBound) {
    let dir = tempfile::tempdir().unwrap();
    let best = best(lexicon, max_wrong);
    let found = prove(
        lexicon.bucket(length),
        max_wrong,
        Some(&best),
        slack,
        None,
        Some(dir.path()),
    )
    .unwrap();
    (dir, found)
}

fn read(dir: &std::path::Path, length: usize, objective: &str) -> String {
    let bytes = std::fs::read(dir.join(format!("length-{length}.{objective}.cert.gz"))).unwrap();
    check::text(&bytes).unwrap()
}

/// The counts of a length's losses certificate, checked.
fn losses_proof(bucket: &lexicon::Bucket, losses: &str) -> check::LossesProof {
    check::check_with(bucket, losses, None).unwrap().1
}

#[test]
fn certificates_check_and_any_tampering_is_rejected() {
    let lexicon = sample_list(40);
    let length = 5;
    let bucket = lexicon.bucket(length);
    assert!(bucket.len() > 200, "{}", bucket.len());
    let slack = Slack {
        score: 0.5,
        losses: 0.05,
        nodes: u64::MAX,
        climb: 0.0,
        ..Slack::NONE
    };
    let (dir, found) = certify(&lexicon, length, 2, slack);
    let score = read(dir.path(), length, "score");
    let losses = read(dir.path(), length, "losses");
    let (checked, proof) = check::check_with(bucket, &losses, None).unwrap();
    assert_eq!(
        (checked.objective.as_str(), checked.bound),
        ("losses", found.losses)
    );
    assert!(!proof.is_empty());
    // The score's proof takes the losses proof's counts, and is rejected without them.
    assert!(score.contains("\nuses_losses yes\n"));
    let flaw = check::check(bucket, &score).unwrap_err();
    assert!(flaw.0.contains("losses certificate"), "{flaw}");
    let (checked, _) = check::check_with(bucket, &score, Some(&proof)).unwrap();
    assert_eq!(checked.bound, found.total);
    assert!(checked.value >= found.total);
    assert!(checked.states > 1, "{checked:?}");

    let rejected = |text: &str, why: &str| {
        let flaw = check::check_with(bucket, text, Some(&proof)).expect_err(why);
        assert!(!flaw.0.is_empty());
    };
    // A claim above what the proof is worth.
    let claim = format!("bound {}\n", found.total);
    let worth = checked.value;
    rejected(
        &score.replacen(&claim, &format!("bound {}\n", worth + 1), 1),
        "claim too high",
    );
    // Another objective, list, length or maximum of wrong guesses.
    rejected(
        &score.replacen("objective score", "objective losses", 1),
        "objective",
    );
    rejected(
        &score.replacen("max_wrong 2", "max_wrong 3", 1),
        "max wrong",
    );
    let other = lexicon.bucket(6);
    assert!(check::check_with(other, &score, Some(&proof)).is_err());
    // A losses proof's counts cannot serve a score proof of their own objective.
    rejected(
        &losses.replacen("uses_losses no", "uses_losses yes", 1),
        "a losses proof using losses",
    );
    let mut sha = score.clone();
    let at = sha.find("words_sha256 ").unwrap() + "words_sha256 ".len();
    let flipped = if &sha[at..=at] == "0" { "1" } else { "0" };
    sha.replace_range(at..=at, flipped);
    rejected(&sha, "words");
    // A truncated proof, an extra token, a state's proof replaced, a letter's proof
    // replaced, a reference to nothing.
    let cut = score.trim_end().rsplit_once(char::is_whitespace).unwrap().0;
    rejected(cut, "truncated");
    rejected(&format!("{score} S"), "extra token");
    // The root's proof said to be a chain's.
    let proof = score.find("\nproof\n").unwrap() + "\nproof\n".len();
    let mut chain = score.clone();
    chain.replace_range(proof..=proof, "C");
    rejected(&chain, "the root is no chain");
    rejected(&score.replacen(" E", " R999999", 1), "dangling reference");
    // A family with a word twice, or a word out of range.
    if let Some(i) = score.find("\nfamilies ") {
        let line = score[i + 1..].lines().nth(1).unwrap_or("");
        if let Some(first) = line.split(' ').nth(1) {
            let doubled = line.replacen(first, &format!("{first} {first}"), 1);
            let doubled = doubled.replacen(
                line.split(' ').next().unwrap(),
                &(line.split(' ').count()).to_string(),
                1,
            );
            rejected(
                &score.replacen(line, &doubled, 1),
                "family with a word twice",
            );
        }
    }
}

#[test]
fn a_proof_worth_less_is_rejected_even_when_well_formed() {
    // A proof of a lower bound claims the bound of a better one: every token is valid,
    // the value falls short.
    let lexicon = sample_list(40);
    let bucket = lexicon.bucket(6);
    let loose = Slack {
        score: 3.0,
        losses: 0.5,
        nodes: u64::MAX,
        climb: 0.0,
        ..Slack::NONE
    };
    let tight = Slack {
        score: 0.2,
        losses: 0.02,
        nodes: u64::MAX,
        climb: 0.0,
        ..Slack::NONE
    };
    let (dir_loose, weak) = certify(&lexicon, 6, 2, loose);
    let (_, strong) = certify(&lexicon, 6, 2, tight);
    assert!(weak.total < strong.total, "{weak:?} {strong:?}");
    let text = read(dir_loose.path(), 6, "score");
    let lifted = text.replacen(
        &format!("bound {}\n", weak.total),
        &format!("bound {}\n", strong.total),
        1,
    );
    let proof = losses_proof(bucket, &read(dir_loose.path(), 6, "losses"));
    let flaw = check::check_with(bucket, &lifted, Some(&proof)).unwrap_err();
    assert!(flaw.0.contains("less than"), "{flaw}");
}

#[test]
fn a_length_of_one_word_certifies_with_an_empty_proof() {
    let lexicon = Arc::new(Lexicon::from_words(["cat", "dog", "elephant"]).unwrap());
    let (dir, found) = certify(&lexicon, 8, 5, Slack::NONE);
    assert_eq!((found.total, found.losses), (0, 0));
    for objective in ["score", "losses"] {
        let checked = check::check(lexicon.bucket(8), &read(dir.path(), 8, objective)).unwrap();
        assert_eq!(checked.bound, 0);
    }
}

#[test]
fn a_node_limit_gives_the_same_smaller_bound_every_time() {
    let lexicon = sample_list(40);
    let length = 5;
    let bucket = lexicon.bucket(length);
    let best = best(&lexicon, 2);
    let limited = Slack {
        nodes: 50,
        ..Slack::NONE
    };
    let run = |slack: Slack| prove(bucket, 2, Some(&best), slack, None, None).unwrap();
    let (a, b, full) = (run(limited), run(limited), run(Slack::NONE));
    assert_eq!((a.total, a.losses), (b.total, b.losses));
    assert!(a.work.expanded <= 50, "{a:?}");
    assert!(
        a.total <= full.total && a.losses <= full.losses,
        "{a:?} {full:?}"
    );
    assert!(
        a.total < full.total,
        "50 states should not be enough: {a:?} {full:?}"
    );
}

#[test]
fn another_rules_better_total_is_kept_and_written_as_a_rule_file_that_checks() {
    let lexicon = sample_list(40);
    let length = 5;
    let bucket = lexicon.bucket(length);
    let best = best(&lexicon, 2);
    let dir = tempfile::tempdir().unwrap();
    // No state opened: the search's bound is the static bound of the whole list.
    let limited = Slack {
        nodes: 0,
        ..Slack::NONE
    };
    let depth = plies::Depth {
        plies: 2,
        full: 4,
        words: 4,
    };
    let plies = plies::lower_bound(bucket, 2, depth);
    let rule = Rule::Plies(depth);
    let found = prove(
        bucket,
        2,
        Some(&best),
        limited,
        Some((plies, rule)),
        Some(dir.path()),
    )
    .unwrap();
    assert!(found.searched < plies, "{found:?} {plies}");
    assert_eq!((found.total, found.rule), (plies, rule));
    assert!(!found.is_optimum());
    // The rule file and the losses' certificate check; a claim raised by one does not.
    let checks = check::check_folder(dir.path(), &lexicon).unwrap();
    assert_eq!(checks.len(), 2);
    // Losses first: a score proof may use them.
    assert_eq!(checks[0].result.as_ref().unwrap().objective, "losses");
    assert_eq!(checks[1].result.as_ref().unwrap().rule, rule.name());
    assert!(checks.iter().all(|c| c.result.is_ok()), "{checks:?}");
    let text = std::fs::read_to_string(&checks[1].path).unwrap();
    let raised = text.replacen(
        &format!("\nbound {plies}\n"),
        &format!("\nbound {}\n", plies + 1),
        1,
    );
    let flaw = check::check_rule(&lexicon, length, &raised).unwrap_err();
    assert!(flaw.0.contains("less than"), "{flaw}");
    let unknown = text.replacen(&rule.name(), "plies-x", 1);
    assert!(check::check_rule(&lexicon, length, &unknown).is_err());
}

#[test]
fn rules_round_trip_through_their_names() {
    for rule in [
        Rule::Search,
        Rule::Shipped,
        Rule::Solved,
        Rule::Plies(plies::Depth {
            plies: 3,
            full: 4,
            words: 5,
        }),
    ] {
        assert_eq!(Rule::parse(&rule.name()), Some(rule));
    }
    assert_eq!(Rule::parse("plies-1-2"), None);
    assert_eq!(Rule::parse("plies-1-2-3-4"), None);
}

#[test]
fn the_ply_search_stays_below_the_brute_force_optimum_and_meets_it_searched_to_the_end() {
    for &(words, max_wrong) in TINY {
        let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
        let bucket = lexicon.bucket(words[0].len());
        let (score, _) = brute_total(words, max_wrong);
        for p in 0..3 {
            let depth = plies::Depth {
                plies: p,
                full: 2,
                words: 2,
            };
            let found = plies::lower_bound(bucket, max_wrong, depth);
            assert!(found <= score, "{words:?} {depth:?}: {found} above {score}");
        }
        let to_the_end = plies::Depth {
            plies: 30,
            full: 64,
            words: 64,
        };
        assert_eq!(
            plies::lower_bound(bucket, max_wrong, to_the_end),
            score,
            "{words:?}"
        );
    }
}

#[test]
fn a_shipped_rule_file_is_solved_again_by_the_checker_and_rejected_above_the_optimum() {
    for &(words, max_wrong) in TINY {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
        let length = words[0].len();
        let bucket = lexicon.bucket(length);
        let (score, _) = brute_total(words, max_wrong);
        let text = check::rule_file(bucket, max_wrong, "shipped", score);
        let checked = check::check_rule(&lexicon, length, &text).unwrap();
        assert_eq!((checked.bound, checked.value), (score, score), "{words:?}");
        let raised = check::rule_file(bucket, max_wrong, "shipped", score + 1);
        let flaw = check::check_rule(&lexicon, length, &raised).unwrap_err();
        assert!(flaw.0.contains("less than"), "{words:?}: {flaw}");
    }
}

/// A grid of `rows × 10` words `?o?s`, equal but at two positions whose letters never
/// meet (rows `b`…, columns `n`…): with two wrong guesses to spare a strategy wins at most
/// six words of ten full rows (a row letter: its row, a chain, wins 3; the nine rows left,
/// a life later, 3 more), so a family of ten rows loses 94 of its 100 words.
fn grid(rows: usize) -> Vec<String> {
    let mut words = Vec::new();
    for x in "bcdfghjklmtuv".bytes().take(rows) {
        for y in "nprwxyzqae".bytes() {
            words.push(String::from_utf8(vec![x, b'o', y, b's']).unwrap());
        }
    }
    words
}

/// A losses certificate of `bucket` at two wrong guesses whose whole proof is the root's
/// static bound, with `families` as its partition.
fn static_losses_certificate(
    bucket: &lexicon::Bucket,
    families: &[Vec<u32>],
    bound: u64,
) -> String {
    static_certificate(bucket, ("losses", 2, 0), families, bound)
}

/// A certificate of `bucket` (objective, max wrong, `family_totals`) whose whole proof is
/// the root's static bound, with `families` as its partition.
fn static_certificate(
    bucket: &lexicon::Bucket,
    (objective, max_wrong, family_totals): (&str, u32, u32),
    families: &[Vec<u32>],
    bound: u64,
) -> String {
    let mut text = format!(
        "wordplay-bound-certificate 4\nobjective {objective}\nlength {}\nmax_wrong {max_wrong}\nwords {}\nwords_sha256 {}\nbound {bound}\nuses_losses no\nfamily_totals {family_totals}\nexact_small 0\nfamilies {}\n",
        bucket.length(),
        bucket.len(),
        check::words_sha256(bucket),
        families.len()
    );
    for family in families {
        let words: Vec<String> = family.iter().map(u32::to_string).collect();
        text.push_str(&format!("{} {}\n", family.len(), words.join(" ")));
    }
    text.push_str("proof\nS\n");
    text
}

#[test]
fn a_family_of_more_than_64_words_is_valued_whole_by_the_search_and_the_checker() {
    let words = grid(13);
    let lexicon = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
    let bucket = lexicon.bucket(4);
    assert_eq!(bucket.len(), 130);
    let all = candidates::all(bucket);
    // Ten rows whole force 94 losses; cut in two at 64 words (as families were before)
    // they force fewer, and a static bound of the whole set alone 130 − 3 · 13 = 91.
    let ten_rows: Vec<u32> = (0..100).collect();
    let whole = Families::from_members(bucket, vec![ten_rows.clone()], 2);
    assert_eq!(whole.losses(&all, 2), 94);
    let halves = Families::from_members(bucket, vec![(0..64).collect(), (64..100).collect()], 2);
    assert!(halves.losses(&all, 2) < 94);
    // The checker values the family the same, its every word (a checker that saw only the
    // first 64 would prove less and reject the claim).
    let text = static_losses_certificate(bucket, std::slice::from_ref(&ten_rows), 94);
    let (checked, _) = check::check_with(bucket, &text, None).unwrap();
    assert_eq!(checked.value, 94);
    let raised = static_losses_certificate(bucket, std::slice::from_ref(&ten_rows), 95);
    let flaw = check::check_with(bucket, &raised, None).unwrap_err();
    assert!(flaw.0.contains("less than"), "{flaw}");
    // The largest family allowed, valued alike by both; one word more is rejected.
    let most: Vec<u32> = (0..128).collect();
    let largest = Families::from_members(bucket, vec![most.clone()], 2);
    let lost = largest.losses(&all, 2);
    assert!(lost > 94, "{lost}");
    let text = static_losses_certificate(bucket, std::slice::from_ref(&most), lost);
    assert_eq!(
        check::check_with(bucket, &text, None).unwrap().0.value,
        lost
    );
    let too_many: Vec<u32> = (0..129).collect();
    let text = static_losses_certificate(bucket, &[too_many], 0);
    let flaw = check::check_with(bucket, &text, None).unwrap_err();
    assert!(flaw.0.contains("2 to 128 allowed"), "{flaw}");
    // The partition takes the grid's first 128 words whole.
    let built = Families::build(bucket, 2, MAX_FAMILY);
    assert!(
        built.members().iter().any(|f| f.len() > 64),
        "{:?}",
        built.members()
    );
    // With families of at most 64 words (the slack's `family`), none is larger.
    let halved = Families::build(bucket, 2, 64);
    assert!(
        halved.members().iter().all(|f| f.len() <= 64),
        "{:?}",
        halved.members()
    );
    assert!(
        halved.members().iter().any(|f| f.len() == 64),
        "{:?}",
        halved.members()
    );
}

/// The losses' climb goes on at a smaller rise after a missed aim (and proves more than
/// stopping there would, with the same states), and what it proves is a proof the checker
/// accepts, at most `best`'s losses.
#[test]
fn the_losses_climb_halves_its_rise_after_a_miss_and_its_proof_checks() {
    let lexicon = sample_list(20);
    let (length, max_wrong) = (4, 2);
    let bucket = lexicon.bucket(length);
    let best = best(&lexicon, max_wrong);
    let (targets, (_, best_losses)) = targets::walk(&best, bucket, max_wrong);
    let families = Families::build(bucket, max_wrong, MAX_FAMILY);
    let climb = |halvings| {
        let search = Search::new(
            bucket,
            Objective::Losses,
            max_wrong,
            &families,
            &targets,
            None,
        );
        let value = drive(
            &search,
            max_wrong,
            best_losses,
            &[],
            (1.0, 5_000, 40, halvings),
        );
        let header = certificate::Header {
            objective: Objective::Losses,
            max_wrong,
            bound: value,
            words_sha256: &check::words_sha256(bucket),
            uses_losses: false,
            family_totals: 0,
            exact_small: 0,
        };
        let mut text = Vec::new();
        certificate::write(&search, &header, &mut text).unwrap();
        (value, String::from_utf8(text).unwrap())
    };
    let (stopped, _) = climb(0);
    let (halved, text) = climb(LOSSES_HALVINGS);
    // 280 words: 82 losses proven when the climb stops at its first miss, 135 going on.
    assert!(halved > stopped, "{halved} against {stopped}");
    assert!(halved <= best_losses);
    let checked = check::check(bucket, &text).unwrap();
    assert_eq!(checked.bound, halved);
}

/// A family's least total on its own, at any running score, is the optimum of its words
/// alone: the brute force's.
#[test]
fn a_familys_least_total_on_its_own_is_the_brute_force_optimum() {
    for &(words, max_wrong) in TINY {
        let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
        let bucket = lexicon.bucket(words[0].len());
        let all = candidates::all(bucket);
        let families = Families::from_members(bucket, vec![all.clone()], max_wrong);
        let bytes: Vec<Vec<u8>> = (0..bucket.len()).map(|w| bucket.word(w).to_vec()).collect();
        let set: Vec<usize> = (0..bytes.len()).collect();
        for score in [0, 3, 21] {
            let (optimum, _) = brute(&bytes, &set, 0, score, 0, max_wrong);
            let (total, rest, _) = families.least_totals(&all, score, max_wrong, 16);
            assert_eq!((total, rest), (optimum, 0), "{words:?} score {score}");
        }
        // Too many words to value exactly: all are left to the counting bound.
        let (total, rest, lost) = families.least_totals(&all, 0, max_wrong, 2);
        assert_eq!((total, rest), (0, all.len() as u64), "{words:?}");
        assert_eq!(lost, families.losses(&all, max_wrong), "{words:?}");
    }
}

/// With the families valued on their own, the search without targets is still the brute
/// force's optimum, and steered by `best` it stays below it.
#[test]
fn with_family_totals_the_bounds_stay_the_brute_force_optimum_or_below() {
    for &(words, max_wrong) in TINY {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
        let bucket = lexicon.bucket(words[0].len());
        let (score, _) = brute_total(words, max_wrong);
        let exact = Slack {
            family_totals: 16,
            ..Slack::NONE
        };
        let found = prove(bucket, max_wrong, None, exact, None, None).unwrap();
        assert_eq!(found.total, score, "{words:?}");
        let best = best(&lexicon, max_wrong);
        for (per_word, climb) in [(0.0, 0.0), (1.0, 0.0), (0.0, 0.1)] {
            let slack = Slack {
                score: per_word,
                climb,
                family_totals: 4,
                ..Slack::NONE
            };
            let found = prove(bucket, max_wrong, Some(&best), slack, None, None).unwrap();
            assert!(found.total <= score, "{words:?} {slack:?}: {found:?}");
        }
    }
}

/// A static bound by parts is checked by the checker's own family values: a chain of
/// eight `-ills`/`-ells` words valued whole reaches the optimum, which the counting bound
/// alone does not, and a claim above it is rejected.
#[test]
fn a_static_bound_by_families_checks_and_a_claim_above_it_is_rejected() {
    let (words, max_wrong) = TINY[8];
    let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
    let bucket = lexicon.bucket(5);
    let (optimum, _) = brute_total(words, max_wrong);
    let family = vec![candidates::all(bucket)];
    let text = static_certificate(bucket, ("score", max_wrong, 8), &family, optimum);
    assert_eq!(check::check(bucket, &text).unwrap().value, optimum);
    let raised = static_certificate(bucket, ("score", max_wrong, 8), &family, optimum + 1);
    let flaw = check::check(bucket, &raised).unwrap_err();
    assert!(flaw.0.contains("less than"), "{flaw}");
    // The family has 8 words: with `family_totals` 7 or 0 only the counting bound counts.
    for most in [0, 7] {
        let text = static_certificate(bucket, ("score", max_wrong, most), &family, optimum);
        let flaw = check::check(bucket, &text).unwrap_err();
        assert!(flaw.0.contains("less than"), "{flaw}");
    }
    // A family of ten words (`bo?s`), its word guesses bounded together by the search:
    // at most the optimum, and the checker, valuing them one by one, finds as much.
    let words = grid(1);
    let lexicon = Lexicon::from_words(words.iter().map(String::as_str)).unwrap();
    let ten = lexicon.bucket(4);
    let all = candidates::all(ten);
    let families = Families::from_members(ten, vec![all.clone()], 2);
    let (total, _, _) = families.least_totals(&all, 0, 2, 12);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert!(total <= brute_total(&words, 2).0, "{total}");
    let text = static_certificate(ten, ("score", 2, 12), &[all], total);
    assert!(check::check(ten, &text).unwrap().value >= total);
    // Above the checker's limit, or in a losses certificate: rejected.
    let text = static_certificate(bucket, ("score", max_wrong, 17), &family, 0);
    assert!(check::check(bucket, &text).is_err());
    let text = static_certificate(bucket, ("losses", max_wrong, 8), &family, 0);
    assert!(check::check(bucket, &text).is_err());
}

/// A steered search of a 40-word sample with `slack` (and the climbs and budget below)
/// writes certificates whose score proof says `header` and that the checker accepts, and a
/// raised claim is rejected.
fn steered_certificates_check(slack: Slack, header: &str) {
    let lexicon = sample_list(40);
    let length = 5;
    let bucket = lexicon.bucket(length);
    let slack = Slack {
        score: 0.5,
        losses: 0.05,
        climb: 0.002,
        losses_rise: 10,
        nodes: 20_000,
        ..slack
    };
    let (dir, found) = certify(&lexicon, length, 2, slack);
    let score = read(dir.path(), length, "score");
    assert!(score.contains(header), "{header}");
    let proof = losses_proof(bucket, &read(dir.path(), length, "losses"));
    let (checked, _) = check::check_with(bucket, &score, Some(&proof)).unwrap();
    assert!(checked.value >= found.total, "{checked:?} {found:?}");
    let raised = score.replacen(
        &format!("bound {}\n", found.total),
        &format!("bound {}\n", checked.value + 1),
        1,
    );
    let flaw = check::check_with(bucket, &raised, Some(&proof)).unwrap_err();
    assert!(flaw.0.contains("less than"), "{flaw}");
}

/// A steered search whose static bounds value families on their own writes certificates
/// the checker accepts, and a raised claim is rejected.
#[test]
fn certificates_with_family_totals_check() {
    let slack = Slack {
        family_totals: 12,
        ..Slack::NONE
    };
    steered_certificates_check(slack, "\nfamily_totals 12\n");
}

/// With small sets solved exactly, the search without targets is still the brute force's
/// optimum, and steered by `best` it stays below it.
#[test]
fn with_small_sets_solved_the_bounds_stay_the_brute_force_optimum_or_below() {
    for &(words, max_wrong) in TINY {
        let lexicon = Arc::new(Lexicon::from_words(words.iter().copied()).unwrap());
        let bucket = lexicon.bucket(words[0].len());
        let (score, _) = brute_total(words, max_wrong);
        let exact = Slack {
            exact_small: 12,
            ..Slack::NONE
        };
        let found = prove(bucket, max_wrong, None, exact, None, None).unwrap();
        assert_eq!(found.total, score, "{words:?}");
        let best = best(&lexicon, max_wrong);
        for (per_word, climb, most) in [(0.0, 0.0, 3), (1.0, 0.0, 4), (0.0, 0.1, 6)] {
            let slack = Slack {
                score: per_word,
                climb,
                exact_small: most,
                ..Slack::NONE
            };
            let found = prove(bucket, max_wrong, Some(&best), slack, None, None).unwrap();
            assert!(found.total <= score, "{words:?} {slack:?}: {found:?}");
        }
    }
}

/// A small set's static bound is checked by the checker's own exhaustive search: the
/// eight words of `TINY[8]` solved whole reach the brute force's optimum, which the
/// counting bound alone does not, and a claim above it is rejected.
#[test]
fn a_small_sets_exact_total_checks_and_a_claim_above_it_is_rejected() {
    let (words, max_wrong) = TINY[8];
    let lexicon = Lexicon::from_words(words.iter().copied()).unwrap();
    let bucket = lexicon.bucket(5);
    let (optimum, _) = brute_total(words, max_wrong);
    let small = |objective, most: u32, bound| {
        static_certificate(bucket, (objective, max_wrong, 0), &[], bound).replacen(
            "\nexact_small 0\n",
            &format!("\nexact_small {most}\n"),
            1,
        )
    };
    assert_eq!(
        check::check(bucket, &small("score", 8, optimum))
            .unwrap()
            .value,
        optimum
    );
    let flaw = check::check(bucket, &small("score", 8, optimum + 1)).unwrap_err();
    assert!(flaw.0.contains("less than"), "{flaw}");
    // 8 words: with `exact_small` 7 or 0 only the counting bound counts.
    for most in [0, 7] {
        let flaw = check::check(bucket, &small("score", most, optimum)).unwrap_err();
        assert!(flaw.0.contains("less than"), "{flaw}");
    }
    // Above the checker's limit, or in a losses certificate: rejected.
    assert!(check::check(bucket, &small("score", 13, 0)).is_err());
    assert!(check::check(bucket, &small("losses", 8, 0)).is_err());
}

/// A steered search that solves its small sets writes certificates the checker accepts,
/// and a raised claim is rejected.
#[test]
fn certificates_with_small_sets_solved_check() {
    let slack = Slack {
        exact_small: 6,
        ..Slack::NONE
    };
    steered_certificates_check(slack, "\nexact_small 6\n");
}
