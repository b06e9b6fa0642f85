#!/usr/bin/env bash
# A campaign whose plan.json would pass the 256 MiB that --resume,
# --collect and Slurm tasks read (every run's command line is in the plan:
# here 2,700 runs of a program with a 100 kB argument, 272 MB) is refused
# before any run, exit 2, one line. It ran, then --collect and --resume
# refused the plan it had written ("not a campaign plan (more than 256 MiB;
# accepted: the plan.json compare-models writes)"), and so would every
# Slurm task.
# usage: plan_too_large.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
arg=$(head -c 100000 /dev/zero | tr '\0' a)
set +e
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program "./app $arg" --models "SMPI b=SMPI c=SMPI" \
  --np "$(seq -s ' ' 1 900)" -j 2 -q --no-figures --out out > stdout 2> err
rc=$?
set -e
[ $rc = 2 ] || { head -c 300 err; fail "exit status $rc, want 2"; }
[ "$(cat err)" = "compare-models: the plan of this campaign's 2700 runs would be 259 MiB, more than the 256 MiB that --resume, --collect and Slurm tasks read (it holds every run's command line); accepted: fewer runs, or shorter program arguments and smpirun options" ] ||
  { head -c 600 err; fail "not the one line"; }
[ ! -e out/plan.json ] && [ ! -e out/runs ] || fail "a plan was written or runs ran"
echo "a plan past 256 MiB: refused before any run, exit 2"
