#!/usr/bin/env bash
# What an install costs: runs the README's install command for a commit of this repository
# into an empty target folder (crates already downloaded: --offline) and prints its CPU time
# (user+sys), wall time, the machine's load, the crates compiled and the binaries' sizes.
#
#   scripts/install-cost.sh                      # HEAD, `cargo install --path crates/cli`
#   scripts/install-cost.sh main crates/wordplay # another commit, another package
#
# The tree is exported with `git archive` (uncommitted changes are not measured), built in a
# temporary folder that is removed afterwards; when KEEP names a folder, cargo's timings report
# (`--timings`) is kept there as cargo-timing.html and the binaries in KEEP/bin. On a shared machine, CPU time is the
# figure to compare; the wall time only means something when the load stays near 0.
set -euo pipefail
rev=${1:-HEAD}
package=${2:-crates/cli}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$repo" archive "$rev" | tar -x -C "$work"
mkdir -p "$work/target"
cd "$work"
load_before=$(cut -d' ' -f1 /proc/loadavg)
/usr/bin/time -f '%U %S %e' -o "$work/time" \
  cargo install --locked --offline --quiet --timings --path "$package" \
  --root "$work/root" --target-dir "$work/target" 2>"$work/log" || {
  cat "$work/log" >&2
  exit 1
}
load_after=$(cut -d' ' -f1 /proc/loadavg)
read -r user sys wall <"$work/time"
echo "commit:   $(git -C "$repo" rev-parse --short "$rev") ($package)"
printf 'cpu:      %.0f s (user %.0f + sys %.0f)\n' "$(echo "$user + $sys" | bc)" "$user" "$sys"
printf 'wall:     %.0f s (load %s before, %s after, on %s cores)\n' "$wall" "$load_before" "$load_after" "$(nproc)"
for bin in "$work"/root/bin/*; do
  printf 'binary:   %s %.1f MB\n' "$(basename "$bin")" "$(echo "$(stat -c %s "$bin") / 1000000" | bc -l)"
done
timings=$(ls "$work"/target/cargo-timings/cargo-timing*.html | head -1)
python3 - "$timings" <<'PY' || true
import json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);\n", text, re.S).group(1))
crates = {(u["name"], u["version"]) for u in units}
print(f"crates:   {len(crates)} compiled ({len(units)} units)")
PY
if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP"
  cp "$timings" "$KEEP/cargo-timing.html"
  cp -r "$work/root/bin" "$KEEP/"
fi
