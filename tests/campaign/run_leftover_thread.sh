#!/usr/bin/env bash
# A run's process whose first thread has ended (pthread_exit in main: its
# other threads run on) ends with the run: its environment, where its mark
# is, shows under its pid no more, only under its threads' (it went on
# running after the campaign, past the run's end and the watchdog's).
# usage: run_leftover_thread.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
# (python3: its main thread ends through libc's pthread_exit, a thread sleeps on)
cat > leader-ends.py <<'EOT'
import ctypes, os, sys, threading, time
with open(sys.argv[1], "w") as f:
    f.write(str(os.getpid()))
threading.Thread(target=time.sleep, args=(60,)).start()
ctypes.CDLL(None).pthread_exit(None)
EOT
fake_launcher 'setsid python3 "$(dirname "$0")/leader-ends.py" "$(dirname "$0")/pid" &
for _ in $(seq 100); do [ -s "$(dirname "$0")/pid" ] && break; sleep 0.05; done
sleep 0.3
echo "[0.5] Simulated time: 0.5 s" >&2'
alive() { [ -n "$(ls "/proc/$pid/task" 2> /dev/null)" ]; }
cleanup() { [ -z "${pid:-}" ] || kill -KILL "$pid" 2> /dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program "a=./app" --np 2 --models SMPI \
  --out out -q --no-figures > stdout 2> stderr
rc=$?
[ $rc = 0 ] || { cat stderr; fail "exit status $rc, want 0"; }
[ "$(column out/results.csv status)" = ok ] || fail "status $(column out/results.csv status)"
pid=$(cat pid)
[ -n "$pid" ] || fail "the run's process did not start"
for _ in $(seq 20); do
  alive || break
  sleep 0.1
done
if alive; then
  ls "/proc/$pid/task" >&2
  fail "the run's process $pid, its first thread ended, outlived the campaign"
fi
echo "row ok; the run's process whose first thread had ended ended with the run"
