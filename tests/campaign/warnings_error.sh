#!/usr/bin/env bash
# PYTHONWARNINGS=error (or -X dev): at exit the interpreter found the run
# watchdog still running on its open pipe and the lock file open, and wrote
# three "Exception ignored ... ResourceWarning" blocks, one a traceback,
# after the results of every campaign and validation (exit status 0).
# Both scripts now end them first: stderr has their own lines only.
# usage: warnings_error.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BUILD_DIR=$build PYTHONWARNINGS=error
check() { # WHAT: exit status 0, nothing of the interpreter's on stderr
  if [ "$rc" != 0 ] || grep -E 'Exception ignored|Traceback|Warning' "$tmp/err"; then
    echo "FAIL: $1 under PYTHONWARNINGS=error: exit status $rc (want 0), stderr:"
    cat "$tmp/err"
    exit 1
  fi
}
set +e
bash "$src/scripts/compare-models.sh" --workloads cg --np 2 --models SMPI --no-figures -q \
  --out "$tmp/campaign" > "$tmp/out" 2> "$tmp/err"
rc=$?
check compare-models
python3 "$src/scripts/validate.py" --datasets 'vienne08-fig2-s2-gige$' --models SMPI --styles none \
  --out "$tmp/validation" > "$tmp/out" 2> "$tmp/err"
rc=$?
check validate.py
set -e
grep -q '^0,cg,default-cluster,generated,2,SMPI,ok,0,' "$tmp/campaign/results.csv" \
  || { echo "FAIL: no ok row in results.csv"; exit 1; }
echo "PYTHONWARNINGS=error: compare-models and validate.py end with their own lines only"
