#!/bin/sh
# run_patterns.sh RUN_PATTERNS TIMES REPEAT TECHNOLOGIES: runs run-patterns.sh
# on the halo3d pattern at 64 ranks, 1 per node, with fake-timer.sh's times
# from TIMES, then prints the models in the order they ran and the
# commands they were given from their -np on (the temporary directory
# written DIR).
set -eu
. "$(CDPATH='' cd -- "$(dirname "$0")" && pwd)/fake-run.sh"
fake_run "$1" "$2" "$3" "$4" halo3d
echo "order:" $(cat "$dir/order")
commands
