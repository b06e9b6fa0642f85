#!/bin/sh
# bw_profile.sh BIN_DIR PLATFORM TECHNOLOGY PENALTY
# A link whose bandwidth changes mid-flight (bandwidth_file profile) must
# reach the model: on bw-profile.xml host a's link drops from B to B/2 at
# 4 ms and comes back at 8 ms. A lone 20 MiB comm a -> b (penalty 1) and two
# comms a -> b, a -> c (PENALTY, the technology's out-conflict of two) must
# end when the integral of B(t) / penalty reaches 20 MiB, under
# network/model:contention (relative 5e-6; measured 1.6e-6); the lone comm also under SMPI.
set -u
bin=$1 platform=$2 tech=$3 penalty=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'ab a b 20MiB 0\n' >"$tmp/one"
printf 'ab a b 20MiB 0\nac a c 20MiB 0\n' >"$tmp/two"
fails=0
# expected PENALTY: finish time of 20 MiB at B(t) / PENALTY.
expected() {
  awk -v p="$1" 'BEGIN { B = 1958863858; left = 20971520; t = 0
    n = split("0.004 0.008 1e9", end, " "); split("1 0.5 1", f, " ")
    for (i = 1; i <= n; i++) { r = B * f[i] / p; d = end[i] - t
      if (left <= r * d) { printf "%.9g", t + left / r; exit }
      left -= r * d; t = end[i] } }'
}
check() { # MODEL GRAPH PENALTY
  "$bin/contention-bench-run" "$tmp/$2" -platform "$platform" --cfg=network/model:"$1" \
    --cfg=contention/technology:"$tech" --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
    --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:0 --log=root.thres:warning >"$tmp/out" 2>"$tmp/err" || {
    echo "FAIL: smpirun under $1 failed:"; cat "$tmp/err"; fails=$((fails + 1)); return; }
  want=$(expected "$3")
  awk -F, -v w="$want" -v what="$1 $2 ($tech)" 'NR > 1 { d = ($6 - w) / w; if (d < 0) d = -d
      printf "%s %s: %.9g, expected %.9g (rel %.1e)\n", what, $1, $6, w, d; if (d > 5e-6) bad = 1 }
      END { exit bad }' "$tmp/out" || fails=$((fails + 1))
}
check SMPI one 1
check contention one 1
check contention two "$penalty"
[ $fails -eq 0 ]
