#!/usr/bin/env bash
# validate_fit.py stopped by SIGTERM or SIGHUP as by Ctrl-C: one line,
# "validate_fit: interrupted", status 128 + the signal, its tool stopped.
# SIGTERM and SIGHUP killed it with no line (Ctrl-C had its line). The
# build's contention-compare sleeps before it answers, so the fit lasts
# until the signal.
#   validate_fit_stop.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'pkill -KILL -f "$tmp/marker-sleep" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$src/tests/robustness/stop_lib.sh"
sleeping_tool "$build" contention-compare
ln -s "$build/bin/contention-predict" "$tmp/build/bin/contention-predict"
start() { BUILD_DIR=$tmp/build python3 "$src/scripts/validate_fit.py" --family gige-recv >"$tmp/out$1.txt" 2>"$tmp/err$1.txt" & }
stop_by_each_signal validate_fit.py "validate_fit: interrupted" start marker_sleeps marker_killed
