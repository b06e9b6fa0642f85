#!/bin/sh
# overlap-bound.sh FLUSH_TIMES SIMGRID_SECONDS
# How much a worker solving the rules while SimGrid runs the MPI ranks
# could save at best. FLUSH_TIMES is bench_replay --flush-times's file (per
# flush: comms started, comms ended, seconds of the rules); SIMGRID_SECONDS
# is SimGrid's own work outside the flushes in the run the trace was
# recorded from, taken as spread evenly over the flushes. After SimGrid's
# solve the comms that end next are known, so the rules of a flush with
# ends only could run beside SimGrid's work since the previous instant:
# that flush costs max(rules, SimGrid's share) instead of their sum. A
# flush where comms start depends on the MPI program and cannot overlap.
# Prints the flushes, the rules' seconds, SimGrid's share per flush, the
# flushes longer than that share and their part of the rules, the serial
# total, and the totals overlapped at every flush and at the flushes
# without starts.
set -eu
if [ $# -ne 2 ]; then
  echo "usage: overlap-bound.sh FLUSH_TIMES SIMGRID_SECONDS" >&2
  exit 2
fi
# A regular file: awk would read /dev/zero as one endless line.
[ -f "$1" ] || { echo "overlap-bound.sh: $1: not a regular file (bench_replay --flush-times's output)" >&2; exit 2; }
# Decimal numbers only: awk reads 'e', '-', '1-2' or 'abc' as 0 or 1.
NUMBER='^([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$'
awk -v n="$2" -v re="$NUMBER" 'BEGIN { exit !(n ~ re && n + 0 < 1e300) }' ||
  { echo "overlap-bound.sh: SIMGRID_SECONDS '$2': accepted: seconds, a number >= 0" >&2; exit 2; }
awk -v S="$2" -v file="$1" -v re="$NUMBER" '
  NF != 3 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ || $3 !~ re || $3 + 0 >= 1e300 {
    printf "overlap-bound.sh: %s:%d: expected \"STARTED ENDED SECONDS\" (whole counts, seconds a number >= 0)\n", file, NR > "/dev/stderr"
    bad = 1; exit 2
  }
  { st[NR] = $1; r[NR] = $3 + 0; n = NR }
  END {
    if (bad) exit 2
    if (n == 0) { printf "overlap-bound.sh: %s: no flush\n", file > "/dev/stderr"; exit 2 }
    s = S / n
    for (i = 1; i <= n; i++) {
      R += r[i]
      m = r[i] > s ? r[i] : s
      every += m
      ends += st[i] > 0 ? r[i] + s : m
      if (r[i] > s) { nl++; rl += r[i] }
    }
    printf "flushes %d\nrules_s %.6g\nsimgrid_per_flush_us %.6g\n", n, R, 1e6 * s
    share = R > 0 ? 100 * rl / R : 0
    printf "longer_flushes_pct %.3g\nlonger_share_pct %.3g\n", 100 * nl / n, share
    printf "serial_s %.6g\noverlap_every_s %.6g\noverlap_ends_only_s %.6g\n", R + S, every, ends
  }' "$1"
