#!/bin/sh
# fatpipe_weights.sh RATE_PROGRAM: RATE_PROGRAM (s4u_rate_comm) sends 2 MB
# a -> b and 1 MB c -> d at once, on four hosts (a's and b's links without
# latency, c's and d's at 50 us) behind a FATPIPE backbone of 100 MB/s, the
# only link the comms share. SimGrid's solver does not give each comm of a
# FATPIPE link its whole capacity when their max-min weights (route
# latencies) differ: under SMPI a -> b gets half of it while c -> d runs.
# The plugin hid the backbone (each demand fits in it), so a -> b ran at
# 100 MB/s (0.02 s instead of SMPI's 0.03 s). Both times must be SMPI's
# (relative 1e-6), for both node-link modes.
# With a second argument "profile", the backbone has a bandwidth profile
# whose one event, at 5 ms while both comms run, gives it its bandwidth
# again: the plugin took the new bandwidth as the backbone's capacity in its
# ledger, as for a SHARED link, and hid the backbone at the next instant
# (c -> d then ended at 0.0101 s, SMPI's at 0.0207 s).
# With "node-profile", c's link has a bandwidth profile (80 MB/s at 1 ms,
# 10 MB/s at 3 ms, 200 MB/s again at 4 ms) that holds c -> d below the
# backbone, then gives it back. When it is back, c -> d's variable is bound
# at the backbone's capacity, and the backbone saturates at that very
# level: which of the two SimGrid's solver takes first, and so whether
# a -> b gets 27.5 kB/s or 100 MB/s, turns on the last bit of c -> d's
# max-min weight. The plugin shifted that weight in two steps where SMPI
# does it in one, one bit lower: a -> b ended at 0.0209 s, SMPI's at
# 0.0283 s.
# With "backbone-dip", b's link is at 50 us and c's at 10 us; the backbone
# falls to 80 MB/s at 7.324 ms and b's link to 200 MB/s at 9.095 ms. Under
# node-links:maxmin a comm without penalty was bound at its route's
# bottleneck now, the backbone's capacity, where SMPI keeps its start
# bound: the solver's tie then went the other way and c -> d ended at
# 0.0151055907 s, SMPI's at 0.0166637314 s. A comm whose bound reaches
# the capacity of a link the solver holds is now given SMPI's bound.
set -u
prog=$1
profile=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bb_file=
lb_file=
lc_file=
lat_b=0s lat_c=50us
if [ "$profile" = profile ]; then
  printf '0.005 100000000\n' >"$tmp/bb-profile.txt"
  bb_file=' bandwidth_file="bb-profile.txt"'
elif [ "$profile" = backbone-dip ]; then
  printf '0.007324 80000000\n' >"$tmp/bb-profile.txt"
  printf '0.009095 200000000\n' >"$tmp/lb-profile.txt"
  bb_file=' bandwidth_file="bb-profile.txt"'
  lb_file=' bandwidth_file="lb-profile.txt"'
  lat_b=50us lat_c=10us
elif [ "$profile" = node-profile ]; then
  printf '0.001 80000000\n0.003 10000000\n0.004 200000000\n' >"$tmp/lc-profile.txt"
  lc_file=' bandwidth_file="lc-profile.txt"'
fi
. "$(dirname "$0")/against_smpi.sh"
four_hosts_platform "<link id=\"la\" bandwidth=\"10GBps\" latency=\"0s\"/><link id=\"lb\" bandwidth=\"10GBps\" latency=\"$lat_b\"$lb_file/>" \
  "<link id=\"lc\" bandwidth=\"200MBps\" latency=\"$lat_c\"$lc_file/><link id=\"ld\" bandwidth=\"200MBps\" latency=\"50us\"/>" \
  "<link id=\"bb\" bandwidth=\"100MBps\" latency=\"0s\" sharing_policy=\"FATPIPE\"$bb_file/>" >"$tmp/plat.xml"
fails=0
rate_comms_against_smpi "$prog" "$tmp/plat.xml"
[ $fails -eq 0 ]
