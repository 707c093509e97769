#!/usr/bin/env bash
# Settles optimal first letters of evil hangman at one word length, with certificates that
# `hangman verify` checks (docs/evil.md, "Update (issue 23, first letters at 4–7 with
# certificates)").
#
# Usage: scripts/evil-first-letters.sh DICTIONARY LENGTH M LETTERS [TIME_LIMIT] [OUT_DIR]
#   DICTIONARY  a word list, lowercase a-z, one word a line (e.g. ../shared/data/words.txt)
#   LENGTH      the word length L
#   M           M(L), the exact value of all words of length L, known beforehand (e.g.
#               from `hangman solve DICTIONARY --length L`): the method needs the exact value
#   LETTERS     the letters to settle, e.g. bdfg
#   TIME_LIMIT  seconds of `hangman solve --time-limit` for each letter's miss list
#               (default 40); the lists it splits off get SUB_LIMIT seconds each ($SUB_LIMIT,
#               default 30), and splitting stops DEPTH levels down ($DEPTH, default 3);
#               SPLIT=h splits a miss list by h when its search names no first letter in time
#   OUT_DIR     keep each letter's miss list, parts and certificate in OUT_DIR/L-g/
#               (default: a temporary folder, removed at the end)
# Uses the `hangman` on PATH, or $HANGMAN. Prints one line per letter: the letter, optimal /
# not optimal / open, what the verified certificate proves, what the search reported, the
# seconds of every solve for that letter (wall and CPU, summed), the certificate's bytes and
# the seconds `hangman verify` took on it.
#
# Why it is sound: a first letter g splits the words of length L into a miss part (the words
# lacking g) and hit parts. Every hit part is a subset of all words, so by monotonicity it is
# worth at most M, and it costs no miss. So g is optimal iff the miss part is worth at most
# M-1. The miss part is a word list of its own (a referee restricted to it answers
# consistently with the whole list, and the guesser's families within it are the same), so
# its value is that of the list: solve it as a dictionary. The certificate that
# `hangman verify` checks against the miss list then decides, independently of the search:
#   upper <= M-1 (a guesser's strategy on the miss list)  =>  g is optimal;
#   lower >= M   (a referee's strategy on the miss list)   =>  g is not optimal;
#   anything else (time limit, proof cut short)             =>  g stays open.
# What the search reports is shown but never trusted: only the verified bound decides.
#
# Why the splitting: the solver finds the miss list's value in seconds, but the certificate's
# guesser proof (fresh table, one unbounded test per letter) often does not finish even in
# 75 s, and falls back to a greedy tree that proves too little. The solver's own optimal
# first letters of the miss list point at a good letter h: the miss list is split by h into
# parts, each part is certified as a list of its own (upper <= K-1 for the part lacking h,
# <= K for the others), splitting again where that fails, and the guesser's strategies are
# joined: h, then the parts' strategies in ascending position-mask order (the order the
# certificate format walks them). The joined file is checked whole by `hangman verify`, so
# a wrong split or a wrong part cannot pass. `-m M-1 --verdict-only` (one test "can the
# referee force M?") is not used: its single unbounded test ran for minutes where the
# solver's budgeted tests settle the value in seconds (docs/evil.md).
set -euo pipefail

