#!/bin/sh
# tcp_gamma_zero.sh BIN_DIR PLATFORM
# network/TCP-gamma:0 means no TCP window bound (SimGrid bounds a comm at
# TCP-gamma / (2 x latency) only for a gamma above 0). The plugin capped
# every bound it set at that value, 0 for gamma 0, and a bound of 0 is no
# bound for SimGrid's solver: on PLATFORM with a 2 us latency per link,
# three comms out of a took 47 us instead of 1.1 to 2.2 ms. Under gamma 0
# every time must equal the one under gamma 1e30 (a bound nothing
# reaches), relative 1e-9 (measured 0), for every technology; and a lone
# comm must take SMPI's time (network/optim:Full), relative 1e-6.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/latency="0s"/latency="2us"/' "$2" >"$tmp/p.xml"
run() { # GRAPH GAMMA OPTIONS...
  g=$1 gamma=$2
  shift 2
  "$bin/contention-bench-run" "$g" -platform "$tmp/p.xml" --cfg=smpi/simulate-computation:0 \
    --cfg=network/TCP-gamma:$gamma --log=root.thres:warning "$@" 2>"$tmp/err" | awk -F, 'NR > 1 { print $1, $6 }'
}
printf 'ab a b 2000000 0\nac a c 1000000 0\nad a d 1000000 0.0001\n' >"$tmp/three"
printf 'ab a b 2000000 0\n' >"$tmp/lone"
fails=0
compare() { # WHAT TOLERANCE FILE-GOT FILE-REF
  paste -d' ' "$3" "$4" | awk -v what="$1" -v tol="$2" '
    { d = ($2 - $4) / $4; if (d < 0) d = -d
      printf "%s %s: %.9g s, reference %.9g s (rel %.1e)\n", what, $1, $2, $4, d
      if (!($4 > 0 && d <= tol && $1 == $3)) bad = 1; n++ }
    END { exit bad || n == 0 }' || { fails=$((fails + 1)); cat "$tmp/err"; }
}
for tech in infiniband gige myrinet hier-ethernet infinihost; do
  run "$tmp/three" 0 --cfg=network/model:contention --cfg=contention/technology:$tech >"$tmp/got"
  run "$tmp/three" 1e30 --cfg=network/model:contention --cfg=contention/technology:$tech >"$tmp/ref"
  compare "gamma 0, $tech" 1e-9 "$tmp/got" "$tmp/ref"
done
run "$tmp/lone" 0 --cfg=network/model:SMPI --cfg=network/optim:Full >"$tmp/ref"
run "$tmp/lone" 0 --cfg=network/model:contention >"$tmp/got"
compare "gamma 0, lone, against SMPI" 1e-6 "$tmp/got" "$tmp/ref"
[ $fails -eq 0 ]
