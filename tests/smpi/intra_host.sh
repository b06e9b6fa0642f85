#!/bin/sh
# intra_host.sh BIN_DIR PLATFORM PAIR_TIMES (PLATFORM: hosts node-0, node-1)
# Every link an intra-host comm crosses keeps its capacity. On PLATFORM (a
# <cluster core="8"> of SPLITDUPLEX private links and no loopback link), a
# 20 MB comm between two ranks of node-0 goes up and back down node-0's
# private link. Alone it must take SMPI's time (relative 1e-6); while a
# third rank of node-0 sends 20 MB to node-1, the two comms share node-0's
# up link, and each must take SMPI's time within 2 %, for every technology.
set -u
bin=$1 platform=$2 prog=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'node-0\nnode-0\n' >"$tmp/alone"
printf 'node-0\nnode-0\nnode-0\nnode-1\n' >"$tmp/shared"
fails=0
run() { # HOSTFILE MODEL [TECHNOLOGY] -> "pair,k,seconds" lines, sorted
  n=$(wc -l <"$tmp/$1")
  "$bin/smpirun" -np "$n" -hostfile "$tmp/$1" -platform "$platform" "$prog" 20000000 --cfg=network/model:"$2" \
    ${3:+--cfg=contention/technology:$3} --cfg=smpi/simulate-computation:0 --log=root.thres:warning \
    >"$tmp/out" 2>"$tmp/err" || { echo "FAIL: smpirun $1 $2 ${3:-}:"; cat "$tmp/out" "$tmp/err"; }
  grep '^pair,' "$tmp/out" | sort
}
compare() { # WHAT TOL PAIRS REF_FILE GOT_FILE
  paste -d, "$4" "$5" | awk -F, -v what="$1" -v tol="$2" -v pairs="$3" '{ d = ($6 - $3) / $3; if (d < 0) d = -d
      printf "%s pair %s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, $2, $6, $3, d; if (!($3 > 0) || d > tol) bad = 1 }
      END { if (NR != pairs) print what ": " NR " pairs, expected " pairs; exit bad || NR != pairs }' ||
    fails=$((fails + 1))
}
run alone SMPI >"$tmp/ref_alone"
run shared SMPI >"$tmp/ref_shared"
for tech in infiniband gige myrinet hier-ethernet; do
  run alone contention "$tech" >"$tmp/got"
  compare "alone ($tech)" 1e-6 1 "$tmp/ref_alone" "$tmp/got"
  run shared contention "$tech" >"$tmp/got"
  compare "with an inter-host send ($tech)" 0.02 2 "$tmp/ref_shared" "$tmp/got"
done
[ $fails -eq 0 ]
