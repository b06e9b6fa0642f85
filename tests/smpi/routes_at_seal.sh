#!/bin/sh
# routes_at_seal.sh PROGRAM PLATFORM...: PROGRAM (s4u_one_comm) sends 20 MiB a -> b on
# two platforms whose routes SimGrid 3.32 gives only once the root zone is
# sealed (at the start of the run): a Floyd zone whose hosts reach each
# other through a router (multi-hop routes: Floyd computes them at sealing),
# and hosts a, b, c beside a zone that no route joins (a zone of its own for
# a control host, which SimGrid accepts while no comm crosses it). The
# plugin found the node links from routes when the XML file's end was read:
# the first platform aborted ("No route from 'a' to 'b'"), the second
# crashed (SIGSEGV). The node links must now be found (a's link governed by
# the penalties) and the time be SMPI's (relative 1e-6). PLATFORM: floyd,
# unjoined (SimGrid 4.1 aborts on a route to a zone no route joins).
set -u
prog=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head='<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">'
links='<link id="la" bandwidth="1GBps" latency="10us"/><link id="lb" bandwidth="1GBps" latency="10us"/>
    <link id="lc" bandwidth="1GBps" latency="10us"/>'
hosts='<host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><host id="c" speed="1Gf"/>'
cat >"$tmp/floyd.xml" <<XML
$head
  <zone id="z" routing="Floyd">
    $hosts
    <router id="r"/>
    $links
    <route src="a" dst="r"><link_ctn id="la"/></route>
    <route src="b" dst="r"><link_ctn id="lb"/></route>
    <route src="c" dst="r"><link_ctn id="lc"/></route>
  </zone>
</platform>
XML
cat >"$tmp/unjoined.xml" <<XML
$head
  <zone id="root" routing="Full">
    <zone id="control" routing="Full"><host id="ctl" speed="1Gf"/></zone>
    <zone id="z" routing="Full">
      $hosts
      $links
      <route src="a" dst="b"><link_ctn id="la"/><link_ctn id="lb"/></route>
      <route src="a" dst="c"><link_ctn id="la"/><link_ctn id="lc"/></route>
      <route src="b" dst="c"><link_ctn id="lb"/><link_ctn id="lc"/></route>
    </zone>
  </zone>
</platform>
XML
. "$(dirname "$0")/against_smpi.sh"
fails=0
for p in "$@"; do
  for model in SMPI contention; do
    "$prog" "$tmp/$p.xml" --cfg=network/model:$model --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
      --cfg=smpi/lat-factor:0:1 --log=contention_links.thres:verbose --log=no_loc >"$tmp/$model" 2>"$tmp/err" || {
      echo "FAIL $p $model: the run failed:"; cat "$tmp/err"; fails=$((fails + 1)); continue; }
  done
  grep -q 'host a: node links out {la} in {la}' "$tmp/err" ||
    { echo "FAIL $p: a's node link not found:"; cat "$tmp/err"; fails=$((fails + 1)); }
  against_smpi "$p" "$(cat "$tmp/contention" 2>/dev/null)" "$(cat "$tmp/SMPI" 2>/dev/null)"
done
[ $fails -eq 0 ]
