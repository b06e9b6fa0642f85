#!/bin/sh
# smpi_sweep.sh check|config|calibrate|contention BIN SMPIRUN REF PLATFORM HOSTFILE
# Runs the ping / ping-pong sweeps of smpi-examples/pingpong under
# network/model:SMPI with the configuration contention-calibrate-p2p emits
# for REF, then
#   check:     (--cfg flags) every duration follows REF's piecewise
#              functions within 1 %, the sizes t and t + 1 of every
#              threshold included
#   config:    the same with the <config> block inserted in the platform
#   contention: the same under network/model:contention given REF through
#              --cfg=contention/p2p-params (SMPIRUN must load the plugin)
#   calibrate: (--cfg flags) the tool fitted on those measurements gives REF
#              back within 2 %.
set -e
what=$1 bin=$2 smpirun=$3 ref=$4 platform=$5 hostfile=$6
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
flags=
model=SMPI
if [ "$what" = contention ]; then
  model=contention
  flags="--cfg=contention/p2p-params:$ref"
elif [ "$what" = config ]; then
  "$bin/contention-calibrate-p2p" --params "$ref" --emit config -o "$dir/block"
  awk 'FNR == NR { b = b $0 "\n"; next } /<platform/ { print; printf "%s", b; next } { print }' \
    "$dir/block" "$platform" > "$dir/platform.xml"
  platform=$dir/platform.xml
else
  "$bin/contention-calibrate-p2p" --params "$ref" --emit cfg -o "$dir/cfg"
  flags=$(tr '\n' ' ' < "$dir/cfg")
fi
thresholds="1420 1421 32768 32769 65536 65537 327680 327681"
for mode in send recv pingpong; do
  eval "\"$smpirun\" -np 2 -platform \"$platform\" -hostfile \"$hostfile\" --cfg=network/model:$model \
    --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 $flags --log=root.thres:warning \
    \"$bin/pingpong\" $mode 4 1 $thresholds" > "$dir/$mode.csv"
  [ "$what" = calibrate ] || "$bin/p2p_check_sweep" "$ref" $mode "$dir/$mode.csv" 0.01
done
if [ "$what" = calibrate ]; then
  "$bin/contention-calibrate-p2p" --send "$dir/send.csv" --recv "$dir/recv.csv" --pingpong "$dir/pingpong.csv" \
    --route-bandwidth 1Gbps --route-latency 24us --emit params -o "$dir/fitted.params"
  "$bin/p2p_compare" "$ref" "$dir/fitted.params" 0.02
fi