usage() {
    echo "usage: $0 DICTIONARY LENGTH M LETTERS [TIME_LIMIT] [OUT_DIR]" >&2
    [ $# -gt 0 ] && echo "error: $*" >&2
    exit 2
}

[ $# -ge 4 ] && [ $# -le 6 ] || usage "expected 4 to 6 arguments, got $#"
dict=$1
length=$2
m=$3
letters=$4
limit=${5:-40}
out=${6:-}
hangman=${HANGMAN:-hangman}
sub_limit=${SUB_LIMIT:-30}
max_depth=${DEPTH:-3}
# SPLIT=h: split a miss list by h when its search names no optimal first letter in time.
split_default=${SPLIT:-}

[ -r "$dict" ] || usage "cannot read the dictionary $dict"
[[ $length =~ ^[0-9]+$ ]] && [ "$length" -ge 1 ] && [ "$length" -le 32 ] ||
    usage "LENGTH must be a word length 1-32, not '$length'"
[[ $m =~ ^[0-9]+$ ]] && [ "$m" -ge 1 ] && [ "$m" -le 26 ] ||
    usage "M must be a number of misses 1-26, not '$m'"
[[ $letters =~ ^[a-z]+$ ]] || usage "LETTERS must be lowercase letters a-z, not '$letters'"
for t in "$limit" "$sub_limit"; do
    [[ $t =~ ^[0-9]+([.][0-9]+)?$ ]] || usage "time limits must be seconds, not '$t'"
done
[[ $max_depth =~ ^[0-9]+$ ]] || usage "DEPTH must be a number, not '$max_depth'"
[[ $split_default =~ ^[a-z]?$ ]] || usage "SPLIT must be one letter, not '$split_default'"
command -v "$hangman" > /dev/null || usage "no hangman binary '$hangman' (set HANGMAN)"
[ -x /usr/bin/time ] || usage "needs /usr/bin/time (GNU time) for the CPU seconds"

export LC_ALL=C
# The miss list must be exactly the words of length L that lack g, as hangman reads the
# dictionary. A line that is not lowercase a-z (capitals, apostrophes, CR) would be read
# differently by hangman and by grep, so such a list is refused rather than guessed at
# (blank lines are allowed: they hold no word).
if grep -qvE '^([a-z]+)?$' "$dict"; then
    usage "$dict has lines that are not lowercase a-z words; clean it first"
fi
grep -qE "^[a-z]{$length}\$" "$dict" || usage "$dict has no word of $length letters"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$out" ]; then
    out=$work/out
fi
mkdir -p "$out"

wall_sum=0
cpu_sum=0

# solve LIST DIR LIMIT: `hangman solve` on LIST with a certificate in DIR/cert, then
# `hangman verify`. Sets s_lo s_hi (the search's bounds), s_best (its optimal first letters
# so far), c_lo c_hi (the verified certificate's bounds; empty if it was rejected).
solve() {
    local list=$1 dir=$2 t=$3 wall user sys line
    shift 3
    rm -rf "$dir/cert"
    mkdir -p "$dir"
    # One thread and nice: the machine is shared. A time limit always: a hard list may
    # not finish. The certificate gets the last quarter of the limit.
    /usr/bin/time -f '%e %U %S' -o "$dir/time" \
        nice -n 10 "$hangman" solve "$list" --length "$length" "$@" --threads 1 \
        --time-limit "$t" --certificate "$dir/cert" --format json --progress-every 0 \
        < /dev/null > "$dir/solve.json" 2> "$dir/solve.err" || true
    read -r wall user sys < "$dir/time" || { wall=0; user=0; sys=0; }
    wall_sum=$(awk -v a="$wall_sum" -v b="$wall" 'BEGIN { print a + b }')
    cpu_sum=$(awk -v a="$cpu_sum" -v u="$user" -v s="$sys" 'BEGIN { print a + u + s }')
    local json
    json=$(tr -d ' \n' < "$dir/solve.json")
    s_lo=$(sed -nE 's/.*"misses":\{"lower":([0-9]+),"upper":([0-9]+)\}.*/\1/p' <<< "$json")
    s_hi=$(sed -nE 's/.*"misses":\{"lower":([0-9]+),"upper":([0-9]+)\}.*/\2/p' <<< "$json")
    s_best=$(sed -nE 's/.*"best_first":\[([^]]*)\].*/\1/p' <<< "$json" | tr -d '",')
    c_lo= c_hi=
    "$hangman" verify "$dir/cert" "$list" < /dev/null > "$dir/verify.out" 2>&1 || return 0
    verified "$dir/verify.out"
}

# verified FILE: c_lo and c_hi from `hangman verify`'s line for the length.
verified() {
    local line
    line=$(grep -E "^length +$length: " "$1" || true)
    if [[ $line =~ :\ M\ =\ ([0-9]+)\  ]]; then
        c_lo=${BASH_REMATCH[1]} c_hi=${BASH_REMATCH[1]}
    elif [[ $line =~ :\ ([0-9]+)\ \<=\ M\ \<=\ ([0-9]+)\  ]]; then
        c_lo=${BASH_REMATCH[1]} c_hi=${BASH_REMATCH[2]}
    else
        c_lo= c_hi=
    fi
}

# The guesser's strategy of a certificate (letters between `upper N` and `.`), on one line.
guesser_tree() {
    zcat "$1" | sed -n '/^upper /,/^\.$/p' | sed '1d;$d' | tr -d '\n'
}

# prove_upper LIST K DIR DEPTH [LIMIT]: writes to DIR/tree a guesser's strategy on LIST
# allowing at most K misses, as the certificate format writes it; fails if none was found.
prove_upper() {
    local list=$1 k=$2 dir=$3 depth=$4 t=${5:-$sub_limit}
    local n h parts i mask part
    mkdir -p "$dir"
    n=$(grep -c . "$list" || true)
    if [ "$n" -le 1 ] && [ "$depth" -gt 0 ]; then
        : > "$dir/tree" # one word: nothing to guess (the top still gets its own file)
        return 0
    fi
    solve "$list" "$dir" "$t"
    if [ -n "$c_hi" ] && [ "$c_hi" -le "$k" ]; then
        guesser_tree "$dir/cert/length-$length.cert.gz" > "$dir/tree"
        return 0
    fi
    # Split where the search proved the value within reach and named a first letter; at
    # the top, by $SPLIT when the search was cut short before naming one (a wrong guess
    # only costs time: the joined certificate is checked whole).
    [ "$depth" -lt "$max_depth" ] && [ -n "$s_hi" ] && [ "$s_lo" -le "$k" ] || return 1
    if [ "$s_lo" = "$s_hi" ] && [ -n "$s_best" ]; then
        h=${s_best:0:1}
    elif [ "$depth" = 0 ] && [ -n "$split_default" ]; then
        h=$split_default
    else
        return 1
    fi
    split_by "$list" "$h" "$dir"
    printf '%s' "$h" > "$dir/tree"
    i=0
    while [ -d "$dir/p$i" ]; do
        mask=$(cat "$dir/p$i/mask")
        # The part lacking h costs a miss.
        prove_upper "$dir/p$i/list.txt" $((k - (mask == 0 ? 1 : 0))) "$dir/p$i" \
            $((depth + 1)) || return 1
        cat "$dir/p$i/tree" >> "$dir/tree"
        i=$((i + 1))
    done
    return 0
}

# split_by LIST G DIR: DIR/p0, DIR/p1, ... the parts of LIST split by G in ascending
# position-mask order (bit p: position p), each with list.txt and mask.
split_by() {
    local list=$1 g=$2 dir=$3 i=0 mask
    mkdir -p "$dir"
    awk -v g="$g" '{
        mask = 0
        for (p = 1; p <= length($0); p++) if (substr($0, p, 1) == g) mask += 2 ^ (p - 1)
        print mask "\t" $0
    }' "$list" | sort -t "$(printf '\t')" -k1,1n -k2,2 > "$dir/split"
    while read -r mask; do
        mkdir -p "$dir/p$i"
        awk -F '\t' -v m="$mask" '$1 == m { print $2 }' "$dir/split" > "$dir/p$i/list.txt"
        echo "$mask" > "$dir/p$i/mask"
        i=$((i + 1))
    done < <(cut -f1 "$dir/split" | uniq)
}

row() { printf '%-6s %-12s %-18s %-7s %8s %8s %8s %8s\n' "$@"; }
row letter result "certificate" search "wall s" "cpu s" "cert B" "verify s"
for g in $(echo "$letters" | fold -w1); do
    dir=$out/$length-$g
    rm -rf "$dir"
    mkdir -p "$dir"
    miss=$dir/miss.txt
    grep -E "^[a-z]{$length}\$" "$dict" | { grep -v "$g" || true; } > "$miss"
    if [ ! -s "$miss" ]; then
        # Every word holds g. At the same positions in all of them, g splits nothing (the
        # solver does not count it as a first letter); else there is no miss part, and the
        # hit parts are worth at most M: optimal.
        masks=$(grep -E "^[a-z]{$length}\$" "$dict" | awk -v g="$g" '{
            mask = 0
            for (p = 1; p <= length($0); p++) if (substr($0, p, 1) == g) mask += 2 ^ (p - 1)
            print mask
        }' | sort -u | wc -l)
        if [ "$masks" -eq 1 ]; then
            row "$g" "no split" "in every word alike" - 0 0 - -
        else
            row "$g" optimal "no miss part" - 0 0 - -
        fi
        continue
    fi
    wall_sum=0 cpu_sum=0
    final=$dir/final
    mkdir -p "$final"
    cert=$final/length-$length.cert.gz
    root=$dir/root/cert/length-$length.cert.gz
    if prove_upper "$miss" $((m - 1)) "$dir/root" 0 "$limit" && [ -s "$root" ]; then
        if [ "$(guesser_tree "$root")" = "$(cat "$dir/root/tree")" ]; then
            cp "$root" "$cert"
        else
            # Joined: the root certificate's header and lower section around the tree.
            {
                zcat "$root" | sed -n '1,/^digest /p'
                echo "upper $((m - 1))"
                fold -w 80 "$dir/root/tree"
                echo
                echo .
                zcat "$root" | sed -n '/^lower /,$p'
            } | gzip -9 > "$cert"
        fi
    elif [ -s "$root" ]; then
        # The miss list's own file: its referee's side may prove "not optimal" (a witness
        # worth M inside the miss list), else it leaves the letter open.
        cp "$root" "$cert"
    fi
    # What the search reported on the miss list (informational: not trusted).
    search=$(tr -d ' \n' < "$dir/root/solve.json" |
        sed -nE 's/.*"misses":\{"lower":([0-9]+),"upper":([0-9]+)\}.*/\1..\2/p')
    wall=$(printf '%.1f' "$wall_sum")
    cpu=$(printf '%.1f' "$cpu_sum")
    if [ ! -s "$cert" ]; then
        row "$g" open "no certificate" "${search:-?}" "$wall" "$cpu" - -
        continue
    fi
    bytes=$(wc -c < "$cert")
    # The verdict: the verifier's, on the miss list, for the file as written.
    start=$(date +%s.%N)
    "$hangman" verify "$final" "$miss" > "$dir/verify.out" 2>&1 || true
    verify_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    verified "$dir/verify.out"
    if [ -z "$c_hi" ]; then
        row "$g" open "REJECTED" "${search:-?}" "$wall" "$cpu" "$bytes" "$verify_s"
    elif [ "$c_hi" -le $((m - 1)) ]; then
        row "$g" optimal "V(miss) <= $c_hi" "${search:-?}" "$wall" "$cpu" "$bytes" "$verify_s"
    elif [ "$c_lo" -ge "$m" ]; then
        row "$g" "not optimal" "V(miss) >= $c_lo" "${search:-?}" "$wall" "$cpu" "$bytes" \
            "$verify_s"
    else
        row "$g" open "$c_lo <= V(miss) <= $c_hi" "${search:-?}" "$wall" "$cpu" "$bytes" \
            "$verify_s"
    fi
done
