#!/bin/sh
# outage_start_bound.sh PROGRAM: s4u_bandwidth_at_start on hosts a..d, each
# with its own link (1 GB/s, 10 us), behind a backbone bb out from 0 to
# 1 s (a profile at 0 B/s, network/weight-S:0). a -> b (20 MiB) starts at
# 0; lb goes to 4 GB/s first, then la to 2 GB/s right after the start.
# SimGrid bounds a comm at the minimum over its route, 0 here: no bound,
# so under SMPI the comm follows la's rise (bb, at 0 B/s, limits nothing in
# its solver): 0.01050576 s. The plugin bounded it at the route's slowest
# link above 0 as read at the start, 1 GB/s: 0.02099152 s. Its time must be
# SMPI's, relative 1e-6 (measured 0), under both node-link modes.
set -u
prog=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0 0\n1 1000000000\n' >"$tmp/bb-profile.txt"
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\"/>"; done
  for h in a b c d; do echo "  <link id=\"l$h\" bandwidth=\"1GBps\" latency=\"10us\"/>"; done
  echo '  <link id="bb" bandwidth="1GBps" latency="0s" bandwidth_file="bb-profile.txt"/>'
  for p in "a b" "a c" "a d" "b c" "b d" "c d"; do
    set -- $p
    echo "  <route src=\"$1\" dst=\"$2\"><link_ctn id=\"l$1\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$2\"/></route>"
  done
  echo '</zone></platform>'
} >"$tmp/plat.xml"
. "$(dirname "$0")/against_smpi.sh"
fails=0
run() { # MODEL [CFG...]
  timeout 60 "$prog" "$tmp/plat.xml" after a b lb la --cfg=network/weight-S:0 --cfg=network/optim:Full --cfg=network/crosstraffic:0 \
    --log=root.thres:warning "$@" 2>"$tmp/err" | sed -n 's/^ab,//p'
}
ref=$(run --cfg=network/model:SMPI)
for mode in penalty maxmin; do
  against_smpi "node-links:$mode ab" "$(run --cfg=network/model:contention --cfg=contention/node-links:$mode)" "$ref"
done
[ $fails -eq 0 ]
