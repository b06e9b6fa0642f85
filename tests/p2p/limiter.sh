#!/bin/sh
# limiter.sh BIN REF: concurrent MPI_Sendrecv measurements synthesised with
# Bs + Br = 1.5 B (0.2 % noise) give a limiter factor of 1.5 within 1 %.
set -e
bin=$1 ref=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin/p2p_synth" "$ref" "$dir" 0.002 1.5
"$bin/contention-calibrate-p2p" --sendrecv "$dir/sendrecv.csv" --bandwidth 117MBps > "$dir/out"
cat "$dir/out"
f=$(sed -n 's/^limiter factor (Bs+Br)\/B = \([0-9.]*\) .*/\1/p' "$dir/out")
awk -v f="$f" 'BEGIN { d = f / 1.5 - 1; if (f == "" || d > 0.01 || d < -0.01) { print "factor " f " not within 1 % of 1.5"; exit 1 } }'
