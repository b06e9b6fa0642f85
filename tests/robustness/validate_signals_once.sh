#!/bin/sh
# validate.py and its signals, on a build whose benchmark runs hang:
# - started with SIGHUP ignored (nohup), a hang-up leaves it running (it
#   stopped, status 129: nohup did not keep the validation going);
# - signals that follow the first one, sent while it stops its runs, change
#   nothing: status 143 for the first SIGTERM, its one line, no traceback
#   (a second signal there ended it as "interrupted", status 130).
#   validate_signals_once.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; pkill -KILL -f "$tmp/" 2>/dev/null; exit 1; }
mkdir -p "$tmp/build/bin"
for t in contention-predict contention-platform-gen; do ln -s "$build/bin/$t" "$tmp/build/bin/$t"; done
printf '#!/bin/sh\nwhile :; do sleep 1; done\n' >"$tmp/build/bin/contention-bench-run"
chmod +x "$tmp/build/bin/contention-bench-run"
started() { # started OUT: waits until a run of the validation writing OUT runs
  i=0
  until pgrep -f "$1/runs/run" >/dev/null; do
    i=$((i + 1))
    [ $i -le 600 ] || fail "no run started ($1)"
    sleep 0.1
  done
}
ended() { # ended PID WHAT: waits up to 10 s for PID to end, then its status
  i=0
  while kill -0 "$1" 2>/dev/null; do
    i=$((i + 1))
    [ $i -le 100 ] || fail "validate.py still runs 10 s after $2"
    sleep 0.1
  done
  wait "$1"
}

(trap '' HUP && BUILD_DIR=$tmp/build exec python3 "$src/scripts/validate.py" --jobs 1 --out "$tmp/out1" \
  >"$tmp/out1.txt" 2>"$tmp/err1.txt") &
v=$!
started "$tmp/out1"
kill -HUP $v
sleep 1
kill -0 $v 2>/dev/null || { cat "$tmp/err1.txt"; fail "SIGHUP ignored at start stopped the validation"; }
kill -TERM $v
ended $v "SIGTERM (nohup case)"
rc=$?
[ $rc = 143 ] || { cat "$tmp/err1.txt"; fail "nohup case: exit status $rc after SIGTERM, want 143"; }

BUILD_DIR=$tmp/build python3 "$src/scripts/validate.py" --jobs 2 --out "$tmp/out2" >"$tmp/out2.txt" 2>"$tmp/err2.txt" &
v=$!
started "$tmp/out2"
kill -TERM $v
for s in INT TERM HUP INT TERM INT HUP TERM; do
  kill -$s $v 2>/dev/null || break
  sleep 0.01
done
ended $v "SIGTERM and 8 more signals"
rc=$?
[ $rc = 143 ] || { cat "$tmp/err2.txt"; fail "exit status $rc after SIGTERM and 8 more signals, want 143"; }
! grep -q Traceback "$tmp/err2.txt" || { cat "$tmp/err2.txt"; fail "a traceback"; }
[ "$(tail -n 1 "$tmp/err2.txt")" = "validate: stopped by signal 15; the running simulations were killed" ] ||
  { cat "$tmp/err2.txt"; fail "last line: $(tail -n 1 "$tmp/err2.txt")"; }
sleep 0.5
! pgrep -f "$tmp/out" >/dev/null || fail "a simulation of a stopped validation still runs"
echo "nohup's SIGHUP ignored; SIGTERM then 8 signals: status 143, one line"
