#!/usr/bin/env bash
# penalty-summary.py stopped by SIGTERM or SIGHUP while it reads a trace,
# as by Ctrl-C: one line, "penalty-summary: interrupted", status 128 + the
# signal. SIGTERM and SIGHUP killed it with no line. The trace is a FIFO
# held open, so the read lasts until the signal.
#   penalty_summary_stop.sh SOURCE_DIR
set -u
src=$1
tmp=$(mktemp -d)
trap 'exec 7>&-; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkfifo "$tmp/trace.csv"
set -m  # background jobs get SIGINT
for s in TERM HUP INT; do
  python3 "$src/scripts/penalty-summary.py" "$tmp/trace.csv" >"$tmp/out$s.txt" 2>"$tmp/err$s.txt" &
  v=$!
  exec 7>"$tmp/trace.csv"
  echo "time,comm,src,dst,penalty,bound,event" >&7
  sleep 1  # (it reads the header, then waits for the next line)
  kill -$s $v
  i=0
  while kill -0 $v 2>/dev/null; do
    i=$((i + 1))
    [ $i -le 50 ] || { kill -KILL $v; fail "SIG$s: penalty-summary.py still runs 5 s after the signal"; }
    sleep 0.1
  done
  exec 7>&-
  wait $v
  rc=$?
  case $s in TERM) want=143 ;; HUP) want=129 ;; INT) want=130 ;; esac
  [ $rc = $want ] || { cat "$tmp/err$s.txt"; fail "SIG$s: exit status $rc, want $want"; }
  [ "$(cat "$tmp/err$s.txt")" = "penalty-summary: interrupted" ] ||
    { cat "$tmp/err$s.txt"; fail "SIG$s: not the one line 'penalty-summary: interrupted'"; }
  echo "SIG$s while a trace is read: status $rc, one line"
done
