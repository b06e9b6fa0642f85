#!/bin/sh
# lazy_capacity.sh BIN_DIR PLATFORM
# Ten comms started at one instant (Vienne et al. 2008 Fig. 7 MK2, 8793200 B
# each, on the Myrinet testbed) under contention/node-links:maxmin, where
# SimGrid's solver shares the node links. Max-min by hand, T = size / 247 MB/s:
# node-1 sends a..d, so they get 1/4 (4 T); node-2's and node-3's downlinks
# then leave 3/8 to f, h, i, j (8/3 T); g gets what node-5's uplink leaves
# beside f, 5/8 (1.6 T). (e is bounded by its GigE penalty, not checked.)
# SimGrid's Lazy update left node-4's downlink out of the solve: f 0.0831 s
# and i 0.0831 s: node-3's downlink carried 1.1 times its capacity. The
# model's default is the Full update; an explicit Lazy is kept, with a warning.
# Measured: 3.0e-5 relative (the route's 1.8 us latency), tolerance 5e-5.
set -u
bin=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/mk2" <<'G'
a node-1 node-2 8793200
b node-1 node-3 8793200
c node-1 node-4 8793200
d node-1 node-5 8793200
e node-2 node-5 8793200
f node-5 node-3 8793200
g node-5 node-4 8793200
h node-4 node-2 8793200
i node-4 node-3 8793200
j node-3 node-2 8793200
G
run() {
  "$bin/contention-bench-run" "$tmp/mk2" -platform "$platform" --cfg=network/model:contention \
    --cfg=contention/technology:gige --cfg=contention/node-links:maxmin --cfg=network/crosstraffic:0 \
    --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no \
    --log=root.thres:warning "$@"
}
run >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; echo "FAIL: the run failed"; exit 1; }
awk -F, 'BEGIN { T = 8793200 / 247e6; k["a"] = k["b"] = k["c"] = k["d"] = 4; k["f"] = k["h"] = k["i"] = k["j"] = 8 / 3; k["g"] = 1.6 }
  NR > 1 && ($1 in k) { want = k[$1] * T; rel = ($6 - want) / want; if (rel < 0) rel = -rel
    printf "%s: %.9g s, max-min %.9g s (rel %.1e)\n", $1, $6, want, rel
    if (rel > 5e-5) bad = 1; n++ }
  END { if (n != 9) { print "FAIL: " n " comms checked"; bad = 1 } exit bad }' "$tmp/out" || { echo "FAIL: max-min"; exit 1; }
run --cfg=network/optim:Lazy >/dev/null 2>"$tmp/err"
grep -q "contention: network/optim:Lazy kept as given; SimGrid's Lazy update can exceed link capacities" "$tmp/err" ||
  { cat "$tmp/err"; echo "FAIL: no warning for an explicit Lazy"; exit 1; }
echo ok
