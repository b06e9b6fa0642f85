#!/bin/sh
# validate.py on a dataset whose measured time is tiny but accepted
# (1e-300 s): E_abs near 1e300 % was printed with %.2f, a 300-digit cell
# in the table, eabs.csv, comms.csv and the chart's tooltip; in %g form,
# a cell then ran into the next one. Values from 1e9 % on are now in %g
# form, the columns as wide as their cells: every line stays short.
#   validate_huge_error.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/tiny.xml" <<'EOT'
<?xml version="1.0"?>
<scenario bandwidth="84033613.445">
  <comm id="a" src="n0" dst="n1" size="4000000" measured="1e-300"/>
  <comm id="b" src="n0" dst="n2" size="4000000" measured="0.099"/>
</scenario>
EOT
printf 'testbed gige %s/platforms/gige-testbed.xml gige\ndataset tiny gige %s/tiny.xml paper-predicted=0.095,0.095\n' \
  "$src" "$tmp" > "$tmp/list.txt"
BUILD_DIR=$build python3 "$src/scripts/validate.py" --manifest "$tmp/list.txt" --models "contention SMPI" \
  --styles none --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err" || { cat "$tmp/err"; fail "exit status $?"; }
for f in "$tmp/stdout" "$tmp/out/eabs.csv" "$tmp/out/comms.csv" "$tmp/out/validation.svg"; do
  awk 'length($0) > 400 { exit 1 }' "$f" || fail "a line of $f is over 400 characters"
done
grep -Eq '^tiny +3\.57126e\+300 +4\.76126e\+300 +4\.75e\+300\*  held out$' "$tmp/stdout" || { cat "$tmp/stdout"; fail "table cells"; }
grep -q ',contention,2,3.57126e+300,4.75e+300,' "$tmp/out/eabs.csv" || { cat "$tmp/out/eabs.csv"; fail "eabs.csv"; }
echo "E_abs near 1e300 %: %g form in the table, the CSV files and the chart"
