#!/usr/bin/env bash
# A named pipe where the campaign reads a file (DIR/plan.json, a run's
# row DIR/runs/NNNN.csv, an input whose SHA-256 --resume checks): open()
# waited for a writer, and --collect or --resume hung until killed. Now
# each is refused at once, one line, exit 2.
# usage: fifo_files.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2" --models SMPI -j 1 -q --no-figures --out out \
  > /dev/null || fail "the campaign"
cp -r out keep
# expect WHAT TEXT ARGS...: exit 2 within 20 s, stderr one line holding TEXT.
expect() {
  what=$1 text=$2
  shift 2
  timeout 20 bash "$cmp" "$@" -q --no-figures > /dev/null 2> err
  rc=$?
  [ $rc = 2 ] || { cat err; fail "$what: exit status $rc, want 2 (124: it hung)"; }
  [ "$(wc -l < err)" = 1 ] && grep -qF -- "$text" err || { cat err; fail "$what: not one line with '$text'"; }
}
rm out/runs/0000.csv && mkfifo out/runs/0000.csv
expect "row a named pipe" "compare-models: $tmp/out/runs/0000.csv: not a regular file (a named pipe); accepted: a row written by compare-models" --collect out
rm -r out && cp -r keep out
rm out/plan.json && mkfifo out/plan.json
expect "plan a named pipe" "compare-models: $tmp/out/plan.json: not a campaign plan (not a regular file: a named pipe; accepted: the plan.json compare-models writes)" --collect out
rm -r out && cp -r keep out
rm out/runs/0001.csv # as if run 1 was interrupted
mv app app.real && mkfifo app
expect "program a named pipe" "compare-models: '$tmp/out': $tmp/app changed since the campaign was planned" --resume out -j 1
echo "named pipes in DIR or as an input: one line, exit 2, no hang"
