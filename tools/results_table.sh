#!/usr/bin/env bash
# Regenerate the README's "Results at a glance" table: for each `scenario mode deck` line on
# stdin, `basic` alone on BASIC_GAMES games and `lookahead` (default budget) against `basic`,
# paired on PAIRS seeds (`compare --bot-a lookahead --bot-b basic`). Prints one markdown row each.
# Usage: tools/results_table.sh BIN PAIRS BASIC_GAMES SEED < tools/results_cells.txt (the README's 29 cells)
set -euo pipefail
bin=$1; pairs=$2; basic_games=$3; seed=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pct() { awk -v x="$1" 'BEGIN { printf "%.2f", 100 * x }'; }
col() { # col FILE NAME: the value of column NAME in the data row of a one-row CSV
  awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) k = i } NR == 2 { print $k }' "$1"
}
echo "| scenario | mode | deck | \`basic\` wins ($basic_games games) | \`basic\` rounds | \`lookahead\` wins ($pairs pairs) | paired wins \`lookahead\` − \`basic\` | paired rounds | paired progress score |"
echo "|---|---|---|---|---|---|---|---|---|"
while read -r scen mode deck; do
  [ -z "${scen:-}" ] && continue
  "$bin" run --scenario "$scen" --mode "$mode" --deck "$deck" --games "$basic_games" --seed "$seed" \
    --out "$tmp/run" --force --quiet --no-plots > /dev/null
  s="$tmp/run/summary.csv"
  out=$("$bin" compare "$deck" --bot-a lookahead --bot-b basic --scenario "$scen" --mode "$mode" \
    --games "$pairs" --seed "$seed" --out "$tmp/cmp" --force --quiet --no-plots 2>&1)
  c="$tmp/cmp/compare.csv"
  prog=$(echo "$out" | sed -n 's/^progress score.*difference \([^,]*\), paired 95% CI \(.*\)$/\1 (\2)/p')
  printf '| %s | %s | %s | %s (%s–%s) | %.2f | %s (%s–%s) | %+.2f (%+.2f to %+.2f) | %+.2f (%+.2f to %+.2f) | %s |\n' \
    "$scen" "$mode" "$deck" \
    "$(pct "$(col "$s" win_rate)")" "$(pct "$(col "$s" win_lo95)")" "$(pct "$(col "$s" win_hi95)")" \
    "$(col "$s" rounds_mean)" \
    "$(pct "$(col "$c" win_rate_a)")" "$(pct "$(col "$c" win_a_lo95)")" "$(pct "$(col "$c" win_a_hi95)")" \
    "$(awk -v x="$(col "$c" diff)" 'BEGIN{print 100*x}')" "$(awk -v x="$(col "$c" diff_lo95)" 'BEGIN{print 100*x}')" "$(awk -v x="$(col "$c" diff_hi95)" 'BEGIN{print 100*x}')" \
    "$(col "$c" rounds_diff)" "$(col "$c" rounds_diff_lo95)" "$(col "$c" rounds_diff_hi95)" \
    "$prog"
done
