#!/usr/bin/env bash
# A relative $BUILD_DIR is the repository's for every script: compare-models
# took it from the caller's directory (another build's smpirun, or none),
# validate.py and setup.sh from the repository.
# usage: build_dir_relative.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rel=$(python3 -c 'import os, sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' "$build" "$src")
cd "$tmp"  # (where $rel names nothing)
set +e
BUILD_DIR=$rel bash "$src/scripts/compare-models.sh" --workloads cg --np 2 --models SMPI --no-figures -q \
  --out "$tmp/o" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 0 ] || { head -c 600 "$tmp/err"; echo "FAIL: compare-models, BUILD_DIR=$rel from $tmp: exit status $rc, want 0"; exit 1; }
grep -q '^0,cg,default-cluster,generated,2,SMPI,ok,0,' "$tmp/o/results.csv" \
  || { cat "$tmp/o/results.csv"; echo "FAIL: no ok row in results.csv"; exit 1; }
# The same relative name for validate.py and calibrate-cluster.sh: both look
# in the repository (a name that is not built there: the error names it).
want="$src/no-such-build/bin/contention-bench-run: not built"
BUILD_DIR=no-such-build python3 "$src/scripts/validate.py" --datasets martinasso11-fig4-A --out "$tmp/v" 2> "$tmp/err" && exit 1
grep -qF "validate: $want" "$tmp/err" || { cat "$tmp/err"; echo "FAIL: validate.py, want '$want'"; exit 1; }
want="$src/no-such-build/bin/contention-calibrate not found"
BUILD_DIR=no-such-build bash "$src/scripts/calibrate-cluster.sh" --out "$tmp/c" 2> "$tmp/err" && exit 1
grep -qF "calibrate-cluster.sh: $want" "$tmp/err" || { cat "$tmp/err"; echo "FAIL: calibrate-cluster.sh, want '$want'"; exit 1; }
echo "BUILD_DIR=$rel from another directory: the repository's for compare-models, validate.py, calibrate-cluster.sh"
