#!/usr/bin/env bash
# An --out path with bytes that are not UTF-8 (a Latin-1 directory name):
# smpirun echoes the path in its output, which the model check decoded
# strictly and ended in a UnicodeDecodeError traceback. The campaign runs.
# usage: non_utf8_out.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/r$(printf '\351sultats')"
set +e
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --workloads cg --np 2 --models SMPI --no-figures -q \
  --out "$out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
if grep -q Traceback "$tmp/err"; then tail -n 3 "$tmp/err"; echo "FAIL: a traceback"; exit 1; fi
[ $rc = 0 ] || { head -c 600 "$tmp/err"; echo "FAIL: exit status $rc, want 0"; exit 1; }
grep -q '^0,cg,default-cluster,generated,2,SMPI,ok,0,' "$out/results.csv" \
  || { cat "$out/results.csv"; echo "FAIL: no ok row in results.csv"; exit 1; }
echo "a Latin-1 --out directory: 1 run, ok"
