#!/usr/bin/env bash
# --resume after the plugin library was rebuilt since the campaign was
# planned: the unfinished runs loaded the new plugin and the report mixed
# their rows with the former build's under one label. Now --resume refuses,
# naming the library; with the library as it was, it runs.
# usage: resume_rebuilt_plugin.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
plugin=$(sed -n 's/^PLUGIN="\(.*\)"$/\1/p' "$BUILD_DIR/bin/smpirun")
[ -f "$plugin" ] || fail "no PLUGIN= line in $BUILD_DIR/bin/smpirun"
cp "$plugin" "$tmp/plugin.so" # a build of the plugin this test may change
sed "s|^PLUGIN=.*|PLUGIN=\"$tmp/plugin.so\"|" "$BUILD_DIR/bin/smpirun" > "$tmp/smpirun"
chmod +x "$tmp/smpirun"
bash "$cmp" --smpirun "$tmp/smpirun" --workloads cg --np "1 2" --models contention -j 1 -q --no-figures \
  --out "$tmp/out" > /dev/null
rm "$tmp/out/runs/0001.csv" # as if run 1 was interrupted
cp "$tmp/plugin.so" "$tmp/plugin.orig"
printf 'x' >> "$tmp/plugin.so" # another build of the plugin
set +e
bash "$cmp" --resume "$tmp/out" -j 1 -q --no-figures > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] || { cat "$tmp/err"; fail "exit status $rc, want 2"; }
grep -qx "compare-models: '$tmp/out': $tmp/plugin.so changed since the campaign was planned (its finished runs used the former content); accepted: the file as it was, or a new campaign (same or another --out DIR)" "$tmp/err" \
  || { cat "$tmp/err"; fail "not the one line naming the plugin library"; }
[ ! -e "$tmp/out/runs/0001.csv" ] || fail "run 1 ran"
cp "$tmp/plugin.orig" "$tmp/plugin.so"
bash "$cmp" --resume "$tmp/out" -j 1 -q --no-figures > /dev/null || fail "--resume with the plugin as it was"
[ "$(value "$tmp/out/results.csv" 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with the plugin rebuilt: refused, exit 2; with it as it was: ran"
