#!/bin/sh
# detach_identical.sh SMPIRUN PROGRAM PLATFORM TECH MIN_REATTACHED HOST...
# contention/detach-hidden-links takes hidden links out of the comms'
# max-min variables (plugin/links/detached_links.hpp) and must not change the
# results: the simulated time is compared byte for byte with a run that
# keeps them, and so is the penalty trace, row by row (comm ids aside), but
# for two things SimGrid decides, not the model: the order of comms ending
# at one instant (its event heap breaks ties by its own history, and comm
# ids follow start order), and the last bits of end times (a comm's
# remaining bytes are updated at each instant SimGrid re-times it, and a
# detached comm is re-timed at fewer instants: fewer roundings). End times
# and rates must agree within 1e-15 relative (measured: at most 1.41e-16). The
# detached run must have dropped terms (and re-attached at least
# MIN_REATTACHED, for a platform whose shared links are given back to the
# solver), so that the test fails if detaching is switched off. A third
# run finds every comm's links anew instead of from its host pair's plan
# (CONTENTION_DETACH_PLANS=0): its trace and output must be the same bytes
# as the first's, whose comms must have been split by a plan (every comm
# after its pair's first, but for plans lost to a set's third pair or to a
# link hidden or given back). One rank per HOST, running the integer sort's
# all-to-all-v (speed-patterns isort 1).
# EXTRA_CFG: more --cfg options for both runs (e.g. network/optim:Full).
set -u
. "$(dirname "$0")/isort_runs.sh"
min_reattached=$param
isort_run yes contention_detach --cfg=contention/detach-hidden-links:yes ${EXTRA_CFG:-}
isort_run no contention_detach --cfg=contention/detach-hidden-links:no ${EXTRA_CFG:-}
ISORT_ENV=CONTENTION_DETACH_PLANS=0 isort_run noplan contention_detach --cfg=contention/detach-hidden-links:yes ${EXTRA_CFG:-}
counts() { sed -n "s/.*contention: \([0-9]*\) comms' variables without their hidden links (\([0-9]*\) terms dropped, \([0-9]*\) re-attached.*/\1 \2 \3/p" "$1"; }
planned() { sed -n "s/.*; \([0-9]*\) comms split by their pair's plan).*/\1/p" "$1"; }
fails=0
same_runs yes noplan
[ -n "$(planned "$tmp/yes.err")" ] && [ "$(planned "$tmp/yes.err")" -gt 0 ] && [ "$(planned "$tmp/noplan.err")" = 0 ] ||
  { echo "FAIL: comms split by a plan: '$(planned "$tmp/yes.err")' (want > 0), '$(planned "$tmp/noplan.err")' without plans (want 0)"; fails=1; }
set -- $(counts "$tmp/yes.err") $(counts "$tmp/no.err")
[ $# -eq 6 ] || { echo "FAIL: no 'variables without their hidden links' line at verbose level"; exit 1; }
# rows without the comm id, by pair, event time, event
rows() { tail -n +2 "$1" | awk -F, '{ print $3 "," $4 "," $1 "," $7 "," $5 "," $6 }' | sort -t, -k1,1 -k2,2 -k3,3g -k4,4; }
rows "$tmp/yes.csv" >"$tmp/yes.rows"
rows "$tmp/no.csv" >"$tmp/no.rows"
worst=$(paste -d, "$tmp/yes.rows" "$tmp/no.rows" | awk -F, '
  function rel(a, b) { d = a - b; if (d < 0) d = -d; m = (a < 0 ? -a : a); return m > 0 ? d / m : d }
  $1 != $7 || $2 != $8 || $4 != $10 || $5 != $11 { print "row " NR ": " $0; bad = 1; exit }
  { r = rel($3, $9); if (r > w) w = r; r = rel($6, $12); if (r > w) w = r }
  END { if (!bad) printf "%.3g\n", w + 0 }')
[ "$(wc -l <"$tmp/yes.rows")" -eq "$(wc -l <"$tmp/no.rows")" ] ||
  { echo "FAIL: $(wc -l <"$tmp/yes.rows") trace rows detached, $(wc -l <"$tmp/no.rows") kept"; fails=1; }
case $worst in
  row*) echo "FAIL: traces differ beyond rounding: $worst"; fails=1 ;;
  *) awk -v w="$worst" 'BEGIN { exit !(w <= 1e-15) }' ||
       { echo "FAIL: end times or rates differ by $worst relative (want at most 1e-15)"; fails=1; } ;;
esac
cmp -s "$tmp/yes.out" "$tmp/no.out" || { echo "FAIL: outputs differ: $(cat "$tmp/yes.out") / $(cat "$tmp/no.out")"; fails=1; }
[ "$1" -gt 0 ] && [ "$2" -gt 0 ] || { echo "FAIL: nothing detached ($1 variables, $2 terms)"; fails=1; }
[ "$3" -ge "$min_reattached" ] || { echo "FAIL: $3 terms re-attached, want at least $min_reattached"; fails=1; }
[ "$4" -eq 0 ] || { echo "FAIL: detach-hidden-links:no detached $4 variables"; fails=1; }
echo "$tech: $1 variables detached ($(planned "$tmp/yes.err") by a plan), $2 terms dropped, $3 re-attached; $(wc -l <"$tmp/yes.rows") trace rows agree within $worst, and byte for byte without plans"
exit $fails
