#!/bin/sh
# scripts/calibrate-cluster.sh had no wall-time bound on its measurements:
# a launcher that never returns (a rank waiting for a node that is down)
# held the calibration forever; and a launcher that failed ended it with
# the launcher's own exit status, 2 read as a usage error. Now each
# measurement is bounded (--timeout S, default 3600): beyond it, it is
# killed and the calibration stops with one line naming the step, exit 1;
# a failed launcher is one line with its status, exit 1.
# Fake mpicc and mpirun (calibrate_fake.sh), the ping-pong replaced.
#   calibrate_cluster_timeout.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'pkill -f "$tmp/fake/marker-sleep" 2>/dev/null || true; rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
cp "$(command -v sleep)" "$tmp/fake/marker-sleep"
start=$(date +%s)
calibrate_with "exec $tmp/fake/marker-sleep 60" --timeout 1
took=$(($(date +%s) - start))
[ $rc = 1 ] || { cat "$tmp/err"; fail "a launcher that never returns: exit status $rc, want 1"; }
[ "$(tail -n 1 "$tmp/err")" = "calibrate-cluster.sh: point-to-point send on 2 nodes: killed after 1 s of wall time (--timeout 1); accepted: a larger --timeout, or a launcher that ends" ] ||
  { cat "$tmp/err"; fail "not the timeout's line"; }
[ $took -lt 30 ] || fail "stopped after $took s"
! pgrep -f "$tmp/fake/marker-sleep" > /dev/null || fail "the measurement still runs"
calibrate_with "exit 2"
[ $rc = 1 ] || { cat "$tmp/err"; fail "a launcher that fails: exit status $rc, want 1"; }
[ "$(tail -n 1 "$tmp/err")" = "calibrate-cluster.sh: point-to-point send on 2 nodes: mpirun failed (exit status 2; its output is above)" ] ||
  { cat "$tmp/err"; fail "not the failed launcher's line"; }
echo "a measurement beyond --timeout killed, one line, exit 1; a failed launcher one line, exit 1"
