#!/bin/sh
# run_program.sh RUN_PATTERNS TIMES TECHNOLOGIES [PROGRAM_ARGS]: runs
# run-patterns.sh's "program" pattern at 64 ranks, 1 per node, on a
# program file of its own (PROGRAM="DIR/prog PROGRAM_ARGS"), with
# fake-timer.sh's times from TIMES, then prints the commands the runs were
# given from their -np on, the temporary directory written DIR.
set -eu
. "$(CDPATH='' cd -- "$(dirname "$0")" && pwd)/fake-run.sh"
: >"$dir/prog"
PROGRAM="$dir/prog ${4:-}"
export PROGRAM
fake_run "$1" "$2" 1 "$3" program
commands
