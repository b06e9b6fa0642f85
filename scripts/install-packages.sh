#!/usr/bin/env bash
# install-packages.sh WHO PACKAGE...: installs the Debian packages that are
# missing (apt-get, through sudo when not root); WHO names the caller in the
# one line it prints. Used by scripts/setup.sh and .ci/fuzz.sh.
set -euo pipefail
who=$1
shift
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
