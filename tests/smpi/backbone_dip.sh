#!/bin/sh
# backbone_dip.sh BIN_DIR
# Hosts a..f, each with its own link (1958863858 B/s), behind a backbone
# bb (1.5 times that) whose profile dips to 979431929 B/s from 1 ms, 0.5
# times that from 2 ms, 1958863858 B/s from 3 ms, 300000000 B/s from 4 ms,
# 1958863858 B/s from 6 ms. A lone comm a -> b (8 MiB) starts at 1.2 ms,
# inside the first dip, while the ledger hides bb (the benchmark's code
# is timed, at smpi/host-speed 1f, so that its messages overlap the
# dip's start: with simulate-computation off they do not, and bb is
# visible): SimGrid bounded the comm with bb's 1e15 B/s, and after the
# dips the comm ran at the node links' bandwidth where SMPI keeps the
# bound it gave the comm at its start (8.58 ms instead of 12.24 ms with
# SMPI's factors). b0 is now capped by the real bandwidth of every link
# of the route. The comm must take SMPI's time (network/optim:Full),
# relative 1e-6 (measured 0), for every technology and node-link mode,
# with SMPI's factors and with factors 1.
set -u
. "$(dirname "$0")/against_smpi.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=1958863858
printf '0.001 979431929\n0.002 489715964\n0.003 1958863858\n0.004 300000000\n0.006 1958863858\n' >"$tmp/dip.txt"
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d e f; do echo "  <host id=\"$h\" speed=\"1Gf\" core=\"8\"/>"; done
  for h in a b c d e f; do echo "  <link id=\"l$h\" bandwidth=\"${B}Bps\" latency=\"1us\"/>"; done
  echo "  <link id=\"bb\" bandwidth=\"2938295787Bps\" latency=\"2us\" bandwidth_file=\"dip.txt\"/>"
  for s in a b c d e f; do for d in a b c d e f; do
    [ $s = $d ] || echo "  <route src=\"$s\" dst=\"$d\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$d\"/></route>"
  done; done
  echo '</zone></platform>'
} >"$tmp/plat.xml"
printf 'ab a b 8MiB 0.0012\n' >"$tmp/graph"
fails=0
for factors in smpi one; do
  opts="--cfg=network/crosstraffic:0"
  [ $factors = one ] && opts="$opts --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1"
  run() {
    "$bin/contention-bench-run" "$tmp/graph" -platform "$tmp/plat.xml" $opts --cfg=smpi/host-speed:1f \
      --cfg=network/optim:Full --log=root.thres:warning "$@" 2>"$tmp/err" | awk -F, '$1 == "ab" { print $6 }'
  }
  ref=$(run --cfg=network/model:SMPI)
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    for mode in penalty maxmin; do
      got=$(run --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode)
      against_smpi "factors $factors, $tech $mode" "$got" "$ref"
    done
  done
done
[ $fails -eq 0 ]
