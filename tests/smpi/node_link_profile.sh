#!/bin/sh
# node_link_profile.sh BIN_DIR FATPIPE_PLATFORM
# A node link's bandwidth profile reaches a lone comm a -> b at the instant
# of each change, on the sending host's link (la) and on the receiving
# host's (lb), for every technology and both node-link modes: its time must
# be SMPI's (relative 1e-6). Profile: B at 0, B / 2 from 0.5 ms, B again
# from 1.5 ms. Two comms of 4 MB: one starting at 0 (the dip comes while
# it runs: 2.67 ms instead of 2.17 ms), one starting at 1 ms, inside the
# dip (SimGrid 3.32's SMPI model keeps the bound it gave the comm at its
# start, the link's bandwidth then, and the contention model keeps it too),
# and the same after a 1000 B comm c -> d at 0.7 ms ("inside2": its flush
# hid the link again, so SimGrid bounded ab with the hidden link's 1e15
# B/s: ab sped up when the dip ended, 3.42 ms instead of SMPI's 5.34 ms).
# The contention model leaves a released node link out of the comms'
# max-min variables, and SimGrid lets time pass over a profile event of a
# link no variable holds: a link whose bandwidth changed stays in them.
set -u
. "$(dirname "$0")/against_smpi.sh"
bin=$1 fatpipe=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '0 1958863858\n0.0005 979431929\n0.0015 1958863858\n' >"$tmp/dip.txt"
for side in a b; do
  sed "s|<link id=\"l$side\" \(.*\)/>|<link id=\"l$side\" \1 bandwidth_file=\"dip.txt\"/>|" "$fatpipe" >"$tmp/dip-$side.xml"
  grep -q 'bandwidth_file="dip.txt"' "$tmp/dip-$side.xml" || { echo "FAIL: no profile on l$side"; exit 1; }
done
printf 'ab a b 4000000 0\n' >"$tmp/during"
printf 'ab a b 4000000 0.001\n' >"$tmp/inside"
printf 'cd c d 1000 0.0007\nab a b 4000000 0.001\n' >"$tmp/inside2"
fails=0
run() { # PLATFORM GRAPH OPTIONS...
  p=$1 g=$2
  shift 2
  "$bin/contention-bench-run" "$tmp/$g" -platform "$tmp/$p" --cfg=smpi/simulate-computation:0 \
    --log=root.thres:warning "$@" 2>"$tmp/err" | awk -F, '$1 == "ab" { print $6 }'
}
for side in a b; do
  for g in during inside inside2; do
    ref=$(run "dip-$side.xml" $g --cfg=network/model:SMPI)
    for tech in infiniband gige myrinet hier-ethernet; do
      for mode in penalty maxmin; do
        got=$(run "dip-$side.xml" $g --cfg=network/model:contention --cfg=contention/technology:$tech \
          --cfg=contention/node-links:$mode)
        against_smpi "l$side $g $tech $mode" "$got" "$ref"
      done
    done
  done
done
[ $fails -eq 0 ]
