#!/bin/sh
# cfg_noglob.sh BIN_DIR PLATFORM RUN_END: SimGrid's smpirun passes the
# --cfg options and the program's arguments to smpimain unquoted, so the
# shell expanded them as file patterns: in a directory holding files that
# matched, --cfg=contention/trace:t*.csv became one option per match and the
# trace went to the last match, and the program got the file names instead
# of its argument. The wrapper runs SimGrid's smpirun with globbing off:
# both reach smpimain as written.
set -u
bin=$1 platform=$2 run_end=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
cd "$tmp" || exit 1
# Files that the unquoted words would match.
mkdir -p -- "--cfg=contention"
: >"--cfg=contention/trace:t1.csv"
: >"--cfg=contention/trace:t2.csv"
: >"o1" && : >"o2"
"$bin/smpirun" -np 2 -platform "$platform" --cfg=network/model:contention "--cfg=contention/trace:t*.csv" \
  --log=root.thres:critical "$run_end" 'o*' >out 2>err
rc=$?
if [ "$rc" -eq 0 ] && [ -s "t*.csv" ] && [ ! -e t1.csv ] && [ ! -e t2.csv ]; then
  echo "ok   trace written to 't*.csv' as given"
else
  echo "FAIL trace: status $rc; written: $(ls -- *.csv 2>/dev/null | tr '\n' ' ')"
  head -3 err
  fails=$((fails + 1))
fi
if grep -q "end: o\*" out && ! grep -q "end: o1" out; then
  echo "ok   the program got 'o*' as given"
else
  echo "FAIL the program's argument: $(grep -m1 "end:" out)"
  fails=$((fails + 1))
fi
[ $fails -eq 0 ]
