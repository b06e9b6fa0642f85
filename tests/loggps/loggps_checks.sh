#!/bin/sh
# loggps_checks.sh WHAT BIN PLATFORMS_DIR P2P_TEST_DIR
#   sweep:      ping, pong and ping-pong sweeps (1 B .. 64 MiB, with sizes
#               around s and S) under network/model:loggps with every
#               parameter given follow the LogGPS formulas within 1 %
#   derived:    the same with no loggps option on tests/p2p/two-hosts.xml
#               (1 Gb/s, 24 us): L = 24 us, g = G = 1 / 1.25e8 B/s, no
#               overheads; and a 4 MiB ping-pong takes 2 (L + 4 MiB G)
#               within 0.5 % (measured +0.143 %: the rendez-vous adds 2 L)
#   concurrent: 8 concurrent 20 MiB transfers out of one node of the
#               InfiniBand testbed: single-port, the last ends after 8 times
#               one transfer's time (within 1 %, measured 1.0000); multi-
#               port, they take the time of one (within 1e-3)
#   sendrecv:   one 4 MiB MPI_Sendrecv pair: Bs + Br = B single-port, 2 B
#               multi-port, within 1 % (measured 0.99857 and 1.99429: the
#               rendez-vous handshake and L)
set -eu
what=$1 bin=$2 platforms=$3 p2p=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export TMPDIR=$dir
common="--cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --log=root.thres:warning"
two="-platform $p2p/two-hosts.xml -hostfile $p2p/two-hosts.txt"
sweep() { # PARAMS-FOR-CHECK -- SMPIRUN-OPTIONS...
  params=$1
  shift
  for mode in send recv pingpong; do
    # shellcheck disable=SC2086
    "$bin/smpirun" -np 2 $two --cfg=network/model:loggps "$@" $common \
      "$bin/pingpong" $mode 2 1 1419 1420 1421 65535 65536 65537 > "$dir/$mode.csv"
    # shellcheck disable=SC2086
    "$bin/check_loggps_sweep" $mode 0.01 $params < "$dir/$mode.csv"
  done
}
case $what in
sweep)
  sweep "L=20us o=5us Os=2e-10 Or=3e-10 g=1e-8 G=1e-9 s=1420 S=65536" \
    --cfg=loggps/L:20us --cfg=loggps/o:5us --cfg=loggps/Os:2e-10 --cfg=loggps/Or:3e-10 \
    --cfg=loggps/g:100MBps --cfg=loggps/G:1e-9 --cfg=loggps/s:1420 --cfg=loggps/S:64KiB
  ;;
derived)
  sweep "L=24us g=8e-9 G=8e-9 S=65536"
  # shellcheck disable=SC2086
  t=$("$bin/smpirun" -np 2 $two --cfg=network/model:loggps $common "$bin/pingpong" pingpong 1 1 4194304 |
    awk -F, '$1 == 4194304 { print $2 }')
  awk -v t="$t" 'BEGIN { want = 2 * (24e-6 + 4194304 / 1.25e8); d = t / want - 1
    printf "4 MiB ping-pong %.9g s, 2 (L + 4 MiB G) = %.9g s, %+.3f %%\n", t, want, 100 * d
    if (t == "" || d > 0.005 || d < -0.005) exit 1 }'
  ;;
concurrent)
  # node-1 sends to node-2..node-(N+1), one comm per rank pair
  run() { # N OPTIONS... -> the slowest transfer's bandwidth (B/s)
    n=$1
    shift
    : > "$dir/hosts"
    i=0; while [ $i -lt "$n" ]; do echo node-1 >> "$dir/hosts"; i=$((i + 1)); done
    i=0; while [ $i -lt "$n" ]; do echo "node-$((i + 2))" >> "$dir/hosts"; i=$((i + 1)); done
    # shellcheck disable=SC2086
    "$bin/smpirun" -np $((2 * n)) -platform "$platforms/ib-testbed-9.xml" -hostfile "$dir/hosts" \
      --cfg=network/model:loggps "$@" $common "$bin/bw-unidir" 20971520 | awk -F, '$1 == "min" { print $2 }'
  }
  one=$(run 1)
  eight=$(run 8)
  multi=$(run 8 --cfg=loggps/ports:multi)
  echo "single-port: 1 transfer $one B/s, the slowest of 8 $eight B/s; multi-port: the slowest of 8 $multi B/s"
  awk -v a="$one" -v b="$eight" -v c="$multi" 'BEGIN {
    r = a / b / 8; printf "single-port: (one / slowest of 8) / 8 = %.5f\n", r
    if (r > 1.01 || r < 0.99) { print "single-port: 8 transfers out of one node should queue"; exit 1 }
    if (a <= 0 || (a - c) / a > 1e-3 || (c - a) / a > 1e-3) { print "multi-port: transfers slowed down"; exit 1 } }'
  ;;
sendrecv)
  b=1.25e8 # two-hosts.xml: 1 Gb/s
  for ports in single multi; do
    # shellcheck disable=SC2086
    bw=$("$bin/smpirun" -np 2 $two --cfg=network/model:loggps --cfg=loggps/ports:$ports $common \
      "$bin/bw-sendrecv" 4194304 | awk -F, '$1 == "min" { print $2 }')
    want=$([ $ports = single ] && echo 1 || echo 2)
    awk -v bw="$bw" -v b=$b -v w="$want" -v p=$ports 'BEGIN { f = bw / b
      printf "%s-port: (Bs + Br) / B = %.5f, expected %d\n", p, f, w
      if (bw == "" || f / w > 1.01 || f / w < 0.99) exit 1 }'
  done
  ;;
*)
  echo "loggps_checks.sh: unknown check '$what'" >&2
  exit 2
  ;;
esac
