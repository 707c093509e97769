#!/bin/sh
# Rebuilds crates/hangman/data/outside/scowl-outside.txt, the held-out test set of words
# outside the challenge's list (see crates/hangman/data/outside/README.md): the words of
# SCOWL's size-50 American and British lists (Debian packages wamerican and wbritish,
# version 2020.12.07-2) that are lowercase a-z, of 3 letters or more, not Roman numerals,
# and not in words.txt. Needs both packages installed (apt-get install wamerican wbritish).
# Usage, from the repository root: sh scripts/outside-words.sh [WORDS_TXT]
set -eu
words=${1:-../shared/data/words.txt}
out=crates/hangman/data/outside/scowl-outside.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
cat /usr/share/dict/american-english /usr/share/dict/british-english |
    grep -E '^[a-z]+$' | sort -u > "$tmp/scowl"
tr -d '\r' < "$words" | tr 'A-Z' 'a-z' | sort -u > "$tmp/words"
comm -23 "$tmp/scowl" "$tmp/words" |
    awk 'length($0) >= 3' |
    grep -vE '^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$' > "$out"
wc -l "$out"
