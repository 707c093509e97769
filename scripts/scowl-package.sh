# Sourced (`. scripts/scowl-package.sh`) by the scripts that build word lists from SCOWL as
# Debian ships it: downloads the pinned package `scowl` into a temporary folder (removed on
# exit), unpacks it, and sets `lists` to its folder of word files and `licence` to its
# copyright file. Needs apt-get (with Debian's package lists) and dpkg-deb.
SCOWL_VERSION=2020.12.07-2
scowl_work=$(mktemp -d)
trap 'rm -rf "$scowl_work"' EXIT
(cd "$scowl_work" && apt-get download "scowl=$SCOWL_VERSION" >/dev/null 2>&1 &&
    dpkg-deb -x scowl_*.deb root) || {
    echo "error: cannot download and unpack Debian's package scowl=$SCOWL_VERSION" >&2
    exit 1
}
lists="$scowl_work/root/usr/share/dict/scowl"
licence="$scowl_work/root/usr/share/doc/scowl/copyright"
