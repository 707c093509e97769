#!/bin/bash
# The waits a player of `wordplay serve` meets first (docs/web.md, "First answers"): for each
# word length 3-10, a fresh release server (its scores in a temporary folder), then at once
# (or SETTLE seconds after it printed its URL) a reversed game (POST /api/reverse, then
# GET /api/reverse/{id} every 50 ms while the answer says "thinking") and a fair game's first
# hint (GET /api/hangman/{id}/hint), timed by curl. Needs curl and python3; run from the
# repository root after `cargo build --release -p wordplay`.
#   scripts/web-latency.sh [LIVES] [SETTLE]     (default: 6 lives, 0 s)
set -eu
BIN=${CARGO_TARGET_DIR:-target}/release/wordplay
LIVES=${1:-6}
SETTLE=${2:-0}
DATA=$(mktemp -d)
LOG=$DATA/server.log
trap 'rm -rf "$DATA"' EXIT
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print(d$1)"; }
printf "%-4s %-24s %-22s %-20s\n" len "POST /api/reverse" "first guess in (s)" "first hint (s)"
for len in 3 4 5 6 7 8 9 10; do
  : > "$LOG"
  "$BIN" serve --port 0 --data "$DATA" > "$LOG" 2>&1 &
  pid=$!
  until grep -q "serving on" "$LOG"; do sleep 0.02; done
  url=$(grep -o "http://[^ ]*" "$LOG" | head -1)
  sleep "$SETTLE"
  start=$(date +%s.%N)
  out=$(curl -s -w ' %{time_total}' -H 'content-type: application/json' \
    -d "{\"length\":$len,\"lives\":$LIVES}" "${url}api/reverse")
  took=${out##* }
  body=${out% *}
  first=$body
  id=$(echo "$body" | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')
  while echo "$body" | grep -q '"thinking":true'; do
    sleep 0.05
    body=$(curl -s "${url}api/reverse/$id")
  done
  end=$(date +%s.%N)
  said=$(echo "$first" | field '["guess"] or "thinking"')
  guess=$(echo "$body" | field '["guess"]')
  game=$(curl -s -H 'content-type: application/json' \
    -d "{\"length\":$len,\"lives\":$LIVES,\"referee\":\"fair\"}" "${url}api/hangman" | field '["id"]')
  hint=$(curl -s -o "$DATA/hint.json" -w '%{time_total}' "${url}api/hangman/$game/hint")
  pick=$(field '["pick"]' < "$DATA/hint.json")
  printf "%-4s %-24s %-22s %-20s\n" "$len" "$took ($said)" \
    "$(python3 -c "print(f'{$end - $start:.3f}')") ($guess)" "$hint ($pick)"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
