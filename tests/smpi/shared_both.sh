#!/bin/sh
# shared_both.sh BIN_DIR PLATFORM TECHNOLOGY
# A SHARED private link is one capacity for both directions of its host:
# n0 sends 20 MiB to n1 while it receives 20 MiB from n2; both comms have
# penalty 1 under every rule set and share n0's link, each at B / 2, so
# each takes 2 x 20 MiB / B = 21.41 ms (relative 1e-4; measured 4.7e-7).
set -u
bin=$1 platform=$2 tech=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'x n0 n1 20971520 0\ny n2 n0 20971520 0\n' >"$tmp/g"
"$bin/contention-bench-run" "$tmp/g" -platform "$platform" --cfg=network/model:contention \
  --cfg=contention/technology:"$tech" --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
  --cfg=smpi/lat-factor:0:1 --log=root.thres:warning --cfg=smpi/simulate-computation:0 >"$tmp/out" ||
  { echo "FAIL: the run failed"; exit 1; }
awk -F, 'NR > 1 { r = $6 / 0.02141193835 - 1; if (r < 0) r = -r
    printf "%s: %.9g s, expected 0.02141193835 s (rel %.1e)\n", $1, $6, r; if (r > 1e-4) bad = 1; n++ }
  END { if (n != 2) { print "FAIL: " n " comms in the output, 2 expected"; exit 1 }; exit bad }' "$tmp/out"
