#!/bin/sh
# retime_rule.sh SMPIRUN PROGRAM PLATFORM TECH MIN_SKIP HOST...
# The binding re-times a comm whose rate factor alone changed by putting
# it in SimGrid's modified-action set, without a bound update
# (sg_compat.hpp, retime; doc/simgrid-plugin.md, "One evaluation per
# instant"). That must not change a digit: the penalty trace (every rate,
# every end time) and the simulated time are compared byte for byte with a
# run that gives every rate change a bound update of its own
# (CONTENTION_RETIME_ALL=1). And at least MIN_SKIP percent of the rate
# changes must go without a bound update, so the test fails if the binding
# falls back to bound updates (comms bounded by a shared link at risk
# change their bound, which always goes to the solver). One rank per HOST,
# running the integer sort's all-to-all-v (speed-patterns isort 1). DETACH
# (default yes) sets contention/detach-hidden-links. The verbose
# end-of-run lines are read from the same run, including the seconds spent
# in flushes and in the technology's rules.
set -u
. "$(dirname "$0")/isort_runs.sh"
min_skip=$param
ISORT_ENV=CONTENTION_RETIME_ALL=0 isort_run rule contention --cfg=contention/detach-hidden-links:"${DETACH:-yes}"
ISORT_ENV=CONTENTION_RETIME_ALL=1 isort_run all contention --cfg=contention/detach-hidden-links:"${DETACH:-yes}"
counts() { sed -n 's/.*contention: [0-9]* comms, [0-9]* flushes, \([0-9]*\) rate changes, \([0-9]*\) bound updates.*/\1 \2/p' "$1"; }
set -- $(counts "$tmp/rule.err") $(counts "$tmp/all.err")
[ $# -eq 4 ] || { echo "FAIL: no 'rate changes, bound updates' line at verbose level"; exit 1; }
fails=0
same_runs rule all
[ "$1" -eq "$3" ] && [ "$4" -eq "$3" ] || { echo "FAIL: without the rule, $4 updates for $3 rate changes (want equal, and $1 with it)"; fails=1; }
[ $((($1 - $2) * 100)) -ge $(($1 * min_skip)) ] ||
  { echo "FAIL: too many bound updates: $2 for $1 rate changes (want at least $min_skip % re-timed without one)"; fails=1; }
# The verbose timing line: flush and rule seconds, the rules' part no larger.
timing=$(sed -n "s/.*contention: \([0-9.]*\) s in flushes, of which \([0-9.]*\) s in the $tech rules (wall clock).*/\1 \2/p" "$tmp/rule.err")
[ -n "$timing" ] && echo "$timing" | awk '{ exit !($2 <= $1) }' ||
  { echo "FAIL: no 'N s in flushes, of which M <= N s in the $tech rules' line: '$timing'"; fails=1; }
echo "$tech: $1 rate changes, $2 bound updates; trace of $(wc -l <"$tmp/rule.csv") rows identical"
exit $fails
