#!/usr/bin/env bash
# install-packages.sh WHO PACKAGE...: installs the Debian packages that are
# missing (apt-get, through sudo when not root); WHO names the caller in the
# one line it prints. Used by scripts/setup.sh and .ci/fuzz.sh.
set -euo pipefail
usage="usage: install-packages.sh WHO PACKAGE... (Debian package names)"
case ${1:-} in
  -h | --help) echo "$usage"; exit 0 ;;
  '' | -*) echo "install-packages.sh: no WHO ($usage)" >&2; exit 2 ;;
esac
who=$1
shift
# Debian's package name syntax: a name starting with '-' reached apt-get
# as one of its options (apt-get install --help).
for p in "$@"; do
  [[ $p =~ ^[a-z0-9][a-z0-9+.-]+$ ]] || { echo "$who: '$p' is not a Debian package name ($usage)" >&2; exit 2; }
done
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "$who: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
