#!/usr/bin/env bash
# A campaign over a user's own MPI program (built here with smpicc): two
# platforms x two rank counts x three models, run one at a time and two at a
# time. Checks identical rows, the simulated time read from SMPI against the
# program's own clock, model differences where they must (not) appear, the
# progress lines, the figures, and a lost row reported as missing.
# usage: seq_vs_parallel.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
build_app user_app "$tmp"
printf 'node-%d\n' 1 2 3 4 5 6 7 8 > "$tmp/one-per-node.txt"
cat > "$tmp/user.campaign" <<EOC
program ./user_app --bytes 262144 --iters 2
platform default                 # 4 cores per node: 4 ranks share node-0
platform $src/platforms/ib-testbed-9.xml one-per-node.txt
ranks 4 8
model contention
model SMPI
model gige=contention:technology=gige
EOC
compare="$src/scripts/compare-models.sh"
bash "$compare" --campaign "$tmp/user.campaign" -j 1 --out "$tmp/seq" > "$tmp/seq.out" 2> "$tmp/seq.err" ||
  { cat "$tmp/seq.err"; fail "sequential campaign exited $?"; }
bash "$compare" --campaign "$tmp/user.campaign" -j 2 --out "$tmp/par" --no-figures > "$tmp/par.out" 2> "$tmp/par.err" ||
  { cat "$tmp/par.err"; fail "parallel campaign exited $?"; }

seq=$tmp/seq/results.csv par=$tmp/par/results.csv
[ "$(column "$seq" status | grep -cx ok)" = 12 ] || fail "want 12 ok runs in $seq"
same_rows "$seq" "$par"
# The contention model runs under two labels, 8 runs in all.
python3 - "$tmp/seq/plan.json" <<'EOP' || fail "want 8 runs of network/model:contention in the plan"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
sys.exit(sum("--cfg=network/model:contention" in r["argv"] for r in runs) != 8)
EOP
# Plan order: program, platform, ranks, model.
[ "$(value "$seq" 7 platform),$(value "$seq" 7 ranks),$(value "$seq" 7 model)" = "ib-testbed-9,4,SMPI" ] ||
  fail "run 7 is not ib-testbed-9, 4 ranks, SMPI"

# SMPI's end of simulation comes after the program's own last MPI_Wtime,
# by less than 50 us (the last barrier's exit on the other ranks and
# MPI_Finalize, a few latencies).
for run in $(column "$seq" run); do
  own=$(sed -n 's/^user_app: [0-9]* ranks, \([0-9.]*\) s$/\1/p' "$tmp/seq/logs/$(printf %04d "$run").out")
  sim=$(value "$seq" "$run" simulated_s)
  awk -v o="$own" -v s="$sim" 'BEGIN { exit !(o > 0 && s >= o && s - o < 5e-5) }' ||
    fail "run $run: simulated time $sim s, program measured '$own' s"
done
# 4 ranks on node-0 never leave the host: the network model plays no part.
[ "$(value "$seq" 0 simulated_s)" = "$(value "$seq" 1 simulated_s)" ] &&
  [ "$(value "$seq" 0 simulated_s)" = "$(value "$seq" 2 simulated_s)" ] || fail "default, 4 ranks: models differ"
# On the FATPIPE testbed only the contention models see the all-to-all
# contention: 8 ranks, one per node, contention is > 1.5 x SMPI's time.
awk -v c="$(value "$seq" 9 simulated_s)" -v s="$(value "$seq" 10 simulated_s)" 'BEGIN { exit !(c > 1.5 * s) }' ||
  fail "ib-testbed-9, 8 ranks: contention $(value "$seq" 9 simulated_s) not > 1.5 x SMPI $(value "$seq" 10 simulated_s)"

grep -q '^\[12/12\] user_app, 8 ranks on ib-testbed-9, gige: .* s wall (elapsed [0-9:]*, ETA 0:00)$' "$tmp/seq.err" ||
  fail "no final progress line in the sequential run"
[ "$(grep -c '^\[ *[0-9]*/12\]' "$tmp/par.err")" = 12 ] || fail "want 12 progress lines in the parallel run"
grep -q '^Simulated time (s), 8 ranks on ib-testbed-9:$' "$tmp/seq.out" || fail "no table for ib-testbed-9, 8 ranks"
for f in comparison.svg comparison.pdf user_app-scaling.svg user_app-scaling.pdf; do
  [ -s "$tmp/seq/figures/$f" ] || fail "figure $f not written"
done
grep -q "simulated time / SMPI's" "$tmp/seq/figures/comparison.svg" || fail "no ratio axis label in comparison.svg"
grep -q 'ib-testbed-9, 8 ranks' "$tmp/seq/figures/comparison.svg" || fail "no group naming platform and ranks"
grep -q 'MPI ranks' "$tmp/seq/figures/user_app-scaling.svg" || fail "no rank axis in the scaling figure"

# A row lost (a run that never reported): --collect says missing, exits 1.
rm "$tmp/par/runs/0005.csv"
set +e
bash "$compare" --collect "$tmp/par" --no-figures > "$tmp/collect.out" 2>&1
rc=$?
set -e
[ $rc = 1 ] || fail "--collect with a missing run exited $rc, want 1"
[ "$(value "$par" 5 status)" = missing ] || fail "run 5 not reported missing"
grep -q '^  run 0005 user_app, 8 ranks on default-cluster, gige: missing: no result in ' "$tmp/collect.out" ||
  fail "summary does not list the missing run"
echo "campaign over a user binary: 12 runs, identical rows with -j 1 and -j 2"
