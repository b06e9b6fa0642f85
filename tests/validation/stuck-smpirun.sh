#!/bin/sh
# A stand-in smpirun (through contention-bench-run's $SMPIRUN) that never
# ends: the validation must kill it after its --timeout and report the run
# as failed.
exec sleep 3600
