#!/bin/sh
# trace_penalty_rows.sh BIN_DIR CLUSTER_PLATFORM
# The trace has a row whenever a comm's penalty changes, also when its
# rate does not: a long comm n0 -> n2 held by SimGrid's TCP window bound
# (node links of 1e12 B/s, 100 us of route latency: 2.1e10 B/s) keeps
# that rate when a short comm n1 -> n2 makes its penalty 2, and rows were
# written per rate change only, so the trace showed penalty 1 throughout.
# Expected rows of the long comm: start 1, update 2 at the short comm's
# start, update 1 at its end, end; every bound 20971520000.
set -u
bin=$1 cluster=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'ab n0 n2 2000000000 0\ncb n1 n2 200000000 0.01\n' >"$tmp/two"
sed -e 's/bw="1958863858Bps" lat="0s"/bw="1e12Bps" lat="50us"/' -e 's/bb_bw="1TBps"/bb_bw="1e20Bps"/' \
  "$cluster" >"$tmp/p.xml"
"$bin/contention-bench-run" "$tmp/two" -platform "$tmp/p.xml" --cfg=smpi/simulate-computation:0 \
  --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:warning \
  --cfg=network/model:contention --cfg=contention/trace:"$tmp/t.csv" >/dev/null || exit 1
# The two comms are the last ones started after the MPI set-up (t > 1 ms).
long=$(awk -F, '$7 == "start" && $3 == "n0" && $4 == "n2" && $1 > 0.001 { print $2; exit }' "$tmp/t.csv")
short=$(awk -F, '$7 == "start" && $3 == "n1" && $4 == "n2" && $1 > 0.001 { print $2; exit }' "$tmp/t.csv")
got=$(awk -F, -v c="$long" '$2 == c { printf "%s %s %s;", $5, $6, $7 }' "$tmp/t.csv")
want="1 20971520000 start;2 20971520000 update;1 20971520000 update;0 0 end;"
[ "$got" = "$want" ] || {
  echo "rows of the long comm: '$got', expected '$want'"
  exit 1
}
# The updates are at the short comm's start and end.
t_long=$(awk -F, -v c="$long" '$2 == c && $7 == "update" { printf "%s ", $1 }' "$tmp/t.csv")
t_short=$(awk -F, -v c="$short" '$2 == c { printf "%s ", $1 }' "$tmp/t.csv")
[ "$t_long" = "$t_short" ] || {
  echo "update times '$t_long', short comm's rows at '$t_short'"
  exit 1
}
