#!/bin/sh
# outage_intra_host.sh PROGRAM: s4u_bandwidth_at_start with an intra-host
# comm a -> a (20 MiB) whose route is a's own link la (1 GB/s, out from 0
# to 1 s by a profile at 0 B/s, network/weight-S:0) and a backbone bb
# (1 GB/s, 10 us), raised to 2 GB/s right after the start. la, at 0 B/s,
# limits nothing in SimGrid's solver: under SMPI the comm runs at bb's
# 2 GB/s, 0.01049576 s. The plugin took la's 0 B/s as what the comm gets
# alone, left it unbounded to SimGrid, where la and bb were hidden at
# 1e15 B/s: it ended after 2.2e-8 s. Its time must be SMPI's, relative
# 1e-6 (measured 0), under both node-link modes.
set -u
prog=$1
tmp=$(mktemp -d)
trap 'cp -r "$tmp" /tmp/p40/oih; rm -rf "$tmp"' EXIT
printf '0 0\n1 1000000000\n' >"$tmp/la-profile.txt"
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\"/>"; done
  echo '  <link id="la" bandwidth="1GBps" latency="0s" bandwidth_file="la-profile.txt"/>'
  for h in b c d; do echo "  <link id=\"l$h\" bandwidth=\"1GBps\" latency=\"10us\"/>"; done
  echo '  <link id="bb" bandwidth="1GBps" latency="10us"/>'
  echo '  <route src="a" dst="a"><link_ctn id="la"/><link_ctn id="bb"/></route>'
  for p in "a b" "a c" "a d" "b c" "b d" "c d"; do
    set -- $p
    echo "  <route src=\"$1\" dst=\"$2\"><link_ctn id=\"l$1\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$2\"/></route>"
  done
  echo '</zone></platform>'
} >"$tmp/plat.xml"
. "$(dirname "$0")/against_smpi.sh"
fails=0
run() { # MODEL [CFG...]
  timeout 60 "$prog" "$tmp/plat.xml" after a a lb bb --cfg=network/weight-S:0 --cfg=network/optim:Full --cfg=network/crosstraffic:0 \
    --log=root.thres:warning "$@" 2>"$tmp/err" | sed -n 's/^ab,//p'
}
ref=$(run --cfg=network/model:SMPI)
for mode in penalty maxmin; do
  against_smpi "node-links:$mode a -> a" "$(run --cfg=network/model:contention --cfg=contention/node-links:$mode)" "$ref"
done
[ $fails -eq 0 ]
