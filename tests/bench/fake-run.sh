# Sourced by run_patterns.sh and run_program.sh: a temporary directory $dir
# (removed on exit) with an empty build directory, where fake-timer.sh
# leaves the order of the runs and their commands.
# fake_run RUN_PATTERNS TIMES REPEAT TECHNOLOGIES PATTERN: runs
# run-patterns.sh at 64 ranks, 1 per node, with fake-timer.sh's times from
# TIMES. commands: prints the commands the runs were given, from their -np
# on, the temporary directory written DIR.
here=$(CDPATH='' cd -- "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/build/bin"
: >"$dir/order"
fake_run() {
  FAKE_DIR=$dir FAKE_TIMES=$2 TIMER=$here/fake-timer.sh REPEAT=$3 PER=1 sh "$1" "$dir/build" 64 "$4" "$5"
}
commands() { sed "s|$dir|DIR|g" "$dir/commands"; }
