#!/bin/sh
# send_alone.sh BIN SMPIRUN PARAMS PLATFORM HOSTFILE: the MPI_Send of
# `pingpong send` under network/model:contention with PARAMS (thresholds 7, 9, 11, 13)
# is the model's alone, within 1e-6, for every segment.
# The program's barrier left a message on the wire that shared the
# network with the measured send: large sends took up to 51 % longer.
set -e
bin=$1 smpirun=$2 params=$3 platform=$4 hostfile=$5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$smpirun" -np 2 -platform "$platform" -hostfile "$hostfile" --cfg=network/model:contention \
  --cfg=contention/p2p-params:"$params" --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 \
  --log=root.thres:warning "$bin/pingpong" send 1 1 2 7 8 9 10 11 12 13 14 > "$dir/send.csv"
"$bin/p2p_check_sweep" "$params" send "$dir/send.csv" 1e-6
