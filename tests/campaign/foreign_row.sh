#!/usr/bin/env bash
# A run's row that another campaign wrote (same run number, another
# program and model: copied, or left by a late task) is not taken as this
# campaign's run: --collect refuses it, naming the column, and --resume
# runs the run again. It was reported under the other run's labels, and
# the planned run was neither shown nor counted missing.
# usage: foreign_row.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
bash "$cmp" --workloads cg --np 2 --models "SMPI CM02" -j 1 --out a -q --no-figures > /dev/null 2> a.err ||
  { cat a.err; fail "campaign a failed"; }
bash "$cmp" --workloads ft --np 4 --models "contention LV08" -j 1 --out b -q --no-figures > /dev/null 2> b.err ||
  { cat b.err; fail "campaign b failed"; }
cp b/runs/0001.csv a/runs/0001.csv
set +e
bash "$cmp" --collect a --no-figures > c.out 2> c.err
rc=$?
set -e
[ $rc = 2 ] || { cat c.err; fail "--collect with b's row: exit status $rc, want 2"; }
[ "$(cat c.err)" = "compare-models: $tmp/a/runs/0001.csv: line 2: program 'ft', but run 1 of the plan has 'cg'; accepted: a row written by compare-models (remove the file and run the rest with --resume $tmp/a)" ] ||
  fail "--collect with b's row: $(cat c.err)"
bash "$cmp" --resume a -q --no-figures > /dev/null 2> d.err || { cat d.err; fail "--resume failed"; }
[ "$(cut -d, -f2,5,6,7 a/results.csv | tr '\n' ' ')" = "program,ranks,model,status cg,2,SMPI,ok cg,2,CM02,ok " ] ||
  fail "after --resume: $(cat a/results.csv)"
echo "a row of another campaign's run: refused by --collect, run again by --resume"
