#!/bin/sh
# short_bp.sh SMPIRUN PROGRAM PLATFORM RANKS ITERATIONS MAX_REL
# contention/myrinet/bp_sweeps (the short approximation, with
# exact_max_width:2 as the fast setting of doc/technologies.md) reaches the
# rules from smpirun: the halo exchange (speed-patterns halo3d ITERATIONS,
# one rank per host node-0 ... of PLATFORM) gets another penalty trace
# than under the default, the same bits with threads:1 and threads:2, and a
# simulated time within MAX_REL (relative) of the default's.
set -u
smpirun=$1 program=$2 platform=$3 ranks=$4 iterations=$5 max_rel=$6
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
run fast1 $fast --cfg=contention/myrinet/threads:1
run fast2 $fast --cfg=contention/myrinet/threads:2
fails=0
cmp -s "$tmp/fast1.out" "$tmp/fast2.out" || { echo "FAIL: threads 1 and 2 differ: $(cat "$tmp/fast1.out") / $(cat "$tmp/fast2.out")"; fails=1; }
cmp -s "$tmp/fast1.csv" "$tmp/fast2.csv" || { echo "FAIL: threads 1 and 2 give different penalty traces"; fails=1; }
cmp -s "$tmp/default.csv" "$tmp/fast1.csv" && { echo "FAIL: bp_sweeps changed no penalty"; fails=1; }
d=$(sed -n 's/^simulated time \([0-9.e+-]*\) s$/\1/p' "$tmp/default.out")
f=$(sed -n 's/^simulated time \([0-9.e+-]*\) s$/\1/p' "$tmp/fast1.out")
[ -n "$d" ] && [ -n "$f" ] || { echo "FAIL: no simulated time in '$(cat "$tmp/default.out")' / '$(cat "$tmp/fast1.out")'"; exit 1; }
awk -v d="$d" -v f="$f" -v m="$max_rel" 'BEGIN { r = (f - d) / d; if (r < 0) r = -r;
  printf "simulated time: default %s s, bp_sweeps 5 %s s (relative difference %.3g, at most %s)\n", d, f, r, m;
  exit !(r <= m) }' || fails=1
exit $fails
