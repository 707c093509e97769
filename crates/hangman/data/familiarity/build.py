#!/usr/bin/env python3
"""Builds the embedded familiarity data from wordfreq's English frequency list.

Usage: build.py LARGE_EN_MSGPACK_GZ OUT_GZ

Reads wordfreq's `large_en.msgpack.gz` (the "cBpack" format: a msgpack array whose first
element is a header map and whose element i+1 lists the words of frequency 10^(-i/100),
i.e. i centibels below 1), keeps the words of lowercase a-z only with a frequency of at
least 10^-7.5 (MAX_CB below) and at most 28 letters, and writes them sorted alphabetically, front-coded, gzipped:
one line per word, `<shared prefix length><rest of the word> <centibels>`, after two `#`
lines saying where the data came from. The same input always gives the same bytes.
"""

import gzip
import re
import sys

# Words rarer than 10^-7.5 (about one in 30 million words of text) are left out: they are
# all obscure, and the engine gives unknown words a floor below this anyway.
MAX_CB = 750
# The longest word the engine plays (lexicon::MAX_WORD_LEN).
MAX_LENGTH = 28
WORD = re.compile(r"[a-z]{1,%d}" % MAX_LENGTH)


def unpack(data):
    """A minimal msgpack reader for what cBpack uses: arrays, maps, strings, integers."""
    pos = 0

    def read():
        nonlocal pos
        b = data[pos]
        pos += 1

        def take(n):
            nonlocal pos
            chunk = data[pos : pos + n]
            pos += n
            return chunk

        def uint(n):
            return int.from_bytes(take(n), "big")

        if b <= 0x7F:
            return b
        if 0x80 <= b <= 0x8F:
            return {read(): read() for _ in range(b & 0x0F)}
        if 0x90 <= b <= 0x9F:
            return [read() for _ in range(b & 0x0F)]
        if 0xA0 <= b <= 0xBF:
            return take(b & 0x1F).decode("utf-8")
        if b == 0xD9:
            return take(uint(1)).decode("utf-8")
        if b == 0xDA:
            return take(uint(2)).decode("utf-8")
        if b == 0xDB:
            return take(uint(4)).decode("utf-8")
        if b == 0xDC:
            return [read() for _ in range(uint(2))]
        if b == 0xDD:
            return [read() for _ in range(uint(4))]
        if b == 0xDE:
            return {read(): read() for _ in range(uint(2))}
        if b in (0xCC, 0xCD, 0xCE):
            return uint({0xCC: 1, 0xCD: 2, 0xCE: 4}[b])
        raise ValueError(f"unexpected msgpack byte {b:#x} at {pos - 1}")

    value = read()
    if pos != len(data):
        raise ValueError("trailing bytes after the msgpack value")
    return value


def main():
    source, out = sys.argv[1], sys.argv[2]
    packed = unpack(gzip.open(source).read())
    header, bins = packed[0], packed[1:]
    if header != {"format": "cB", "version": 1}:
        raise SystemExit(f"unexpected header {header!r}")
    words = {}
    for cb, words_of_bin in enumerate(bins):
        if cb > MAX_CB:
            break
        for word in words_of_bin:
            if WORD.fullmatch(word) and word not in words:
                words[word] = cb
    lines = [
        "# wordfreq 3.1.1 (PyPI, Robyn Speer), large_en: lowercase a-z words of frequency >= 10^-7.5.",
        "# Front-coded: shared prefix length, rest of the word, centibels (frequency 10^(-cB/100)). Licence: LICENSE.",
    ]
    previous = ""
    for word in sorted(words):
        shared = 0
        while shared < min(len(word), len(previous)) and word[shared] == previous[shared]:
            shared += 1
        lines.append(f"{shared}{word[shared:]} {words[word]}")
        previous = word
    text = ("\n".join(lines) + "\n").encode()
    with open(out, "wb") as f:
        # mtime 0 and no file name: the same words give the same bytes.
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, compresslevel=9, mtime=0) as gz:
            gz.write(text)
    print(f"wrote {len(words)} words to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
