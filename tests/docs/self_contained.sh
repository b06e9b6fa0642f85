#!/bin/sh
# self_contained.sh SOURCE_DIR
# Fails, naming the files and lines, if a file of the project refers to
# something outside the repository: the design notes or the papers' folder of
# the workspace the project was written in. The patterns are built from
# pieces so that this script does not match them itself.
set -u
src=$1
d=DESIGN s=shared w=work
pattern="$d\\.md|\\.\\./$s/|/$w/$s"
cd "$src" || exit 1
hits=$(grep -rnE "$pattern" --exclude-dir=.git --exclude-dir='build*' --exclude-dir=Testing . 2>/dev/null)
if [ -n "$hits" ]; then
  echo "FAIL: references outside the project:"
  echo "$hits"
  exit 1
fi
echo "ok: no reference to files outside the project"
