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
. "$(dirname "$0")/against_smpi.sh"
four_hosts_platform '<link id="la" bandwidth="1GBps" latency="10us"/>' '<link id="lb" bandwidth="1GBps" latency="10us"/>' \
  '<link id="lc" bandwidth="1GBps" latency="10us"/>' '<link id="ld" bandwidth="1GBps" latency="10us"/>' \
  '<link id="bb" bandwidth="1GBps" latency="0s" bandwidth_file="bb-profile.txt"/>' >"$tmp/plat.xml"
fails=0
start_comm_against_smpi ab "$prog" "$tmp/plat.xml" after a b lb la
[ $fails -eq 0 ]
