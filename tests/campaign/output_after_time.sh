#!/usr/bin/env bash
# A run whose output goes on for more than the 8 MiB the campaign reads at
# its end after SMPI's "Simulated time" line (a long list of leaked handles,
# smpi/list-leaks; a wrapper's report at exit) is ok with its time: it was
# 'failed', "no 'Simulated time' line in the output", a finished run lost
# that --resume never ran again. Lines of a megabyte each, and one of
# 12 MiB with no line end, follow the time line. A run that said
# "MPI_Abort was called" that far back (SimGrid's smpirun exits 0 then)
# stays failed, with that note.
# usage: output_after_time.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
fake_launcher 'for a; do last=$a; done
[ $last = abort ] && echo "MPI_Abort was called" >&2
echo "[1.000000000] Simulated time: 1.25 s" >&2
case $last in
  lines | abort) i=0; while [ $i -lt 12 ]; do head -c 1048575 /dev/zero | tr "\0" x >&2; echo >&2; i=$((i + 1)); done ;;
  one-line) head -c 12582912 /dev/zero | tr "\0" y >&2 ;;
esac'
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program "lines=./app lines" \
  --program "one-line=./app one-line" --program "abort=./app abort" --np 2 --models SMPI --out out -q --no-figures > stdout 2> stderr
rc=$?
[ $rc = 1 ] || { cat stderr; cut -d, -f1-11 out/results.csv; fail "exit status $rc, want 1"; }
[ "$(column out/results.csv status | tr '\n' ' ')" = "ok ok failed " ] ||
  fail "statuses: $(column out/results.csv status | tr '\n' ' ')"
[ "$(column out/results.csv simulated_s | tr '\n' ' ')" = "1.000000000 1.000000000  " ] ||
  fail "times: $(column out/results.csv simulated_s | tr '\n' ' ')"
grep -q '^2,abort,.*,failed,0,,,MPI_Abort was called,' out/results.csv || fail "abort: no 'MPI_Abort was called' row"
echo "12 MiB of output after the time line: two runs ok, 1 s; the one that called MPI_Abort failed"
