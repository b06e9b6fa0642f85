#!/bin/sh
# route_cache.sh SMPIRUN PROGRAM PLATFORM TECH PAIRS:DISTINCT[:READS] HOST...
# The binding keeps each host pair's shared links (shared_links.cpp): a
# route is asked of SimGrid once per pair, not at every comm start. That
# must not change a digit. Run with the routes kept, each one read back also
# compared with SimGrid's (CONTENTION_ROUTE_CACHE=check, which stops the run
# on a difference), and run asking for every route (CONTENTION_ROUTE_CACHE=0):
# the penalty traces, the outputs and the times shared links were hidden and
# given back (a link's load read too high changes no rate, only those) must
# be the same. The verbose end-of-run line must count PAIRS host pairs kept,
# DISTINCT routes among them, READS comm starts reading one (by default
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
ISORT_ENV=CONTENTION_ROUTE_CACHE=0 isort_run asked contention ${ROUTE_OPTS:-}
comms() { sed -n 's/.*contention: \([0-9]*\) comms, [0-9]* flushes.*/\1/p' "$1"; }
kept() { sed -n 's/.*routes of \([0-9]*\) host pairs kept (\([0-9]*\) distinct), \([0-9]*\) comm starts read them.*/\1 \3 \2/p' "$1"; }
fails=0
same_runs kept asked
[ -n "$(hides "$tmp/kept.err")" ] && [ "$(hides "$tmp/kept.err")" = "$(hides "$tmp/asked.err")" ] ||
  { echo "FAIL: shared links: '$(hides "$tmp/kept.err")' with the routes kept, '$(hides "$tmp/asked.err")' without"; fails=1; }
n=$(comms "$tmp/kept.err")
set -- $(kept "$tmp/kept.err") $(kept "$tmp/asked.err")
[ $# -eq 6 ] && [ -n "$n" ] || { echo "FAIL: no 'N comms' or 'routes of N host pairs kept' line at verbose level"; exit 1; }
want_hits=${reads:-$((n - pairs))}
[ "$1" -eq "$pairs" ] && [ "$2" -eq "$want_hits" ] && [ "$3" -eq "$distinct" ] ||
  { echo "FAIL: $1 pairs kept ($3 distinct routes) and $2 starts reading them, for $n comms (want $pairs ($distinct) and $want_hits)"; fails=1; }
[ "$4" -eq 0 ] && [ "$5" -eq 0 ] && [ "$6" -eq 0 ] ||
  { echo "FAIL: without the cache, $4 pairs kept ($6 distinct) and $5 starts reading them (want 0 0 0)"; fails=1; }
echo "$tech: $n comms, $1 host pairs kept ($3 distinct routes), $2 starts read them; trace of $(wc -l <"$tmp/kept.csv") rows identical; $(hides "$tmp/kept.err")"
exit $fails
