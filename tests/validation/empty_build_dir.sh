#!/usr/bin/env bash
# An empty $BUILD_DIR is build/, as in setup.sh, compare-models and
# validate.py: validate_fit.py looked for the repository's bin/ (not built)
# and validate_inputs.py skipped its technology checks there.
# usage: empty_build_dir.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/build/bin"
cp -r "$src/scripts" "$src/platforms" "$src/data" "$tmp/"
ln -s "$build/bin/contention-predict" "$tmp/build/bin/contention-predict"
export BUILD_DIR=
set +e
python3 "$tmp/scripts/validate_fit.py" --family gige-recv > /dev/null 2> "$tmp/err"
set -e
want="validate_fit: $tmp/build/bin/contention-compare: not built (run scripts/setup.sh, or set BUILD_DIR)"
grep -qxF "$want" "$tmp/err" || { cat "$tmp/err"; echo "FAIL: validate_fit.py, want '$want'"; exit 1; }
set +e
python3 "$tmp/scripts/validate.py" --list --manifest "$src/tests/robustness/manifests/tech-name.txt" > /dev/null 2> "$tmp/err"
rc=$?
set -e
[ $rc = 1 ] && grep -q "technology 'ethernet': unknown --technology 'ethernet'" "$tmp/err" \
  || { cat "$tmp/err"; echo "FAIL: validate.py --list, exit status $rc: the technology not checked by build/'s predictor"; exit 1; }
echo "BUILD_DIR='': build/ for validate_fit.py and validate.py's checks"
