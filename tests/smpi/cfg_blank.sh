#!/bin/sh
# cfg_blank.sh BIN_DIR PLATFORM RUN_END: SimGrid's smpirun cuts a --cfg
# value at blanks; a piece left without ':' (a value with a leading blank, a
# path with a blank) must end in one error line naming the argument and
# exit status 1, not SimGrid's abort with a backtrace (status 134); blanks
# between whole NAME:VALUE options still work.
set -u
bin=$1 platform=$2 run_end=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
refused() { # ARG PIECE
  "$bin/smpirun" -np 2 -platform "$platform" --cfg=network/model:contention "$1" "$run_end" ok \
    >"$tmp/out" 2>"$tmp/err"
  rc=$?
  lines=$(wc -l <"$tmp/err")
  want="smpirun: $1: SimGrid's smpirun cuts --cfg values at blanks, leaving '$2', which is not NAME:VALUE"
  if [ "$rc" -eq 1 ] && [ "$lines" -eq 1 ] && grep -qF "$want" "$tmp/err"; then
    echo "ok   '$1': status 1, one line"
  else
    echo "FAIL '$1': status $rc, $lines stderr line(s), expected 1 and one line with: $want"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
}
refused "--cfg=contention/bandwidth: 1" 1
refused "--cfg=contention/trace:$tmp/my dir/t.csv" dir/t.csv
refused "--cfg=loggps/G:1 Gbps" Gbps
# Two whole options in one argument: both are set.
"$bin/smpirun" -np 2 -platform "$platform" "--cfg=network/model:contention contention/technology:gige" \
  "--cfg=contention/trace:$tmp/t.csv contention/node-links:maxmin" --log=root.thres:critical "$run_end" ok \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q "end: ok" "$tmp/out" && [ -s "$tmp/t.csv" ]; then
  echo "ok   two options in one --cfg argument"
else
  echo "FAIL two options in one --cfg argument: status $rc"
  head -3 "$tmp/err"
  fails=$((fails + 1))
fi
[ $fails -eq 0 ]
