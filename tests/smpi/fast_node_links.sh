#!/bin/sh
# fast_node_links.sh BIN_DIR FATPIPE_PLATFORM CLUSTER_PLATFORM
# Links the plugin hides from SimGrid's solver were all given 1e15 B/s, a
# bandwidth meant to be far above any comm's rate. A node link faster than
# that then held its comms at 1e15 B/s: on links of 1e16 B/s, a lone 64 MiB
# comm took 7.7e-8 s instead of SMPI's 1.7e-8 s. On both platforms,
# with the node links at 2e15, 1e18 and 1.7e308 B/s (a hidden link held at
# the largest double overflowed SimGrid's solver: the run never ended; the
# <cluster>'s backbone at 1e20),
# a lone comm must take SMPI's time, relative 1e-6 (measured 0), and, on the
# <cluster>, each of two comms out of one host (penalty 2 under InfiniBand)
# SMPI's time for a lone comm on node links of half that bandwidth
# (measured 4e-8; on the FATPIPE zone the second sender rank starts 0.6 ns
# after the first, which moves comms of 12 ns by 4 %). Sizes of 2e9 bytes
# and surf/precision 1e-15 keep the comms well above SimGrid's precision.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
. "$(dirname "$0")/against_smpi.sh"
run() { # PLATFORM GRAPH OPTIONS... -> "id finish" rows
  p=$1 g=$2
  shift 2
  "$bin/contention-bench-run" "$g" -platform "$p" --cfg=smpi/simulate-computation:0 --cfg=network/crosstraffic:0 \
    --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=surf/precision:1e-15 --log=root.thres:warning "$@" 2>"$tmp/err" |
    awk -F, 'NR > 1 { print $1, $6 }'
}
finish() { awk -v id="$1" '$1 == id { print $2 }' "$2"; }
platforms() { # BANDWIDTH SUFFIX
  sed "s/bandwidth=\"1958863858Bps\"/bandwidth=\"$1Bps\"/" "$fatpipe" >"$tmp/fatpipe$2.xml"
  sed -e "s/bw=\"1958863858Bps\"/bw=\"$1Bps\"/" -e "s/bb_bw=\"1TBps\"/bb_bw=\"1e20Bps\"/" "$cluster" >"$tmp/cluster$2.xml"
}
fatpipe=$2 cluster=$3
for bw in 2e15 1e18 1.7e308; do
  platforms $bw ""
  platforms "$(awk -v b=$bw 'BEGIN { printf "%g", b / 2 }')" -half
  for style in fatpipe cluster; do
    a=a b=b c=c
    [ $style = cluster ] && a=n0 b=n1 c=n2
    printf 'ab %s %s 2000000000 0\n' $a $b >"$tmp/lone"
    printf 'ab %s %s 2000000000 0\nac %s %s 2000000000 0\n' $a $b $a $c >"$tmp/two"
    run "$tmp/$style.xml" "$tmp/lone" --cfg=network/model:SMPI >"$tmp/smpi"
    [ $style = cluster ] && run "$tmp/$style-half.xml" "$tmp/lone" --cfg=network/model:SMPI >"$tmp/smpi-half"
    run "$tmp/$style.xml" "$tmp/lone" --cfg=network/model:contention >"$tmp/lone.out"
    [ $style = cluster ] && run "$tmp/$style.xml" "$tmp/two" --cfg=network/model:contention >"$tmp/two.out"
    ref=$(finish ab "$tmp/smpi")
    against_smpi "$style $bw B/s, lone comm" "$(finish ab "$tmp/lone.out")" "$ref"
    [ $style = cluster ] && against_smpi "$style $bw B/s, 2 comms out of one host, against a lone comm at half the bandwidth" \
      "$(finish ac "$tmp/two.out")" "$(finish ab "$tmp/smpi-half")"
  done
done
# A ping-pong of 1 byte under SMPI's default options, on node links of
# 1.7e308 B/s: held at the largest double, the hidden links overflowed
# SimGrid's solver and the run never ended (the test's timeout).
sed "s/bandwidth=\"1958863858Bps\"/bandwidth=\"1.7e308Bps\"/" "$fatpipe" >"$tmp/max.xml"
printf 'a\nb\n' >"$tmp/hosts"
for model in SMPI contention; do
  "$bin/smpirun" -np 2 -platform "$tmp/max.xml" -hostfile "$tmp/hosts" --cfg=network/model:$model \
    --cfg=smpi/simulate-computation:no --log=root.thres:warning "$bin/pingpong" pingpong 1 1 1 2>"$tmp/err" |
    awk -F, '$1 == 1 { print $2 }' >"$tmp/pp-$model"
done
against_smpi "fatpipe 1.7e308 B/s, 1-byte ping-pong" "$(cat "$tmp/pp-contention")" "$(cat "$tmp/pp-SMPI")"
[ $fails -eq 0 ]
