#!/bin/sh
# calibrate_cluster_out.sh SRC BUILD: an --out that cannot be created (here
# under a regular file) ends calibrate-cluster.sh with exactly one line
# naming it, exit 1, before anything is compiled or measured (mkdir printed
# one line per output directory).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/file"
err=$(sh "$1/scripts/calibrate-cluster.sh" --build "$2" --out "$tmp/file/calibration" 2>&1 >/dev/null)
rc=$?
want="calibrate-cluster.sh: --out '$tmp/file/calibration': cannot create it: Not a directory (accepted: a writable directory)"
if [ $rc != 1 ] || [ "$err" != "$want" ]; then
  echo "exit $rc, stderr:"; printf '%s\n' "$err"
  exit 1
fi
echo "one line, exit 1"
