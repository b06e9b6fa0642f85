#!/bin/sh
# fattree_node_links.sh BIN_DIR PLATFORM: on a fat tree, n9 -> n12 and
# n1 -> n14 (disjoint hosts, penalty 1) both cross the top switch's link
# down to n12's and n14's leaf, which SimGrid shares max-min. Of the
# sampled routes only one crossed it, towards n12, so it was taken for one
# of n12's node links and released: both comms ran at the full 1 GB/s
# (0.000153 s instead of SMPI's 0.000259 s). A host's own link is on every
# sampled route of the host that way. Checks n12's node links and both
# times against SMPI (relative 1e-6; measured 7.1e-7, from the benchmark's
# barrier).
set -u
bin=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/against_smpi.sh"
fails=0
printf 'x n9 n12 100000 0\ny n1 n14 100000 0\n' >"$tmp/g"
run() { # MODEL OPTIONS...
  m=$1
  shift
  "$bin/contention-bench-run" "$tmp/g" -platform "$platform" --cfg=network/model:$m --cfg=smpi/simulate-computation:0 \
    --log=root.thres:warning "$@" 2>"$tmp/err" | awk -F, '$1 == "x" || $1 == "y" { print $1, $6 }'
}
ref=$(run SMPI)
got=$(run contention --log=contention_links.thres:verbose --log=no_loc)
grep -q 'host n12: node links out {link_from_12_28_12_UP} in {link_from_12_28_12_DOWN}, ' "$tmp/err" ||
  { echo "FAIL: n12's node links:"; grep 'host n12:' "$tmp/err"; fails=$((fails + 1)); }
for id in x y; do
  against_smpi "$id" "$(echo "$got" | sed -n "s/^$id //p")" "$(echo "$ref" | sed -n "s/^$id //p")"
done
[ $fails -eq 0 ]
