#!/usr/bin/env bash
# Output options and blanks in what smpirun gets. With -j 2, a
# contention/trace file without {run} would be written by both runs at
# once: refused, naming the option; with {run}, each run writes its own.
# A campaign in a directory whose path has a space runs (SimGrid's smpirun
# split the generated hostfile's absolute path: "Unable to open"); a
# program argument with a space is refused up front. No --timeout: the
# default limit is printed.
# usage: outputs_and_spaces.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
dir="$tmp/my runs"
mkdir "$dir"
build_app user_app "$dir"
cd "$dir"
models="contention gige=contention:technology=gige"

set +e
bash "$cmp" --program ./user_app --np 8 --models "$models" -j 2 --out out -- --cfg=contention/trace:trace.csv \
  > a.out 2> a.err
rc=$?
set -e
[ $rc = 2 ] || { cat a.err; fail "trace without {run}: exit status $rc, want 2"; }
[ "$(cat a.err)" = "compare-models: output option --cfg=contention/trace:trace.csv: the 2 runs would all write this file, 2 at once (-j 2); put {run} in its path (replaced by the run number, e.g. trace-{run}.csv) or give -j 1" ] ||
  fail "trace without {run}: $(cat a.err)"

bash "$cmp" --program ./user_app --np 8 --models "$models" -j 2 --out out --no-figures \
  -- "--cfg=contention/trace:trace-{run}.csv" > b.out 2> b.err || { cat b.out b.err; fail "campaign in '$dir' failed"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "statuses: $(column out/results.csv status)"
for r in 0000 0001; do
  [ "$(head -n 1 "trace-$r.csv")" = "time,comm,src,dst,penalty,bound,event" ] || fail "trace-$r.csv: no trace"
  [ "$(wc -l < "trace-$r.csv")" -gt 1 ] || fail "trace-$r.csv: no event"
done
grep -q "each killed after 3600 s of wall time (--timeout)" b.err || { cat b.err; fail "default wall time limit not printed"; }

set +e
bash "$cmp" --program "./user_app 'two words'" --np 4 --models contention --out out > c.out 2> c.err
rc=$?
set -e
[ $rc = 2 ] || { cat c.err; fail "argument with a space: exit status $rc, want 2"; }
[ "$(cat c.err)" = "compare-models: program user_app: program argument 'two words' holds a blank, which SimGrid's smpirun splits in two; accepted: program arguments without spaces or tabs" ] ||
  fail "argument with a space: $(cat c.err)"
echo "trace without {run} refused with -j 2, with {run} one file per run; a directory with a space runs"
