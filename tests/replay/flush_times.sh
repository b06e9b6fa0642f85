#!/bin/sh
# flush_times.sh BENCH_REPLAY TRACE: runs bench_replay --flush-times on TRACE
# and prints each row's comms started and ended, after checking that its
# seconds are a number >= 0 (their value is this machine's timing).
set -eu
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$1" --technology gige --flush-times "$out" "$2" >/dev/null
awk '$3 !~ /^[0-9]+\.[0-9]+$/ { print "bad seconds on row " NR ": " $3; exit 1 } { print $1, $2 }' "$out"
