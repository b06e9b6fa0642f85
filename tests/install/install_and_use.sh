#!/bin/sh
# install_and_use.sh BUILD_DIR VERSION WITH_SIMGRID
# Installs the build into a fresh prefix and uses it from outside the tree,
# as a user would: a C program against the core built with pkg-config and
# with CMake's find_package(contention), an s4u simulator against the plugin
# (contention::simgrid), the installed tools and launcher.
#
# Expected figures, worked out by hand from seed 000's rules: Fig. 2 graph 3
# (a -> b, c, d; d -> b, c; 20 MiB; T = 20 MiB x 5.105e-10 s/B) gives
# penalties 4, 4, 4, 8/3, 8/3; d's comms end at 8/3 T, a's at 8/3 T + T
# (a's comms have 1/3 left, alone at out-degree 3). Three comms out of one
# node of the InfiniBand testbed: 3 x 20 MiB / 1958863858.96 B/s each.
set -u
build=$1 version=$2 with_simgrid=$3
src=$(CDPATH='' cd -- "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }

# What a library of the field installs, under GNUInstallDirs.
libdir=$(cd "$prefix" && ls -d lib lib64 lib/*-linux-gnu 2>/dev/null | while read -r d; do
  [ -e "$prefix/$d/libcontention.so" ] && echo "$d"; done | head -1)
[ -n "$libdir" ] || fail "libcontention.so not installed"
for f in "$libdir/libcontention.so.$(echo "$version" | cut -d. -f1,2)" "$libdir/libcontention.so.$version" \
         include/contention/graph.h include/contention/version.h "$libdir/pkgconfig/contention.pc" \
         "$libdir/cmake/contention/contentionConfig.cmake" "$libdir/cmake/contention/contentionConfigVersion.cmake" \
         share/contention/platforms/ib-testbed-9.xml share/doc/contention/README.md bin/contention-predict; do
  [ -e "$prefix/$f" ] || fail "$f not installed"
done
soname=$(readelf -d "$prefix/$libdir/libcontention.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = "libcontention.so.$(echo "$version" | cut -d. -f1,2)" ] || fail "soname '$soname'"
echo "installed: $libdir/libcontention.so (soname $soname), headers, pkg-config, CMake package"

# Installed headers (core/include, core/include-tech, the plugin's) compile
# alone from the prefix; the internal ones (core/include-internal) are not
# installed.
for h in "$prefix"/include/contention/*.h; do
  printf '#include <contention/%s>\n' "${h##*/}" |
    cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" -x c - || fail "installed ${h##*/} alone"
done
for h in "$src"/../../core/include-internal/contention/*.h; do
  [ ! -e "$prefix/include/contention/${h##*/}" ] || fail "internal header ${h##*/} installed"
done
echo "installed headers: $(ls "$prefix"/include/contention | wc -l), each compiles alone"

# The installed tool knows its version.
out=$("$prefix/bin/contention-predict" --version | head -n 1) # line 2: the SimGrid release
[ "$out" = "contention-predict (contention) $version" ] || fail "installed contention-predict --version: '$out'"

# use_core's output: the versions, then name,penalty,finish.
check_use_core() { # $1 = output file, $2 = how it was built
  awk -F, -v v="$version" -v how="$2" '
    NR == 1 { if ($0 != "library " v ", header " v) { print "FAIL (" how "): " $0; bad = 1 }; next }
    { T = 20971520 * 5.105e-10
      p[$1] = $2; f[$1] = $3 }
    END {
      if (bad) exit 1
      split("ab ac ad", A, " "); split("db dc", D, " ")
      for (i in A) if (p[A[i]] != "4.000000" || (f[A[i]] - 11 / 3 * T) ^ 2 > 1e-18) {
        print "FAIL (" how "): " A[i] " penalty " p[A[i]] " finish " f[A[i]] ", expected 4 and " 11 / 3 * T; exit 1 }
      for (i in D) if (p[D[i]] != "2.666667" || (f[D[i]] - 8 / 3 * T) ^ 2 > 1e-18) {
        print "FAIL (" how "): " D[i] " penalty " p[D[i]] " finish " f[D[i]] ", expected 2.666667 and " 8 / 3 * T; exit 1 }
      print how ": penalties 4 4 4 2.666667 2.666667, finish " f["ab"] " and " f["db"] " s"
    }' "$1"
}

# 1. pkg-config, from outside the tree, with the rpath of the README's
# command (without it the program cannot find libcontention.so at start).
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
[ "$(pkg-config --modversion contention)" = "$version" ] || fail "pkg-config --modversion contention"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror "$src/consumer/use_core.c" -o "$tmp/use_core_pc" $(pkg-config --cflags --libs contention) \
  -Wl,-rpath,"$(pkg-config --variable=libdir contention)" || fail "build with pkg-config"
"$tmp/use_core_pc" >"$tmp/pc.out" || fail "use_core (pkg-config) exited with $?"
check_use_core "$tmp/pc.out" "pkg-config" || exit 1
[ -f "$(pkg-config --variable=platformdir contention)/graphene.xml" ] || fail "pkg-config platformdir"

# 2. CMake's find_package, from outside the tree (also the s4u simulator).
cmake -S "$src/consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/cmake.log" 2>&1 ||
  { cat "$tmp/cmake.log"; fail "configure the consumer project"; }
cmake --build "$tmp/consumer" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build the consumer project"; }
"$tmp/consumer/use_core" >"$tmp/cmake.out" || fail "use_core (CMake) exited with $?"
check_use_core "$tmp/cmake.out" "find_package" || exit 1
platforms=$(cat "$tmp/consumer/platform_dir.txt")
[ -f "$platforms/ib-testbed-9.xml" ] || fail "contention_PLATFORM_DIR '$platforms'"

[ "$with_simgrid" = ON ] || { echo "no SimGrid plugin in this build: s4u part skipped"; exit 0; }

# 3. The s4u simulator against contention::simgrid, on the installed platform.
"$tmp/consumer/s4u_sim" "$platforms/ib-testbed-9.xml" --cfg=network/model:contention --cfg=network/crosstraffic:0 \
  --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:warning >"$tmp/s4u.out" 2>&1 ||
  { cat "$tmp/s4u.out"; fail "s4u_sim exited with $?"; }
awk '/^node-1 -> / { n++; t = $4 + 0; e = 3 * 20971520 / 1958863858.96 + 2.5e-6 # + the route latency, 2 x 1.25 us
       if ((t - e) / e > 1e-6 || (e - t) / e > 1e-6) { print "FAIL: " $0 ", expected " e; exit 1 } }
     END { if (n != 3) { print "FAIL: " n " comms finished, expected 3"; exit 1 }
           print "s4u simulator: 3 comms, each " t " s = 3 x 20 MiB / B + latency" }' "$tmp/s4u.out" || { cat "$tmp/s4u.out"; exit 1; }
# The same program under SMPI's model does not see the contention (FATPIPE links).
"$tmp/consumer/s4u_sim" "$platforms/ib-testbed-9.xml" --cfg=network/model:SMPI --cfg=network/crosstraffic:0 \
  --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:warning >"$tmp/smpi.out" 2>&1
grep -q '^node-1 -> node-2: 0.0107084' "$tmp/smpi.out" || { cat "$tmp/smpi.out"; fail "s4u_sim under SMPI"; }

# 4. The pkg-config file of the plugin names the library and the launcher.
plugin=$(pkg-config --variable=plugin contention-simgrid)
[ -f "$plugin" ] || fail "pkg-config --variable=plugin contention-simgrid: '$plugin'"
launcher=$(pkg-config --variable=smpirun contention-simgrid)
out=$(PATH=/usr/bin:/bin "$launcher" -version) || fail "$launcher -version"
rel=$(echo "$out" | sed -n 's/^SimGrid version \([0-9]*\.[0-9]*\).*/\1/p') # the release found at build time
[ -n "$rel" ] && echo "$out" | grep -q "built for SimGrid $rel)\$" || fail "launcher -version: '$out'"
echo "$out" | grep -q "^contention version $version (plugin " || fail "launcher -version: '$out'"
echo "installed launcher: $(echo "$out" | tr '\n' ';')"
# Through a symbolic link elsewhere (as in ~/bin), it still finds its library.
mkdir "$tmp/linkbin" && ln -s "$launcher" "$tmp/linkbin/smpirun-contention"
out=$(PATH=/usr/bin:/bin "$tmp/linkbin/smpirun-contention" -version 2>&1) || fail "linked launcher: '$out'"
echo "$out" | grep -q "^contention version $version (plugin " || fail "linked launcher -version: '$out'"
