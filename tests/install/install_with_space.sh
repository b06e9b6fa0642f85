#!/bin/sh
# install_with_space.sh BUILD_DIR SOURCE_DIR
# Installs into a prefix whose path has a space and runs an SMPI program
# with the installed launcher under the contention model. SimGrid's smpirun
# splits -wrapper at blanks and the loader LD_PRELOAD: the launcher once
# ended with exit status 127 there ("env: 'fix/lib/...': No such file").
set -u
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
prefix="$tmp/my prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }
smpicc -O2 "$src/tests/campaign/user_app.c" -o "$tmp/user_app" || fail "smpicc user_app.c"
hosts=$tmp/hostfile
for i in 0 1 2 3 4 5 6 7; do echo "node-$i"; done >"$hosts"
"$prefix/bin/smpirun-contention" -np 8 -platform "$src/smpi-examples/workloads/default-cluster.xml" -hostfile "$hosts" \
  --cfg=network/model:contention --cfg=smpi/display-timing:yes --log=root.thres:warning \
  --log=smpi_utils.thres:info "$tmp/user_app" >"$tmp/run.out" 2>&1
rc=$?
[ $rc = 0 ] || { cat "$tmp/run.out"; fail "launcher exited with $rc"; }
grep -q "Simulated time" "$tmp/run.out" || { cat "$tmp/run.out"; fail "no simulated time"; }
echo "launcher in '$prefix/bin': the contention model ran ($(grep -o 'Simulated time: [^ ]* s' "$tmp/run.out"))"
