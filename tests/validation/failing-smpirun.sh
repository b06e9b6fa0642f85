#!/bin/sh
# A stand-in smpirun (through contention-bench-run's $SMPIRUN) that fails
# the runs of one model, FAIL_MODEL, and passes every other run to the real
# one, REAL_SMPIRUN: the validation must report those runs as failed.
for a in "$@"; do
  if [ "$a" = "--cfg=network/model:$FAIL_MODEL" ]; then
    echo "failing-smpirun: failing the $FAIL_MODEL run on purpose" >&2
    exit 3
  fi
done
exec "$REAL_SMPIRUN" "$@"
