#!/bin/sh
# run_patterns_failed.sh RUN_PATTERNS: a run of bench/smpi-speed/run-patterns.sh
# that fails (here: fake-timer.sh has no time for myrinet and exits 3, as
# smpirun does on an unknown technology) ends the script with one line
# naming the run, exit 1; it was printed "over 600 s", a time it never took.
set -u
src=$(CDPATH='' cd -- "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/build/bin"
: >"$dir/order"
printf 'SMPI 0 10 9 102400\ngige 0 11 10 102400\n' >"$dir/times"
FAKE_DIR=$dir FAKE_TIMES=$dir/times TIMER=$src/tests/bench/fake-timer.sh REPEAT=1 PER=1 \
  sh "$1" "$dir/build" 64 "gige myrinet" halo3d >"$dir/out" 2>"$dir/err"
status=$?
if [ $status != 1 ] || grep -q "over " "$dir/out" ||
   [ "$(cat "$dir/err")" != "run-patterns.sh: halo3d, 64 ranks, contention --cfg=contention/technology:myrinet --log=contention.thres:verbose: failed (exit 3): fake-timer.sh: no time for myrinet round 0" ]; then
  echo "exit $status; stdout:"; cat "$dir/out"; echo "stderr:"; cat "$dir/err"
  exit 1
fi
echo "a failed run: one error line, exit 1"
