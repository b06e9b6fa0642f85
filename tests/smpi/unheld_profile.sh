#!/bin/sh
# unheld_profile.sh BIN_DIR
# SimGrid applies a profile event of a link that no comm's variable holds
# without stopping at its date, so the change and the next comm start
# reach the plugin in one flush. Hosts a..d, each with its own FATPIPE
# link, behind a backbone bb. The benchmark's barrier sends a -> b at 0,
# then a lone comm a -> b (2 MB) starts at 1.5 ms:
#  - rise: bb (0.8 GB/s) rises to 2 GB/s from 1 ms to 3 ms;
#  - node: la (1 GB/s, lb 3 GB/s, bb 10 GB/s) rises to 2 GB/s from 1 ms.
# The start read a -> b's bottleneck and a's link bandwidth as kept before
# the change (0.8 GB/s, 1 GB/s): the comm ended at 4.169 ms instead of
# SMPI's 3.803 ms (rise) and at 3.638 ms instead of 2.575 ms (node). Its
# time must be SMPI's (network/optim:Full), relative 1e-6 (measured 0),
# for every technology and node-link mode.
set -u
. "$(dirname "$0")/against_smpi.sh"
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.001 2000000000\n0.003 800000000\n' >"$tmp/rise.txt"
printf '0.001 2000000000\n' >"$tmp/node.txt"
platform() { # NAME LA_ATTRS LB_BW BB_ATTRS
  {
    echo "<?xml version='1.0'?>"
    echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
    echo '<platform version="4.1"><zone id="z" routing="Full">'
    for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\" core=\"4\"/>"; done
    echo "  <link id=\"la\" sharing_policy=\"FATPIPE\" latency=\"0s\" $2/>"
    echo "  <link id=\"lb\" sharing_policy=\"FATPIPE\" latency=\"0s\" bandwidth=\"$3\"/>"
    for h in c d; do echo "  <link id=\"l$h\" sharing_policy=\"FATPIPE\" latency=\"0s\" bandwidth=\"1GBps\"/>"; done
    echo "  <link id=\"bb\" latency=\"1us\" $4/>"
    for s in a b c d; do for d in a b c d; do
      [ "$s" = "$d" ] || echo "  <route src=\"$s\" dst=\"$d\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$d\"/></route>"
    done; done
    echo '</zone></platform>'
  } >"$tmp/$1.xml"
}
platform rise 'bandwidth="1GBps"' 1GBps 'bandwidth="0.8GBps" bandwidth_file="rise.txt"'
platform node 'bandwidth="1GBps" bandwidth_file="node.txt"' 3GBps 'bandwidth="10GBps"'
printf 'ab a b 2000000 0.0015\n' >"$tmp/graph"
run() { # PLATFORM OPTIONS...
  p=$1
  shift
  "$bin/contention-bench-run" "$tmp/graph" -platform "$tmp/$p.xml" --cfg=smpi/simulate-computation:0 \
    --cfg=network/crosstraffic:0 --log=root.thres:warning "$@" 2>"$tmp/err" | awk -F, '$1 == "ab" { print $6 }'
}
fails=0
for p in rise node; do
  ref=$(run $p --cfg=network/model:SMPI --cfg=network/optim:Full)
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    for mode in penalty maxmin; do
      got=$(run $p --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode)
      against_smpi "$p $tech $mode" "$got" "$ref"
    done
  done
done
[ $fails -eq 0 ]
