#!/bin/sh
# paje_trace.sh BIN_DIR PLATFORM GRAPH PAJE_VARS PENALTY_SUMMARY [A B C D]
# Runs seed 000 Fig. 2 graph 3 (a -> b, c, d and d -> b, c, 20 MiB each; the
# hosts are named a b c d, or as given) in
# SMPI with smpirun's -trace, reads the Paje file back (paje_vars) and checks
# the contention_* host variables against the model: with T = 20 MiB / B,
# d's comms end at 8/3 T and a's at 11/3 T, so
#   a: contention_out 3 during 11/3 T; contention_penalty 4 during 8/3 T,
#      then 3 (a alone at out-degree 3) during T;
#   b: contention_in 2 (from a and d) during 8/3 T, then 1 during T;
#   d: contention_out 2 during 8/3 T; contention_penalty 4 (its incoming
#      comm from a) during 8/3 T;
#   every host: every variable back at 0 at the end; the others: 0 throughout.
# Trace times have 6 decimals: durations are checked within 3e-6 s. The
# barrier and result messages of the benchmark add short-lived comms at the
# edges, which is why only these durations are checked, not every value.
# The same run's penalty CSV, summarised by penalty-summary.py, gives a's
# outgoing comms the time-weighted mean penalty (4 x 8/3 T + 3 x T) /
# (11/3 T) = 41/11 (the barrier's comms last nanoseconds: they do not show in
# the mean, but they do in the largest penalty, hence not checked).
set -u
bin=$1 platform=$2 scenario=$3 paje_vars=$4 summary=$5
ha=${6:-a} hb=${7:-b} hc=${8:-c} hd=${9:-d}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/contention-bench-run" "$scenario" -platform "$platform" -trace -trace-file "$tmp/t.paje" \
  --cfg=network/model:contention --cfg=tracing/platform:yes --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
  --cfg=contention/trace:"$tmp/t.csv" --log=root.thres:warning >"$tmp/run.out" 2>&1 || { cat "$tmp/run.out"; echo "FAIL: the run failed"; exit 1; }
"$paje_vars" "$tmp/t.paje" >"$tmp/vars.csv" || { echo "FAIL: paje_vars could not read the trace"; exit 1; }
awk -F, -v ha="$ha" -v hb="$hb" -v hc="$hc" -v hd="$hd" -v T="$(echo | awk '{ printf "%.12g", 20971520 / 1958863858 }')" '
  /^# declared,/ { declared[$2] = $3; next }
  NR == 1 { next }
  { t = $1 + 0; k = $2 "," $3
    if (k in last) dur[k "," cur[k]] += t - last[k]
    last[k] = t; cur[k] = $4 + 0
    if ($2 != ha && $2 != hb && $2 != hc && $2 != hd && $4 + 0 != 0) {
      print "FAIL: unused host " $2 " has " $3 " = " $4; bad = 1 } }
  function expect(key, want, what) {
    got = dur[key] + 0
    if ((got - want) ^ 2 > 9e-12) { printf "FAIL: %s: %.6f s, want %.6f s\n", what, got, want; bad = 1 }
    else printf "ok: %s: %.6f s\n", what, got
  }
  END {
    for (v in declared) if (declared[v] != "HOST") { print "FAIL: " v " belongs to " declared[v]; bad = 1 }
    n = 0; for (v in declared) n++
    if (n != 3 || !("contention_out" in declared) || !("contention_in" in declared) || !("contention_penalty" in declared)) {
      print "FAIL: the trace declares " n " contention_* variables, want contention_out, contention_in, contention_penalty"; bad = 1 }
    expect(ha ",contention_out,3", 11 / 3 * T, "a sends 3 comms")
    expect(ha ",contention_penalty,4", 8 / 3 * T, "a at penalty 4")
    expect(ha ",contention_penalty,3", T, "a at penalty 3")
    expect(hb ",contention_in,2", 8 / 3 * T, "b receives 2 comms")
    expect(hb ",contention_in,1", T, "b receives 1 comm")
    expect(hd ",contention_out,2", 8 / 3 * T, "d sends 2 comms")
    expect(hd ",contention_penalty,4", 8 / 3 * T, "d at penalty 4")
    for (k in cur) if (cur[k] != 0) { print "FAIL: " k " ends at " cur[k]; bad = 1 }
    exit bad
  }' "$tmp/vars.csv" || exit 1
python3 "$summary" "$tmp/t.csv" --top 0 >"$tmp/summary.txt" || { echo "FAIL: penalty-summary"; exit 1; }
awk -v ha="$ha" -v want="$(echo | awk '{ printf "%.4f", 41 / 11 }')" '$1 == ha && NF == 9 { found = 1
    if ($3 != want) { print "FAIL: summary of a: " $0 ", want mean_out " want; exit 1 }
    print "ok: penalty-summary: a mean_out " $3 }
  END { if (!found) { print "FAIL: no row for host a in the summary"; exit 1 } }' "$tmp/summary.txt"
