#!/usr/bin/env bash
# Installs the Debian packages the project needs (when missing) and builds it
# into ./build (or $BUILD_DIR). Safe to run again: it only rebuilds.
# Arguments: cmake settings -DNAME=VALUE, checked before anything is done.
set -euo pipefail
# (symlinks resolved: through a symlink elsewhere, ~/bin/contention-setup,
# it built the directory above the symlink's)
CDPATH='' cd -- "$(dirname "$(readlink -f "$0")")/.."
case ${1:-} in
  -h | --help)
    echo "usage: scripts/setup.sh [-DNAME=VALUE...]: installs the missing Debian packages, builds into \$BUILD_DIR (default build)"
    exit 0
    ;;
esac
for a in "$@"; do
  [[ $a =~ ^-D[A-Za-z_][A-Za-z0-9_]*(:[A-Z]+)?=.*$ ]] || {
    # (a line end or carriage return in it written \n, \r: the line stays one)
    shown=${a//$'\n'/\\n}
    shown=${shown//$'\r'/\\r}
    echo "setup: unknown argument '$shown' (accepted: cmake settings -DNAME=VALUE, e.g. -DCONTENTION_WERROR=OFF)" >&2
    exit 2
  }
done

packages=(build-essential cmake pkg-config libsimgrid-dev libxml2-dev libxml2-utils valgrind python3 python3-matplotlib python3-simgrid slurm-wlm munge openmpi-bin libopenmpi-dev)
bash scripts/install-packages.sh setup "${packages[@]}"

BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCONTENTION_WERROR=ON "$@" >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)"
echo "setup: built into $BUILD_DIR/ (tools and smpirun wrapper in $BUILD_DIR/bin)"
