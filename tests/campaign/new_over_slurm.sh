#!/usr/bin/env bash
# A new campaign in a directory whose former campaign was submitted to
# Slurm is refused while squeue (a fake one on PATH) lists its jobs: each
# task reads DIR/plan.json when it starts, and would have run the new
# plan's run of its number and written its row (the campaign replaced the
# plan without asking). Once squeue lists none, the new campaign runs.
# usage: new_over_slurm.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
bash "$cmp" --workloads "cg ft" --np 2 --models SMPI -j 1 --out out --no-figures -q > a.out 2> a.err ||
  { cat a.err; fail "first campaign failed"; }
# As if submitted: jobs 41 (the array) and 42 (collect).
python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); p["slurm_jobs"] = ["41", "42"]
json.dump(p, open(sys.argv[1], "w"))' out/plan.json
cp out/plan.json plan.before
mkdir bin
printf '#!/bin/sh\necho 41_1\necho 42\n' > bin/squeue
chmod +x bin/squeue
set +e
PATH=$tmp/bin:$PATH bash "$cmp" --workloads lu --np 2 --models CM02 -j 1 --out out --no-figures -q > b.out 2> b.err
rc=$?
set -e
[ $rc = 2 ] || { cat b.err; fail "new campaign while the jobs run: exit status $rc, want 2"; }
[ "$(cat b.err)" = "compare-models: '$tmp/out' holds a campaign submitted to Slurm whose jobs 41, 42 are still queued or running (they would run this campaign's runs): wait for them to end (or scancel them), or give another --out DIR" ] ||
  fail "new campaign while the jobs run: $(cat b.err)"
cmp -s out/plan.json plan.before || fail "the refused campaign replaced the plan"
[ -e out/runs/0001.csv ] || fail "the refused campaign removed the former rows"
printf '#!/bin/sh\nexit 0\n' > bin/squeue
PATH=$tmp/bin:$PATH bash "$cmp" --workloads lu --np 2 --models CM02 -j 1 --out out --no-figures -q > c.out 2> c.err ||
  { cat c.err; fail "new campaign after the jobs"; }
[ "$(column out/results.csv program | tr '\n' ' ')" = "lu " ] || fail "after the jobs: $(cat out/results.csv)"
echo "new campaign over running Slurm jobs: refused; after them: run"
