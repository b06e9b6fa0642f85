#!/bin/sh
# bw_factor_cb.sh PROGRAM PLATFORM: an s4u simulator's bandwidth-factor
# callback (0.5 for a 2 MB comm, 2 for a 500 kB one, on separate host
# pairs) reaches network/model:contention as it reaches SMPI: the plugin
# took each comm's factor from smpi/bw-factor and ignored the callback
# (a -> b 1.085 ms instead of SMPI's 2.042 ms, c -> d 0.271 ms instead of
# 0.128 ms, on fatpipe-16.xml).
# Each comm's time must be SMPI's (network/optim:Full), relative 1e-6
# (measured 0), for every technology and node-link mode.
set -u
prog=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$prog" "$platform" --cfg=network/model:SMPI --cfg=network/optim:Full --log=root.thres:critical | sort >"$tmp/ref"
[ "$(wc -l <"$tmp/ref")" -eq 2 ] || { echo "FAIL: SMPI run: $(cat "$tmp/ref")"; exit 1; }
fails=0
for tech in infiniband gige myrinet hier-ethernet infinihost; do
  for mode in penalty maxmin; do
    "$prog" "$platform" --cfg=network/model:contention --cfg=contention/technology:$tech \
      --cfg=contention/node-links:$mode --log=root.thres:critical | sort >"$tmp/got"
    paste -d, "$tmp/ref" "$tmp/got" | awk -F, -v what="$tech $mode" '{
      d = ($4 - $2) / $2; if (d < 0) d = -d
      ok = $1 == $3 && $2 > 0 && d <= 1e-6
      printf "%s %s: %.9g s, SMPI %.9g s (rel %.1e)%s\n", what, $1, $4, $2, d, ok ? "" : " FAIL"
      bad += !ok } END { exit bad != 0 || NR != 2 }' || fails=$((fails + 1))
  done
done
[ $fails -eq 0 ]
