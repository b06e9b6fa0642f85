#!/usr/bin/env bash
# --slurm --wait stopped by Ctrl-C or SIGTERM while the jobs are queued (a
# drained node), with stand-ins for sbatch, squeue and scontrol: it said
# "interrupted; running simulations killed", but the Slurm jobs go on, and
# later run and gather the campaign. Now the line names them, how to stop
# them, and where they gather the runs; the exit status is still 128 + the
# signal. Also when the signal comes while the collect job is submitted.
# usage: slurm_wait_interrupted.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
# queued for ever; the file says --wait has started waiting
fake_slurm 'touch "$FAKE/waiting"; echo 101_0; echo 102'
set -m # (a background job of a script ignores SIGINT otherwise)
# stop SIG MARKER WANT: a campaign stopped by SIG once $tmp/MARKER exists
# ends with status 128 + SIG and the line WANT.
stop() {
  rm -rf "$tmp/out" "$tmp/count" "$tmp/waiting" "$tmp/collecting"
  PATH=$tmp/bin:$PATH FAKE=$tmp bash "$cmp" --workloads cg --np 2 --models SMPI --no-figures --slurm --wait \
    --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err" &
  pid=$!
  for _ in $(seq 300); do [ -e "$tmp/$2" ] && break; sleep 0.1; done
  [ -e "$tmp/$2" ] || { cat "$tmp/err"; fail "SIG$1: no $2 within 30 s"; }
  kill -"$1" $pid
  for _ in $(seq 100); do kill -0 $pid 2> /dev/null || break; sleep 0.1; done
  kill -0 $pid 2> /dev/null && { kill -9 $pid; fail "SIG$1: still running 10 s later"; }
  set +e
  wait $pid
  rc=$?
  set -e
  [ $rc = $((128 + $(kill -l "$1"))) ] || { cat "$tmp/err"; fail "SIG$1 ($2): exit status $rc"; }
  [ "$(tail -n 1 "$tmp/err")" = "$3" ] || { cat "$tmp/err"; fail "SIG$1 ($2): last line, want: $3"; }
}
for sig in INT TERM; do
  stop $sig waiting "compare-models: interrupted; the campaign's Slurm jobs 101, 102 go on (scancel 101 102 stops \
them), and job 102 gathers the runs into $tmp/out"
done
# The signal while the collect job is being submitted (its sbatch slow):
# the array is queued already, and nothing will gather it.
cat > "$tmp/bin/sbatch" <<'EOT'
#!/bin/sh
n=$(cat "$FAKE/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$FAKE/count"
[ $n = 2 ] && { touch "$FAKE/collecting"; sleep 5; }
echo $((100 + n))
EOT
stop INT collecting "compare-models: interrupted; the campaign's Slurm jobs 101 go on (scancel 101 stops them), and \
no job gathers them: 'compare-models.sh --collect $tmp/out' does once they have ended"
echo "--wait interrupted: the line names the Slurm jobs that go on"
