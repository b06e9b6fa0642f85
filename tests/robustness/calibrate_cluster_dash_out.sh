#!/bin/sh
# scripts/calibrate-cluster.sh --out -res: a directory whose name starts
# with '-' was given to mkdir as options: "--out '-res': cannot create it:
# invalid option -- 'r'", exit 1. Now it is made and written like any
# other (fake mpicc and mpirun replay measurements).
#   calibrate_cluster_dash_out.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
mkdir "$tmp/work"
cd "$tmp/work"
set +e
PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out -res --reps 1 --p2p-steps 1 \
  --build "$build" > "$tmp/log" 2>&1
rc=$?
set -e
[ $rc = 0 ] || { cat "$tmp/log"; fail "exit status $rc, want 0"; }
grep -qx "platform $tmp/work/-res/platform.xml $tmp/work/-res/hostfile" ./-res/campaign.txt ||
  { cat ./-res/campaign.txt; fail "not the platform line of ./-res"; }
echo "--out -res: made and written"
