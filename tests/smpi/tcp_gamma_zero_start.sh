#!/bin/sh
# tcp_gamma_zero_start.sh BIN_DIR PAIR_TIMES
# A lone 1 MB comm a -> b (or between two ranks of a, up and down a's
# link) starts while a's link is at 100 MB/s; the link rises to 1 GB/s at
# 2 ms. SMPI bounds a comm at its route's slowest link at the start,
# min'ed with TCP-gamma / (2 x latency); SimGrid 3.32 does so under
# network/TCP-gamma:0 too, a bound of 0, which is no bound: the comm
# follows the rise (2.77 ms), where 4.0 and 4.1 keep the bound of the
# start (10.02 ms). The plugin kept the start's bound under 3.32 as well
# (10.02 ms, the intra-host comm too). Under gamma 0 and under the default
# gamma, the comm's time must be SMPI's of the same release (relative
# 1e-6), for every technology and both node-link modes.
set -u
bin=$1 prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.002 1000000000\n' >"$tmp/la.bw"
printf 'a\nb\n' >"$tmp/ab"
printf 'a\na\n' >"$tmp/aa"
cat >"$tmp/plat.xml" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf" core="2"/><host id="b" speed="1Gf"/>
    <link id="la" bandwidth="100MBps" latency="10us" sharing_policy="SPLITDUPLEX" bandwidth_file="la.bw"/>
    <link id="lb" bandwidth="1GBps" latency="10us" sharing_policy="SPLITDUPLEX"/>
    <route src="a" dst="a"><link_ctn id="la" direction="UP"/><link_ctn id="la" direction="DOWN"/></route>
    <route src="a" dst="b"><link_ctn id="la" direction="UP"/><link_ctn id="lb" direction="DOWN"/></route>
  </zone>
</platform>
XML
. "$(dirname "$0")/against_smpi.sh"
fails=0
run() { # HOSTS GAMMA CFG... -> the comm's time
  hosts=$1 gamma=$2
  shift 2
  "$bin/smpirun" -np 2 -platform "$tmp/plat.xml" -hostfile "$tmp/$hosts" --cfg=network/optim:Full \
    --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:0 \
    --cfg=network/TCP-gamma:"$gamma" --log=root.thres:critical "$@" "$prog" 1000000 2>"$tmp/err" |
    awk -F, '/^pair,/ { print $3 }'
}
for hosts in ab aa; do
  for gamma in 0 4194304; do
    ref=$(run $hosts $gamma --cfg=network/model:SMPI)
    for tech in infiniband gige myrinet hier-ethernet infinihost; do
      for mode in penalty maxmin; do
        against_smpi "$hosts, gamma $gamma, $tech, $mode" "$(run $hosts $gamma --cfg=network/model:contention \
          --cfg=contention/technology:$tech --cfg=contention/node-links:$mode)" "$ref"
      done
    done
  done
done
[ $fails -eq 0 ]
