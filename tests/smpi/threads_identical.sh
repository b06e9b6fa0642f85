#!/bin/sh
# threads_identical.sh SMPIRUN PROGRAM PLATFORM RANKS ITERATIONS
# contention/myrinet/threads shares the regions of Myrinet's approximation
# out over threads and must change no result. The halo exchange
# (speed-patterns halo3d ITERATIONS, one rank per host node-0 ... of
# PLATFORM), whose components of 16 sources and more the approximation
# solves (on its 64-rank trace, 680 of 702 such solves share their
# regions: tests/technologies/test_myrinet_threads.c checks that the
# sharing happens), runs with threads:1 and threads:2: the simulated
# output and the penalty trace must be identical byte for byte.
set -u
smpirun=$1 program=$2 platform=$3 ranks=$4 iterations=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$ranks" ]; do echo "node-$i"; i=$((i + 1)); done >"$tmp/hosts"
run() {
  TMPDIR="$tmp" "$smpirun" -platform "$platform" -hostfile "$tmp/hosts" -np "$ranks" \
    --cfg=smpi/simulate-computation:0 --cfg=network/model:contention --cfg=contention/technology:myrinet \
    --cfg=contention/myrinet/threads:"$1" --cfg=contention/trace:"$tmp/$1.csv" --log=root.thres:critical \
    "$program" halo3d "$iterations" >"$tmp/$1.out" 2>"$tmp/$1.err" || {
    echo "FAIL: smpirun (threads:$1) failed:"; cat "$tmp/$1.err"; exit 1; }
}
run 1
run 2
fails=0
cmp -s "$tmp/1.out" "$tmp/2.out" || { echo "FAIL: outputs differ: $(cat "$tmp/1.out") / $(cat "$tmp/2.out")"; fails=1; }
cmp -s "$tmp/1.csv" "$tmp/2.csv" || { echo "FAIL: penalty traces differ"; fails=1; }
rows=$(($(wc -l <"$tmp/1.csv") - 1))
[ "$rows" -gt 1000 ] || { echo "FAIL: only $rows trace rows"; fails=1; }
echo "threads 1 and 2: outputs identical ($(cat "$tmp/1.out")), $rows penalty trace rows identical"
exit $fails
