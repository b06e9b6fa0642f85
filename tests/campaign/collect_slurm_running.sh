#!/usr/bin/env bash
# --collect of a campaign submitted to Slurm while squeue still lists its
# jobs gathered it anyway: the runs still queued were reported 'missing'
# ("not run, or its task was killed"), results.csv was rewritten so, exit
# 1, and the collect job, started meanwhile, found DIR locked and gathered
# nothing. Now it is refused, exit 2, one line, as --resume is; inside the
# collect job (SLURM_JOB_ID one of the campaign's jobs, listed by squeue)
# or when squeue cannot tell (DIR copied to a machine without Slurm),
# --collect gathers the runs.
# usage: collect_slurm_running.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2" --models SMPI -j 1 -q --no-figures --out out > /dev/null
# As if submitted: jobs 41 (the array) and 42 (collect); run 1 not done yet.
python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); p["slurm_jobs"] = ["41", "42"]
json.dump(p, open(sys.argv[1], "w"))' out/plan.json
rm out/runs/0001.csv
cp out/results.csv before.csv
mkdir bin
printf '#!/bin/sh\necho 41_1\necho 42\n' > bin/squeue
chmod +x bin/squeue
collect() {
  set +e
  PATH=$tmp/bin:$PATH bash "$cmp" --collect out --no-figures -q > stdout 2> err
  rc=$?
  set -e
}
collect
[ $rc = 2 ] || { cat err; fail "--collect while the jobs run: exit status $rc, want 2"; }
[ "$(cat err)" = "compare-models: '$tmp/out' was submitted to Slurm and its jobs 41, 42 are still queued or running: its collect job gathers the runs once they have ended (or --collect then)" ] ||
  fail "--collect while the jobs run: $(cat err)"
cmp -s before.csv out/results.csv || fail "--collect while the jobs run rewrote results.csv"
# The collect job itself (42): its array has ended.
printf '#!/bin/sh\necho 42\n' > bin/squeue
SLURM_JOB_ID=42 collect
[ $rc = 1 ] || { cat err; fail "--collect in the collect job: exit status $rc, want 1 (run 1 missing)"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok missing " ] || fail "in the collect job: $(cat out/results.csv)"
# squeue fails (no controller): the rows are gathered.
printf '#!/bin/sh\necho "slurm_load_jobs error: Unable to contact slurm controller" >&2\nexit 1\n' > bin/squeue
cp before.csv out/results.csv
collect
[ $rc = 1 ] || { cat err; fail "--collect, squeue failing: exit status $rc, want 1"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok missing " ] || fail "squeue failing: $(cat out/results.csv)"
echo "--collect while the campaign's Slurm jobs run: refused, exit 2; in its collect job or without squeue: gathers"
