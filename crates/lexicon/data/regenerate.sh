#!/bin/sh
# Regenerates common-words.txt, the embedded common tier, from SCOWL as Debian ships it
# (package `scowl`, the version pinned in scripts/scowl-package.sh). Run from anywhere;
# needs apt-get and dpkg-deb (any Debian or Ubuntu machine with Debian's package lists).
# Writes next to this script.
#
# The tier: SCOWL sizes 10, 20 and 35 ("small"), spelling categories `english` and
# `american` (the words of Debian's `wamerican-small` without the spelling variants,
# proper names, abbreviations and contractions), lines of lowercase a-z only, sorted,
# without duplicates.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/scowl-package.sh"
out="$here/common-words.txt"
{
    echo "# SCOWL $SCOWL_VERSION (Debian package scowl): english-words and american-words, sizes 10 20 35;"
    echo "# lowercase a-z lines only. Licence: SCOWL-LICENSE. Regenerate: regenerate.sh."
    for size in 10 20 35; do
        cat "$lists/english-words.$size" "$lists/american-words.$size"
    done | LC_ALL=C grep -x '[a-z]*' | LC_ALL=C sort -u
} > "$out"
cp "$licence" "$here/SCOWL-LICENSE"
echo "wrote $(($(wc -l < "$out") - 2)) words to $out" >&2
