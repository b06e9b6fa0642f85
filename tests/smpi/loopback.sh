#!/bin/sh
# loopback.sh BIN_DIR PLATFORM PROGRAM HOSTFILE
# Runs PROGRAM (alltoall_check, 4 ranks, two per host) under the contention
# model with a trace, and checks that the trace has rows and that none is a
# comm from a host to itself: intra-host comms stay out of the graph.
set -u
bin=$1 platform=$2 program=$3 hosts=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/smpirun" -platform "$platform" -hostfile "$hosts" -np 4 --cfg=network/model:contention \
  --cfg=contention/trace:"$tmp/trace.csv" --log=root.thres:warning "$program" >"$tmp/out" 2>&1
grep -q 'alltoall ok: 4 ranks' "$tmp/out" || { echo "FAIL: alltoall did not complete:"; cat "$tmp/out"; exit 1; }
awk -F, 'NR > 1 { n++; if ($3 == $4) { bad++; print "FAIL: intra-host row: " $0 } }
         END { printf "%d trace rows, %d intra-host\n", n, bad; exit !(n > 0 && bad == 0) }' "$tmp/trace.csv"
