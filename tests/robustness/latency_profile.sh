#!/bin/sh
# latency_profile.sh BIN_DIR FATPIPE_PLATFORM
# A link's latency change (latency_file) must leave the contention bounds
# of the comms crossing it in force: SimGrid re-bounds each such comm at
# min(its user bound, TCP-gamma / (2 latency)), and a bound the model set
# without telling SimGrid was lost (a lone 4 MB comm took 0.62 ms instead
# of SMPI's 2.40 ms). Node links of 10 us; the sending host's link
# (la) or the receiving host's (lb) goes to 100 us at 1 ms, and back at
# 2 ms for a lone comm a -> b started at 0 (contention-bench's common
# origin is 0.4 ms here: the changes come while it runs); it stays there
# for one started at 1 ms, after the change (SimGrid 3.32 deadlocks,
# under its own SMPI model too, when a link's latency falls under a comm
# started at the higher latency). Each must take SMPI's time (relative
# 1e-6) under every technology and node-link mode; two
# comms a -> b, a -> c (penalised) must keep the times they have on the
# same platform with a static latency when the change is 10 us -> 10.01 us
# (relative 1e-4: the 10 ns only move their start).
set -u
bin=$1 fatpipe=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0 0.00001\n0.001 0.0001\n0.002 0.00001\n' >"$tmp/big.txt"
printf '0 0.00001\n0.001 0.0001\n' >"$tmp/step.txt"
printf '0 0.00001\n0.001 0.00001001\n' >"$tmp/tiny.txt"
sed 's|\(<link id="l[a-p]" bandwidth="1958863858Bps" latency="\)0s"|\110us"|' "$fatpipe" >"$tmp/static.xml"
for side in a b; do
  for prof in big step tiny; do
    sed "s|<link id=\"l$side\" \(.*\)/>|<link id=\"l$side\" \1 latency_file=\"$prof.txt\"/>|" "$tmp/static.xml" \
      >"$tmp/$prof-$side.xml"
    grep -q "latency_file=\"$prof.txt\"" "$tmp/$prof-$side.xml" || { echo "FAIL: no profile on l$side"; exit 1; }
  done
done
grep -q 'latency="10us"' "$tmp/static.xml" || { echo "FAIL: no 10 us link"; exit 1; }
printf 'ab a b 4000000 0\n' >"$tmp/at0"
printf 'ab a b 4000000 0.001\n' >"$tmp/at1ms"
printf 'ab a b 4000000 0\nac a c 4000000 0\n' >"$tmp/two"
fails=0
run() { # PLATFORM GRAPH OPTIONS... -> "id=seconds ..."
  p=$1 g=$2
  shift 2
  "$bin/contention-bench-run" "$tmp/$g" -platform "$tmp/$p" --cfg=smpi/simulate-computation:0 \
    --log=root.thres:warning "$@" 2>"$tmp/err" | awk -F, 'NR > 1 { printf "%s=%s ", $1, $6 }'
}
same() { # WHAT GOT REF TOL
  echo "$2|$3" | awk -F'|' -v what="$1" -v tol="$4" '{
    n = split($1, g, /[ =]+/); m = split($2, r, /[ =]+/)
    if (n != m || n < 2) { printf "%s: got \"%s\", reference \"%s\"\n", what, $1, $2; exit 1 }
    for (i = 2; i <= n; i += 2) { d = (g[i] - r[i]) / r[i]; if (d < 0) d = -d
      printf "%s %s: %.9g s, reference %.9g s (rel %.1e)\n", what, g[i - 1], g[i], r[i], d
      if (!(r[i] > 0) || d > tol) bad = 1 }
    exit bad }' || { fails=$((fails + 1)); cat "$tmp/err"; }
}
for side in a b; do
  for g in at0 at1ms; do
    prof=big
    [ $g = at1ms ] && prof=step
    ref=$(run "$prof-$side.xml" $g --cfg=network/model:SMPI)
    for tech in infiniband gige myrinet hier-ethernet; do
      for mode in penalty maxmin; do
        got=$(run "$prof-$side.xml" $g --cfg=network/model:contention --cfg=contention/technology:$tech \
          --cfg=contention/node-links:$mode)
        same "l$side $g $tech $mode" "$got" "$ref" 1e-6
      done
    done
  done
  for tech in infiniband gige; do
    ref=$(run static.xml two --cfg=network/model:contention --cfg=contention/technology:$tech)
    got=$(run "tiny-$side.xml" two --cfg=network/model:contention --cfg=contention/technology:$tech)
    same "l$side two comms $tech" "$got" "$ref" 1e-4
  done
done
[ $fails -eq 0 ]
