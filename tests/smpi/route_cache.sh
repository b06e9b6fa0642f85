#!/bin/sh
# route_cache.sh SMPIRUN PROGRAM PLATFORM TECH PAIRS:DISTINCT[:READS] HOST...
# The binding keeps each host pair's shared links (shared_links.cpp), read
# from the comm's max-min variable (variable_links.cpp) the first time the
# pair is met. Neither must change a digit. Three runs: the pairs kept, each
# entry read back also compared with the comm's own
# (CONTENTION_ROUTE_CACHE=check, which stops the run on a difference);
# every comm read from its variable, nothing kept (CONTENTION_ROUTE_CACHE=0);
# every comm's routes asked of SimGrid, one ledger entry per link of each,
# as before the variables were read (CONTENTION_ROUTE_CACHE=routes). The
# penalty traces, the outputs and the times shared links were hidden and
# given back (a link's load read too high changes no rate, only those) must
# be the same. The verbose end-of-run line must count PAIRS host pairs kept,
# DISTINCT entries among them, READS comm starts reading one (by default
# comms - PAIRS: every start after a pair's first), and none without them.
# One rank per HOST, running the integer sort's all-to-all-v (speed-patterns
# isort 1). ROUTE_OPTS: more options for both runs (e.g.
# --cfg=network/crosstraffic:0); ROUTE_ENV: VAR=VALUE words for the run with
# the routes kept (CONTENTION_ROUTE_ROW_BYTES=N: rows of kept routes, 4
# bytes per host each, stop at N bytes in all).
set -u
. "$(dirname "$0")/isort_runs.sh"
pairs=$(echo "$param" | cut -d: -f1) distinct=$(echo "$param" | cut -d: -f2) reads=$(echo "$param" | cut -d: -f3)
ISORT_ENV="CONTENTION_ROUTE_CACHE=check ${ROUTE_ENV:-}" isort_run kept contention ${ROUTE_OPTS:-}
ISORT_ENV=CONTENTION_ROUTE_CACHE=0 isort_run read contention ${ROUTE_OPTS:-}
ISORT_ENV=CONTENTION_ROUTE_CACHE=routes isort_run asked contention ${ROUTE_OPTS:-}
comms() { sed -n 's/.*contention: \([0-9]*\) comms, [0-9]* flushes.*/\1/p' "$1"; }
kept() { sed -n 's/.*routes of \([0-9]*\) host pairs kept (\([0-9]*\) distinct), \([0-9]*\) comm starts read them.*/\1 \3 \2/p' "$1"; }
fails=0
same_runs kept read
same_runs kept asked
for other in read asked; do
  [ -n "$(hides "$tmp/kept.err")" ] && [ "$(hides "$tmp/kept.err")" = "$(hides "$tmp/$other.err")" ] ||
    { echo "FAIL: shared links: '$(hides "$tmp/kept.err")' with the pairs kept, '$(hides "$tmp/$other.err")' in run $other"; fails=1; }
done
n=$(comms "$tmp/kept.err")
set -- $(kept "$tmp/kept.err") $(kept "$tmp/asked.err") $(kept "$tmp/read.err")
[ $# -eq 9 ] && [ -n "$n" ] || { echo "FAIL: no 'N comms' or 'routes of N host pairs kept' line at verbose level"; exit 1; }
want_hits=${reads:-$((n - pairs))}
[ "$1" -eq "$pairs" ] && [ "$2" -eq "$want_hits" ] && [ "$3" -eq "$distinct" ] ||
  { echo "FAIL: $1 pairs kept ($3 distinct routes) and $2 starts reading them, for $n comms (want $pairs ($distinct) and $want_hits)"; fails=1; }
[ "$4" -eq 0 ] && [ "$5" -eq 0 ] && [ "$6" -eq 0 ] && [ "$7" -eq 0 ] && [ "$8" -eq 0 ] && [ "$9" -eq 0 ] ||
  { echo "FAIL: without the cache, $4 / $7 pairs kept ($6 / $9 distinct) and $5 / $8 starts reading them (want 0)"; fails=1; }
# how each run found its comms' shared links: "VARIABLES ROUTES"
sources() { sed -n 's/.*shared links read from their variables \([0-9]*\) times, from their routes \([0-9]*\) times.*/\1 \2/p' "$1"; }
[ "$(sources "$tmp/kept.err")" = "$((n - want_hits)) 0" ] && [ "$(sources "$tmp/read.err")" = "$n 0" ] &&
  [ "$(sources "$tmp/asked.err")" = "0 $n" ] ||
  { echo "FAIL: shared links read from variables / routes: '$(sources "$tmp/kept.err")' kept (want $((n - want_hits)) 0)," \
      "'$(sources "$tmp/read.err")' read (want $n 0), '$(sources "$tmp/asked.err")' asked (want 0 $n)"; fails=1; }
echo "$tech: $n comms, $1 host pairs kept ($3 distinct entries), $2 starts read them; trace of $(wc -l <"$tmp/kept.csv") rows identical in the three runs; $(hides "$tmp/kept.err")"
exit $fails
