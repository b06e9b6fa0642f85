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
mkdir -p "$tmp/build/bin"
ln -s "$build/bin/contention-platform-gen" "$tmp/build/bin/contention-platform-gen"
cp "$(command -v sleep)" "$tmp/marker-sleep"
printf '#!/bin/sh\n"%s" 60\nexec "%s" "$@"\n' "$tmp/marker-sleep" "$build/bin/contention-predict" \
  >"$tmp/build/bin/contention-predict"
printf '#!/bin/sh\nexit 1\n' >"$tmp/build/bin/contention-bench-run"
chmod +x "$tmp/build/bin/contention-predict" "$tmp/build/bin/contention-bench-run"
set -m  # background jobs get SIGINT
for s in TERM HUP INT; do
  BUILD_DIR=$tmp/build python3 "$src/scripts/validate.py" --jobs 2 --out "$tmp/out$s" >"$tmp/out$s.txt" \
    2>"$tmp/err$s.txt" &
  v=$!
  i=0
  until pgrep -f "$tmp/marker-sleep" >/dev/null; do
    i=$((i + 1))
    [ $i -le 600 ] || fail "SIG$s: validate.py did not check its inputs"
    sleep 0.1
  done
  kill -$s $v
  i=0
  while kill -0 $v 2>/dev/null; do
    i=$((i + 1))
    [ $i -le 50 ] || { kill -KILL $v; fail "SIG$s: validate.py still runs 5 s after the signal"; }
    sleep 0.1
  done
  wait $v
  rc=$?
  case $s in TERM) want=143 ;; HUP) want=129 ;; INT) want=130 ;; esac
  [ $rc = $want ] || { cat "$tmp/err$s.txt"; fail "SIG$s: exit status $rc, want $want"; }
  [ "$(cat "$tmp/err$s.txt")" = "validate: interrupted" ] ||
    { cat "$tmp/err$s.txt"; fail "SIG$s: not the one line 'validate: interrupted'"; }
  pkill -KILL -f "$tmp/marker-sleep"
  sleep 0.2
  echo "SIG$s while the inputs are checked: status $rc, one line"
done
