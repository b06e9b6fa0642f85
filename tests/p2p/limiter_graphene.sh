#!/bin/sh
# limiter_graphene.sh BIN SMPIRUN PLATFORM [OUT]: concurrent 4 MiB
# MPI_Sendrecv pairs inside cabinet 1 of graphene (1, 2, 4, 8 and 19 pairs,
# rank i on graphene-(1+i) with rank N+i on graphene-(20+i)), simulated with
# smpi-examples/bandwidth's bw-sendrecv, written as the calibration tool's
# "pairs,size,duration" rows; contention-calibrate-p2p must find the
# platform's limiter factor, 1.5, within 2 % with B = one one-way transfer
# alone, measured in the same run. With OUT, the rows are also kept there
# (this is how data/p2p/sendrecv.csv is made).
set -eu
bin=$1 smpirun=$2 platform=$3 keep=${4:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export TMPDIR=$dir
size=4194304
hosts() { # N: hostfile for N pairs
  i=1; while [ $i -le "$1" ]; do echo "graphene-$i"; i=$((i + 1)); done
  i=1; while [ $i -le "$1" ]; do echo "graphene-$((19 + i))"; i=$((i + 1)); done
}
run() { # PROG N -> the slowest rank's bandwidth
  hosts "$2" > "$dir/hosts"
  "$smpirun" -np $((2 * $2)) -platform "$platform" -hostfile "$dir/hosts" --cfg=network/crosstraffic:0 \
    --cfg=smpi/simulate-computation:no --log=root.thres:warning "$bin/$1" $size | awk -F, '$1 == "min" { print $2 }'
}
b=$(run bw-unidir 1)
{
  echo "# concurrent 4 MiB MPI_Sendrecv pairs inside cabinet 1 of platforms/graphene.xml, simulated"
  echo "# under network/model:SMPI with crosstraffic off (tests/p2p/limiter_graphene.sh); one"
  echo "# one-way transfer alone gets B = $b B/s"
  echo "pairs,size,duration"
  for n in 1 2 4 8 19; do
    bw=$(run bw-sendrecv $n)
    awk -v n=$n -v s=$size -v bw="$bw" 'BEGIN { printf "%d,%d,%.9e\n", n, s, 2 * s / bw }'
  done
} > "$dir/sendrecv.csv"
[ -z "$keep" ] || cp "$dir/sendrecv.csv" "$keep"
"$bin/contention-calibrate-p2p" --sendrecv "$dir/sendrecv.csv" --bandwidth "${b}Bps" > "$dir/out"
cat "$dir/out"
f=$(sed -n 's/^limiter factor (Bs+Br)\/B = \([0-9.]*\) .*/\1/p' "$dir/out")
awk -v f="$f" 'BEGIN { d = f / 1.5 - 1; if (f == "" || d > 0.02 || d < -0.02) { print "factor " f " not within 2 % of 1.5"; exit 1 } }'
