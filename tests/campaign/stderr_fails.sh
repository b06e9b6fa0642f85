#!/usr/bin/env bash
# A standard error that fails once the campaign runs (a full disk, a pipe
# whose reader ended: compare-models.sh 2>&1 | head -3) stopped the
# campaign at its first progress line: the runs in flight killed
# ('interrupted'), the others not run, no results.csv, exit status 1,
# and nothing said (standard error failed). A standard error closed when
# the program started was already /dev/null. Now a write that fails drops
# the message, as then: every run ends and is reported.
# usage: stderr_fails.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
campaign() {
  bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2 3" --models SMPI -j 1 --no-figures --out "$@"
}
set +e
campaign full > stdout 2> /dev/full
rc=$?
set -e
[ $rc = 0 ] || fail "standard error full: exit status $rc, want 0"
[ "$(column full/results.csv status | tr '\n' ' ')" = "ok ok ok " ] || fail "standard error full: rows $(column full/results.csv status | tr '\n' ' ')"
grep -q "^data: " stdout || fail "standard error full: no report"
# A pipe whose reader is gone from the start (SIGPIPE as a shell leaves it).
broken_stderr() { python3 "$src/tests/common/broken_stderr.py" "$@"; }
set +e
broken_stderr bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2 3" --models SMPI -j 1 --no-figures \
  --out broken > stdout
rc=$?
set -e
[ $rc = 0 ] || fail "standard error a broken pipe: exit status $rc, want 0"
[ "$(column broken/results.csv status | tr '\n' ' ')" = "ok ok ok " ] || fail "broken pipe: rows $(column broken/results.csv status | tr '\n' ' ')"
echo "a standard error that fails mid-way: messages dropped, every run reported"
