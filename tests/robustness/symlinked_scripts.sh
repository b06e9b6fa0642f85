#!/bin/sh
# symlinked_scripts.sh SRC PYTHON BUILD_REL (this build, relative to SRC):
# the scripts called through a symlink in another directory
# (~/bin/validate -> scripts/validate.py) find the repository. validate.py ended in a ModuleNotFoundError traceback (its
# shared modules looked for beside the symlink), compare-models.sh and
# main-job.sh looked for campaign/compare.py and scripts/ there,
# calibrate-cluster.sh for build/, setup.sh built the directory above the
# symlink (bash: scripts/install-packages.sh: No such file or directory,
# exit 127).
set -u
src=$1 py=$2 bin_rel=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in validate.py compare-models.sh main-job.sh calibrate-cluster.sh setup.sh; do
  ln -s "$src/scripts/$s" "$tmp/$s"
done
fail=0
# expect NAME STATUS TEXT COMMAND...: that exit status, TEXT in the output, no traceback
expect() {
  name=$1 want=$2 text=$3
  shift 3
  got=$("$@" 2>&1); rc=$?
  case $got in *Traceback* | *"$tmp"*) rc="$rc (output names the symlink's directory or has a traceback)" ;; esac
  case $got in *"$text"*) ;; *) rc="$rc (no '$text')" ;; esac
  if [ "$rc" != "$want" ]; then
    echo "$name: exit $rc, output:"; printf '%s\n' "$got" | head -n 5
    fail=1
  fi
}
expect validate 0 "vienne08-fig2-s2-gige" "$py" "$tmp/validate.py" --list
expect compare-models 0 "usage: compare-models.sh" bash "$tmp/compare-models.sh" --help
expect main-job 0 "usage: scripts/main-job.sh" bash "$tmp/main-job.sh" --help
# A relative BUILD_DIR is the repository's (this build, given relative to
# the source), found through the symlink, not beside it. (Not build/: a
# chroot's suite sees the host's build/, which its libraries cannot load.)
got=$(BUILD_DIR="$bin_rel" sh "$tmp/calibrate-cluster.sh" --fit bogus --out "$tmp/o" 2>&1)
case $got in
  "calibrate-cluster.sh: --fit 'bogus': accepted: auto infiniband "*) ;;
  *) echo "calibrate-cluster: $got"; fail=1 ;;
esac
# setup.sh with stand-ins for dpkg-query (every package installed) and
# cmake (it writes where it runs): the repository is configured and built.
mkdir "$tmp/stub"
printf '#!/bin/sh\nprintf "install ok installed"\n' > "$tmp/stub/dpkg-query"
printf '#!/bin/sh\npwd >> "%s/cmake-dirs"\n' "$tmp" > "$tmp/stub/cmake"
chmod +x "$tmp/stub/dpkg-query" "$tmp/stub/cmake"
got=$(PATH="$tmp/stub:$PATH" BUILD_DIR="$tmp/build" bash "$tmp/setup.sh" 2>&1) ||
  { echo "setup: $got"; fail=1; }
if [ "$(sort -u "$tmp/cmake-dirs" 2>/dev/null)" != "$(CDPATH='' cd -- "$src" && pwd)" ]; then
  echo "setup: cmake ran in $(cat "$tmp/cmake-dirs" 2>/dev/null), not in $src"; fail=1
fi
exit $fail
