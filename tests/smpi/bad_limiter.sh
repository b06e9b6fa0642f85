#!/bin/sh
# bad_limiter.sh BIN_DIR PLATFORM "LOG LINE"
# A platform whose capacities of both directions of a host bind before its
# one-way links (a limiter below the card, a SHARED link with a limiter):
# the contention model still keeps every capacity. n0 sending 20 MiB alone,
# then sending 20 MiB while receiving 20 MiB: both comms' times must be
# SMPI's (every penalty is 1 here, so SMPI's max-min is the reference;
# relative 1e-6, measured 0), for every technology, and the verbose log
# names the capacity that binds.
set -u
bin=$1 platform=$2 line=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'x n0 n1 20971520 0\n' >"$tmp/one"
printf 'x n0 n1 20971520 0\ny n2 n0 20971520 0\n' >"$tmp/two"
fails=0
run() { # GRAPH OPTIONS...
  g=$1
  shift
  "$bin/contention-bench-run" "$tmp/$g" -platform "$platform" --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
    --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:0 --log=root.thres:warning "$@" 2>"$tmp/err" |
    awk -F, 'NR > 1 { print $1, $6 }'
}
for g in one two; do
  run $g --cfg=network/model:SMPI >"$tmp/ref"
  for tech in infiniband gige myrinet hier-ethernet; do
    run $g --cfg=network/model:contention --cfg=contention/technology:$tech --log=contention.thres:verbose >"$tmp/got"
    grep -qF "$line" "$tmp/err" || { echo "FAIL: no log line '$line' ($tech)"; fails=$((fails + 1)); }
    paste -d' ' "$tmp/ref" "$tmp/got" | awk -v what="$g $tech" '{ d = ($4 - $2) / $2; if (d < 0) d = -d
        printf "%s %s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, $1, $4, $2, d; if (d > 1e-6) bad = 1 }
        END { exit bad || NR == 0 }' || fails=$((fails + 1))
  done
done
[ $fails -eq 0 ]
