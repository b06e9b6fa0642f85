#!/bin/sh
# scripts/calibrate-cluster.sh with a relative --out and CDPATH exported
# (CDPATH=. in a user's profile): 'cd "$out"' printed the directory it
# found through CDPATH, and out=$(cd "$out" && pwd) held it twice, on two
# lines: every output path was broken (mpicc -o "DIR<newline>DIR/bin/...").
# With CDPATH naming another directory holding one of that name, the
# results went there. A fake mpicc and mpirun replay measurements.
#   calibrate_cluster_cdpath.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
mkdir "$tmp/work" "$tmp/other" "$tmp/other/c"
cd "$tmp/work"
for cdpath in . "$tmp/other"; do
  rm -rf c
  set +e
  CDPATH=$cdpath PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out c --reps 1 \
    --p2p-steps 1 --build "$build" > "$tmp/log" 2>&1
  rc=$?
  set -e
  [ $rc = 0 ] || { cat "$tmp/log"; fail "CDPATH=$cdpath: exit status $rc, want 0"; }
  grep -qx "platform $tmp/work/c/platform.xml $tmp/work/c/hostfile" c/campaign.txt ||
    { cat c/campaign.txt; fail "CDPATH=$cdpath: not the platform line of $tmp/work/c"; }
  [ ! -e "$tmp/other/c/platform.xml" ] || fail "CDPATH=$cdpath: results written into $tmp/other/c"
done
echo "a relative --out with CDPATH set: the results in --out"
