#!/usr/bin/env bash
# Instructions per game, measured with callgrind: a number that machine noise cannot move.
#
# For each scenario × mode × bot, runs the release binary under `valgrind --tool=callgrind`
# (one thread, seed 1, the default deck) for N and for 2N games and reports
# (I(2N) − I(N)) / N: the instructions of games N..2N−1 per game. Only instructions inside
# `engine::play_game_within` (the game and its bots; `play_game` and `try_play_game` call it)
# are counted (`--toggle-collect`): the batch's
# threads wait for work by spinning a varying number of times, which moved whole-program counts
# by up to 3% between two runs of one binary; start-up (card table, decks, CSVs) is outside too.
# Play is deterministic, so the same code gives the same count on any machine load; only a
# change of code (or of compiler) moves it.
#
# Usage (from the repository root):
#   benches/icount.sh                  measure and print the table
#   benches/icount.sh --check          also compare with benches/icount_baseline.txt; lists the
#                                      rows that changed by more than 5% and exits 1 if any did
#   benches/icount.sh --write-baseline measure and replace benches/icount_baseline.txt
# Options:
#   --all-modes    Easy and Nightmare as well as Standard (18 rows instead of 6; about 3× longer)
#   --lookahead    a `lookahead` row per scenario × mode as well (default budget, N = 3 games:
#                  about 3 minutes a row on two idle cores); its last column is the instructions
#                  per round played (rounds of games N..2N−1, from games.csv), the search's unit
#                  of cost. Not in the committed baseline: compare two binaries with --bin.
#   --jobs J       callgrind runs at once (default: the number of cores; counts do not depend on it)
#   --bin PATH     binary to measure (default: target/release/lotr-sim, built first)
#   --n-basic N, --n-random N, --n-lookahead N   games per measurement (default 200, 1000, 3)
# Needs valgrind (`apt-get install valgrind`).
set -euo pipefail

cd "$(dirname "$0")/.."
BASELINE=benches/icount_baseline.txt
SCENARIOS=(intruders-in-chetwood the-weather-hills deadmens-dike)
BOTS=(basic random)
MODES=(standard)
N_BASIC=200
N_RANDOM=1000
N_LOOKAHEAD=3
JOBS=$(nproc 2>/dev/null || echo 1)
BIN=""
CHECK=0
WRITE=0
THRESHOLD=5

while [[ $# -gt 0 ]]; do
    case "$1" in
    --check) CHECK=1 ;;
    --write-baseline) WRITE=1 ;;
    --all-modes) MODES=(easy standard nightmare) ;;
    --lookahead) BOTS+=(lookahead) ;;
    --jobs) JOBS=$2; shift ;;
    --bin) BIN=$2; shift ;;
    --n-basic) N_BASIC=$2; shift ;;
    --n-random) N_RANDOM=$2; shift ;;
    --n-lookahead) N_LOOKAHEAD=$2; shift ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "icount.sh: unknown argument \`$1\` (see --help)" >&2; exit 2 ;;
    esac
    shift
done

command -v valgrind >/dev/null || { echo "icount.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
if [[ -z "$BIN" ]]; then
    cargo build --release --quiet
    BIN=target/release/lotr-sim
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/icount.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Total instructions of one run of `games` games (all threads; callgrind serialises them).
instructions() {
    local scenario=$1 mode=$2 bot=$3 games=$4 tag=$5 per_game=""
    # (`lookahead` rows count the rounds played: games.csv.)
    [[ $bot == lookahead ]] && per_game=1
    valgrind --tool=callgrind --callgrind-out-file="$TMP/$tag.cg" \
        --toggle-collect='lotr_sim::engine::play_game_within' \
        "$BIN" run --scenario "$scenario" --mode "$mode" --bot "$bot" --games "$games" \
        --threads 1 --seed 1 --quiet --checkpoint-interval 0 --out "$TMP/$tag.out" --force \
        ${per_game:+--per-game} >"$TMP/$tag.log" 2>&1 || { echo "icount.sh: run failed, see below" >&2; cat "$TMP/$tag.log" >&2; return 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$TMP/$tag.cg"
}

# Rounds played in games n..2n−1 of a run's games.csv (column `rounds`, found by its header).
rounds_after() {
    awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "index") x = i; if ($i == "rounds") r = i }; next }
        $x >= n { s += $r } END { print s + 0 }' "$1"
}

