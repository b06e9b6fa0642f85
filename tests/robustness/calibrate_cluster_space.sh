#!/bin/sh
# scripts/calibrate-cluster.sh with --out in a directory whose name holds a
# space, on localhost Open MPI: its campaign.txt must be a campaign file
# compare-models reads (the platform line was four words, refused as
# "platform expects a platform file (or 'default') and a hostfile"), and a
# campaign with it runs. Bad options are refused before any measurement.
# Exit 77 (skipped) when mpicc is absent.
#   calibrate_cluster_space.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
set +e
out=$(sh "$src/scripts/calibrate-cluster.sh" --racks x 2>&1)
rc=$?
set -e
[ $rc = 2 ] && [ "$out" = "calibrate-cluster.sh: --racks 'x': accepted: an integer from 0 to 100000" ] ||
  fail "--racks x: exit $rc: $out"
command -v mpicc >/dev/null 2>&1 || { echo "mpicc not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
c="$tmp/my runs/c"
sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$c" --reps 1 --p2p-steps 1 --size 20000 \
  --build "$build" --launcher-args "--allow-run-as-root --oversubscribe" >"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; fail "calibrate-cluster.sh failed"; }
grep -qx "platform '$c/platform.xml' '$c/hostfile'" "$c/campaign.txt" || { cat "$c/campaign.txt"; fail "platform line"; }
cd "$c"
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --campaign campaign.txt --np 2 \
  --program "$build/bin/contention-bench a:n0:n1:1MB" --out "$tmp/out" --no-figures -q >"$tmp/cmp" 2>&1 ||
  { cat "$tmp/cmp"; fail "compare-models on campaign.txt"; }
grep -q "^2 runs: 2 ok" "$tmp/cmp" || { cat "$tmp/cmp"; fail "the two models did not run"; }
