#!/usr/bin/env bash
# The report on a standard output whose encoding is strict or lacks a
# character: Python's stdout is strict under a UTF-8 locale such as
# en_US.UTF-8 (PYTHONIOENCODING=utf-8 here), where an --out path with a
# Latin-1 byte ended the report in a UnicodeEncodeError traceback, and so
# did a program named 'prög' under PYTHONIOENCODING=ascii. Now the byte is
# written as it is in the path, the character as a backslash escape.
# usage: stdout_encoding.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cp "$BUILD_DIR/bin/workloads/cg_like" "$tmp/prög"
out="$tmp/r$(printf '\351')sultats"
cd "$tmp"
set +e
PYTHONIOENCODING=utf-8 bash "$cmp" --program ./prög --np 2 --models SMPI --no-figures -q -j 1 --out "$out" \
  > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
! grep -q Traceback "$tmp/err" || { tail -n 3 "$tmp/err"; fail "a traceback (strict UTF-8 stdout)"; }
[ $rc = 0 ] || { head -c 600 "$tmp/err"; fail "exit status $rc, want 0"; }
grep -qx "data:    $out/results.csv" "$tmp/stdout" || fail "the data line does not give the path's bytes"
set +e
PYTHONIOENCODING=ascii bash "$cmp" --collect "$out" --no-figures > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
! grep -q Traceback "$tmp/err" || { tail -n 3 "$tmp/err"; fail "a traceback (ascii stdout)"; }
[ $rc = 0 ] || { head -c 600 "$tmp/err"; fail "--collect: exit status $rc, want 0"; }
grep -q '^pr\\xf6g ' "$tmp/stdout" || { cat "$tmp/stdout"; fail "no 'pr\\xf6g' row in the table"; }
echo "strict UTF-8 and ascii standard outputs: report written, exit 0"
