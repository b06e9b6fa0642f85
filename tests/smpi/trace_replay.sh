#!/bin/sh
# trace_replay.sh BIN_DIR PLATFORM PROGRAM
# smpirun's -trace, -trace-ti and -replay through the build-tree launcher,
# under the contention model: the Paje trace is written, and replaying the
# time-independent trace applies the same penalties at the same times (the
# contention/trace CSV of the replay is byte-identical to the original's).
set -u
bin=$1 platform=$2 program=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
common="-platform $platform -np 4 --cfg=network/model:contention --cfg=smpi/simulate-computation:0 --log=root.thres:warning"
fail() { echo "FAIL: $*"; for f in out*; do echo "--- $f"; cat "$f"; done; exit 1; }

"$bin/smpirun" -trace -trace-file paje.trace $common "$program" >out.paje 2>&1 || fail "-trace run exited with an error"
grep -q 'alltoall ok: 4 ranks' out.paje || fail "-trace run did not complete"
grep -q 'PajeDefineContainerType' paje.trace || fail "-trace wrote no Paje trace"

"$bin/smpirun" -trace-ti -trace-file ti.txt $common --cfg=contention/trace:orig.csv "$program" >out.ti 2>&1 ||
  fail "-trace-ti run exited with an error"
grep -q 'alltoall ok: 4 ranks' out.ti || fail "-trace-ti run did not complete"
[ -s ti.txt ] || fail "-trace-ti wrote no trace"

"$bin/smpirun" -replay ti.txt $common --cfg=contention/trace:replay.csv >out.replay 2>&1 || fail "-replay exited with an error"
rows=$(awk -F, 'NR > 1 && $5 > 1' replay.csv | wc -l)
[ "$rows" -gt 0 ] || fail "the replay applied no penalty > 1"
cmp -s orig.csv replay.csv || { diff orig.csv replay.csv; fail "the replay's penalties differ from the original run's"; }
echo "trace, trace-ti and replay ok; $rows penalised rows, replay identical"
