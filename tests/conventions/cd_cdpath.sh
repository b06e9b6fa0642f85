#!/bin/sh
# Every script that goes to a directory found from its own path
# (cd "$(dirname "$0")/..") empties CDPATH for that cd. With CDPATH
# exported, cd of a relative path searches it: it printed the directory
# (so $(cd ... && pwd) held it twice, on two lines), or went to a
# same-named directory elsewhere (calibrate-cluster.sh's --out did both).
# Lists each such cd without CDPATH='' and fails.
#   cd_cdpath.sh SOURCE_DIR
set -u
cd "$1" || exit 1
bad=$(grep -rn --include='*.sh' -e 'cd "$(dirname' scripts .ci bench tests; grep -n -e 'cd "$(dirname' .ci/run)
bad=$(printf '%s\n' "$bad" | grep -v "CDPATH=''" | grep -v '^$' | grep -v 'tests/conventions/cd_cdpath.sh')
if [ -n "$bad" ]; then
  printf '%s\n' "$bad"
  echo "FAIL: a cd to the script's own directory without CDPATH='' (write: CDPATH='' cd -- \"\$(dirname ...)\")"
  exit 1
fi
echo "every cd to a script's own directory empties CDPATH"
