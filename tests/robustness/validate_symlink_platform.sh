#!/bin/sh
# validate_symlink_platform.sh SRC BUILD: --platform TESTBED=lnk/../FILE is
# the FILE beside the target of the symbolic link lnk, as the shell opens
# it. os.path.abspath dropped 'lnk/..' as text: the validation read
# ./FILE, another platform or none ("cannot read the platform").
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir -p real/sub && ln -s real/sub lnk && cp "$src/platforms/ib-testbed.xml" real/ib.xml || exit 1
BUILD_DIR=$2 python3 "$src/scripts/validate.py" --platform ib=lnk/../ib.xml --datasets "martinasso11-fig4-A$" \
  --models contention --styles none --out "$tmp/out" > stdout 2> err
rc=$?
if [ $rc != 0 ] || ! grep -q "1 smpirun runs; per-comm errors:" stdout; then
  echo "validate.py --platform ib=lnk/../ib.xml: exit $rc, want 0 and the run:"
  cat err
  exit 1
fi
echo "--platform ib=lnk/../ib.xml: the platform beside lnk's target"
