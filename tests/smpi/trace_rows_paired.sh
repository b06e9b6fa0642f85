#!/bin/sh
# trace_rows_paired.sh PROGRAM PLATFORM: runs PROGRAM with a penalty trace
# and checks that every end or failed row follows a start row of its comm
# (scripts/penalty-summary.py refuses a trace where one does not).
set -eu
prog=$1 plat=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$prog" "$plat" --cfg=network/model:contention --cfg=contention/trace:"$dir/t.csv" --log=root.thres:warning >"$dir/out"
cat "$dir/out"
awk -F, 'NR > 1 && $7 == "start" { started[$2] = 1 }
         NR > 1 && ($7 == "end" || $7 == "failed") && !started[$2] { print "row " NR ": " $7 " of comm " $2 " without a start row"; bad = 1 }
         END { exit bad }' "$dir/t.csv"
