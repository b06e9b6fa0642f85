#!/bin/sh
# validate.py stopped by SIGTERM while it runs its simulations: it kills
# the running one, starts no other, and ends at once with status 143 and
# one line; no simulation of it is left. (SIGTERM ended it and left the
# running simulation detached; Ctrl-C, the same path here, went on to the
# last of its ~300 runs.)
#   validate_stop.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
BUILD_DIR=$build python3 "$src/scripts/validate.py" --jobs 1 --out "$tmp/out" >"$tmp/out.txt" 2>"$tmp/err.txt" &
v=$!
i=0
until pgrep -f "$tmp/out/runs/run0002" >/dev/null; do # the third run has started
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
echo "stopped with status $rc"
