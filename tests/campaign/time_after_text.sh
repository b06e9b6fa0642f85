#!/usr/bin/env bash
# A program whose last text on standard error has no line end (progress
# dots, a prompt) has SMPI's "Simulated time" text on the same line,
# after it: the run was 'failed', "no 'Simulated time' line in the
# output", its time lost, and --resume never ran it again. Its time is
# read wherever it is on its line: after a few characters, after 300 of
# them with more than 8 MiB of output following (where the campaign
# scans the whole log), and on a line of its own as before.
# usage: time_after_text.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
fake_launcher 'for a; do last=$a; done
case $last in
  dots) printf "..." >&2 ;;
  long) head -c 300 /dev/zero | tr "\0" . >&2 ;;
esac
echo "[1.500000000] Simulated time: 1.5 seconds." >&2
if [ $last = long ]; then
  i=0; while [ $i -lt 9 ]; do head -c 1048575 /dev/zero | tr "\0" x >&2; echo >&2; i=$((i + 1)); done
fi'
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program "dots=./app dots" --program "long=./app long" \
  --program "alone=./app alone" --np 2 --models SMPI --out out -q --no-figures > stdout 2> stderr
rc=$?
[ $rc = 0 ] || { cat stderr; cut -d, -f1-11 out/results.csv; fail "exit status $rc, want 0"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok ok ok " ] ||
  fail "statuses: $(column out/results.csv status | tr '\n' ' ')"
[ "$(column out/results.csv simulated_s | tr '\n' ' ')" = "1.500000000 1.500000000 1.500000000 " ] ||
  fail "times: $(column out/results.csv simulated_s | tr '\n' ' ')"
echo "the time after text on its line: three runs ok, 1.5 s"
