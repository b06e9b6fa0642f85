#!/usr/bin/env bash
# A run row longer than the csv module's default field limit (128 KiB: an
# unlabelled model whose smpirun options make a 150 KB spec) is read back:
# the campaign used to write the row, fail to read it, exit 2 and leave no
# results.csv. The run must be 'ok' with its simulated time.
# usage: long_row.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
{
  echo "program cg"
  echo "ranks 2"
  printf 'model SMPI'
  for _ in $(seq 6000); do printf ' --log=root.thres:warning'; done
  echo
} > long.campaign
[ "$(wc -c < long.campaign)" -gt 140000 ] || fail "the model line is too short"
set +e
bash "$cmp" --campaign long.campaign --out out -j 1 --no-figures -q > a.out 2> a.err
rc=$?
set -e
[ $rc = 0 ] || { head -c 600 a.err; fail "exit status $rc, want 0"; }
[ -f out/results.csv ] || fail "no results.csv"
[ "$(column out/results.csv status)" = ok ] || fail "status $(column out/results.csv status), want ok"
t=$(column out/results.csv simulated_s)
awk -v t="$t" 'BEGIN { exit !(t > 0) }' || fail "simulated time '$t'"
echo "a $(wc -c < out/results.csv)-byte row read back: ok, $t s"
