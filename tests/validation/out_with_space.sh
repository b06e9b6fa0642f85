#!/bin/sh
# out_with_space.sh SOURCE_DIR WORK_DIR: scripts/validate.py with an --out
# whose path holds a space runs (every run failed: smpirun split the path
# of the hostfile it writes under the run's TMPDIR, which was in --out).
set -u
rm -rf "$2" && mkdir -p "$2" || exit 1
out="$2/my results"
python3 "$1/scripts/validate.py" --datasets 'martinasso11-fig4-A$' --models SMPI --styles none --out "$out" \
  >"$2/stdout" 2>"$2/stderr"
status=$?
if [ $status != 0 ] || grep -q FAILED "$2/stdout" "$2/stderr" || ! grep -q '^martinasso11-fig4-A  ' "$2/stdout"; then
  echo "exit $status"; cat "$2/stdout" "$2/stderr"
  exit 1
fi
echo "validate.py with --out '$out': every run succeeded"
