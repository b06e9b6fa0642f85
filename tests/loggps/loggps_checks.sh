#!/bin/sh
# loggps_checks.sh sweep|concurrent BIN PLATFORMS_DIR P2P_TEST_DIR
#   sweep:      ping, pong and ping-pong sweeps (1 B .. 64 MiB, with sizes
#               around s and S) under network/model:loggps, with
#               non-default L and G, follow the LogGPS formulas within 1 %
#   concurrent: 1 and 8 concurrent 20 MiB transfers out of one node of the
#               InfiniBand testbed take the same time under loggps (no
#               contention; within 1e-3, the program's own synchronisation),
#               while under the contention model the 8 share the node.
set -eu
what=$1 bin=$2 platforms=$3 p2p=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export TMPDIR=$dir
common="--cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:warning"
if [ "$what" = sweep ]; then
  for mode in send recv pingpong; do
    "$bin/smpirun" -np 2 -platform "$p2p/two-hosts.xml" -hostfile "$p2p/two-hosts.txt" \
      --cfg=network/model:loggps --cfg=loggps/L:20us --cfg=loggps/G:1e-9 $common \
      "$bin/pingpong" $mode 2 1 1419 1420 1421 65535 65536 65537 > "$dir/$mode.csv"
    "$bin/check_loggps_sweep" $mode 0.01 L=20us G=1e-9 < "$dir/$mode.csv"
  done
  exit 0
fi
# concurrent: node-1 sends to node-2..node-(N+1), one comm per rank pair
run() { # MODEL N -> the slowest transfer's bandwidth (B/s)
  n=$2
  : > "$dir/hosts"
  i=0; while [ $i -lt "$n" ]; do echo node-1 >> "$dir/hosts"; i=$((i + 1)); done
  i=0; while [ $i -lt "$n" ]; do echo "node-$((i + 2))" >> "$dir/hosts"; i=$((i + 1)); done
  "$bin/smpirun" -np $((2 * n)) -platform "$platforms/ib-testbed-9.xml" -hostfile "$dir/hosts" \
    --cfg=network/model:"$1" $common "$bin/bw-unidir" 20971520 | awk -F, '$1 == "min" { print $2 }'
}
one=$(run loggps 1)
eight=$(run loggps 8)
smpi_eight=$(run contention 8)
smpi_one=$(run contention 1)
echo "loggps: 1 transfer $one B/s, 8 concurrent $eight B/s; contention: 1 transfer $smpi_one B/s, 8 concurrent $smpi_eight B/s"
awk -v a="$one" -v b="$eight" -v c="$smpi_one" -v d="$smpi_eight" 'BEGIN {
  if (a <= 0 || (a - b) / a > 1e-3 || (b - a) / a > 1e-3) { print "loggps: concurrent transfers slowed down"; exit 1 }
  if (d > c / 4) { print "contention control: 8 transfers out of one node should share it"; exit 1 } }'
