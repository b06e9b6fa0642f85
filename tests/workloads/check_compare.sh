#!/usr/bin/env bash
# End-to-end test of the main job's comparison: scripts/compare-models.sh
# with no campaign option compares the four built-in kernels under the six
# default models, 32 ranks on the default platform. Checks that every run
# succeeded, that a network model never changes the computed data (same
# checksum under every model), and that the comparison chart has each kernel.
# usage: check_compare.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --out "$out" -q -- --cfg=smpi/host-speed:1Gf \
  > "$out/stdout" 2>&1 || { cat "$out/stdout"; echo "compare-models.sh exited $?"; exit 1; }
csv=$out/results.csv
fail=0
# Columns: run,program,platform,hostfile,ranks,model,status,exit_code,simulated_s,checksum,...
for w in ft cg lu bigdft; do
  for m in contention SMPI CM02 LV08 IB loggps; do
    grep -q "^[0-9]*,$w,default-cluster,generated,32,$m,ok,0,0\.[0-9]*,[-+.e0-9]*," "$csv" ||
      { echo "no successful run of $w under $m (32 ranks, default platform)"; fail=1; }
  done
  n=$(awk -F, -v w="$w" '$2 == w { print $10 }' "$csv" | sort -u | wc -l)
  [ "$n" -eq 1 ] || { echo "$w: checksums differ between models:"; grep "^[0-9]*,$w," "$csv"; fail=1; }
  grep -q ">$w<" "$out/figures/comparison.svg" || { echo "no group for $w in the comparison chart"; fail=1; }
done
[ -s "$out/figures/comparison.pdf" ] || { echo "no comparison.pdf"; fail=1; }
[ "$(($(wc -l < "$csv") - 1))" = 24 ] || { echo "want 24 runs in $csv"; fail=1; }
[ $fail -eq 0 ] || { cat "$out/stdout"; exit 1; }
echo "compare workflow ok: 24 runs"
