#!/bin/sh
# resume_installed_plugin.sh BUILD_DIR SOURCE_DIR
# A campaign run with the installed launcher (--smpirun
# PREFIX/bin/smpirun-contention, as doc/comparison.md advises for Slurm),
# then the plugin installed again from another build, then --resume: the
# campaign read the plugin's path from the build tree's launcher only (a
# PLUGIN="/abs/path" line), not from the installed one, which finds the
# library from its own place; the resumed run loaded the new plugin and
# its row went beside the former build's under one label, exit 0. Now
# --resume refuses, naming the installed library; with the library as it
# was, it runs.
set -u
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }
launcher=$tmp/prefix/bin/smpirun-contention
plugin=$(ls "$tmp"/prefix/lib*/libcontention-simgrid.so "$tmp"/prefix/lib/*/libcontention-simgrid.so 2>/dev/null | head -1)
[ -f "$plugin" ] || fail "no installed plugin"
cd "$tmp" || exit 1
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --smpirun "$launcher" --workloads cg --np "1 2" \
  --models contention -j 1 -q --no-figures --out out > /dev/null 2> err || { cat err; fail "the campaign"; }
rm out/runs/0001.csv # as if run 1 was interrupted
cp "$plugin" plugin.orig
printf 'x' >> "$plugin" # another build of the plugin, installed
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --resume out -j 1 -q --no-figures > /dev/null 2> err
rc=$?
[ $rc = 2 ] || { cat err; fail "exit status $rc, want 2"; }
grep -qxF "compare-models: '$tmp/out': $plugin changed since the campaign was planned (its finished runs used the former content); accepted: the file as it was, or a new campaign (same or another --out DIR)" err \
  || { cat err; fail "not the one line naming the installed plugin"; }
[ ! -e out/runs/0001.csv ] || fail "run 1 ran"
cp plugin.orig "$plugin"
BUILD_DIR=$build bash "$src/scripts/compare-models.sh" --resume out -j 1 -q --no-figures > /dev/null 2> err ||
  { cat err; fail "--resume with the plugin as it was"; }
grep -q '^1,cg,.*,ok,0,' out/results.csv || fail "run 1 not ok after --resume"
echo "--resume with the installed plugin replaced: refused, exit 2; with it as it was: ran"
