#!/bin/sh
# validate.py in an --out that holds a former validation: the runs of this
# one overwrote runs/run0000.* ..., but the former's later runs stayed
# (4 runs, then 1: run0001..0003 .cmd, .graph and .log of the former),
# and a run stopped before its log paired the new .cmd with the former
# .log. The former runs' files go first now; a user's file stays.
#   validate_former_runs.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
validate() {
  BUILD_DIR=$build python3 "$src/scripts/validate.py" --styles none --out "$tmp/out" "$@" >"$tmp/stdout" 2>"$tmp/stderr" ||
    { echo "FAIL: validate.py $*: exit $?"; cat "$tmp/stderr"; exit 1; }
}
validate --datasets '^martinasso11-fig4' --models "contention SMPI"
[ "$(ls "$tmp/out/runs" | wc -l)" = 12 ] || { echo "FAIL: the first validation's runs:"; ls "$tmp/out/runs"; exit 1; }
echo mine > "$tmp/out/runs/notes.txt"
validate --datasets 'martinasso11-fig4-A$' --models contention
left=$(ls "$tmp/out/runs" | tr '\n' ' ')
[ "$left" = "notes.txt run0000.cmd run0000.graph run0000.log " ] || { echo "FAIL: runs/ holds: $left"; exit 1; }
echo "validate.py: a former validation's runs removed, the user's file kept"
