#!/bin/sh
# A measurement's processes end with it: a launcher killed by --timeout
# whose rank (a child) did not get the signal, and a launcher that ends
# well but leaves a child behind. Each child went on running after the
# calibration had ended (only the launcher itself was signalled).
# Fake mpicc and mpirun (calibrate_fake.sh).
#   calibrate_cluster_leftovers.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
. "$src/tests/robustness/calibrate_fake.sh"
marker_cluster
left() { sleep 0.3; pgrep -f "$tmp/fake/marker-sleep" > /dev/null; }
calibrate_with "$tmp/fake/marker-sleep 61 & wait" --timeout 1
[ $rc = 1 ] || { cat "$tmp/err"; fail "a launcher that never returns: exit status $rc, want 1"; }
grep -q "point-to-point send on 2 nodes: killed after 1 s" "$tmp/err" || { cat "$tmp/err"; fail "not the timeout's line"; }
! left || fail "the rank of the launcher killed by --timeout still runs"
calibrate_with "$tmp/fake/marker-sleep 62 & exec $tmp/fake/replay \"\$@\""
[ $rc = 0 ] || { cat "$tmp/err"; fail "a launcher leaving a child: exit status $rc, want 0"; }
! left || fail "the child a launcher left still runs after the calibration"
echo "no process of a measurement left: after its timeout, and after a launcher that ended"
