#!/bin/sh
# trace_abort.sh BIN_DIR PLATFORM RUN_END: the penalty trace of a run that
# ends in MPI_Abort keeps its header, the rows of every comm and no cut row.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$1/smpirun" -np 2 -platform "$2" --log=root.thres:critical --cfg=network/model:contention \
  --cfg=smpi/simulate-computation:0 --cfg=contention/trace:"$tmp/t.csv" "$3" abort >/dev/null 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; exit 1; }
head -1 "$tmp/t.csv" | grep -qx 'time,comm,src,dst,penalty,bound,event' || { echo "FAIL: no header"; exit 1; }
starts=$(grep -c ',start$' "$tmp/t.csv")
[ "$starts" -eq 2 ] || { echo "FAIL: $starts start rows, expected 2"; cat "$tmp/t.csv"; exit 1; }
bad=$(awk -F, 'NF != 7' "$tmp/t.csv" | wc -l)
[ "$bad" -eq 0 ] && [ "$(tail -c 1 "$tmp/t.csv" | od -An -c | tr -d ' ')" = '\n' ] ||
  { echo "FAIL: a row is cut"; cat "$tmp/t.csv"; exit 1; }
echo "trace kept: $(wc -l <"$tmp/t.csv") lines"
