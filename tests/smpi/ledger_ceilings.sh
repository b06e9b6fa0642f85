#!/bin/sh
# ledger_ceilings.sh SMPIRUN PROGRAM PLATFORM TECH SKIPPED:COUNTED HOST...
# The binding gives the shared-link ledger each comm's bandwidth alone as
# the ceiling of its demands (contention/link_ledger.h): a shared link its
# comms cannot fill is left out of their re-ratings. That must not change a
# digit. Run with the ceilings and without (CONTENTION_LEDGER_CEILINGS=0,
# every shared link counted at every re-rating): the penalty traces, the
# outputs and the times shared links were hidden and given back must be
# the same. The verbose end-of-run line must count, with the ceilings,
# SKIPPED demand changes of comms whose shared links were all left out and
# COUNTED of comms with one counted, and without them none left out and
# as many in all. One rank per HOST,
# running the integer sort's all-to-all-v (speed-patterns isort 1).
set -u
. "$(dirname "$0")/isort_runs.sh"
want_skipped=$(echo "$param" | cut -d: -f1) want_counted=$(echo "$param" | cut -d: -f2)
isort_run ceilings contention
ISORT_ENV=CONTENTION_LEDGER_CEILINGS=0 isort_run none contention
counts() { sed -n 's/.*demand changes counted on a shared link \([0-9]*\), left out \([0-9]*\).*/\1 \2/p' "$1"; }
fails=0
same_runs ceilings none
[ -n "$(hides "$tmp/ceilings.err")" ] && [ "$(hides "$tmp/ceilings.err")" = "$(hides "$tmp/none.err")" ] ||
  { echo "FAIL: shared links: '$(hides "$tmp/ceilings.err")' with ceilings, '$(hides "$tmp/none.err")' without"; fails=1; }
set -- $(counts "$tmp/ceilings.err") $(counts "$tmp/none.err")
[ $# -eq 4 ] || { echo "FAIL: no 'demand changes counted on a shared link N, left out M' at verbose level"; exit 1; }
[ "$2" -eq "$want_skipped" ] && [ "$1" -eq "$want_counted" ] ||
  { echo "FAIL: with ceilings, $1 demand changes counted and $2 left out (want $want_counted and $want_skipped)"; fails=1; }
[ "$4" -eq 0 ] && [ "$3" -eq $(($1 + $2)) ] ||
  { echo "FAIL: without ceilings, $3 counted and $4 left out (want $(($1 + $2)) and 0)"; fails=1; }
echo "$tech: with ceilings $1 demand changes counted on a shared link and $2 left out, without $3 and $4; trace of $(wc -l <"$tmp/ceilings.csv") rows identical; $(hides "$tmp/ceilings.err")"
exit $fails
