#!/bin/sh
# installed_launcher.sh BUILD_DIR PLATFORM PROGRAM
# `cmake --install` into a fresh prefix, then the installed smpirun-contention
# (which finds the installed library relative to itself) runs PROGRAM under
# network/model:contention and applies penalties (its contention/trace has
# rows with a penalty > 1; an unloaded plugin would make SimGrid refuse the
# model name).
set -u
build=$1 platform=$2 program=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || {
  echo "FAIL: cmake --install failed:"; cat "$tmp/install.log"; exit 1; }
launcher=$tmp/prefix/bin/smpirun-contention
[ -x "$launcher" ] || { echo "FAIL: $launcher not installed"; exit 1; }
PATH=/usr/bin:/bin "$launcher" -platform "$platform" -np 4 --cfg=network/model:contention \
  --cfg=contention/trace:"$tmp/trace.csv" --log=root.thres:warning "$program" >"$tmp/out" 2>&1
grep -q 'alltoall ok: 4 ranks' "$tmp/out" || { echo "FAIL: the installed launcher's run failed:"; cat "$tmp/out"; exit 1; }
awk -F, 'NR > 1 && $5 > 1 { n++ } END { printf "%d penalised trace rows\n", n; exit !(n > 0) }' "$tmp/trace.csv"
