#!/bin/sh
# maxmin_node_bandwidth.sh BIN_DIR PAIR_TIMES
# Hosts a, b, c, d with SPLITDUPLEX links of 1 GB/s; a and b reach c and d
# through an uplink of 200 MB/s, a -> b does not cross it. Hostfile
# "a b a c" (pair_times 8 MB): a sends to b and to c at once, penalty 2
# (infiniband). Under contention/node-links:maxmin B, which the penalties
# divide, was the route's bottleneck, the uplink: a -> c ran at 100 MB/s
# while a -> b ran (48 ms instead of SMPI's 40 ms), where a's own link
# carried 700 MB/s and the uplink half its capacity. B is what a comm
# gets alone on its hosts' own links in both modes: a -> c takes SMPI's
# time (the uplink is its only limit) and a -> b the same time in both
# modes, relative 1e-6, for every technology.
set -u
bin=$1 prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\"/>"; done
  for h in a b c d; do echo "  <link id=\"l$h\" bandwidth=\"1GBps\" latency=\"1us\" sharing_policy=\"SPLITDUPLEX\"/>"; done
  echo '  <link id="up" bandwidth="200MBps" latency="1us"/>'
  for p in "a b" "c d" "a c" "a d" "b c" "b d"; do
    set -- $p
    mid=
    case "$p" in "a b" | "c d") ;; *) mid='<link_ctn id="up"/>' ;; esac
    echo "  <route src=\"$1\" dst=\"$2\" symmetrical=\"NO\"><link_ctn id=\"l$1\" direction=\"UP\"/>$mid<link_ctn id=\"l$2\" direction=\"DOWN\"/></route>"
    echo "  <route src=\"$2\" dst=\"$1\" symmetrical=\"NO\"><link_ctn id=\"l$2\" direction=\"UP\"/>$mid<link_ctn id=\"l$1\" direction=\"DOWN\"/></route>"
  done
  echo '</zone></platform>'
} >"$tmp/plat.xml"
. "$(dirname "$0")/pairs_run.sh"
fails=0
hosts="a b a c"
run "$hosts" --cfg=network/model:SMPI >"$tmp/ref"
for tech in infiniband gige myrinet hier-ethernet infinihost; do
  run "$hosts" --cfg=network/model:contention --cfg=contention/technology:$tech >"$tmp/penalty"
  run "$hosts" --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=contention/node-links:maxmin >"$tmp/maxmin"
  paste -d, "$tmp/ref" "$tmp/penalty" "$tmp/maxmin" | awk -F, -v tech=$tech '
    function rel(g, r) { d = (g - r) / r; return d < 0 ? -d : d }
    $2 == 1 { d = rel($9, $3); printf "%s a -> c: maxmin %.9g s, SMPI %.9g s (rel %.1e)\n", tech, $9, $3, d; if (!($3 > 0) || d > 1e-6) bad = 1
              d = rel($6, $3); printf "%s a -> c: penalty %.9g s, SMPI %.9g s (rel %.1e)\n", tech, $6, $3, d; if (d > 1e-6) bad = 1 }
    $2 == 0 { d = rel($9, $6); printf "%s a -> b: maxmin %.9g s, penalty %.9g s (rel %.1e)\n", tech, $9, $6, d; if (!($6 > 0) || d > 1e-6) bad = 1 }
    END { if (NR != 2) print tech ": " NR " pairs"; exit bad || NR != 2 }' || fails=$((fails + 1))
done
[ $fails -eq 0 ]
