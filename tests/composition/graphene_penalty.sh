#!/bin/sh
# graphene_penalty.sh SMPIRUN PLATFORM UNIDIR SENDRECV TECHNOLOGY
# What the graphene bandwidth properties of SMPI's hybrid model (seed 003
# §IV.B: 19 one-way transfers inside a cabinet lose nothing; a node's
# MPI_Sendrecv gets Bs + Br = 1.5 B through its 1.5 B limiter) become under
# network/model:contention, whose penalties divide each direction of a
# host's card (its up and down links) while the capacities the host's comms
# share across directions (its 1.5 B limiter) and the cabinet uplinks and
# limiters are shared max-min among the comms' demands. B: one 4 MiB
# transfer alone, same run.
#   inside cabinet 1: 19 one-way transfers keep B each (penalty 1); an
#     MPI_Sendrecv pair gets Bs + Br = 1.5 B per rank, as under SMPI: one
#     out and one in comm have penalty 1 under every rule set, each wants
#     B, and the node's limiter shares its 1.5 B between them; for 1, 7 and
#     19 pairs;
#   cabinet 1 -> cabinet 2: 19 one-way transfers share the 10 Gb uplink
#     (aggregate 10 B); 7 Sendrecv pairs are held by their nodes' limiters
#     (7 x 1.5 B = 10.5 B, as under SMPI), 19 pairs (28.5 B wanted) by the
#     13 Gb cabinet limiter both directions share (13 B).
# All within 2 %.
set -u
smpirun=$1 platform=$2 unidir=$3 sendrecv=$4 tech=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tmp"
cd "$tmp"
fails=0
run() { # PROG N SRC_BASE DST_BASE ROW
  : >hosts
  i=1; while [ $i -le "$2" ]; do echo "graphene-$(($3 + i))" >>hosts; i=$((i + 1)); done
  i=1; while [ $i -le "$2" ]; do echo "graphene-$(($4 + i))" >>hosts; i=$((i + 1)); done
  # simulate-computation:0: the real CPU time between MPI calls would count
  # in the simulated time, and vary with the machine's load.
  TMPDIR="$tmp/tmp" "$smpirun" -np $((2 * $2)) -platform "$platform" -hostfile hosts "$1" 4194304 \
    --cfg=network/model:contention --cfg=contention/technology:"$tech" --cfg=network/crosstraffic:0 \
    --cfg=smpi/simulate-computation:0 --log=root.thres:warning >out.csv 2>err.txt || { echo "smpirun failed:"; cat err.txt; exit 1; }
  awk -F, -v r="$5" '$1 == r { print $2 }' out.csv
}
expect() { # WHAT VALUE REF
  if awk -v v="$2" -v r="$3" 'BEGIN { d = v / r - 1; exit !(d <= 0.02 && d >= -0.02) }'; then
    echo "ok   $1: $2 vs $3"
  else
    echo "FAIL $1: $2, expected $3 within 2 %"; fails=$((fails + 1))
  fi
}
B=$(run "$unidir" 1 0 19 min)
echo "B = $B B/s ($tech)"
scaled() { awk -v b="$B" -v k="$1" 'BEGIN { printf "%.9g", k * b }'; }
expect "unidir x19 slowest" "$(run "$unidir" 19 0 19 min)" "$B"
for n in 1 7 19; do
  expect "sendrecv x$n min Bs+Br" "$(run "$sendrecv" $n 0 19 min)" "$(scaled 1.5)"
done
expect "unidir x19 cab1->cab2 aggregate" "$(run "$unidir" 19 0 39 aggregate)" "$(scaled 10)"
expect "sendrecv x7 cab1<->cab2 aggregate" "$(run "$sendrecv" 7 0 39 aggregate)" "$(scaled 10.5)"
expect "sendrecv x19 cab1<->cab2 aggregate" "$(run "$sendrecv" 19 0 39 aggregate)" "$(scaled 13)"
[ $fails -eq 0 ]