# One row: writes "scenario mode bot N instructions-per-game" to $TMP/row-<tag> (`lookahead`
# rows: and instructions per round).
measure_row() {
    local scenario=$1 mode=$2 bot=$3 n=$4 tag="$1-$2-$3"
    local i1 i2 extra=""
    i1=$(instructions "$scenario" "$mode" "$bot" "$n" "$tag-1")
    i2=$(instructions "$scenario" "$mode" "$bot" "$((2 * n))" "$tag-2")
    # Nothing counted: the toggled function is not on the path that plays games (renamed?).
    if ! ((i1 > 0 && i2 > i1)); then
        echo "icount.sh: $tag counted no instructions inside play_game_within (is it still what plays the games?)" >&2
        return 1
    fi
    if [[ $bot == lookahead ]]; then
        local r
        r=$(rounds_after "$TMP/$tag-2.out/games.csv" "$n")
        ((r > 0)) && extra=" $(((i2 - i1) / r))"
    fi
    echo "$scenario $mode $bot $n $(((i2 - i1) / n))$extra" >"$TMP/row-$tag"
}

rows=()
for scenario in "${SCENARIOS[@]}"; do
    for mode in "${MODES[@]}"; do
        for bot in "${BOTS[@]}"; do
            n=$N_RANDOM
            [[ $bot == basic ]] && n=$N_BASIC
            [[ $bot == lookahead ]] && n=$N_LOOKAHEAD
            rows+=("$scenario $mode $bot $n")
        done
    done
done

running=0
for row in "${rows[@]}"; do
    # shellcheck disable=SC2086
    measure_row $row &
    running=$((running + 1))
    if ((running >= JOBS)); then
        wait -n
        running=$((running - 1))
    fi
done
wait
for row in "${rows[@]}"; do
    # shellcheck disable=SC2086
    set -- $row
    [[ -s "$TMP/row-$1-$2-$3" ]] || { echo "icount.sh: row $1 $2 $3 failed (see above)" >&2; exit 1; }
done

header() {
    echo "# lotr-sim instructions per game: (I(2N) - I(N)) / N under callgrind, inside play_game_within only,"
    echo "# --threads 1 --seed 1, default deck, $(valgrind --version), rustc $(rustc --version 2>/dev/null | cut -d' ' -f2)."
    echo "# Regenerate with benches/icount.sh --write-baseline [--all-modes]."
}

table() {
    printf '%-24s %-10s %-7s %6s %12s\n' "# scenario" mode bot N instr/game
    for row in "${rows[@]}"; do
        # shellcheck disable=SC2086
        set -- $row
        # shellcheck disable=SC2046
        set -- $(cat "$TMP/row-$1-$2-$3")
        if [[ $# -gt 5 ]]; then
            printf '%-24s %-10s %-7s %6s %12s %12s instr/round\n' "$@"
        else
            printf '%-24s %-10s %-7s %6s %12s\n' "$@"
        fi
    done
}

if ((WRITE)); then
    { header; table; } >"$BASELINE"
    cat "$BASELINE"
    exit 0
fi

table
((CHECK)) || exit 0

[[ -f $BASELINE ]] || { echo "icount.sh: no baseline $BASELINE (run with --write-baseline)" >&2; exit 2; }
echo
echo "compared with $BASELINE (rows that changed by more than $THRESHOLD%):"
changed=0
for row in "${rows[@]}"; do
    # shellcheck disable=SC2086
    set -- $row
    read -r scenario mode bot n now _ <"$TMP/row-$1-$2-$3"
    base=$(awk -v s="$scenario" -v m="$mode" -v b="$bot" '$1 == s && $2 == m && $3 == b { print $4, $5 }' "$BASELINE")
    if [[ -z "$base" ]]; then
        echo "  $scenario $mode $bot: not in the baseline"
        continue
    fi
    read -r bn bval <<<"$base"
    note=""
    [[ $bn != "$n" ]] && note=" (baseline measured with N=$bn, now N=$n)"
    pct=$(awk -v a="$bval" -v b="$now" 'BEGIN { printf "%+.1f", (b - a) * 100 / a }')
    if awk -v p="$pct" -v t="$THRESHOLD" 'BEGIN { exit !(p > t || p < -t) }'; then
        printf '  %-24s %-10s %-7s %12s -> %12s  %s%%%s\n' "$scenario" "$mode" "$bot" "$bval" "$now" "$pct" "$note"
        changed=1
    fi
done
if ((changed)); then
    echo "(update the baseline with benches/icount.sh --write-baseline and say so in the commit)"
    exit 1
fi
echo "  none"
