#!/bin/sh
# validate.py on a dataset whose measured time is tiny but accepted
# (3e-308 s, above the smallest normal double): the simulated time over it
# overflows, E_rel and E_abs are inf, and the chart's axis took log10(inf):
# an OverflowError traceback, exit status 1, no validation.svg (the table
# and the CSV files were written). Now the axis spans the finite values
# and an infinite error is drawn at its end; the cells read 'inf'.
#   validate_infinite_error.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/tiny.xml" <<'EOT'
<?xml version="1.0"?>
<scenario bandwidth="84033613.445">
  <comm id="a" src="n0" dst="n1" size="4000000" measured="3e-308"/>
  <comm id="b" src="n0" dst="n2" size="4000000" measured="0.099"/>
</scenario>
EOT
printf 'testbed gige %s/platforms/gige-testbed.xml gige\ndataset tiny gige %s/tiny.xml\n' "$src" "$tmp" > "$tmp/list.txt"
BUILD_DIR=$build python3 "$src/scripts/validate.py" --manifest "$tmp/list.txt" --models "contention SMPI" \
  --styles none --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err" && rc=0 || rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "exit status $rc, want 0"; }
[ "$(wc -l < "$tmp/err")" = 1 ] || { cat "$tmp/err"; fail "standard error: more than its first line"; }
! grep -q Traceback "$tmp/err" || fail "a traceback"
grep -Eq '^tiny +inf +inf +- +held out$' "$tmp/stdout" || { cat "$tmp/stdout"; fail "table cells"; }
grep -q ',contention,2,inf,' "$tmp/out/eabs.csv" || { cat "$tmp/out/eabs.csv"; fail "eabs.csv"; }
grep -q 'tiny, contention: E_abs inf %' "$tmp/out/validation.svg" || fail "validation.svg: no bar for the infinite error"
echo "E_abs overflowing to inf: 'inf' cells, the chart drawn"
