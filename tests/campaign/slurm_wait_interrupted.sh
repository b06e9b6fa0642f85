#!/usr/bin/env bash
# --slurm --wait stopped by Ctrl-C or SIGTERM while the jobs are queued (a
# drained node), with stand-ins for sbatch, squeue and scontrol: it said
# "interrupted; running simulations killed", but the Slurm jobs go on, and
# later run and gather the campaign. Now the line names them, how to stop
# them, and where they gather the runs; the exit status is still 128 + the
# signal.
# usage: slurm_wait_interrupted.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
fake_slurm 'echo 101_0; echo 102' # queued for ever
set -m # (a background job of a script ignores SIGINT otherwise)
for sig in INT TERM; do
  rm -rf "$tmp/out" "$tmp/count"
  PATH=$tmp/bin:$PATH FAKE=$tmp bash "$cmp" --workloads cg --np 2 --models SMPI --no-figures --slurm --wait \
    --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err" &
  pid=$!
  for _ in $(seq 100); do grep -q 'submitted as Slurm job array' "$tmp/err" && break; sleep 0.1; done
  sleep 0.5
  kill -$sig $pid
  for _ in $(seq 100); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
  kill -0 $pid 2> /dev/null && { kill -9 $pid; fail "SIG$sig: still waiting 10 s later"; }
  set +e
  wait $pid
  rc=$?
  set -e
  want="compare-models: interrupted; the campaign's Slurm jobs 101, 102 go on (scancel 101 102 stops them), and job 102 gathers the runs into $tmp/out"
  [ $rc = $((128 + $(kill -l $sig))) ] || { cat "$tmp/err"; fail "SIG$sig: exit status $rc"; }
  [ "$(tail -n 1 "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "SIG$sig: last line, want: $want"; }
done
echo "--wait interrupted: the line names the Slurm jobs that go on"
