#!/usr/bin/env bash
# Standard error closed (2>&-) or not writable (2</dev/null, as a pyenv shim
# leaves it): the first message ended the program with status 1 and nothing
# written: a usage error was not status 2, and a campaign that printed a
# progress line lost every row. Messages are dropped; statuses and rows kept.
# usage: stderr_closed.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BUILD_DIR=$build
for how in closed read-only; do
  run() { if [ $how = closed ]; then "$@" 2>&-; else "$@" 2</dev/null; fi; }
  set +e
  run bash "$src/scripts/compare-models.sh" --check-options --np x > "$tmp/out"
  rc=$?
  [ $rc = 2 ] || { echo "FAIL: stderr $how: compare-models --np x: exit status $rc, want 2"; exit 1; }
  run python3 "$src/scripts/validate.py" --jobs x > "$tmp/out"
  rc=$?
  [ $rc = 2 ] || { echo "FAIL: stderr $how: validate.py --jobs x: exit status $rc, want 2"; exit 1; }
  run bash "$src/scripts/compare-models.sh" --workloads cg --np 2 --models SMPI --no-figures \
    --out "$tmp/$how" > "$tmp/out"
  rc=$?
  set -e
  [ $rc = 0 ] || { echo "FAIL: stderr $how: campaign exit status $rc, want 0"; exit 1; }
  grep -q '^0,cg,default-cluster,generated,2,SMPI,ok,0,' "$tmp/$how/results.csv" \
    || { echo "FAIL: stderr $how: no ok row in results.csv"; exit 1; }
done
echo "standard error closed or read-only: usage errors exit 2, the campaign's row kept"
