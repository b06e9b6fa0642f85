#!/usr/bin/env bash
# A campaign run one at a time (-j 1) may give every run one trace file;
# resumed with runs at once (--resume -j 2, or no -j on a 2-core machine)
# they would write it together: refused (it was not checked on --resume),
# and -j 1 resumes it. With {run} in the path, -j 2 resumes.
# usage: resume_outputs.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
run() { bash "$cmp" -q --no-figures "$@" > /dev/null 2> err; }

run --workloads "cg ft" --np 2 --models SMPI -j 1 --out one -- --cfg=contention/trace:trace.csv ||
  { cat err; fail "campaign -j 1 failed"; }
rm one/runs/0000.csv one/runs/0001.csv
set +e
run --resume one -j 2
rc=$?
set -e
[ $rc = 2 ] || { cat err; fail "--resume -j 2: exit status $rc, want 2"; }
[ "$(cat err)" = "compare-models: output option --cfg=contention/trace:trace.csv: runs 0 and 1 of '$tmp/one' would write this file at once with 2 runs at a time (the campaign was planned for one at a time); give --resume $tmp/one -j 1" ] ||
  fail "--resume -j 2: $(cat err)"
[ ! -e one/runs/0000.csv ] && [ -e one/plan.json ] || fail "the refused --resume changed the campaign"
run --resume one -j 1 || { cat err; fail "--resume -j 1 failed"; }
[ "$(column one/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "statuses: $(column one/results.csv status)"

run --workloads "cg ft" --np 2 --models SMPI -j 1 --out each -- "--cfg=contention/trace:trace-{run}.csv" ||
  { cat err; fail "campaign with {run} failed"; }
rm each/runs/0000.csv each/runs/0001.csv
run --resume each -j 2 || { cat err; fail "--resume -j 2 with {run} failed"; }
[ "$(column each/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "statuses: $(column each/results.csv status)"
echo "resume with a shared output file: refused at -j 2, run at -j 1; per-run files: run at -j 2"
