#!/bin/sh
# A measurement's process whose first thread has ended (pthread_exit in
# main: its other threads run on) ends with it: its environment, where
# its mark is, shows under its pid no more, only under its threads' (it
# went on running after the calibration).
# Fake mpicc and mpirun (calibrate_fake.sh).
#   calibrate_cluster_leftover_thread.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
pid=
trap '[ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
mv "$tmp/fake/mpirun" "$tmp/fake/replay"
# (python3: its main thread ends through libc's pthread_exit, a thread sleeps on)
cat > "$tmp/leader-ends.py" <<'EOT'
import ctypes, os, sys, threading, time
with open(sys.argv[1], "w") as f:
    f.write(str(os.getpid()))
threading.Thread(target=time.sleep, args=(60,)).start()
ctypes.CDLL(None).pthread_exit(None)
EOT
cat > "$tmp/fake/mpirun" <<EOT
#!/bin/sh
[ -e "$tmp/pid" ] || { python3 "$tmp/leader-ends.py" "$tmp/pid" & }
for _ in \$(seq 100); do [ -s "$tmp/pid" ] && break; sleep 0.05; done
sleep 0.3
exec "$tmp/fake/replay" "\$@"
EOT
chmod +x "$tmp/fake/mpirun"
rc=0
PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/out" --reps 1 --p2p-steps 1 \
  --build "$build" > /dev/null 2> "$tmp/err" || rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "exit status $rc, want 0"; }
pid=$(cat "$tmp/pid")
[ -n "$pid" ] || fail "the measurement's process did not start"
alive() { [ -n "$(ls "/proc/$pid/task" 2> /dev/null)" ]; }
for _ in $(seq 20); do
  alive || break
  sleep 0.1
done
! alive || fail "the measurement's process $pid, its first thread ended, outlived the calibration"
echo "the measurement's process whose first thread had ended ended with it"
