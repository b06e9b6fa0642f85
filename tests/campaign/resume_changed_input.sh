#!/usr/bin/env bash
# --resume after the program was rebuilt (or a platform or hostfile edited)
# since the campaign was planned: the unfinished runs ran the new program
# and the report mixed its rows with the former program's under one label.
# Now --resume refuses, naming the file; with the file as it was, it runs.
# usage: resume_changed_input.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
bash "$cmp" --program "./failing_app --mode ok" --np "1 2" --models SMPI -j 1 -q --no-figures --out "$tmp/out" > /dev/null
rm "$tmp/out/runs/0001.csv" # as if run 1 was interrupted
cp failing_app failing_app.orig
printf 'x' >> failing_app # another build of the program
set +e
bash "$cmp" --resume "$tmp/out" -j 1 -q --no-figures > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] || { cat "$tmp/err"; fail "exit status $rc, want 2"; }
grep -qx "compare-models: '$tmp/out': $tmp/failing_app changed since the campaign was planned (its finished runs used the former content); accepted: the file as it was, or a new campaign (same or another --out DIR)" "$tmp/err" \
  || { cat "$tmp/err"; fail "not the one line naming the program"; }
[ ! -e "$tmp/out/runs/0001.csv" ] || fail "run 1 ran"
cp failing_app.orig failing_app
bash "$cmp" --resume "$tmp/out" -j 1 -q --no-figures > /dev/null || fail "--resume with the program as it was"
[ "$(value "$tmp/out/results.csv" 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with the program rebuilt: refused, exit 2; with it as it was: ran"
