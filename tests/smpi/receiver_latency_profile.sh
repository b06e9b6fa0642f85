#!/bin/sh
# receiver_latency_profile.sh BIN_DIR
# A latency profile on the receiver's node link, whose first event (10 us
# -> 2 ms at 1 ms) comes while a lone 1 MB comm a -> b runs: the comm must
# take SMPI's time under every technology and node-link mode (measured:
# equal; tolerance 1e-6). No comm's variable held the link
# (contention/detach-hidden-links), so SimGrid ran past the change and the
# comm ended at 1.30 ms instead of 1.93 ms.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.001 0.002\n' >"$tmp/rise.txt"
{
  echo "<?xml version='1.0'?><!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">"
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b; do echo "<host id=\"$h\" speed=\"1Gf\" core=\"1\"/>"; done
  echo '<link id="la" bandwidth="1GBps" latency="10us" sharing_policy="SPLITDUPLEX"/>'
  echo '<link id="lb" bandwidth="1GBps" latency="10us" sharing_policy="SPLITDUPLEX" latency_file="rise.txt"/>'
  echo '<route src="a" dst="b" symmetrical="NO"><link_ctn id="la" direction="UP"/><link_ctn id="lb" direction="DOWN"/></route>'
  echo '<route src="b" dst="a" symmetrical="NO"><link_ctn id="lb" direction="UP"/><link_ctn id="la" direction="DOWN"/></route>'
  echo '</zone></platform>'
} >"$tmp/p.xml"
printf 'ab a b 1000000 0\n' >"$tmp/g"
run() {
  "$bin/contention-bench-run" "$tmp/g" -platform "$tmp/p.xml" --cfg=smpi/simulate-computation:0 \
    --log=root.thres:warning "$@" 2>"$tmp/err" |
    awk -F, '$1 == "ab" { print $6 }'
}
ref=$(run --cfg=network/model:SMPI)
fails=0
for tech in infiniband gige myrinet hier-ethernet infinihost; do
  for mode in penalty maxmin; do
    got=$(run --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode)
    awk -v g="$got" -v r="$ref" -v what="$tech $mode" 'BEGIN { d = (g - r) / r; if (d < 0) d = -d
      printf "%s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, g, r, d; exit !(r > 0 && d <= 1e-6) }' ||
      { fails=$((fails + 1)); cat "$tmp/err"; }
  done
done
[ $fails -eq 0 ]
