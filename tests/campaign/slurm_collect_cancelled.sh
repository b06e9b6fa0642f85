#!/usr/bin/env bash
# --slurm --wait whose collect job was cancelled (scancel) or stopped before
# it wrote anything, with stand-ins for sbatch, squeue and scontrol: the
# wait ended with exit status 2 (a usage error) and "did not finish its
# work (DIR/slurm/collect-J.out: No such file or directory); see
# DIR/slurm/collect-J.out", the file it had just found missing. Now one line
# that says the runs were not gathered and how to gather them, status 1
# (results missing, as a local run); --collect DIR then gathers them.
# usage: slurm_collect_cancelled.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
fake_slurm '' # every job has ended
set +e
PATH=$tmp/bin:$PATH FAKE=$tmp bash "$cmp" --workloads cg --np 2 --models SMPI --no-figures --slurm --wait \
  --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
want="compare-models: collect job 102 ended without gathering the runs (no $tmp/out/results.csv, no output in $tmp/out/slurm/collect-102.out: cancelled, or stopped before it started); once the campaign's jobs have ended, 'compare-models.sh --collect $tmp/out' gathers them"
[ $rc = 1 ] || { cat "$tmp/err"; fail "exit status $rc, want 1"; }
[ "$(tail -n 1 "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "last line, want: $want"; }
# The task the stand-in never ran, run as Slurm would, then --collect.
python3 "$src/scripts/campaign/compare.py" --run-one "$tmp/out" 0 > /dev/null 2>&1 || fail "--run-one 0"
bash "$cmp" --collect "$tmp/out" --no-figures > "$tmp/stdout" 2> "$tmp/err" || { cat "$tmp/err"; fail "--collect"; }
[ "$(column "$tmp/out/results.csv" status)" = ok ] || fail "--collect: no ok row"
echo "collect job gone without output: one line naming --collect, status 1; --collect gathers the run"
