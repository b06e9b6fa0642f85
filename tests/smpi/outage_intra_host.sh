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
trap 'rm -rf "$tmp"' EXIT
printf '0 0\n1 1000000000\n' >"$tmp/la-profile.txt"
. "$(dirname "$0")/against_smpi.sh"
four_hosts_platform '<link id="la" bandwidth="1GBps" latency="0s" bandwidth_file="la-profile.txt"/>' \
  '<link id="lb" bandwidth="1GBps" latency="10us"/>' '<link id="lc" bandwidth="1GBps" latency="10us"/>' \
  '<link id="ld" bandwidth="1GBps" latency="10us"/>' '<link id="bb" bandwidth="1GBps" latency="10us"/>' \
  '<route src="a" dst="a"><link_ctn id="la"/><link_ctn id="bb"/></route>' >"$tmp/plat.xml"
fails=0
start_comm_against_smpi "a -> a" "$prog" "$tmp/plat.xml" after a a lb bb
[ $fails -eq 0 ]
