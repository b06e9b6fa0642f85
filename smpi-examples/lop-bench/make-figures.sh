#!/bin/sh
# make-figures.sh BUILD_DIR OUT_DIR [CSV_DIR]: runs lop-bench (single and
# list posts, p = 1..63, 3 repetitions) on the 64-node testbed of tests/lop
# under contention/lop:send and contention/lop:rdma-write, and under
# contention/lop:off for contrast, then draws OUT_DIR/lop-send.svg and
# OUT_DIR/lop-rdma-write.svg (plot_lop.py). The CSV files are kept in
# CSV_DIR when it is given.
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
fig=$(cd "$2" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
run() { # LOP VARIANT
  "$build/bin/smpirun" -np 64 -platform "$src/tests/lop/lop-testbed-64.xml" -hostfile "$src/tests/lop/lop-testbed-64.txt" \
    --cfg=network/model:contention --cfg=contention/lop:"$1" --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 \
    --log=root.thres:warning "$build/bin/lop-bench" "$2" 1 63 3 > "$out/lop-$1-$2.csv"
}
run off single
for curve in send rdma-write; do
  run "$curve" single
  run "$curve" list
  python3 "$here/plot_lop.py" "$curve" "$fig/lop-$curve.svg" "single post=$out/lop-$curve-single.csv" \
    "list post=$out/lop-$curve-list.csv" "contention/lop:off=$out/lop-off-single.csv"
done
if [ $# -ge 3 ]; then mkdir -p "$3" && cp "$out"/*.csv "$3"; fi
echo "figures: $fig/lop-send.svg $fig/lop-rdma-write.svg"
