#!/bin/sh
# roundtrip.sh BIN REF NOISE TOL [TOOL OPTIONS...]: synthesise measurements
# from REF, fit them with contention-calibrate-p2p, compare within TOL.
set -e
bin=$1 ref=$2 noise=$3 tol=$4
shift 4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin/p2p_synth" "$ref" "$dir" "$noise" 1.5
"$bin/contention-calibrate-p2p" --send "$dir/send.csv" --recv "$dir/recv.csv" --pingpong "$dir/pingpong.csv" \
  --route-bandwidth 1Gbps --route-latency 24us --emit params -o "$dir/fitted.params" "$@"
"$bin/p2p_compare" "$ref" "$dir/fitted.params" "$tol"
