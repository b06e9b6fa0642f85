#!/bin/sh
# tcp_bound_penalty.sh BIN_DIR CLUSTER_PLATFORM
# A comm whose links are all hidden runs under the bound min(b0, B) with
# the rate factor d / min(b0, B); SimGrid's TCP window bound (TCP-gamma /
# 2 latency) was applied to that bound, so a comm held by it got the
# penalty's factor on top: two 2e9-byte comms into n2 over node links of
# 1e12 B/s and 100 us of route latency (TCP bound 2.1e10 B/s, B / 2 =
# 5e11 B/s) ended at 0.190834874 s, SMPI's at 0.0954674415 s. Each must
# take SMPI's time, relative 1e-6 (measured 0), with the backbone SHARED
# (hidden) and FATPIPE (in the solver).
set -u
bin=$1 cluster=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
. "$(dirname "$0")/against_smpi.sh"
printf 'ab n0 n2 2000000000 0\ncb n1 n2 2000000000 0\n' >"$tmp/two"
for bb in SHARED FATPIPE; do
  sed -e 's/bw="1958863858Bps" lat="0s"/bw="1e12Bps" lat="50us"/' -e 's/bb_bw="1TBps"/bb_bw="1e20Bps"/' \
    -e "s/bb_sharing_policy=\"FATPIPE\"/bb_sharing_policy=\"$bb\"/" "$cluster" >"$tmp/p.xml"
  for model in SMPI contention; do
    "$bin/contention-bench-run" "$tmp/two" -platform "$tmp/p.xml" --cfg=smpi/simulate-computation:0 \
      --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:warning \
      --cfg=network/model:$model 2>"$tmp/err" | awk -F, 'NR > 1 { print $1, $6 }' >"$tmp/$model"
  done
  for id in ab cb; do
    against_smpi "backbone $bb, comm $id" "$(awk -v id=$id '$1 == id { print $2 }' "$tmp/contention")" \
      "$(awk -v id=$id '$1 == id { print $2 }' "$tmp/SMPI")"
  done
done
[ $fails -eq 0 ]
