#!/bin/sh
# run_patterns.sh RUN_PATTERNS TIMES REPEAT TECHNOLOGIES: runs run-patterns.sh
# on the halo3d pattern at 64 ranks, 1 per node, with fake-timer.sh's times
# from TIMES, then prints the models in the order they ran and the
# commands they were given from their -np on (the temporary directory
# written DIR).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/build/bin"
: >"$dir/order"
FAKE_DIR=$dir FAKE_TIMES=$2 TIMER=$here/fake-timer.sh REPEAT=$3 PER=1 \
  sh "$1" "$dir/build" 64 "$4" halo3d
echo "order:" $(cat "$dir/order")
sed "s|$dir|DIR|g" "$dir/commands"
