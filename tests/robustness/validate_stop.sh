#!/bin/sh
# validate.py stopped by SIGTERM while it runs its simulations: it kills
# the running one, starts no other, and ends at once with status 143 and
# one line; no simulation of it is left. (SIGTERM ended it and left the
# running simulation detached; Ctrl-C, the same path here, went on to the
# last of its ~300 runs.) Killed with SIGKILL, which it cannot catch, it
# leaves no simulation either (its watchdog kills them).
#   validate_stop.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
BUILD_DIR=$build python3 "$src/scripts/validate.py" --jobs 1 --out "$tmp/out" >"$tmp/out.txt" 2>"$tmp/err.txt" &
v=$!
i=0
until pgrep -f "$tmp/out/runs/run" >/dev/null; do # a run is running
  i=$((i + 1))
  [ $i -le 600 ] || { kill -KILL $v; cat "$tmp/err.txt"; fail "no run started"; }
  sleep 0.1
done
kill -TERM $v
i=0
while kill -0 $v 2>/dev/null; do
  i=$((i + 1))
  [ $i -le 100 ] || { kill -KILL $v; fail "validate.py still runs 10 s after SIGTERM"; }
  sleep 0.1
done
wait $v
rc=$?
[ $rc = 143 ] || { cat "$tmp/err.txt"; fail "exit status $rc, want 143"; }
[ "$(tail -n 1 "$tmp/err.txt")" = "validate: stopped by signal 15; the running simulations were killed" ] ||
  { cat "$tmp/err.txt"; fail "last line: $(tail -n 1 "$tmp/err.txt")"; }
sleep 0.5
! pgrep -f "$tmp/out/runs/" >/dev/null || fail "a simulation of the stopped validation still runs"

# A build whose benchmark runs hang: the runs outlive a validation killed
# with SIGKILL unless its watchdog kills them.
mkdir -p "$tmp/build/bin"
for t in contention-predict contention-platform-gen; do ln -s "$build/bin/$t" "$tmp/build/bin/$t"; done
printf '#!/bin/sh\nwhile :; do sleep 1; done\n' >"$tmp/build/bin/contention-bench-run"
chmod +x "$tmp/build/bin/contention-bench-run"
BUILD_DIR=$tmp/build python3 "$src/scripts/validate.py" --jobs 2 --out "$tmp/out2" >"$tmp/out.txt" 2>"$tmp/err.txt" &
v=$!
i=0
until [ "$(pgrep -f "$tmp/out2/runs/run" | wc -l)" -ge 2 ]; do
  i=$((i + 1))
  [ $i -le 600 ] || { kill -KILL $v; cat "$tmp/err.txt"; fail "no run started (second validation)"; }
  sleep 0.1
done
kill -KILL $v
wait $v
i=0
while pgrep -f "$tmp/out2/runs/" >/dev/null; do
  i=$((i + 1))
  if [ $i -gt 50 ]; then
    pgrep -f "$tmp/out2/runs/" | xargs kill -KILL 2>/dev/null
    fail "a simulation outlived the validation killed with SIGKILL"
  fi
  sleep 0.1
done
echo "stopped with status $rc; nothing left after SIGKILL"
