#!/usr/bin/env bash
# End-to-end test of the comparison workflow: runs scripts/compare-models.sh
# on small inputs and checks that every (workload, model) pair completed,
# that a network model never changes the computed data (same checksum under
# every model), and that the chart was written.
# usage: check_compare.sh SOURCE_DIR BUILD_DIR "MODELS"
set -euo pipefail
src=$1 build=$2 models=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --models "$models" --out "$out" \
  -- --cfg=smpi/host-speed:1Gf > "$out/stdout" 2>&1 || { cat "$out/stdout"; exit 1; }
csv=$out/results.csv
fail=0
for w in ft cg lu bigdft; do
  for m in $models; do
    grep -q "^$w,$m,32," "$csv" || { echo "missing result for $w under $m"; fail=1; }
  done
  n=$(grep "^$w," "$csv" | cut -d, -f6 | sort -u | wc -l)
  [ "$n" -eq 1 ] || { echo "$w: checksums differ between models:"; grep "^$w," "$csv"; fail=1; }
done
[ -s "$out/compare.svg" ] || { echo "no chart written"; fail=1; }
[ $fail -eq 0 ] || { cat "$out/stdout"; exit 1; }
echo "compare workflow ok: $(($(wc -l < "$csv") - 1)) runs"
