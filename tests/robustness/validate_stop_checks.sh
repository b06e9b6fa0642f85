#!/usr/bin/env bash
# validate.py stopped while it checks its inputs (before any run), by
# SIGTERM or SIGHUP as by Ctrl-C: one line, "validate: interrupted", status
# 128 + the signal. SIGTERM and SIGHUP there killed it with no line (Ctrl-C
# already had its line). The build's contention-predict sleeps before it
# answers, so the checks last until the signal.
#   validate_stop_checks.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'pkill -KILL -f "$tmp/marker-sleep" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$src/tests/robustness/stop_lib.sh"
sleeping_tool "$build" contention-predict
ln -s "$build/bin/contention-platform-gen" "$tmp/build/bin/contention-platform-gen"
printf '#!/bin/sh\nexit 1\n' >"$tmp/build/bin/contention-bench-run"
chmod +x "$tmp/build/bin/contention-bench-run"
start() {
  BUILD_DIR=$tmp/build python3 "$src/scripts/validate.py" --jobs 2 --out "$tmp/out$1" >"$tmp/out$1.txt" \
    2>"$tmp/err$1.txt" &
}
stop_by_each_signal validate.py "validate: interrupted" start marker_sleeps marker_killed
