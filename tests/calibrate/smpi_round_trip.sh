#!/bin/sh
# The calibration schemes run under SimGrid with the plugin (GigE rules at
# beta 0.62, gamma_o 0.2, gamma_i 0.08) and fitted back: the fit's step
# solver and the plugin agree, so the values come back within 1e-4 and
# E_abs below 0.01 %.
#   smpi_round_trip.sh BIN_DIR
set -eu
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/contention-platform-gen" --nodes 12 --bw 1Gbps --lat 0s --prefix n --first 0 -o "$tmp/p.xml"
for i in 0 1 2 3 4 5 6 7 8 9 10 11; do echo "n$i"; done > "$tmp/hosts"
# contention-bench makes the scheme directory itself.
"$bin/smpirun" -np 12 -platform "$tmp/p.xml" -hostfile "$tmp/hosts" --cfg=network/model:contention \
  --cfg=contention/technology:gige --cfg=contention/gige/beta:0.62 --cfg=contention/gige/gamma_o:0.2 \
  --cfg=contention/gige/gamma_i:0.08 --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
  --cfg=smpi/lat-factor:0:1 --log=root.thres:warning "$bin/contention-bench" --schemes "$tmp/out" --reps 1
"$bin/contention-calibrate" --fit gige "$tmp"/out/*.xml > "$tmp/fit"
cat "$tmp/fit"
awk -F: '/^contention\/gige\// { split($1, k, "/"); want["beta"] = 0.62; want["gamma_o"] = 0.2; want["gamma_i"] = 0.08; want["recv"] = 0
           d = $2 - want[k[3]]; if (d < 0) d = -d
           if (d > 1e-4) { print "FAIL: " k[3] " = " $2 ", want " want[k[3]]; bad = 1 } n++ }
     /^# E_abs in sample:/ { if ($5 + 0 >= 0.01) { print "FAIL: E_abs " $5 " %"; bad = 1 } }
     END { if (n != 4) { print "FAIL: " n " parameters printed"; bad = 1 } exit bad }' "$tmp/fit"
