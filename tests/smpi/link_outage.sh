#!/bin/sh
# link_outage.sh PROGRAM: s4u_rate_comm under a profile that takes a's
# node link to 0 B/s from 1 ms to 3 ms (network/weight-S:0; SimGrid's own
# weight of a link of 0 B/s is infinite and aborts its solver otherwise).
# SimGrid's solver skips a constraint of bound 0, so under SMPI a -> b
# (2 MB) does not stop there and ends at 0.00202 s. The plugin held the
# hidden link at 1e15 B/s and gave the comm the bound B / p = 0, which
# SimGrid reads as no bound: it ended at the outage, 0.00100000102 s.
# Then, with b's link going to 0.5 GB/s at 1 ms too (plat-lb.xml), a -> b
# still ended at the outage (SMPI: 0.00304 s, at lb's 0.5 GB/s after 1 ms),
# B being 0; and a -> b started inside the outage (2 ms) waited for its end,
# 0.005 s (SMPI: 0.00402 s): la, of capacity 0, was given back to the
# solver (where a comm with no other link in its variable was never solved
# again, a deadlock). a -> b and c -> d must
# take SMPI's times, relative 1e-6 (measured 0), under both node-link
# modes.
set -u
prog=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.001 0\n0.003 1000000000\n' >"$tmp/la-profile.txt"
printf '0.001 500000000\n' >"$tmp/lb-profile.txt"
. "$(dirname "$0")/against_smpi.sh"
platform() { # FILE LB_ATTRS
  four_hosts_platform '<link id="la" bandwidth="1GBps" latency="10us" bandwidth_file="la-profile.txt"/>' \
    "<link id=\"lb\" bandwidth=\"1GBps\" latency=\"10us\" $2/>" \
    '<link id="lc" bandwidth="1GBps" latency="10us"/><link id="ld" bandwidth="1GBps" latency="10us"/>' \
    '<link id="bb" bandwidth="10GBps" latency="0s"/>' >"$1"
}
platform "$tmp/plat.xml" ""
platform "$tmp/plat-lb.xml" 'bandwidth_file="lb-profile.txt"'
fails=0
rate_comms_against_smpi "$prog" "$tmp/plat.xml" --cfg=network/weight-S:0
rate_comms_against_smpi "$prog" "$tmp/plat-lb.xml" --cfg=network/weight-S:0
rate_start=0.002 rate_comms_against_smpi "$prog" "$tmp/plat.xml" --cfg=network/weight-S:0
[ $fails -eq 0 ]
