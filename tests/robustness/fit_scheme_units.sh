#!/bin/sh
# validate_fit.py --family gige-limiter read the Fig. 2 schemes' measured=
# with float(): a time with a unit ('1.5s', '1500ms', as validate.py,
# contention-compare and the other families read it) ended in a ValueError
# traceback, and so did a damaged value or file. Now the units are read,
# the fit is the same as on the shipped files, and a bad value is one line
# naming the file, exit 1. Runs on a copy of scripts/ and data/.
#   fit_scheme_units.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "$src/scripts" "$src/data" "$tmp/"
ln -s "$build" "$tmp/build"
fit() { BUILD_DIR= python3 "$tmp/scripts/validate_fit.py" --family gige-limiter > "$tmp/$1" 2> "$tmp/err"; }
fit clean || { cat "$tmp/err"; fail "the shipped schemes"; }
f=$tmp/data/seed001-fig2/scheme2-gige.xml
sed -i '/id="a"/s/ measured="1.5"/ measured="1.5s"/; /id="b"/s/ measured="1.5"/ measured="1500ms"/' "$f"
grep -q 'measured="1500ms"' "$f" || fail "the scheme was not edited"
fit units || { cat "$tmp/err"; fail "measured with units"; }
cmp -s "$tmp/clean" "$tmp/units" || { diff "$tmp/clean" "$tmp/units"; fail "another fit with units"; }
sed -i 's/ measured="1.5s"/ measured="x"/' "$f"
set +e
fit bad
rc=$?
set -e
[ $rc = 1 ] || { cat "$tmp/err"; fail "measured x: exit status $rc, want 1"; }
[ "$(cat "$tmp/err")" = "validate_fit: $f: comm 'a': measured: 'x' is not a quantity (a positive number up to 2^62 with a suffix among s, ms, us, ns)" ] ||
  { cat "$tmp/err"; fail "measured x: not the one line"; }
echo "gige-limiter fit: measured with units read, the same fit; a bad value one line"
