#!/usr/bin/env bash
# A run the campaign could not start for want of a descriptor or a process
# (ulimit -n 9 here: Popen's own pipe failed with "Too many open files")
# got a 'failed' row, exit status 127: a finished run, which --resume never
# runs again once the limit is raised. Now the campaign stops with one
# line, as when it cannot open a log, and the run has no row: --resume
# runs it.
# usage: start_no_descriptor.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2" --models SMPI -j 1 -q --no-figures --out out \
  > /dev/null || fail "the campaign"
for n in $(seq 6 16); do
  rm out/runs/0001.csv
  (ulimit -n $n && exec bash "$cmp" --resume out -j 4 -q --no-figures > stdout 2> err)
  ! grep -q Traceback err || { cat err; fail "ulimit -n $n: a traceback"; }
  if grep -l "cannot start .*\(Too many open files\|Resource temporarily unavailable\|Cannot allocate memory\)" \
       out/runs/*.csv 2> /dev/null; then
    cat out/runs/0001.csv
    fail "ulimit -n $n: a run the campaign could not start has a finished row"
  fi
  [ -e out/runs/0001.csv ] || touch out/runs/0001.csv # (no row: as --resume leaves it, for the next rm)
done
echo "low descriptor limits: no run the campaign could not start counts as finished"
