#!/bin/sh
# platforms_installed.sh BUILD_DIR SOURCE_DIR
# Every platform of platforms/ is installed, unchanged, in
# share/contention/platforms: the install rule listed them by name, and
# gige-testbed-limiter.xml (doc/calibration.md, doc/validation.md) was not
# among them.
set -u
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/p" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
fails=0 n=0
for f in "$src"/platforms/*.xml; do
  n=$((n + 1))
  cmp -s "$f" "$tmp/p/share/contention/platforms/${f##*/}" || { echo "FAIL: ${f##*/} not installed (or changed)"; fails=$((fails + 1)); }
done
[ "$fails" = 0 ] || exit 1
echo "$n platforms installed in share/contention/platforms"
