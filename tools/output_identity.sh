#!/usr/bin/env bash
# Output identity of two binaries (NEW, BASE): runs with and without --per-game at 1 and 2
# threads, a sweep, 2 players, compare, shards + merge, SIGINT + --resume. Every output file
# must be byte-identical (games.part, in completion order, once sorted). Prints FAIL=0 when so.
# Usage: BASE=/path/to/old/lotr-sim tools/output_identity.sh   (about 5 minutes on 2 cores)
set -u
NEW=${NEW:-target/release/lotr-sim}
BASE=${BASE:?set BASE to the baseline binary}
T=$(mktemp -d /tmp/lotr-sim-identity.XXXXXX)
fail=0
same() { # dirA dirB
  for f in $(cd $1 && ls | grep -v "\.svg$\|\.html$\|lock"); do
    if [ "$f" == games.part ]; then
      # completion order: equal once sorted
      cmp -s <(sort "$1/$f") <(sort "$2/$f") || { echo "DIFF sorted $1/$f $2/$f"; fail=1; }
    elif ! cmp -s "$1/$f" "$2/$f"; then echo "DIFF $1/$f $2/$f"; fail=1; fi
  done
  [ "$(cd $1 && ls | grep -v lock)" == "$(cd $2 && ls | grep -v lock)" ] || { echo "FILES DIFFER $1 $2"; fail=1; }
}
Q="--quiet --no-plots --force"
# 1. runs
i=0
while read -r args; do
  i=$((i+1))
  $BASE run $args --threads 2 $Q --out $T/b$i >/dev/null 2>&1
  for t in 1 2; do $NEW run $args --threads $t $Q --out $T/n$i-$t >/dev/null 2>&1; same $T/b$i $T/n$i-$t; done
  echo "run $i: $args"
done <<'L'
--bot random --games 20000 --per-game
--bot random --games 5000
--bot basic --games 3000 --per-game --scenario intruders-in-chetwood,the-weather-hills --mode standard,easy
--bot basic --games 1500 --per-game --scenario escape-from-mount-gram --deck core-leadership --deck core-lore --seed 9
--bot random --games 777 --per-game --scenario deadmens-dike --mode nightmare --seed 3
L
# 2. compare
for t in 1 2; do
  $BASE compare core-leadership --bot-a random --bot-b basic --games 3000 --per-game --threads $t $Q --out $T/cb$t >/dev/null 2>&1
  $NEW compare core-leadership --bot-a random --bot-b basic --games 3000 --per-game --threads $t $Q --out $T/cn$t >/dev/null 2>&1
  same $T/cb$t $T/cn$t
done
$NEW compare core-leadership core-tactics --games 2500 --threads 2 $Q --out $T/cn3 >/dev/null 2>&1
$BASE compare core-leadership core-tactics --games 2500 --threads 1 $Q --out $T/cb3 >/dev/null 2>&1
same $T/cb3 $T/cn3
echo compare done
# 3. shards + merge (new shards merged by new; base likewise); mixed threads
SA="--bot random --games 6001 --per-game --scenario intruders-in-chetwood,the-weather-hills"
for k in 0 1 2; do
  $BASE run $SA --shard $k/3 --threads 2 $Q --out $T/sb$k >/dev/null 2>&1
  $NEW run $SA --shard $k/3 --threads $(( k % 2 + 1 )) $Q --out $T/sn$k >/dev/null 2>&1
  same $T/sb$k $T/sn$k
done
$BASE merge --out $T/mb --no-plots --force $T/sb0 $T/sb1 $T/sb2 >/dev/null 2>&1
$NEW merge --out $T/mn --no-plots --force $T/sn0 $T/sn1 $T/sn2 >/dev/null 2>&1
same $T/mb $T/mn
$BASE run $SA --threads 2 $Q --out $T/sfull >/dev/null 2>&1
for f in summary.csv rounds.csv threat.csv games.csv; do cmp -s $T/sfull/$f $T/mn/$f || { echo "DIFF merge vs full $f"; fail=1; }; done
echo shards done
# 4. interrupted + resumed (SIGINT at several moments, frequent checkpoints), vs baseline uninterrupted
RA="--bot random --games 60000 --per-game --scenario intruders-in-chetwood,the-weather-hills --seed 5"
$BASE run $RA --threads 2 $Q --out $T/rb >/dev/null 2>&1
for d in 0.3 0.8 1.5; do
  for t in 1 2; do
    rm -rf $T/rn; $NEW run $RA --threads $t $Q --checkpoint-interval 0.05 --out $T/rn >/dev/null 2>&1 &
    pid=$!; sleep $d; kill -INT $pid; wait $pid; rc=$?
    n=0; while [ $n -lt 5 ] && ! $NEW run --resume $T/rn --quiet --no-plots --threads $((3-t)) >/dev/null 2>$T/err; do n=$((n+1)); done
    same $T/rb $T/rn
    echo "resume after ${d}s t=$t rc=$rc: $(grep -c . $T/rn/games.csv) rows"
  done
done
echo "FAIL=$fail"
exit $fail
