#!/bin/sh
# recv_below_async.sh BIN DATA_DIR: MPI_Recv durations measured only up to
# threshold.async (65536) are enough, since the fit sets detached.or and
# detached.Or to 0 (not separable from the transfer): the fit succeeds and
# gives the parameters of the full sweep (relative 1e-9).
set -eu
bin=$1 data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -F, '/^#/ || $1 == "size" || $1 + 0 <= 65536' "$data/recv.csv" > "$tmp/recv.csv"
"$bin/contention-calibrate-p2p" --send "$data/send.csv" --recv "$data/recv.csv" --pingpong "$data/pingpong.csv" \
  --emit params > "$tmp/all" 2> /dev/null
"$bin/contention-calibrate-p2p" --send "$data/send.csv" --recv "$tmp/recv.csv" --pingpong "$data/pingpong.csv" \
  --emit params > "$tmp/below" || { echo "FAIL: the fit refused MPI_Recv durations up to 65536 B"; exit 1; }
awk -F' = ' 'NR == FNR { if (NF == 2) want[$1] = $2; next }
  NF == 2 { n++; w = want[$1]; d = $2 - w; if (d < 0) d = -d; s = w < 0 ? -w : w
            if (d > 1e-9 * s) { printf "FAIL: %s = %s, with the full sweep %s\n", $1, $2, w; bad = 1 } }
  END { if (n < 20) { print "FAIL: only " n " parameters"; bad = 1 }; exit bad }' "$tmp/all" "$tmp/below"
echo "same parameters from MPI_Recv durations up to 65536 B"
