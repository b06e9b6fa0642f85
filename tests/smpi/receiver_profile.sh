#!/bin/sh
# receiver_profile.sh BIN_DIR PLATFORM: bw-profile.xml with the bandwidth
# profile (no event at t = 0) moved from the sender's link (la) to the
# receiver's (lb): B halves from 4 ms to 8 ms. A comm's variable dropped
# its hidden links but the first (contention/detach-hidden-links), so no
# variable held lb, and SimGrid ran past its changes: a lone 20 MiB comm
# a -> b ended at 10.7 ms (B throughout) instead of 12.7 ms. A link with a
# profile now stays in the variables (compat::link_has_profile). Under
# every technology and node-link mode it must end when the integral of
# B(t) reaches 20 MiB, as under SMPI (relative 5e-6, as bw_profile.sh).
set -u
bin=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/receiver_profile_setup.sh"
printf 'ab a b 20MiB 0\n' >"$tmp/one"
fails=0
check() { # WHAT OPTIONS...
  what=$1
  shift
  "$bin/contention-bench-run" "$tmp/one" -platform "$tmp/plat.xml" --cfg=network/crosstraffic:0 \
    --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:0 --log=root.thres:warning \
    "$@" >"$tmp/out" 2>"$tmp/err" || { echo "FAIL $what: the run failed:"; cat "$tmp/err"; fails=$((fails + 1)); return; }
  awk -F, -v w="$want" -v what="$what" 'NR > 1 { d = ($6 - w) / w; if (d < 0) d = -d
      printf "%s: %.9g s, expected %.9g s (rel %.1e)\n", what, $6, w, d; if (d > 5e-6) bad = 1 }
      END { exit bad }' "$tmp/out" || fails=$((fails + 1))
}
check SMPI --cfg=network/model:SMPI
for tech in infiniband gige myrinet hier-ethernet infinihost; do
  for mode in penalty maxmin; do
    check "$tech $mode" --cfg=network/model:contention --cfg=contention/technology:$tech \
      --cfg=contention/node-links:$mode
  done
done
[ $fails -eq 0 ]
