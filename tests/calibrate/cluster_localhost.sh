#!/bin/sh
# scripts/calibrate-cluster.sh end to end on localhost Open MPI
# (oversubscribed, 8 ranks, one repetition, the limiter fitted too): the
# files it writes exist, the platform has the fitted limiter, and smpirun
# runs a program with its platform, hostfile and smpirun.cfg as they are.
# Exit 77 (skipped) only when mpicc is absent.
#   cluster_localhost.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
command -v mpicc >/dev/null 2>&1 || { echo "mpicc not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
sh "$src/scripts/calibrate-cluster.sh" --nodes 8 --out "$tmp/c" --reps 1 --p2p-steps 1 --size 200000 \
  --build "$build" --launcher-args "--allow-run-as-root --oversubscribe" --limiter yes
for f in platform.xml hostfile smpirun.cfg campaign.txt contention-fit.txt p2p/send.csv schemes/00-ref.xml; do
  [ -s "$tmp/c/$f" ] || { echo "FAIL: $f missing or empty"; exit 1; }
done
f=$(sed -n 's/^# limiter \([0-9.e+-]*\) x B: .*/\1/p' "$tmp/c/contention-fit.txt" | tail -1)
grep -q "limiter_link=" "$tmp/c/platform.xml" && grep -q "limiter=$f " "$tmp/c/platform.xml" ||
  { echo "FAIL: platform.xml has no limiter link of the fitted $f"; grep limiter "$tmp/c/platform.xml"; exit 1; }
grep -q '^--cfg=contention/technology:' "$tmp/c/smpirun.cfg" || { echo "FAIL: no technology in smpirun.cfg"; exit 1; }
grep -q "^platform $tmp/c/platform.xml $tmp/c/hostfile\$" "$tmp/c/campaign.txt" || { echo "FAIL: campaign.txt"; exit 1; }
# shellcheck disable=SC2046
"$build/bin/smpirun" -np 2 -platform "$tmp/c/platform.xml" -hostfile "$tmp/c/hostfile" $(cat "$tmp/c/smpirun.cfg") \
  --log=root.thres:warning "$build/bin/contention-bench" a:n0:n1:1MB > "$tmp/run.csv"
grep -q '^a,n0,n1,1000000,0,' "$tmp/run.csv" || { echo "FAIL: smpirun with smpirun.cfg:"; cat "$tmp/run.csv"; exit 1; }
