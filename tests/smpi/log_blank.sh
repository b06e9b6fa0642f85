#!/bin/sh
# log_blank.sh BIN_DIR PLATFORM RUN_END: SimGrid's smpirun cuts a --log
# value at blanks, as a --cfg one, before the program or after it (it takes
# both options from the program's arguments too). A piece left that is not
# CATEGORY.KEY:VALUE (a format with a blank, "root.fmt:%m %n") must end in
# one error line naming the argument and exit status 1, not in SimGrid's
# "Invalid control string" abort with a backtrace (status 134); so must a
# --cfg piece without ':' after the program. Blanks between whole settings
# still work, ':' or '=' before the value, and xbt's keyword no_loc.
set -u
bin=$1 platform=$2 run_end=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
refused() { # BEFORE AFTER ARG WANT: ARG before the program or after it
  "$bin/smpirun" -np 2 -platform "$platform" --cfg=network/model:contention $1 "$run_end" ok $2 \
    >"$tmp/out" 2>"$tmp/err"
  rc=$?
  lines=$(wc -l <"$tmp/err")
  if [ "$rc" -eq 1 ] && [ "$lines" -eq 1 ] && grep -qF "$4" "$tmp/err"; then
    echo "ok   '$3': status 1, one line"
  else
    echo "FAIL '$3': status $rc, $lines stderr line(s), expected 1 and one line with: $4"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
}
log_want() { # ARG PIECE
  echo "smpirun: $1: SimGrid's smpirun cuts --log values at blanks, leaving '$2', which is not CATEGORY.KEY:VALUE"
}
cfg_want() { # ARG PIECE
  echo "smpirun: $1: SimGrid's smpirun cuts --cfg values at blanks, leaving '$2', which is not NAME:VALUE"
}
IFS='
'
a="--log=root.fmt:%m %n"
refused "$a" "" "$a before the program" "$(log_want "$a" %n)"
refused "" "$a" "$a after the program" "$(log_want "$a" %n)"
a="--log=root.thres:critical smpi"
refused "" "$a" "$a after the program" "$(log_want "$a" smpi)"
a="--log=root:critical"
refused "$a" "" "$a before the program" "$(log_want "$a" root:critical)"
a="--cfg=contention/trace:$tmp/my dir/t.csv"
refused "" "$a" "$a after the program" "$(cfg_want "$a" dir/t.csv)"
# Two whole settings in one argument, before and after the program: the run completes.
"$bin/smpirun" -np 2 -platform "$platform" "--log=root.thres:critical smpi.thres=critical no_loc" \
  --cfg=network/model:contention "$run_end" ok "--log=xbt.thres:critical root.thres=critical" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q "end: ok" "$tmp/out"; then
  echo "ok   two settings in one --log argument"
else
  echo "FAIL two settings in one --log argument: status $rc"
  head -3 "$tmp/err"
  fails=$((fails + 1))
fi
[ $fails -eq 0 ]
