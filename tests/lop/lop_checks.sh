#!/bin/sh
# lop_checks.sh WHAT BIN TEST_DIR: contention/lop end to end on the 64-node
# testbed of seed 004 (lop-testbed-64.xml), under network/model:contention.
#   bench CURVE VARIANT  lop-bench, p = 1..63: round / p = t(p) of the
#                        curve within 1 % for every p (measured worst:
#                        send 0.69 % at p = 8, rdma-write 0.88 % at p = 6,
#                        both variants: the 1-byte transfers under the
#                        contention penalties add p x 21 ns to D(p))
#   pingpong CURVE       a one-peer 1-byte ping-pong = t(1) (22.768 us for
#                        send, 16.016 us for rdma-write) within 0.5 %
#                        (measured +0.18 % and +0.26 %)
#   threshold            with contention/lop/threshold:0 a 1-byte message
#                        is not LoP's: the ping-pong is SMPI's, 2 (2.5 us x
#                        2.01467 + 17 B / (1 GB/s x 0.812084)) with SMPI's
#                        default small-message factors, within 1e-6
set -eu
what=$1 bin=$2 dir=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp
common="--cfg=network/model:contention --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:warning"
plat="-platform $dir/lop-testbed-64.xml"
printf 'node-1\nnode-2\n' > "$tmp/two"
pingpong() { # OPTIONS... -> 1-byte round trip (s)
  # shellcheck disable=SC2086
  "$bin/smpirun" -np 2 $plat -hostfile "$tmp/two" $common "$@" "$bin/pingpong" pingpong 1 1 1 |
    awk -F, '$1 == 1 { print $2 }'
}
case $what in
bench)
  curve=$1 variant=$2
  # shellcheck disable=SC2086
  "$bin/smpirun" -np 64 $plat -hostfile "$dir/lop-testbed-64.txt" $common --cfg=contention/lop:"$curve" \
    "$bin/lop-bench" "$variant" 1 63 1 > "$tmp/bench.csv"
  "$bin/check_lop_bench" "$curve" 0.01 < "$tmp/bench.csv"
  ;;
pingpong)
  curve=$1
  t=$(pingpong --cfg=contention/lop:"$curve")
  want=$([ "$curve" = send ] && echo 22.767994e-6 || echo 16.016098e-6)
  awk -v t="$t" -v w="$want" -v c="$curve" 'BEGIN { d = t / w - 1
    printf "%s: one-peer ping-pong %.4f us, t(1) = %.4f us, %+.3f %%\n", c, t * 1e6, w * 1e6, 100 * d
    if (t == "" || d > 0.005 || d < -0.005) exit 1 }'
  ;;
threshold)
  t=$(pingpong --cfg=contention/lop:send --cfg=contention/lop/threshold:0)
  awk -v t="$t" 'BEGIN { w = 2 * (2.5e-6 * 2.01467 + 17 / (1e9 * 0.812084)); d = t / w - 1
    printf "threshold 0: ping-pong %.6f us, SMPI %.6f us\n", t * 1e6, w * 1e6
    if (t == "" || d > 1e-6 || d < -1e-6) exit 1 }'
  ;;
*)
  echo "lop_checks.sh: unknown check '$what'" >&2
  exit 2
  ;;
esac
