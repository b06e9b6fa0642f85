#!/usr/bin/env bash
# chroot-test.sh SUITE [COMMAND...]: builds the project against the
# libsimgrid-dev of Debian SUITE (trixie: SimGrid 4.0, sid: 4.1) inside a
# Debian chroot and runs COMMAND there (default: the whole CTest suite).
# Run as root (debootstrap, mount, chroot).
#
# The chroot is cached in $CHROOT_CACHE/SUITE (default
# /var/cache/contention-chroots), outside the clone: it is created with
# debootstrap from the Debian archive and its packages installed once; later
# runs reuse it. The clone is bind-mounted at /src, built into
# /src/build-SUITE; /proc, /sys and the bind mount are unmounted on exit,
# also on failure. Runs on one SUITE wait for each other ($cache/SUITE.lock).
#   bash scripts/chroot-test.sh trixie
#   bash scripts/chroot-test.sh sid python3 scripts/validate.py
# Environment: CHROOT_CACHE, CHROOT_MIRROR (default http://deb.debian.org/debian),
# CHROOT_JOBS (build and ctest parallelism, default 2), CHROOT_TARGET (the
# build target, default all).
set -euo pipefail
usage="usage: chroot-test.sh SUITE [COMMAND...] (SUITE: trixie or sid)"
[ $# -ge 1 ] || {
  echo "chroot-test.sh: no SUITE ($usage)" >&2
  exit 2
}
suite=$1
shift
case "$suite" in
  trixie | sid) ;;
  -h | --help)
    echo "$usage"
    exit 0
    ;;
  *)
    echo "chroot-test.sh: unknown suite '$suite' (accepted: trixie, sid)" >&2
    exit 2
    ;;
esac
# Both go into the chroot's shell command line: a blank or a ';' in them
# ran another command there.
[[ ${CHROOT_JOBS:-2} =~ ^[1-9][0-9]{0,3}$ ]] || {
  echo "chroot-test.sh: CHROOT_JOBS '${CHROOT_JOBS}': accepted: a positive integer (build and ctest parallelism)" >&2
  exit 2
}
[[ ${CHROOT_TARGET:-all} =~ ^[A-Za-z0-9_.+-]+$ ]] || {
  echo "chroot-test.sh: CHROOT_TARGET '${CHROOT_TARGET}': accepted: one CMake target name (letters, digits, _.+-)" >&2
  exit 2
}
[ "$(id -u)" -eq 0 ] || {
  echo "chroot-test.sh: needs root (debootstrap, mount, chroot)" >&2
  exit 2
}
src=$(CDPATH='' cd -- "$(dirname "$0")/.." && pwd)
cache=${CHROOT_CACHE:-/var/cache/contention-chroots}
mirror=${CHROOT_MIRROR:-http://deb.debian.org/debian}
jobs=${CHROOT_JOBS:-2}
root=$cache/$suite
# scripts/setup.sh's list (valgrind aside: its test is off by default), ccache, and
# GNU time for bench/smpi-speed.
packages=(build-essential cmake pkg-config libsimgrid-dev libxml2-dev libxml2-utils zlib1g-dev python3 python3-matplotlib
  slurm-wlm munge ccache time)
# The SimGrid releases the plugin has a compat source for (plugin/compat/sg_compat_*.cpp).
supported=$(cd "$src/plugin/compat" && ls sg_compat_*.cpp | sed 's/sg_compat_\(.*\)\.cpp/\1/; s/_/./' | tr '\n' ' ')

# sid's Release file in some mirrors is past its Valid-Until.
apt_opts=(-o Acquire::Check-Valid-Until=false)

# fd 9 (the lock) closed: a daemon a test leaves behind must not hold it.
in_root() { chroot "$root" env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 "$@" 9>&-; }

# One run per chroot at a time: a second run's bind mount of its own clone
# at /src would shadow the first one's, which would then test another tree.
mkdir -p "$cache"
exec 9>"$cache/$suite.lock"
if ! flock -n 9; then
  echo "chroot-test: another run uses the $suite chroot; waiting for it" >&2
  flock 9
fi

mounted=()
cleanup() {
  local m
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    m=${mounted[i]}
    umount -R "$m" 2>/dev/null || umount -R -l "$m" 2>/dev/null || echo "chroot-test.sh: could not unmount $m" >&2
  done
}
trap cleanup EXIT
mount_in() { # mount_in TARGET MOUNT-ARGS...
  local target=$root$1
  shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounted+=("$target")
}

if [ ! -e "$root/.contention-debootstrapped" ]; then
  if ! command -v debootstrap >/dev/null; then
    bash "$src/scripts/install-packages.sh" chroot-test debootstrap
  fi
  if [ -e "$root" ]; then # a half-made chroot from an interrupted run
    for m in "$root/src" "$root/sys" "$root/proc"; do umount -R "$m" 2>/dev/null || true; done
    rm -rf --one-file-system "$root"
  fi
  mkdir -p "$cache"
  echo "chroot-test: creating the $suite chroot in $root"
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$cache/$suite.debootstrap.log" 2>&1 || {
    tail -20 "$cache/$suite.debootstrap.log" >&2
    exit 1
  }
  touch "$root/.contention-debootstrapped"
fi
mount_in /proc -t proc proc
mount_in /sys --rbind /sys # Slurm's daemons (campaign.slurm) need the cgroup file system
mount --make-rslave "$root/sys"
# The packages missing from the chroot (all of them the first time).
missing=$({ in_root dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${packages[@]}" 2>/dev/null || true; } |
  awk '$1 == "ii" {print $2}' | sort | comm -13 - <(printf '%s\n' "${packages[@]}" | sort) | tr '\n' ' ')
if [ -n "${missing// /}" ]; then
  echo "chroot-test: installing in the $suite chroot: $missing"
  in_root apt-get "${apt_opts[@]}" update -qq
  # shellcheck disable=SC2086
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
  in_root apt-get clean
fi

version=$(in_root pkg-config --modversion simgrid)
release=$(echo "$version" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
case " $supported " in
  *" $release "*) echo "chroot-test: Debian $suite has SimGrid $version (supported)" ;;
  *)
    echo "chroot-test: Debian $suite now has SimGrid $version, which the plugin does not support" \
      "(supported: $supported); the configure step below says so" >&2
    ;;
esac

mount_in /src --bind "$src"
build=build-$suite
in_root bash -c "cd /src && cmake -S . -B $build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCONTENTION_WERROR=ON \
  -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null && cmake --build $build -j$jobs --target ${CHROOT_TARGET:-all} >/dev/null"
if [ $# -eq 0 ]; then
  in_root bash -c "cd /src && ctest --test-dir $build --output-on-failure -j$jobs --timeout 600"
else
  in_root env BUILD_DIR="$build" CONTENTION_BUILD_DIR="$build" bash -c 'cd /src && "$@"' bash "$@"
fi
