#!/bin/sh
# install_packages_args.sh SRC: scripts/install-packages.sh refuses what is
# not a Debian package name before calling dpkg or apt-get (a name such as
# '--help' reached 'apt-get install' as its option), and --help prints the
# usage. apt-get here is a stub that fails the test if it is ever called.
set -u
stub=$(mktemp -d)
trap 'rm -rf "$stub"' EXIT
printf '#!/bin/sh\necho "apt-get called: $*" >&2\nexit 99\n' >"$stub/apt-get"
cp "$stub/apt-get" "$stub/sudo"
chmod +x "$stub/apt-get" "$stub/sudo"
fail=0
check() { # check WANT_STATUS WANT_STDERR ARGS...
  want=$1 text=$2
  shift 2
  err=$(PATH="$stub:$PATH" bash "$SRC/scripts/install-packages.sh" "$@" 2>&1 >/dev/null)
  status=$?
  [ "$status" = "$want" ] && [ "$err" = "$text" ] || { echo "install-packages.sh $*: exit $status: $err" >&2; fail=1; }
}
SRC=$1
u="(usage: install-packages.sh WHO PACKAGE... (Debian package names))"
check 2 "t: '--help' is not a Debian package name $u" t --help
check 2 "t: 'a;b' is not a Debian package name $u" t 'a;b'
check 2 "install-packages.sh: no WHO $u" 
check 0 "" --help
exit $fail
