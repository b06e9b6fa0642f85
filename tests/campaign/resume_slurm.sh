#!/usr/bin/env bash
# --resume of a campaign submitted to Slurm waits for its jobs: while
# squeue still lists one (here a fake squeue on PATH), it is refused with
# exit 2 (it used to run the unfinished runs here while the Slurm tasks ran
# them too, both writing their rows and logs); once squeue lists none, it
# runs them. The plan records the job ids (as compare-models --slurm does).
# usage: resume_slurm.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
bash "$cmp" --program "./failing_app --mode ok" --np 2 --models "contention SMPI" -j 1 --out out --no-figures -q \
  > a.out 2> a.err || { cat a.err; fail "first campaign failed"; }
# As if submitted: jobs 41 (the array) and 42 (collect); run 1 not done yet.
python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); p["slurm_jobs"] = ["41", "42"]
json.dump(p, open(sys.argv[1], "w"))' out/plan.json
rm out/runs/0001.csv
mkdir bin
printf '#!/bin/sh\necho 41_1\necho 42\n' > bin/squeue
chmod +x bin/squeue
set +e
PATH=$tmp/bin:$PATH bash "$cmp" --resume out --no-figures -q > b.out 2> b.err
rc=$?
set -e
[ $rc = 2 ] || { cat b.err; fail "resume while the jobs run: exit status $rc, want 2"; }
[ "$(cat b.err)" = "compare-models: '$tmp/out' was submitted to Slurm and its jobs 41, 42 are still queued or running: wait for them to end (or scancel them), then --resume runs what did not finish, here" ] ||
  fail "resume while the jobs run: $(cat b.err)"
[ ! -e out/runs/0001.csv ] || fail "run 1 was run while its Slurm task may run"
printf '#!/bin/sh\nexit 0\n' > bin/squeue
PATH=$tmp/bin:$PATH bash "$cmp" --resume out --no-figures -q > c.out 2> c.err || { cat c.err; fail "resume after the jobs"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "after resume: $(cat out/results.csv)"
