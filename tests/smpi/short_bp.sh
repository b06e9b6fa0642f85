#!/bin/sh
# short_bp.sh SMPIRUN PROGRAM PLATFORM RANKS ITERATIONS MAX_REL LARGE_REL
# contention/myrinet/bp_sweeps (the short approximation, with
# exact_max_width:2 as the fast setting of doc/technologies.md) and
# contention/myrinet/large_pairs (that setting for large sparse components
# only) reach the rules from smpirun. On the halo exchange (speed-patterns
# halo3d ITERATIONS, one rank per host node-0 ... of PLATFORM), against
# large_pairs:0 (regions wherever the exact methods stop):
# - the fast setting gives another penalty trace, the same bits with
#   threads:1 and threads:2, and a simulated time within MAX_REL (relative);
# - the default (large_pairs 128) gives another penalty trace than
#   large_pairs:0 and than the fast setting, and a simulated time within
#   LARGE_REL.
set -u
smpirun=$1 program=$2 platform=$3 ranks=$4 iterations=$5 max_rel=$6 large_rel=$7
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$ranks" ]; do echo "node-$i"; i=$((i + 1)); done >"$tmp/hosts"
run() { # NAME OPTIONS...
  name=$1
  shift
  TMPDIR="$tmp" "$smpirun" -platform "$platform" -hostfile "$tmp/hosts" -np "$ranks" \
    --cfg=smpi/simulate-computation:0 --cfg=network/model:contention --cfg=contention/technology:myrinet \
    --cfg=contention/trace:"$tmp/$name.csv" --log=root.thres:critical "$@" \
    "$program" halo3d "$iterations" >"$tmp/$name.out" 2>"$tmp/$name.err" || {
    echo "FAIL: smpirun ($name) failed:"; cat "$tmp/$name.err"; exit 1; }
}
fast="--cfg=contention/myrinet/bp_sweeps:5 --cfg=contention/myrinet/exact_max_width:2"
run default
run regions --cfg=contention/myrinet/large_pairs:0
run fast1 $fast --cfg=contention/myrinet/threads:1
run fast2 $fast --cfg=contention/myrinet/threads:2
fails=0
cmp -s "$tmp/fast1.out" "$tmp/fast2.out" || { echo "FAIL: threads 1 and 2 differ: $(cat "$tmp/fast1.out") / $(cat "$tmp/fast2.out")"; fails=1; }
cmp -s "$tmp/fast1.csv" "$tmp/fast2.csv" || { echo "FAIL: threads 1 and 2 give different penalty traces"; fails=1; }
cmp -s "$tmp/regions.csv" "$tmp/fast1.csv" && { echo "FAIL: bp_sweeps changed no penalty"; fails=1; }
cmp -s "$tmp/regions.csv" "$tmp/default.csv" && { echo "FAIL: large_pairs changed no penalty"; fails=1; }
cmp -s "$tmp/default.csv" "$tmp/fast1.csv" && { echo "FAIL: large_pairs 128 gave the fast setting's penalties"; fails=1; }
time_of() { sed -n 's/^simulated time \([0-9.e+-]*\) s$/\1/p' "$tmp/$1.out"; }
r=$(time_of regions)
[ -n "$r" ] || { echo "FAIL: no simulated time in '$(cat "$tmp/regions.out")'"; exit 1; }
within() { # NAME MAX: NAME's simulated time within MAX (relative) of large_pairs:0's
  t=$(time_of "$1")
  [ -n "$t" ] || { echo "FAIL: no simulated time in '$(cat "$tmp/$1.out")'"; return 1; }
  awk -v r="$r" -v t="$t" -v m="$2" -v n="$1" 'BEGIN { d = (t - r) / r; if (d < 0) d = -d;
    printf "simulated time: large_pairs 0 %s s, %s %s s (relative difference %.3g, at most %s)\n", r, n, t, d, m;
    exit !(d <= m) }'
}
within fast1 "$max_rel" || fails=1
within default "$large_rel" || fails=1
exit $fails
