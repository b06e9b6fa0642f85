#!/bin/sh
# traced_shared_node_links.sh BIN_DIR PAIR_TIMES
# Under tracing/platform the node links are made FATPIPE for SimGrid's
# solver instead of hidden. A node link that carries both directions (a
# limiter, a SHARED private link) became FATPIPE too, and nothing held the
# two directions' sum at its bandwidth: h0 -> h1 beside h1 -> h0 (8 MB
# each, links of 100 MB/s) each ran at 100 MB/s, 0.08 s, through limiters
# of 150 MB/s (untraced: 0.106667 s) or SHARED links of 100 MB/s
# (untraced: 0.16 s). Tracing must not move a time: traced and untraced
# agree, relative 1e-6, for every technology, and the untraced times are
# the capacities' ones (relative 1e-5: pair_times adds 2e-7 s).
set -u
bin=$1 prog=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/pairs_run.sh"
fails=0
for variant in "limiter 0.106666667" "shared 0.16"; do
  set -- $variant
  want=$2
  # A zone, not a <cluster>: SimGrid 4.x's platform tracer crashes on a
  # <cluster> whatever the network model.
  {
    echo "<?xml version='1.0'?>"
    echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
    echo '<platform version="4.1"><zone id="z" routing="Full">'
    for h in h0 h1; do
      echo "  <host id=\"$h\" speed=\"1Gf\"/>"
      case $1 in
        limiter)
          echo "  <link id=\"${h}_l\" bandwidth=\"100MBps\" latency=\"0s\" sharing_policy=\"SPLITDUPLEX\"/>"
          echo "  <link id=\"${h}_lim\" bandwidth=\"150MBps\" latency=\"0s\"/>" ;;
        shared) echo "  <link id=\"${h}_l\" bandwidth=\"100MBps\" latency=\"0s\"/>" ;;
      esac
    done
    for p in "h0 h1" "h1 h0"; do
      set -- $variant $p
      case $1 in
        limiter) links="<link_ctn id=\"$3_l\" direction=\"UP\"/><link_ctn id=\"$3_lim\"/><link_ctn id=\"$4_lim\"/><link_ctn id=\"$4_l\" direction=\"DOWN\"/>" ;;
        shared) links="<link_ctn id=\"$3_l\"/><link_ctn id=\"$4_l\"/>" ;;
      esac
      echo "  <route src=\"$3\" dst=\"$4\" symmetrical=\"NO\">$links</route>"
    done
    echo '</zone></platform>'
  } >"$tmp/plat.xml"
  set -- $variant
  for tech in infiniband gige myrinet hier-ethernet infinihost; do
    run "h0 h1 h1 h0" --cfg=network/model:contention --cfg=contention/technology:$tech >"$tmp/plain"
    run "h0 h1 h1 h0" --cfg=network/model:contention --cfg=contention/technology:$tech --cfg=tracing:yes \
      --cfg=tracing/platform:yes --cfg=tracing/filename:"$tmp/t.paje" >"$tmp/traced"
    paste -d, "$tmp/plain" "$tmp/traced" | awk -F, -v tech=$tech -v v=$1 -v want=$want '
      function rel(g, r) { d = (g - r) / r; return d < 0 ? -d : d }
      { printf "%s %s pair %s: traced %.9g s, untraced %.9g s (want %s)\n", v, tech, $2, $6, $3, want
        if (!($3 > 0) || rel($6, $3) > 1e-6 || rel($3, want) > 1e-5) bad = 1 }
      END { if (NR != 2) print v " " tech ": " NR " pairs"; exit bad || NR != 2 }' || fails=$((fails + 1))
  done
done
[ $fails -eq 0 ]
