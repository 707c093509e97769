#!/bin/sh
# Rebuilds crates/hangman/data/scowl70/scowl-70.txt, the third reference list of the evil
# solver's tables (docs/evil.md; see crates/hangman/data/scowl70/README.md): SCOWL size 70,
# American spelling, the words category only, as Debian ships SCOWL in its package `scowl`
# (the version pinned in scripts/scowl-package.sh). Needs apt-get (with Debian's package lists) and dpkg-deb.
# Usage, from anywhere: sh scripts/scowl-70.sh
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/crates/hangman/data/scowl70/scowl-70.txt"
. "$here/scripts/scowl-package.sh"
# SCOWL's `mk-list english american 70` words: the `english` and `american` spellings'
# `words` files of every size up to 70. Names, abbreviations, contractions and the other
# categories are other files; lines with capitals or apostrophes are dropped, and the one
# word longer than 32 letters (the solver's limit), `pneumonoultramicroscopicsilicovolcanoconiosis`.
for size in 10 20 35 40 50 55 60 70; do
    cat "$lists/english-words.$size" "$lists/american-words.$size"
done | LC_ALL=C grep -x '[a-z]\{1,32\}' | LC_ALL=C sort -u > "$out"
echo "wrote $(wc -l < "$out") words to $out" >&2
sha256sum "$out" >&2
