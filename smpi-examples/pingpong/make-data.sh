#!/bin/sh
# make-data.sh BUILD_BIN [OUTDIR]: regenerates the example measurements of
# data/p2p: the ping / ping-pong sweeps of the pingpong program simulated
# by SMPI on tests/p2p/two-hosts.xml with the parameters of
# tests/p2p/graphene-like.params (through contention-calibrate-p2p
# --params), and concurrent MPI_Sendrecv rows simulated on graphene
# (tests/p2p/limiter_graphene.sh).
set -e
bin=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${2:-$src/data/p2p}
ref=$src/tests/p2p/graphene-like.params
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/contention-calibrate-p2p" --params "$ref" --emit cfg -o "$tmp/cfg"
for mode in send recv pingpong; do
  {
    echo "# $mode sweep of smpi-examples/pingpong (4 sizes per doubling, 1 B..64 MiB, 2 repetitions),"
    echo "# simulated by SMPI with tests/p2p/graphene-like.params (make-data.sh)"
    eval "smpirun -np 2 -platform \"$src/tests/p2p/two-hosts.xml\" -hostfile \"$src/tests/p2p/two-hosts.txt\" \
      --cfg=network/model:SMPI --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 $(tr '\n' ' ' < "$tmp/cfg") \
      --log=root.thres:warning \"$bin/pingpong\" $mode 4 2 1420 1421 32768 32769 65536 65537 327680 327681"
  } > "$out/$mode.csv"
done
sh "$src/tests/p2p/limiter_graphene.sh" "$bin" smpirun "$src/platforms/graphene.xml" "$out/sendrecv.csv"
