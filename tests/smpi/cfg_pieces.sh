#!/bin/sh
# cfg_pieces.sh S4U_PROGRAM PLATFORM: SimGrid cuts one --cfg argument into
# NAME:VALUE pieces at blanks, tabs, newlines and commas. Every piece that
# names a plugin option gets the plugin's checks (a second piece's 0x1 was
# taken as 1), and a piece without ':' (a trace path with a comma) gets one
# error line and status 1, not SimGrid's abort with a backtrace (134).
# Pieces that are whole options still work.
set -u
prog=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
refused() { # ARG TEXT
  "$prog" "$platform" --cfg=network/model:contention "$1" --log=root.thres:critical >"$tmp/out" 2>"$tmp/err"
  rc=$?
  lines=$(wc -l <"$tmp/err")
  if [ "$rc" -eq 1 ] && [ "$lines" -eq 1 ] && grep -qF -- "$2" "$tmp/err"; then
    echo "ok   '$1': $(cat "$tmp/err")"
  else
    echo "FAIL '$1': status $rc, $lines line(s), expected 1 and one line with: $2"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
}
refused "--cfg=contention/trace:$tmp/a,b.csv" \
  "contention: --cfg=contention/trace:$tmp/a,b.csv: SimGrid cuts --cfg values at blanks and commas, leaving 'b.csv', which is not NAME:VALUE"
refused "--cfg=contention/trace:$tmp/a	b.csv" "leaving 'b.csv', which is not NAME:VALUE"
refused "--cfg=network/model:contention,contention/gige/beta:0x1" \
  "contention: --cfg=contention/gige/beta:0x1: '0x1' is not a number"
refused "--cfg=network/model:contention contention/bandwidth:5x" "contention: --cfg=contention/bandwidth:5x: "
refused "--cfg=network/model:contention,contention/technolgy:gige" "unknown option (did you mean contention/technology?)"
refused "--cfg=contention/technology" "contention: --cfg=contention/technology: missing ':' between the option and its value"
# Two whole options in one argument, either order: both set, the run completes.
for arg in "--cfg=contention/technology:gige,contention/trace:$tmp/t.csv" \
  "--cfg=contention/trace:$tmp/t.csv contention/technology:gige,"; do
  rm -f "$tmp/t.csv"
  "$prog" "$platform" --cfg=network/model:contention "$arg" --log=root.thres:critical >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 0 ] && [ -s "$tmp/out" ] && [ -s "$tmp/t.csv" ] && [ ! -s "$tmp/err" ]; then
    echo "ok   '$arg': $(cat "$tmp/out") s, trace written"
  else
    echo "FAIL '$arg': status $rc, trace $(wc -c <"$tmp/t.csv" 2>/dev/null || echo missing)"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
