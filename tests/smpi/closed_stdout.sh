#!/bin/sh
# closed_stdout.sh BIN_DIR PLATFORM RUN_END: a run started with standard
# output closed leaves its input files alone. The platform file took fd 1,
# and --cfg=contention/trace:/dev/stdout then reopened it for writing:
# the platform was replaced by the trace (and the run aborted on it).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$2" "$tmp/p.xml"
"$1/smpirun" -np 2 -platform "$tmp/p.xml" --log=root.thres:critical --cfg=network/model:contention \
  --cfg=smpi/simulate-computation:0 --cfg=contention/trace:/dev/stdout "$3" ok >&- 2>"$tmp/err"
rc=$?
cmp -s "$2" "$tmp/p.xml" || { echo "FAIL: the platform file was changed:"; head -3 "$tmp/p.xml"; exit 1; }
[ $rc -eq 0 ] || { echo "FAIL: exit status $rc, expected 0"; cat "$tmp/err"; exit 1; }
echo "platform kept, exit 0"
