#!/bin/sh
# get_bandwidth.sh PROGRAM PLATFORM: s4u_get_bandwidth under the plugin.
# Links hidden from SimGrid's solver are held at 1e15 B/s there, but a
# program reading a link's bandwidth (s4u Link::get_bandwidth and
# sg_link_get_bandwidth) or a route's (sg_host_get_route_bandwidth: ma's
# 1469147893 B/s; it got 1e15) gets the platform's value, as under SMPI, and
# halving the bandwidth it read halves the link (a -> b then ends at SMPI's
# 0.008674596 s; it got 1e15 and ended at 0.006116 s, the halving lost).
# Tolerance 1e-9 relative (measured 0).
set -u
prog=$1 platform=$2
opts="--cfg=network/model:contention --log=root.thres:critical"
fails=0
for det in yes no; do
  got=$("$prog" "$platform" $opts --cfg=contention/detach-hidden-links:$det) ||
    { echo "FAIL: the run (detach $det) failed"; fails=$((fails + 1)); continue; }
  echo "$got" | awk -F, -v what="detach $det" '
    BEGIN { want["la_UP"] = 1958863858; want["ma"] = 1469147893; want["bb"] = 2938295787 }
    $1 in want { printf "%s %s: s4u %s, C %s, platform %.0f\n", what, $1, $2, $3, want[$1]
      if ($2 != want[$1] || $3 != want[$1]) bad = 1; n++; next }
    $1 == "route" { printf "%s route a -> b: %s, platform 1469147893\n", what, $2; if ($2 != 1469147893) bad = 1; n++ }
    $1 == "ab" { d = ($2 - 0.008674596) / 0.008674596; if (d < 0) d = -d
      printf "%s ab: %s s, SMPI 0.008674596 s (rel %.1e)\n", what, $2, d; if (d > 1e-9) bad = 1; n++ }
    END { exit bad || n != 5 }' || fails=$((fails + 1))
done
[ $fails -eq 0 ] && echo PASS
exit $fails
