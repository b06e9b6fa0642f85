#!/bin/sh
# option_value_missing.sh BIN_DIR PLATFORM: an smpirun option that takes a
# value, given as the last word, is one error line naming it, exit status 2.
# It was "shift: can't shift that many" from a shell script (-np, -n,
# -trace-file, -trace-comment...), "the file '' does not exist" (-platform,
# -hostfile, -replay), a usage text (-tmpdir), or for -wrapper the
# launcher's shift took away the first option: "-platform P -wrapper" ran
# P as the program ("No hostfile nor platform specified").
set -u
bin=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
for o in -wrapper -tmpdir -np -n -bandwidth -latency -platform -hostfile -machinefile -replay -trace-comment \
  -trace-comment-file -trace-file; do
  "$bin/smpirun" -platform "$platform" "$o" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  lines=$(wc -l <"$tmp/err")
  want="smpirun: $o expects a value; accepted: $o VALUE, before the program"
  if [ "$rc" -eq 2 ] && [ "$lines" -eq 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ]; then
    echo "ok   $o last: status 2, one line"
  else
    echo "FAIL $o last: status $rc, $lines stderr line(s), expected 2 and the one line: $want"
    head -3 "$tmp/err" "$tmp/out"
    fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
