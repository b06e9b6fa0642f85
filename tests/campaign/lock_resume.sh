#!/usr/bin/env bash
# One campaign at a time per results directory, and a stopped campaign goes
# on where it stopped. Campaign A runs ok, spin (killed after 4 s), ok one
# at a time; while spin runs, campaign B on the same --out is refused (exit
# 2, naming A's process), then A gets SIGTERM: exit 143, spin is
# 'interrupted' (not failed), results.csv holds what finished. --resume
# runs spin and the last run only (the first keeps its row), although A's
# lock file is still there: the lock is the process's, not the file. A
# Slurm task's --run-one stopped by SIGTERM stores 'interrupted' as well.
# usage: lock_resume.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
bash "$cmp" --program "first=./failing_app --mode ok" --program "spin=./failing_app --mode spin" \
  --program "last=./failing_app --mode ok" --np 2 --models contention --timeout 4 -j 1 --out out --no-figures \
  > a.out 2> a.err &
a=$!
# (the spinning run's command line holds this test's own directory)
for _ in $(seq 300); do
  [ -e out/runs/0000.csv ] && pgrep -f "$tmp/failing_app --mode spin" > /dev/null && break
  sleep 0.1
done
pgrep -f "$tmp/failing_app --mode spin" > /dev/null || { cat a.err; fail "the spinning run did not start"; }

set +e
bash "$cmp" --program "./failing_app --mode ok" --np 2 --models contention --out out > b.out 2> b.err
rc=$?
kill -TERM $a
wait $a
rc_a=$?
set -e
[ $rc = 2 ] || { cat b.err; fail "second campaign: exit status $rc, want 2"; }
[ "$(cat b.err)" = "compare-models: results directory '$tmp/out' is in use by another campaign (process $a): wait for it to end, or give another --out DIR" ] ||
  fail "second campaign: $(cat b.err)"

[ $rc_a = 143 ] || { cat a.err; fail "stopped campaign: exit status $rc_a, want 143"; }
grep -q "each killed after 4 s of wall time" a.err || fail "no wall time limit printed"
grep -q "^compare-models: stopped by signal 15: 1 of 3 runs finished, 1 interrupted (results so far in $tmp/out/results.csv); run the others with: compare-models.sh --resume $tmp/out$" a.err ||
  { cat a.err; fail "no stop message"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok interrupted missing " ] ||
  fail "statuses after the stop: $(column out/results.csv status | tr '\n' ' ')"
grep -q '^1,spin,.*,interrupted,-9,,,killed when the campaign was stopped; --resume runs it again,' out/results.csv ||
  fail "spin is not 'interrupted': $(grep '^1,' out/results.csv)"
wall0=$(value out/results.csv 0 wall_s)

[ -s out/campaign.lock ] || fail "no lock file left to prove it does not block"
# What a process killed while writing would leave: --resume removes it.
touch out/results.csv.tmp99999 out/runs/0002.csv.tmp99999
set +e
bash "$cmp" --resume out -j 2 --no-figures > c.out 2> c.err
rc=$?
set -e
[ $rc = 1 ] || { cat c.err; fail "resume: exit status $rc, want 1 (spin times out)"; }
grep -q "^compare-models: 1 of 3 runs of $tmp/out finished already$" c.err || { cat c.err; fail "resume: no count"; }
grep -q "^compare-models: 2 runs, 2 at a time" c.err || { cat c.err; fail "resume: not 2 runs"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok timeout ok " ] ||
  fail "statuses after --resume: $(column out/results.csv status | tr '\n' ' ')"
[ "$(value out/results.csv 0 wall_s)" = "$wall0" ] || fail "--resume ran the finished run again"
grep -q '^3 runs: 2 ok, 1 timeout ' c.out || { cat c.out; fail "resume: no summary of all runs"; }
leftover=$(find out -name '*.tmp*')
[ -z "$leftover" ] || fail "temporary files left: $leftover"

# A Slurm task (--run-one) stopped by SIGTERM (scancel, its time limit)
# stores its run as 'interrupted' too, for --resume.
rm out/runs/0001.csv out/logs/0001.err
python3 "$src/scripts/campaign/compare.py" --run-one out 1 > d.out 2> d.err &
d=$!
for _ in $(seq 300); do
  pgrep -f "$tmp/failing_app --mode spin" > /dev/null && break
  sleep 0.1
done
kill -TERM $d
set +e
wait $d
rc=$?
set -e
[ $rc = 143 ] || { cat d.err; fail "--run-one stopped: exit status $rc, want 143"; }
grep -q '^1,spin,.*,interrupted,' out/runs/0001.csv || { cat d.err; fail "--run-one stopped: no interrupted row"; }
echo "second campaign refused; SIGTERM: ok interrupted missing, exit 143; --resume: ok timeout ok; --run-one interrupted"
