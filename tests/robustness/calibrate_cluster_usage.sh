#!/bin/sh
# calibrate_cluster_usage.sh SRC: calibrate-cluster.sh's --help is its
# comment block (it ended with the script's 'set -eu' line); a usage error
# is one line naming the option, exit 2 (it was followed by the whole help,
# and an unknown last option was reported as "needs a value"); an empty
# --out (outputs written to /bin, /p2p, /schemes) or a file as --out is
# refused before anything is measured.
set -u
src=$1
s="$src/scripts/calibrate-cluster.sh"
fail=0
help=$(sh "$s" --help); rc=$?
[ $rc = 0 ] || { echo "--help: exit $rc"; fail=1; }
[ "$(printf '%s\n' "$help" | tail -n 1)" = "Exit status: 0 done, 1 a step failed (its output says why), 2 usage." ] ||
  { echo "--help ends with: $(printf '%s\n' "$help" | tail -n 1)"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/file"
check() {  # check EXPECTED_LINE ARGS...: exit 2 and exactly that one line
  want=$1
  shift
  err=$(sh "$s" "$@" 2>&1 >/dev/null); rc=$?
  if [ $rc != 2 ] || [ "$err" != "$want" ]; then
    echo "calibrate-cluster.sh $*: exit $rc, stderr:"; printf '%s\n' "$err" | head -n 3
    fail=1
  fi
}
check "calibrate-cluster.sh: unknown option '--bogus' (accepted: --launcher --nodes --out --reps --size --racks --fit --build --launcher-args --p2p-steps --limiter --timeout --help) (see --help)" --bogus
check "calibrate-cluster.sh: --nodes needs a value (see --help)" --nodes
check "calibrate-cluster.sh: --out '': accepted: a directory path (see --help)" --out ''
check "calibrate-cluster.sh: --out '$tmp/file' is not a directory (accepted: a new or existing directory) (see --help)" --out "$tmp/file"
exit $fail
