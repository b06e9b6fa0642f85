#!/bin/sh
# tmpdir.sh BIN_DIR PLATFORM RUN_END: the directory of smpirun's temporary
# files (the program's copies, smpi/tmpdir). SimGrid's smpirun takes it
# from TMPDIR through an unquoted $(mktemp -u), and its -tmpdir option
# shifts one word only (the directory became the program: "No hostfile
# nor platform specified" and the usage, exit status 1). The launcher
# passes -tmpdir DIR as TMPDIR, and refuses a directory with a blank (it
# ended in "Unable to open 'dir' from ..." and a SimGrid backtrace) with
# one error line, exit status 1, as it does a directory that is missing or
# not writable when the program is copied (privatized by dlopen, the
# default).
set -u
bin=$1 platform=$2 run_end=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
mkdir "$tmp/my dir" "$tmp/ok"
# refused WHAT DIR REASON ARGS...: one error line naming DIR, exit status 1.
refused() {
  what=$1 dir=$2 reason=$3
  shift 3
  "$@" -np 2 -platform "$platform" --log=root.thres:critical "$run_end" ok >"$tmp/out" 2>"$tmp/err"
  rc=$?
  want="smpirun: $what '$dir' $reason; accepted: $accepted, as TMPDIR or -tmpdir DIR"
  if [ "$rc" -eq 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ]; then
    echo "ok   $what '$dir': status 1, one line"
  else
    echo "FAIL $what '$dir': status $rc, expected 1 and the one line: $want"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
}
blank="has a blank, which SimGrid's smpirun splits (the directory of its temporary files)"
accepted="a directory without blanks"
refused TMPDIR "$tmp/my dir" "$blank" env TMPDIR="$tmp/my dir" "$bin/smpirun"
refused -tmpdir "$tmp/my dir" "$blank" "$bin/smpirun" -tmpdir "$tmp/my dir"
# -tmpdir DIR: the run ends, and its kept copies are in DIR (also under a
# TMPDIR with a blank, which -tmpdir replaces).
TMPDIR="$tmp/my dir" "$bin/smpirun" -tmpdir "$tmp/ok" -keep-temps -np 2 -platform "$platform" \
  --log=root.thres:critical "$run_end" ok >"$tmp/out" 2>"$tmp/err"
rc=$?
copies=$(find "$tmp/ok" -name 'run_end_*.so' | wc -l)
if [ "$rc" -eq 0 ] && grep -q "end: ok" "$tmp/out" && [ "$copies" -eq 2 ]; then
  echo "ok   -tmpdir DIR: the run ended, its 2 copies in DIR"
else
  echo "FAIL -tmpdir DIR: status $rc, $copies copies in DIR, expected 0 and 2"
  head -3 "$tmp/err"
  fails=$((fails + 1))
fi
# A directory that does not exist, or a file: one line (every rank's copy
# aborted, exit status 134).
touch "$tmp/file"
accepted="an existing writable directory"
unwritable="is not a writable directory (the directory of smpirun's temporary files)"
for dir in "$tmp/missing" "$tmp/file"; do
  refused TMPDIR "$dir" "$unwritable" env TMPDIR="$dir" "$bin/smpirun"
  refused -tmpdir "$dir" "$unwritable" "$bin/smpirun" -tmpdir "$dir"
done
# Unprivatized runs (-no-privatize, --cfg=smpi/privatization:no or mmap,
# SMPI_PRIVATIZATION=no) copy nothing there, nor does -help: a missing
# directory does not stop them (it refused them, which ran before).
for how in "-no-privatize" "--cfg=smpi/privatization:no" "--cfg=smpi/privatization:mmap" "SMPI_PRIVATIZATION=no"; do
  case $how in
    SMPI_PRIVATIZATION=*) env "$how" TMPDIR="$tmp/missing" "$bin/smpirun" -np 2 -platform "$platform" \
      --log=root.thres:critical "$run_end" ok >"$tmp/out" 2>"$tmp/err" ;;
    *) env TMPDIR="$tmp/missing" "$bin/smpirun" "$how" -np 2 -platform "$platform" --log=root.thres:critical \
      "$run_end" ok >"$tmp/out" 2>"$tmp/err" ;;
  esac
  rc=$?
  if [ "$rc" -eq 0 ] && grep -q "end: ok" "$tmp/out"; then
    echo "ok   $how, TMPDIR missing: the run ended"
  else
    echo "FAIL $how, TMPDIR missing: status $rc, expected 0 and the run's end"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
done
env TMPDIR="$tmp/missing" "$bin/smpirun" -help >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q -- "-tmpdir" "$tmp/out"; then
  echo "ok   -help, TMPDIR missing: the usage"
else
  echo "FAIL -help, TMPDIR missing: status $rc, expected 0 and the usage"
  head -3 "$tmp/err"
  fails=$((fails + 1))
fi
# The last setting wins: privatization back on, the missing directory is refused.
env TMPDIR="$tmp/missing" "$bin/smpirun" -no-privatize -np 2 -platform "$platform" --cfg=smpi/privatization:no \
  --log=root.thres:critical --cfg=smpi/privatization:dlopen "$run_end" ok >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q "is not a writable directory" "$tmp/err"; then
  echo "ok   privatization set back to dlopen, TMPDIR missing: refused"
else
  echo "FAIL privatization set back to dlopen, TMPDIR missing: status $rc, expected 1 and the line"
  head -3 "$tmp/err"
  fails=$((fails + 1))
fi
[ "$fails" -eq 0 ]
