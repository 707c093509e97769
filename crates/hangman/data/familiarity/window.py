#!/usr/bin/env python3
"""Writes the tuning set of `player`: every word of the held-out sets' window less the test set.

Usage: window.py PEOPLE_TEST_TXT OUT_TXT   (needs `pip install wordfreq==3.1.1`)

The held-out sets (heldout.py) are drawn from the words at ranks 300 to 25,000 of wordfreq's
English list, lowercase a-z, 3 to 12 letters. `player` is tuned on all of that window but the
test set's words (22,144 words): its win rate there measures the population the sets are
drawn from to about 0.2 %, where a 1,000-word set measures it to about 1 %. Ranks come from
the wordfreq package's `top_n_list('en', 25000, wordlist='large')`.
"""

import sys

import wordfreq

from heldout import LAST, ranked_window


def main():
    test_path, out = sys.argv[1], sys.argv[2]
    test = set(open(test_path).read().split())
    # The same window as the held-out sets' (heldout.ranked_window), ranked by the package.
    window = ranked_window(wordfreq.top_n_list("en", LAST, wordlist="large"))
    words = [w for w in window if w not in test]
    with open(out, "w") as f:
        f.write("".join(f"{w}\n" for w in words))
    print(f"wrote {len(words)} words ({len(window)} in the window) to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
