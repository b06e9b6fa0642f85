#!/bin/sh
# out_in_use.sh SOURCE_DIR WORK_DIR: scripts/validate.py on an --out that
# another validation holds (its lock, OUT/validate.lock, taken here with
# flock). Two validations on one --out overwrote each other's
# runs/runNNNN.graph: runs failed, or simulated the other one's graph.
# Now the second refuses at once: one line, exit 2, no file written.
set -u
rm -rf "$2" && mkdir -p "$2/out" || exit 1
flock "$2/out/validate.lock" sh -c 'echo $$ >"$0"; exec sleep 30' "$2/holder" >/dev/null 2>&1 &
for _ in 1 2 3 4 5 6 7 8 9 10; do # until flock holds it
  flock -n "$2/out/validate.lock" true || break
  sleep 0.2
done
python3 "$1/scripts/validate.py" --datasets 'vienne08-fig2-s2-gige$' --models SMPI --styles none --out "$2/out" \
  >"$2/stdout" 2>"$2/stderr"
status=$?
kill "$(cat "$2/holder")" 2>/dev/null
if [ $status != 2 ] || [ "$(wc -l <"$2/stderr")" != 1 ] || [ -e "$2/out/eabs.csv" ] ||
  ! grep -q "^validate: --out: $2/out is in use by another validate.py (" "$2/stderr"; then
  echo "exit $status"; cat "$2/stdout" "$2/stderr"; ls "$2/out"
  exit 1
fi
echo "validate.py on an --out in use: refused, exit 2"
