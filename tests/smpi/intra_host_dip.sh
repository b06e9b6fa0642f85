#!/bin/sh
# intra_host_dip.sh BIN_DIR PAIR_TIMES
# An intra-host comm (two ranks of host a, pair_times 8 MB) whose route
# crosses a's own SHARED link, whose profile gives B / 2 from 0 and B
# (1958863858 B/s) from 2 ms: the comm starts inside the dip, and SMPI
# keeps it at the bound it got at its start, B / 2 (8.17 ms). SimGrid
# bounded it with the hidden link's 1e15 B/s, and the plugin then let it
# follow the link back up to B at 2 ms (5.08 ms); its bound is now capped
# at its route's real bandwidth at the start, as an inter-host comm's.
# Alone, and beside a -> b (hostfile "a a a b"), every technology and
# node-link mode must give SMPI's times (network/optim:Full), relative
# 1e-6 (measured 0).
set -u
bin=$1 prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=1958863858
printf '0 %s\n0.002 %s\n' $((B / 2)) $B >"$tmp/dip.txt"
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c; do echo "  <host id=\"$h\" speed=\"1Gf\" core=\"8\"/>"; done
  echo "  <link id=\"la\" bandwidth=\"${B}Bps\" latency=\"1us\" bandwidth_file=\"dip.txt\"/>"
  for h in b c; do echo "  <link id=\"l$h\" bandwidth=\"${B}Bps\" latency=\"1us\"/>"; done
  for s in a b c; do for d in a b c; do
    if [ $s = $d ]; then
      echo "  <route src=\"$s\" dst=\"$s\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/></route>"
    else
      echo "  <route src=\"$s\" dst=\"$d\" symmetrical=\"NO\"><link_ctn id=\"l$s\"/><link_ctn id=\"l$d\"/></route>"
    fi
  done; done
  echo '</zone></platform>'
} >"$tmp/plat.xml"
. "$(dirname "$0")/pairs_run.sh"
fails=0
for hosts in "a a" "a a a b"; do
  run "$hosts" --cfg=network/model:SMPI >"$tmp/ref"
  pairs=$(($(echo $hosts | wc -w) / 2))
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    for mode in penalty maxmin; do
      run "$hosts" --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:$mode >"$tmp/got"
      paste -d, "$tmp/ref" "$tmp/got" | awk -F, -v what="[$hosts] $tech $mode" -v pairs=$pairs '{ d = ($6 - $3) / $3; if (d < 0) d = -d
          printf "%s pair %s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, $2, $6, $3, d; if (!($3 > 0) || d > 1e-6) bad = 1 }
          END { if (NR != pairs) print what ": " NR " pairs"; exit bad || NR != pairs }' || fails=$((fails + 1))
    done
  done
done
[ $fails -eq 0 ]
