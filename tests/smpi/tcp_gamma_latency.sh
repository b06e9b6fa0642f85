#!/bin/sh
# tcp_gamma_latency.sh BIN_DIR RATE_PROGRAM
# SimGrid bounds a comm at TCP-gamma / (2 x its route's latency) and
# re-bounds it when a link's latency changes. Hosts a..d, each with its own
# SHARED link, behind a backbone bb (1 us); lb's latency rises to 50 us
# at 1 ms and falls to 1 us at 3 ms. A lone comm a -> b (2 MB) starts at
# 1.5 ms with network/TCP-gamma 1000: the plugin kept the start's TCP
# bound as the comm's own bound, so the fall at 3 ms did not raise it and
# the comm ended at 0.21895 s instead of SMPI's 0.011469 s. Its time must
# be SMPI's (network/optim:Full), relative 1e-6 (measured 0), for every
# technology and node-link mode; so must a comm without latency change.
# RATE_PROGRAM (s4u_rate_comm): the same comm from an s4u simulator with
# Comm::set_rate 1e8 B/s, above the start's TCP bound (9.8e6 B/s), which
# hid it; the rate must still cap the comm after the fall (SMPI 0.022916 s,
# not 0.011469 s), and a rate of 5e6 B/s below it too.
set -u
. "$(dirname "$0")/against_smpi.sh"
bin=$1 rate_prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0.001 0.00005\n0.003 0.000001\n' >"$tmp/lat.txt"
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\" core=\"4\"/>"; done
  for h in a c d; do echo "  <link id=\"l$h\" bandwidth=\"1GBps\" latency=\"0s\"/>"; done
  echo '  <link id="lb" bandwidth="1GBps" latency="0s" latency_file="lat.txt"/>'
  echo '  <link id="bb" bandwidth="1000GBps" latency="1us"/>'
  for s in a b c d; do for d in a b c d; do
    [ "$s" = "$d" ] || echo "  <route src=\"$s\" dst=\"$d\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$d\"/></route>"
  done; done
  echo '</zone></platform>'
} >"$tmp/p.xml"
run() { # GRAPH-LINE OPTIONS...
  printf '%s\n' "$1" >"$tmp/graph"
  shift
  "$bin/contention-bench-run" "$tmp/graph" -platform "$tmp/p.xml" --cfg=smpi/simulate-computation:0 \
    --cfg=network/crosstraffic:0 --cfg=network/TCP-gamma:1000 --log=root.thres:warning "$@" 2>"$tmp/err" |
    awk -F, '$1 == "ab" { print $6 }'
}
fails=0
for comm in 'ab a b 2000000 0.0015' 'ab a b 2000000 0.004'; do
  ref=$(run "$comm" --cfg=network/model:SMPI --cfg=network/optim:Full)
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    for mode in penalty maxmin; do
      got=$(run "$comm" --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode)
      against_smpi "$comm: $tech $mode" "$got" "$ref"
    done
  done
done
: >"$tmp/err" # the s4u runs below keep no stderr file
for rate in 1e8 5e6; do
  ref=$("$rate_prog" "$tmp/p.xml" 0.0015 $rate --cfg=network/model:SMPI --cfg=network/optim:Full --cfg=network/crosstraffic:0 \
    --cfg=network/TCP-gamma:1000 --log=root.thres:critical | awk -F, '$1 == "ab" { print $2 }')
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    got=$("$rate_prog" "$tmp/p.xml" 0.0015 $rate --cfg=network/model:contention --cfg=contention/technology:$tech \
      --cfg=network/crosstraffic:0 --cfg=network/TCP-gamma:1000 --log=root.thres:critical | awk -F, '$1 == "ab" { print $2 }')
    against_smpi "set_rate $rate: $tech" "$got" "$ref"
  done
done
[ $fails -eq 0 ]
