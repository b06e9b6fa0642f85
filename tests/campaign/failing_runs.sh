#!/usr/bin/env bash
# Runs that fail are reported, never skipped: a program that calls
# MPI_Abort, one that crashes, one that never ends (killed by --timeout) and
# one that succeeds, on the command line (paths from the caller's directory).
# Checks the exit status (1), each run's status and note in the CSV and the
# table, and that the successful run still has its time.
# usage: failing_runs.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
set +e
bash "$src/scripts/compare-models.sh" --program "ok=./failing_app --mode ok" \
  --program "abort=./failing_app --mode abort" --program "crash=./failing_app --mode crash" \
  --program "spin=./failing_app --mode spin" --np 2 --models contention --timeout 2 -j 2 --out out \
  --no-figures > stdout 2> stderr
rc=$?
set -e
[ $rc = 1 ] || { cat stdout stderr; fail "exit status $rc, want 1"; }
csv=out/results.csv
[ "$(column "$csv" status | tr '\n' ' ')" = "ok failed failed timeout " ] ||
  fail "statuses: $(column "$csv" status | tr '\n' ' ')"
awk -v t="$(value "$csv" 0 simulated_s)" 'BEGIN { exit !(t > 0) }' || fail "the successful run has no time"
grep -q '^1,abort,.*,failed,1,,,MPI_Abort was called,' "$csv" || fail "abort: no 'MPI_Abort was called' row"
grep -q '^2,crash,.*,failed,139,,,exit status 139: Segmentation fault' "$csv" || fail "crash: no exit status 139 row"
grep -q '^3,spin,.*,timeout,-9,,,killed after 2 s,' "$csv" || fail "spin: no timeout row"
grep -Eq '^spin +TIMEOUT$' stdout || fail "table does not show TIMEOUT"
grep -Eq '^crash +FAILED$' stdout || fail "table does not show FAILED"
grep -q '^4 runs: 1 ok, 2 failed, 1 timeout ' stdout || fail "no summary line"
grep -q 'crash, 2 ranks on default-cluster, contention: FAILED (exit status 139' stderr || fail "no FAILED progress line"
echo "failing runs reported: ok, failed, failed, timeout; exit status 1"
