#!/bin/sh
# tcp_gamma_zero_latency.sh BIN_DIR PAIR_TIMES
# Under network/TCP-gamma:0, SimGrid 3.32's Link::set_latency re-bounds
# each comm of the link at min(its bound, 0 / (2 x latency)) = 0, which is
# no bound at all (4.0 and 4.1 leave the bound alone when gamma is 0). The
# plugin's bound went with it: two 1 MB comms out of host a, whose node
# link (100 MB/s) is hidden from the solver, ended at the latency change
# at 1 ms (2 GB/s through a 100 MB/s link) instead of at 20 ms. Under
# gamma 0 every time must equal the one under the default gamma (whose TCP
# bound, 1e11 B/s here, binds nothing), relative 1e-9, for every
# technology and both node-link modes; under infiniband (penalty 2, each
# comm at B / 2) it must be SMPI's time, relative 1e-6.
set -u
bin=$1 prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.001 20e-6\n' >"$tmp/la.lat"
printf 'a\nb\na\nc\n' >"$tmp/hosts"
cat >"$tmp/plat.xml" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf" core="2"/><host id="b" speed="1Gf"/><host id="c" speed="1Gf"/>
    <link id="la" bandwidth="100MBps" latency="10us" sharing_policy="SPLITDUPLEX" latency_file="la.lat"/>
    <link id="lb" bandwidth="100MBps" latency="10us" sharing_policy="SPLITDUPLEX"/>
    <link id="lc" bandwidth="100MBps" latency="10us" sharing_policy="SPLITDUPLEX"/>
    <route src="a" dst="b"><link_ctn id="la" direction="UP"/><link_ctn id="lb" direction="DOWN"/></route>
    <route src="a" dst="c"><link_ctn id="la" direction="UP"/><link_ctn id="lc" direction="DOWN"/></route>
    <route src="b" dst="c"><link_ctn id="lb" direction="UP"/><link_ctn id="lc" direction="DOWN"/></route>
  </zone>
</platform>
XML
. "$(dirname "$0")/against_smpi.sh"
fails=0
run() { # GAMMA CFG... -> the pairs' times, one per line
  gamma=$1
  shift
  "$bin/smpirun" -np 4 -platform "$tmp/plat.xml" -hostfile "$tmp/hosts" --cfg=network/optim:Full \
    --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:0 \
    --cfg=network/TCP-gamma:"$gamma" --log=root.thres:critical "$@" "$prog" 1000000 2>"$tmp/err" |
    awk -F, '/^pair,/ { print $3 }' | sort
}
run 0 --cfg=network/model:SMPI >"$tmp/smpi"
[ "$(wc -l <"$tmp/smpi")" -eq 2 ] || { echo "FAIL: the SMPI run gave no times"; cat "$tmp/err"; exit 1; }
for tech in infiniband gige myrinet hier-ethernet infinihost; do
  for mode in penalty maxmin; do
    cfg="--cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode"
    run 0 $cfg >"$tmp/zero"
    run 4194304 $cfg >"$tmp/ref"
    paste -d' ' "$tmp/zero" "$tmp/ref" | awk -v what="$tech $mode" '
      { d = ($1 - $2) / $2; if (d < 0) d = -d
        printf "%s: gamma 0 %.9g s, default gamma %.9g s (rel %.1e)\n", what, $1, $2, d
        if (!($2 > 0 && d <= 1e-9)) bad = 1; n++ }
      END { exit bad || n != 2 }' || { fails=$((fails + 1)); cat "$tmp/err"; }
    if [ $tech = infiniband ]; then
      for i in 1 2; do
        against_smpi "$tech $mode, gamma 0, comm $i" "$(sed -n ${i}p "$tmp/zero")" "$(sed -n ${i}p "$tmp/smpi")"
      done
    fi
  done
done
[ $fails -eq 0 ]
