#!/bin/sh
# intra_host_maxmin.sh BIN_DIR PAIR_TIMES
# Hosts a..d, each with one SHARED link (1958863858 B/s) that carries both
# its directions and its own intra-host route (a -> a crosses la), behind a
# SHARED backbone. Under contention/node-links:maxmin (and for a host whose
# node links cannot be told apart) no link is a node link, and the ledger
# hides any link whose counted comms fit in it; intra-host comms were not
# counted. Hostfile "a a b b" (pair_times 8 MB): the barrier's messages
# hid la and lb, and both intra-host comms then ran unbounded (4.8 us
# instead of 4.085 ms); "a a a b": a -> a and a -> b both ran at the full
# bandwidth of la (5.29 ms each instead of SMPI's 5.49 ms and 8.17 ms),
# la carrying twice its capacity. Every pair must take SMPI's time
# (network/optim:Full), relative 1e-6 (measured 0), for every technology
# and node-link mode.
set -u
bin=$1 prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=1958863858
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\" core=\"8\"/>"; done
  for h in a b c d; do echo "  <link id=\"l$h\" bandwidth=\"${B}Bps\" latency=\"1us\"/>"; done
  echo "  <link id=\"bb\" bandwidth=\"2938295787Bps\" latency=\"2us\"/>"
  for s in a b c d; do for d in a b c d; do
    if [ $s = $d ]; then
      echo "  <route src=\"$s\" dst=\"$s\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/></route>"
    else
      echo "  <route src=\"$s\" dst=\"$d\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$d\"/></route>"
    fi
  done; done
  echo '</zone></platform>'
} >"$tmp/plat.xml"
. "$(dirname "$0")/pairs_run.sh"
fails=0
for hosts in "a a b b" "a a a b"; do
  run "$hosts" --cfg=network/model:SMPI >"$tmp/ref"
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    for mode in maxmin penalty; do
      run "$hosts" --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode >"$tmp/got"
      paste -d, "$tmp/ref" "$tmp/got" | awk -F, -v what="[$hosts] $tech $mode" '{ d = ($6 - $3) / $3; if (d < 0) d = -d
          printf "%s pair %s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, $2, $6, $3, d; if (!($3 > 0) || d > 1e-6) bad = 1 }
          END { if (NR != 2) print what ": " NR " pairs"; exit bad || NR != 2 }' || fails=$((fails + 1))
    done
  done
done
[ $fails -eq 0 ]
