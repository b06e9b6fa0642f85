#!/bin/sh
# trace_header_abort.sh S4U_CANCEL PLATFORM: a run that ends at t = 0 (here
# a LoP curve refused when the model starts, status 1) still leaves the
# penalty trace (contention/trace:FILE) with its CSV header (left in the
# stdio buffer, it would be lost by the _Exit and the file empty).
set -eu
prog=$1 plat=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
"$prog" "$plat" cancel --cfg=network/model:contention --cfg=contention/trace:"$tmp/trace.csv" \
  --cfg=contention/lop:send --cfg=contention/lop/send/rtt-l2:-2 --log=root.thres:critical 2> "$tmp/err" || status=$?
if [ "$status" != 1 ]; then
  echo "expected status 1 (the refused curve), got $status" >&2
  cat "$tmp/err" >&2
  exit 1
fi
header=$(head -n 1 "$tmp/trace.csv")
echo "trace: $(wc -c < "$tmp/trace.csv") bytes, first line '$header'"
[ "$header" = "time,comm,src,dst,penalty,bound,event" ]
