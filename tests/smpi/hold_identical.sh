#!/bin/sh
# hold_identical.sh SMPIRUN PROGRAM PLATFORM TECH MODEL HOST...
# contention/hold-detached-comms keeps SMPI's eager (detached) comms out of
# SimGrid 3.32's single list of them (plugin/compat/sg_compat.hpp) and must change
# nothing else: the same comms live as long and fail the same way. Under
# MODEL (contention or loggps), the integer sort's all-to-all-v (eager
# messages of a few KiB; speed-patterns isort 1, one rank per HOST) runs
# with it and without; the simulated output must be identical byte for
# byte, and under contention the penalty trace too (comm ids included:
# nothing may move a comm's start or end). The run that holds must have
# held comms and handed none back at the end (every eager comm of the
# program completes, and each is released when it does); the other must
# hold none.
set -u
. "$(dirname "$0")/isort_runs.sh"
model=$param
isort_run yes contention --cfg=network/model:"$model" --cfg=contention/hold-detached-comms:yes
isort_run no contention --cfg=network/model:"$model" --cfg=contention/hold-detached-comms:no
held() { sed -n 's/.*contention: \([0-9]*\) detached comms held out of SimGrid.s list (at most \([0-9]*\) at once), \([0-9]*\) handed back.*/\1 \2 \3/p' "$1"; }
fails=0
set -- $(held "$tmp/yes.err")
if [ "${HOLD_NONE:-0}" = 1 ]; then # SimGrid 3.34+: no list, nothing to hold
  [ $# -eq 0 ] || { echo "FAIL: comms held under a SimGrid without the list"; fails=1; }
  grep -q "contention/hold-detached-comms has nothing to do" "$tmp/yes.err" ||
    { echo "FAIL: no line saying hold-detached-comms has nothing to do"; fails=1; }
  set -- 0 0 0
elif [ $# -ne 3 ]; then
  echo "FAIL: no 'detached comms held' line at verbose level with hold-detached-comms:yes"; fails=1
else
  [ "$1" -gt 0 ] && [ "$2" -gt 0 ] || { echo "FAIL: no comm held ($1, at most $2 at once)"; fails=1; }
  [ "$3" -eq 0 ] || { echo "FAIL: $3 comms still held at the end (each should be released as it completes)"; fails=1; }
fi
[ -z "$(held "$tmp/no.err")" ] || { echo "FAIL: hold-detached-comms:no held comms"; fails=1; }
cmp -s "$tmp/yes.out" "$tmp/no.out" || { echo "FAIL: outputs differ: $(cat "$tmp/yes.out") / $(cat "$tmp/no.out")"; fails=1; }
if [ "$model" = contention ]; then
  [ -s "$tmp/yes.csv" ] || { echo "FAIL: no penalty trace"; fails=1; }
  cmp -s "$tmp/yes.csv" "$tmp/no.csv" || { echo "FAIL: penalty traces differ"; fails=1; }
fi
[ $fails -eq 0 ] && echo "$model ($tech): $1 comms held (at most $2 at once), output and trace identical: $(cat "$tmp/yes.out")"
exit $fails
