#!/usr/bin/env bash
# A SIGTERM while the figures are drawn, after every run finished and
# results.csv was written, said "interrupted; running simulations killed":
# nothing was running, and the line did not say the results were complete.
# Now it says so and names results.csv. The figures are made slow by a
# matplotlib on PYTHONPATH that marks its import and sleeps.
# usage: signal_in_figures.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
mkdir -p fake/matplotlib
printf 'import time\nopen("%s/importing", "w").close()\ntime.sleep(30)\n' "$tmp" > fake/matplotlib/__init__.py
PYTHONPATH=$tmp/fake bash "$cmp" --workloads cg --np 2 --models SMPI -j 1 -q --out out > out.txt 2> err.txt &
pid=$!
for _ in $(seq 600); do [ -e importing ] && break; sleep 0.1; done
[ -e importing ] || { kill $pid; cat err.txt; fail "the figures never started"; }
kill -TERM $pid
wait $pid
rc=$?
[ $rc = 143 ] || { cat err.txt; fail "exit status $rc, want 143"; }
[ "$(value out/results.csv 0 status)" = ok ] || fail "results.csv lacks the finished run"
want="compare-models: stopped by signal 15 while drawing the figures; the runs had ended, results in $tmp/out/results.csv"
[ "$(cat err.txt)" = "$want" ] || { cat err.txt; fail "not the one line '$want'"; }
echo "SIGTERM during the figures: results.csv kept and named, exit 143"
