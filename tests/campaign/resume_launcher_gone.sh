#!/usr/bin/env bash
# --resume when the launcher of the runs is gone (the build directory
# removed or being rebuilt): every run failed with exit status 127 and
# counted as finished, so a --resume once the launcher was back ran none of
# them. It is refused now, naming the launcher, and nothing is run or
# written. A results directory made by hand (no simulation).
# usage: resume_launcher_gone.sh SOURCE_DIR
set -uo pipefail
src=$1
cmp="$src/scripts/compare-models.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
d=$tmp/campaign
mkdir -p "$d/runs"
printf '{"cwd": "/", "timeout": 10, "runs": [{"index": 0, "program": "ft", "platform": "p", "hostfile": "h", "ranks": 4, "model": "SMPI", "argv": ["%s/gone/smpirun", "-np", "4"]}]}\n' "$tmp" > "$d/plan.json"
bash "$cmp" --resume "$d" -q --no-figures > "$tmp/out" 2> "$tmp/err"
rc=$?
want="compare-models: '$d': the launcher of its runs, $tmp/gone/smpirun, is gone (not an executable file); accepted: that launcher back in place (rebuild the project), or a new campaign"
[ $rc = 2 ] || { cat "$tmp/err"; fail "exit status $rc, want 2"; }
[ "$(cat "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "error is not: $want"; }
[ ! -e "$d/runs/0000.csv" ] || { cat "$d/runs/0000.csv"; fail "a row was written"; }
echo "resume: a gone launcher is refused before any run"
