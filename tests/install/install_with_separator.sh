#!/bin/sh
# install_with_separator.sh BUILD_DIR SOURCE_DIR
# The installed launcher under a prefix the loader cannot take: LD_PRELOAD
# splits at ':' and blanks, LD_LIBRARY_PATH (the launcher's way round a
# blank) at ':' and ';'. The plugin was not loaded, and SimGrid aborted
# ("Model 'contention' is invalid!", exit status 134) after an ld.so line;
# now one error line naming the path and the accepted form, exit status 1.
set -u
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
hosts=$tmp/hostfile
printf 'node-0\nnode-1\n' >"$hosts"
# check PREFIX WHAT: the launcher under PREFIX refuses it, naming WHAT.
check() {
  prefix=$1
  cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }
  "$prefix/bin/smpirun-contention" -np 2 -platform "$src/smpi-examples/workloads/default-cluster.xml" -hostfile "$hosts" \
    --cfg=network/model:contention /bin/true >"$tmp/out" 2>"$tmp/err"
  rc=$?
  want="smpirun-contention: the plugin's path '$prefix/lib/libcontention-simgrid.so' has $2, which the loader takes as a separator of LD_PRELOAD or LD_LIBRARY_PATH; accepted: an install prefix without ':', and without ';' when it has a blank"
  [ "$rc" = 1 ] || { cat "$tmp/err"; fail "'$prefix': exit status $rc, expected 1"; }
  [ "$(cat "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "'$prefix': expected the one line: $want"; }
  [ ! -s "$tmp/out" ] || { cat "$tmp/out"; fail "'$prefix': output on stdout"; }
}
check "$tmp/a:b" "a ':'"
check "$tmp/c d;e" "a blank and a ';'"
check "$tmp/f:g h" "a ':'"
echo "prefixes with ':' and with a blank and ';' refused with one line"
