#!/bin/sh
# validate.py with an --out whose name is not UTF-8 (byte 0xE9, a Latin-1
# 'é'): the runs' .cmd files, comms.csv, eabs.csv, the chart and the last
# line name it; they ended in a UnicodeEncodeError traceback (exit 1).
#   validate_non_utf8_out.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/$(printf 'v\351')"
BUILD_DIR=$build python3 "$src/scripts/validate.py" --datasets 'martinasso11-fig4-A$' --models contention \
  --out "$out" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
if [ $rc -ne 0 ] || grep -q Traceback "$tmp/stderr"; then
  echo "FAIL: exit $rc:"; cat "$tmp/stderr"; exit 1
fi
[ "$(wc -l < "$out/comms.csv")" -gt 1 ] || { echo "FAIL: no rows in comms.csv"; exit 1; }
grep -q "chart: $out/validation.svg" "$tmp/stdout" || { echo "FAIL: last line:"; tail -1 "$tmp/stdout"; exit 1; }
echo "validate.py: an --out that is not UTF-8 gives its results"
