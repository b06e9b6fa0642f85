#!/usr/bin/env bash
# A campaign run as Slurm job arrays, end to end, against a real Slurm
# started here on localhost: munged, slurmctld and slurmd run as root from a
# temporary directory and are stopped on exit, even after a failure.
# MaxArraySize=4 makes the 8-run campaign two arrays (the second one offset).
# 1. --slurm --wait with a failing program: the rows equal a local -j 2
#    run's, the exit status is 1 as locally, every task left its log and
#    ran the --setup line.
# 2. --slurm alone returns once submitted; the dependent job collects.
# usage: slurm.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
export BUILD_DIR=$2
. "$src/tests/campaign/lib.sh"
for t in munged slurmctld slurmd sbatch squeue sinfo scancel; do
  command -v $t > /dev/null || fail "$t not found: this test needs Debian's slurm-wlm and munge (scripts/setup.sh)"
done
tmp=$(mktemp -d)
chmod 755 "$tmp" # munged wants every directory above its socket searchable
export SLURM_CONF=$tmp/slurm.conf
pids=()
stop() {
  local rc=$?
  trap '' PIPE # a closed stdout must not stop the clean-up half-way
  scancel --user=root 2> /dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  for _ in $(seq 50); do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2> /dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.2
  done
  for p in "${pids[@]}"; do kill -9 "$p" 2> /dev/null || true; done
  if [ $rc != 0 ]; then # what the daemons and the jobs said, for the diagnosis
    for f in "$tmp"/log/*; do echo "== $f" && tail -n 15 "$f"; done
    for f in "$tmp"/*/logs/slurm-*.out "$tmp"/*/slurm/collect-*.out; do [ -f "$f" ] && echo "== $f" && cat "$f"; done
  fi
  rm -rf "$tmp"
}
trap stop EXIT

mkdir -m 700 "$tmp/key"
mkdir -m 755 "$tmp/sock"
mkdir "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/bin"
dd if=/dev/urandom of="$tmp/key/munge.key" bs=128 count=1 status=none
chmod 600 "$tmp/key/munge.key"
munged -F --key-file="$tmp/key/munge.key" --socket="$tmp/sock/munge.sock" --pid-file="$tmp/sock/munged.pid" \
  --log-file="$tmp/log/munged.log" --seed-file="$tmp/key/seed" > "$tmp/log/munged.out" 2>&1 &
pids+=($!)
read -r ctld_port node_port < <(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
node=$(hostname -s)
cat > "$SLURM_CONF" <<EOC
ClusterName=campaign-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/sock/munge.sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
MaxArraySize=4
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=campaign Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOC
for _ in $(seq 50); do [ -S "$tmp/sock/munge.sock" ] && break; sleep 0.1; done
slurmctld -D -c -f "$SLURM_CONF" > "$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" > "$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ "$(sinfo -h -o %t 2> /dev/null)" = idle ] && break; sleep 0.3; done
[ "$(sinfo -h -o %t 2> /dev/null)" = idle ] || { tail -n 20 "$tmp"/log/*; fail "the test Slurm did not come up"; }

build_app user_app "$tmp/bin"
build_app failing_app "$tmp/bin"
compare="$src/scripts/compare-models.sh"
cd "$tmp"
set -- --program "bin/user_app --iters 1" --program "crash=bin/failing_app --mode crash" --np "2 4" \
  --models "contention SMPI" --no-figures

# 1. Waiting for the arrays and the collect job.
set +e
bash "$compare" "$@" -j 2 --out local > local.out 2>&1
local_rc=$?
# (bounded: a Slurm that never runs the jobs must not hang the test)
timeout 90 bash "$compare" "$@" --slurm --wait --time 5 --partition campaign --max-parallel 2 \
  --setup "echo setup line ran" --out array > array.out 2> array.err
rc=$?
set -e
[ $local_rc = 1 ] || { cat local.out; fail "local run exited $local_rc, want 1"; }
[ $rc = 1 ] || { cat array.out array.err; fail "--slurm --wait exited $rc, want 1 (the crash runs)"; }
same_rows local/results.csv array/results.csv
[ "$(column array/results.csv status | tr '\n' ' ')" = "ok ok ok ok failed failed failed failed " ] ||
  fail "statuses through Slurm: $(column array/results.csv status | tr '\n' ' ')"
grep -Eq 'submitted as Slurm job array [0-9]+, [0-9]+;' array.err || fail "8 runs were not split into two arrays"
[ "$(ls array/logs/slurm-*.out | wc -l)" = 8 ] || fail "want 8 Slurm task logs in array/logs"
grep -q '^#SBATCH --time=5$' array/slurm/array.sbatch || fail "--time not in the array script"
grep -q '^#SBATCH --partition=campaign$' array/slurm/array.sbatch || fail "--partition not in the array script"
[ "$(grep -lx 'setup line ran' array/logs/slurm-*.out | wc -l)" = 8 ] || fail "--setup did not run in every task"
grep -q '^8 runs: 4 ok, 4 failed ' array.out || fail "--wait did not print the collect job's summary"

# 2. Submitting only: the collect job writes the results when the array ends.
bash "$compare" --program "bin/user_app --iters 1" --np 2 --models "contention SMPI" --no-figures --slurm \
  --out later > later.out 2>&1 || { cat later.out; fail "--slurm without --wait exited $?"; }
grep -q "'compare-models.sh --collect $tmp/later' prints the results again" later.out || fail "no collect hint"
for _ in $(seq 200); do [ -z "$(squeue -h)" ] && break; sleep 0.3; done
[ -z "$(squeue -h)" ] || fail "jobs still queued after 60 s: $(squeue -h)"
[ "$(column later/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "collect job: no results.csv with 2 ok rows"
grep -q '^2 runs: 2 ok ' later/slurm/collect-*.out || fail "collect job output has no summary"
# 3. A results directory whose path has a blank and a '%' (run from it, so
#    that smpirun gets a hostfile path without the blank): the tasks' logs
#    are written there, not to the path cut at the blank or with %j replaced.
mkdir "$tmp/my 100%j"
(cd "$tmp/my 100%j" && timeout 90 bash "$compare" --program "$tmp/bin/user_app --iters 1" --np 2 --models SMPI \
  --no-figures --slurm --wait --out o > o.out 2>&1) || { cat "$tmp/my 100%j/o.out"; fail "--slurm in 'my 100%j' failed"; }
[ "$(ls "$tmp/my 100%j/o/logs/"slurm-*.out | wc -l)" = 1 ] || fail "no Slurm task log in '$tmp/my 100%j/o/logs'"
[ -n "$(ls "$tmp/my 100%j/o/slurm/"collect-*.out)" ] || fail "no collect job log in '$tmp/my 100%j/o/slurm'"
echo "Slurm: 8 runs in two job arrays, rows identical to a local run; submit-only collected by its dependent job"
