#!/usr/bin/env bash
# A campaign of many groups (one program at 600 rank counts): the
# comparison chart, one group of bars per rank count, would be 67,400
# pixels wide, past matplotlib's 2^16. Its error skipped every figure,
# the scaling figure too, with "matplotlib cannot draw these times", after
# minutes spent placing the bars (7 min for 1,000 groups of 10 models).
# Now the chart alone is skipped, at once, with one line saying why (an
# earlier chart of that name removed); the scaling figure is drawn.
# usage: figures_many_groups.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program ./app --np 1 --models SMPI -q --no-figures \
  --out out > /dev/null # an earlier campaign in out, and its chart, not to be taken for this one's
mkdir -p out/figures
echo "an earlier campaign's" > out/figures/comparison.svg
set +e
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "$(seq -s ' ' 1 600)" --models SMPI \
  -j 2 -q --out out > stdout 2> err
rc=$?
set -e
[ $rc = 0 ] || { cat err; fail "exit status $rc, want 0"; }
[ "$(cat err)" = "compare-models: comparison chart skipped: its 600 groups of 1 bar would be 67400 pixels wide, more than matplotlib draws (65535); the scaling figures are drawn (fewer rank counts, programs or platforms give the chart)" ] ||
  { cat err; fail "not the one line about the comparison chart"; }
[ -s out/figures/app-scaling.svg ] && [ -s out/figures/app-scaling.pdf ] || fail "no scaling figure"
[ ! -e out/figures/comparison.svg ] || fail "a comparison chart (or the earlier one left)"
grep -qx "figures: $tmp/out/figures/app-scaling.svg (and .pdf)" stdout || { cat stdout | tail -3; fail "figures line"; }
echo "600 groups: the comparison chart skipped with one line, the scaling figure drawn"
