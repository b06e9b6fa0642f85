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
. "$src/tests/robustness/stop_lib.sh"
mkfifo "$tmp/trace.csv"
start() { python3 "$src/scripts/penalty-summary.py" "$tmp/trace.csv" >"$tmp/out$1.txt" 2>"$tmp/err$1.txt" & }
reading() {
  exec 7>"$tmp/trace.csv"
  echo "time,comm,src,dst,penalty,bound,event" >&7
  sleep 1 # (it reads the header, then waits for the next line)
}
closed() { exec 7>&-; }
stop_by_each_signal penalty-summary.py "penalty-summary: interrupted" start reading closed
