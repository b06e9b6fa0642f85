#!/bin/sh
# run_program.sh RUN_PATTERNS TIMES TECHNOLOGIES [PROGRAM_ARGS]: runs
# run-patterns.sh's "program" pattern at 64 ranks, 1 per node, on a
# program file of its own (PROGRAM="DIR/prog PROGRAM_ARGS"), with
# fake-timer.sh's times from TIMES, then prints the commands the runs were
# given from their -np on, the temporary directory written DIR.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/build/bin"
: >"$dir/order"
: >"$dir/prog"
FAKE_DIR=$dir FAKE_TIMES=$2 TIMER=$here/fake-timer.sh REPEAT=1 PER=1 PROGRAM="$dir/prog ${4:-}" \
  sh "$1" "$dir/build" 64 "$3" program
sed "s|$dir|DIR|g" "$dir/commands"
