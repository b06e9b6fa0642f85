#!/bin/sh
# A launcher that failed at once with status 137 (a rank killed by
# SIGKILL: the out-of-memory killer; mpirun and srun then exit 128+9) or
# 124 was reported as the --timeout bound reached: "killed after 3600 s
# of wall time (--timeout 3600); accepted: a larger --timeout", after 0 s.
# Those are timeout's statuses only once the bound has passed; before,
# the launcher failed: one line with its status, exit 1.
# Fake mpicc and mpirun (calibrate_fake.sh), the ping-pong replaced.
#   calibrate_cluster_launcher_killed.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
for code in 137 124; do
  printf '#!/bin/sh\necho "rank 1 exited on signal 9 (Killed)" >&2\nexit %s\n' $code > "$tmp/fake/mpirun"
  set +e
  PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/out" --reps 1 --p2p-steps 1 \
    --build "$build" --timeout 3600 > /dev/null 2> "$tmp/err"
  rc=$?
  set -e
  [ $rc = 1 ] || { cat "$tmp/err"; fail "a launcher exiting $code: exit status $rc, want 1"; }
  [ "$(tail -n 1 "$tmp/err")" = "calibrate-cluster.sh: point-to-point send on 2 nodes: mpirun failed (exit status $code; its output is above)" ] ||
    { cat "$tmp/err"; fail "a launcher exiting $code at once: not its failure's line"; }
done
echo "a launcher failing at once with status 137 or 124: its failure, not the --timeout bound"
