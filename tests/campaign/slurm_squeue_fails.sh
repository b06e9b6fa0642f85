#!/usr/bin/env bash
# --slurm --wait while squeue keeps failing (slurmctld stopped after the
# submission), with stand-ins for sbatch, squeue and scontrol: the wait
# ended with exit status 2 (a usage error) and told to run
# "'compare-models.sh --collect DIR'" with the word DIR, not the directory.
# Now the line names the directory, exit status 1 (results missing, as a
# local run).
# usage: slurm_squeue_fails.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
fake_slurm 'echo "slurm_load_jobs error: Unable to contact slurm controller (connect failure)" >&2; exit 1'
set +e
PATH=$tmp/bin:$PATH FAKE=$tmp bash "$cmp" --workloads cg --np 2 --models SMPI --no-figures --slurm --wait \
  --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
want="compare-models: squeue fails: slurm_load_jobs error: Unable to contact slurm controller (connect failure) (the jobs may still run; once they have ended, 'compare-models.sh --collect $tmp/out' reports them)"
[ $rc = 1 ] || { cat "$tmp/err"; fail "exit status $rc, want 1"; }
[ "$(tail -n 1 "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "last line, want: $want"; }
echo "squeue failing under --wait: one line naming --collect DIR, status 1"
