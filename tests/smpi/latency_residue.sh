#!/bin/sh
# latency_residue.sh PROGRAM: PROGRAM (s4u_one_comm) sends 20 MiB a -> b
# (a's link 100 MB/s binds) while b's link latency goes 10 us -> 100 us ->
# 1 us -> 0 (latency_file). SimGrid keeps a comm's route latency as a sum of
# the changes, which ends a little below 0, and re-bounds the comm at
# TCP-gamma over twice that: a negative bound, no bound. SMPI's links still
# limit the comm; under contention the node links are hidden from the
# solver and the comm ended at the last change (0.03 s, not 0.2 s). Its time
# must be SMPI's (relative 1e-6), for both node-link modes.
set -u
prog=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.01 0.0001\n0.02 0.000001\n0.03 0\n' >"$tmp/lb.lat"
cat >"$tmp/plat.xml" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><host id="c" speed="1Gf"/>
    <link id="la" bandwidth="100MBps" latency="0s"/>
    <link id="lb" bandwidth="125MBps" latency="10us" latency_file="lb.lat"/>
    <link id="lc" bandwidth="125MBps" latency="0s"/>
    <route src="a" dst="b"><link_ctn id="la"/><link_ctn id="lb"/></route>
    <route src="a" dst="c"><link_ctn id="la"/><link_ctn id="lc"/></route>
    <route src="b" dst="c"><link_ctn id="lb"/><link_ctn id="lc"/></route>
  </zone>
</platform>
XML
. "$(dirname "$0")/against_smpi.sh"
fails=0
run() { # OUT CFG...
  out=$1
  shift
  "$prog" "$tmp/plat.xml" --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
    --cfg=network/optim:Full --log=root.thres:warning "$@" >"$tmp/$out" 2>"$tmp/err" ||
    { echo "FAIL: the run $* failed:"; cat "$tmp/err"; fails=$((fails + 1)); }
}
run SMPI --cfg=network/model:SMPI
for mode in penalty maxmin; do
  run $mode --cfg=network/model:contention --cfg=contention/node-links:$mode
  against_smpi "node-links:$mode" "$(cat "$tmp/$mode")" "$(cat "$tmp/SMPI")"
done
[ $fails -eq 0 ]
