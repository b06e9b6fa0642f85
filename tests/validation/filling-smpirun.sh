#!/bin/sh
# A stand-in smpirun (through contention-bench-run's $SMPIRUN) that fills
# the disk under the validation's output while it runs: comms.csv becomes
# /dev/full (every write fails with ENOSPC), then the run fails. The
# validation must end with one line naming the file, not a traceback.
ln -sf /dev/full "$FILL_OUT/comms.csv"
exit 3
