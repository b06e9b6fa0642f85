#!/bin/sh
# error_line_escapes.sh SRC: an error naming a file whose name holds a line
# end (or a carriage return) is still one line: the name's control
# characters are written as escapes, as compare-models writes them.
# penalty-summary.py and validate.py wrote the name raw, and their one
# error line was two; so did calibrate-cluster.sh and setup.sh an
# option's value.
set -u
src=$1
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src/tests/robustness/traces/good.csv" "$tmp/good.csv"
check() { # check STATUS EXPECTED-LINE COMMAND...
  want_rc=$1 want=$2
  shift 2
  err=$("$@" 2>&1 >/dev/null)
  rc=$?
  if [ $rc != "$want_rc" ] || [ "$err" != "$want" ]; then
    echo "$*: exit $rc, stderr:"; printf '%s\n' "$err"; echo "expected (exit $want_rc):"; printf '%s\n' "$want"
    fail=1
  fi
}
nl='
'
check 1 "penalty-summary: $tmp/no\\nsuch: No such file or directory" \
  python3 "$src/scripts/penalty-summary.py" "$tmp/no${nl}such"
check 1 "penalty-summary: --svg $tmp/no/a\\rb: No such file or directory" \
  python3 "$src/scripts/penalty-summary.py" "$tmp/good.csv" --svg "$tmp/no/a$(printf '\r')b"
check 1 "validate: $tmp/no\\nsuch: cannot read the dataset list: No such file or directory" \
  python3 "$src/scripts/validate.py" --list --manifest "$tmp/no${nl}such"
check 2 "validate.py: --platform: expected TESTBED=FILE, got 'a\\nb' (see --help)" \
  python3 "$src/scripts/validate.py" --list --platform "a${nl}b"
# calibrate-cluster.sh wrote its options' values raw.
check 2 "calibrate-cluster.sh: --launcher 'mpi\\nrun': accepted: mpirun, srun" \
  sh "$src/scripts/calibrate-cluster.sh" --launcher "mpi${nl}run"
check 2 "calibrate-cluster.sh: --nodes '2\\r': accepted: an integer from 2 to 100000" \
  sh "$src/scripts/calibrate-cluster.sh" --nodes "2$(printf '\r')"
check 2 "calibrate-cluster.sh: unknown option '--a\\nb' (accepted: --launcher --nodes --out --reps --size --racks --fit --build --launcher-args --p2p-steps --limiter --timeout --help) (see --help)" \
  sh "$src/scripts/calibrate-cluster.sh" "--a${nl}b"
# setup.sh wrote a refused argument raw (nothing is installed or built).
check 2 "setup: unknown argument '-x\\ny\\r' (accepted: cmake settings -DNAME=VALUE, e.g. -DCONTENTION_WERROR=OFF)" \
  bash "$src/scripts/setup.sh" "-x${nl}y$(printf '\r')"
exit $fail
