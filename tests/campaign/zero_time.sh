#!/usr/bin/env bash
# A program whose simulated time is 0 at one rank count (1 rank that does
# not communicate; computation is not simulated) over two rank counts: the
# speed-up of the scaling figure divided by 0, and a ZeroDivisionError
# traceback ended the report after every run succeeded. Now that point has
# no speed-up; the report and both figures are written.
# usage: zero_time.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
set +e
bash "$cmp" --program "./failing_app --mode ok" --np "1 2" --models "SMPI contention" -j 1 -q --out "$tmp/out" \
  > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
! grep -q Traceback "$tmp/err" || { tail -n 3 "$tmp/err"; fail "a traceback"; }
[ $rc = 0 ] || { head -c 400 "$tmp/err"; fail "exit status $rc, want 0"; }
[ "$(value "$tmp/out/results.csv" 0 simulated_s)" = 0.000000000 ] || fail "run 0 does not take 0 s: the case is not tested"
[ -s "$tmp/out/figures/failing_app-scaling.svg" ] || fail "no scaling figure"
echo "a time of 0 s at 1 rank: report and figures written, exit 0"
