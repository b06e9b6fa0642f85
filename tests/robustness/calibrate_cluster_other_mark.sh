#!/bin/sh
# A measurement ends only its own processes: a process of another
# calibration whose shell had the same number (another node reached by
# srun, another PID namespace) carries CONTENTION_CALIBRATE_RUN=PID.1 too;
# the marks were the shell's PID and a count, so it was killed when this
# calibration's first measurement ended.
# Fake mpicc and mpirun (calibrate_fake.sh).
#   calibrate_cluster_other_mark.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
. "$src/tests/robustness/calibrate_fake.sh"
marker_cluster
# (the launcher waits for the other calibration's process to start)
printf '#!/bin/sh\nwhile [ ! -e "%s/go" ]; do sleep 0.05; done\nexec "%s/fake/replay" "$@"\n' "$tmp" "$tmp" \
  > "$tmp/fake/mpirun"
chmod +x "$tmp/fake/mpirun"
# (exec: the calibration's shell has the PID $! names)
(PATH="$tmp/fake:$PATH" exec sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/out" --reps 1 \
  --p2p-steps 1 --build "$build" > /dev/null 2> "$tmp/err") &
cal=$!
CONTENTION_CALIBRATE_RUN=$cal.1 "$tmp/fake/marker-sleep" 63 &
other=$!
: > "$tmp/go"
rc=0
wait $cal || rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "exit status $rc, want 0"; }
kill -0 $other 2> /dev/null || fail "the other calibration's process (mark $cal.1) was killed"
echo "the other calibration's process, mark $cal.1, still runs after this calibration"
