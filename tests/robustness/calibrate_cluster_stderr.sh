#!/bin/sh
# scripts/calibrate-cluster.sh with a standard error that is closed (2>&-),
# full (2>/dev/full) or a pipe whose reader ended (2>&1 | head -1): its
# first progress line ended the calibration before any measurement (exit
# 2, 1 or 141, nothing written but empty directories). Messages are now
# dropped and the calibration goes on (fake mpicc and mpirun replay
# measurements): platform.xml, smpirun.cfg and campaign.txt written, exit 0.
#   calibrate_cluster_stderr.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
calibrate() {
  PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/$1" --reps 1 --p2p-steps 1 \
    --build "$build" > /dev/null
}
# (a pipe with no reader, SIGPIPE at its default action, as a shell leaves it)
broken_stderr() { python3 "$src/tests/common/broken_stderr.py" "$@"; }
for how in closed full broken; do
  set +e
  case $how in
    closed) calibrate $how 2>&- ;;
    full) calibrate $how 2> /dev/full ;;
    broken) PATH="$tmp/fake:$PATH" broken_stderr sh "$src/scripts/calibrate-cluster.sh" --nodes 2 \
      --out "$tmp/$how" --reps 1 --p2p-steps 1 --build "$build" > /dev/null ;;
  esac
  rc=$?
  set -e
  [ $rc = 0 ] || fail "standard error $how: exit status $rc, want 0"
  for f in platform.xml smpirun.cfg campaign.txt; do
    [ -s "$tmp/$how/$f" ] || fail "standard error $how: no $f"
  done
done
echo "a standard error closed, full or broken: the calibration written, exit 0"
