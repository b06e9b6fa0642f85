#!/bin/sh
# lop_checks.sh WHAT BIN TEST_DIR: contention/lop end to end on the 64-node
# testbed of seed 004 (lop-testbed-64.xml), under network/model:contention.
#   bench CURVE VARIANT [early|late]
#                        lop-bench, p = 1..63: round / p = t(p) of the
#                        curve within 1 % for every p (measured worst:
#                        send 0.69 % at p = 8, rdma-write 0.88 % at p = 6,
#                        both variants, receives posted early or late: the
#                        1-byte transfers under the contention penalties
#                        add p x 21 ns to D(p)); with late receives and
#                        SMPI's default smpi/async-small-thresh:0 the
#                        error is 25 % (send) and 29 % (rdma-write) at p = 1
#   monotonic CURVE      1-byte to 64 KiB ping-pong (powers of 2 and 2049,
#                        one byte above the threshold): the round trip
#                        grows strictly with the size (without LoP's
#                        start-up above the threshold it falls from 29.5 us
#                        at 2 KiB to 20.0 us at 4 KiB)
#   pingpong CURVE       a one-peer 1-byte ping-pong = t(1) (22.768 us for
#                        send, 16.016 us for rdma-write) within 0.5 %
#                        (measured +0.18 % and +0.26 %)
#   threshold            with contention/lop/threshold:0 no message is a
#                        peer: lop-bench's round with p = 8 lasts t(1)
#                        (each message its own D(1)) within 2 % (measured
#                        +1.47 %: eight 17-byte transfers at the contention
#                        bound), not 8 t(8) (48.5 us)
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
  curve=$1 variant=$2 post=${3:-early}
  # shellcheck disable=SC2086
  "$bin/smpirun" -np 64 $plat -hostfile "$dir/lop-testbed-64.txt" $common --cfg=contention/lop:"$curve" \
    "$bin/lop-bench" "$variant" 1 63 1 "$post" > "$tmp/bench.csv"
  "$bin/check_lop_bench" "$curve" 0.01 < "$tmp/bench.csv"
  ;;
monotonic)
  curve=$1
  # shellcheck disable=SC2086
  "$bin/smpirun" -np 2 $plat -hostfile "$tmp/two" $common --cfg=contention/lop:"$curve" \
    "$bin/pingpong" pingpong 1 1 2049 > "$tmp/pp.csv"
  awk -F, -v c="$curve" 'NR > 1 && $1 <= 65536 {
      if (n && $2 <= last) { printf "%s: round trip %.4f us at %d B <= %.4f us at %d B\n", c, $2 * 1e6, $1, last * 1e6, size; bad = 1 }
      if ($1 == 1024 || $1 == 2048 || $1 == 2049 || $1 == 4096) printf "%s: %d B %.4f us\n", c, $1, $2 * 1e6
      last = $2; size = $1; n++ }
    END { printf "%s: %d sizes\n", c, n; if (n != 18 || bad) exit 1 }' "$tmp/pp.csv"
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
  # shellcheck disable=SC2086
  t=$("$bin/smpirun" -np 64 $plat -hostfile "$dir/lop-testbed-64.txt" $common --cfg=contention/lop:send \
    --cfg=contention/lop/threshold:0 "$bin/lop-bench" single 8 8 1 | awk -F, '$2 == 8 { print $3 }')
  awk -v t="$t" 'BEGIN { w = 22.767994e-6; d = t / w - 1
    printf "threshold 0: round with 8 peers %.4f us, t(1) = %.4f us, %+.3f %%\n", t * 1e6, w * 1e6, 100 * d
    if (t == "" || d > 0.02 || d < -0.02) exit 1 }'
  ;;
*)
  echo "lop_checks.sh: unknown check '$what'" >&2
  exit 2
  ;;
esac
