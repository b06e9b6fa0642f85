#!/bin/sh
# set_latency_detach.sh PROGRAM PLATFORM: s4u_set_latency under SMPI's model
# and the plugin's, with contention/detach-hidden-links yes and no. The three
# comms use distinct hosts (penalty 1), so each must end at SMPI's time
# (relative 1e-9; measured 0). Link::set_latency shifts the max-min weight of
# a -> b on bb, which then ends 4.2 % after c -> d; a comm that dropped la_UP
# and missed the change would keep its weight under "yes" (a -> b 2.0 %
# early: the three would share bb evenly).
set -u
prog=$1 platform=$2
opts="--cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:critical"
ref=$("$prog" "$platform" --cfg=network/model:SMPI --cfg=network/optim:Full $opts | sort) || { echo "FAIL: the SMPI run failed"; exit 1; }
echo "SMPI: $(echo $ref)"
# The case can fail: SMPI gives a -> b a weight that makes it end 4.2 % late.
echo "$ref" | awk -F, '{ t[$1] = $2 } END { r = t["ab"] / t["cd"]; printf "SMPI ab / cd = %.4f\n", r; exit !(r > 1.03) }' || exit 1
fails=0
for det in yes no; do
  got=$("$prog" "$platform" --cfg=network/model:contention --cfg=contention/detach-hidden-links:$det $opts | sort) ||
    { echo "FAIL: the contention run (detach $det) failed"; fails=$((fails + 1)); continue; }
  printf '%s\n%s\n' "$ref" "$got" | awk -F, -v what="detach $det" '
    NR <= 3 { w[$1] = $2; next }
    { d = ($2 - w[$1]) / w[$1]; if (d < 0) d = -d; printf "%s %s: %.12g s, SMPI %.12g s (rel %.1e)\n", what, $1, $2, w[$1], d
      if (d > 1e-9) bad = 1; n++ }
    END { exit bad || n != 3 }' || fails=$((fails + 1))
done
[ $fails -eq 0 ] && echo PASS
exit $fails
