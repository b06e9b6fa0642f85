#!/usr/bin/env bash
# --resume after DIR/hostfile, the default platform's generated hostfile,
# was edited or removed: its digest was not in the plan, so the
# unfinished runs ran on the new placement (cg, 8 ranks, all on node-0:
# 1.50 s where the first run took 0.753 s, under the same row labels), or
# failed for want of it, a 'failed' row that counts as finished. Now
# --resume refuses, naming the file; with the file as it was, it runs.
# usage: resume_generated_hostfile.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2" --models SMPI -j 1 -q --no-figures --out out > /dev/null
rm out/runs/0001.csv # as if run 1 was interrupted
cp out/hostfile hostfile.orig
for _ in $(seq 32); do echo node-0; done > out/hostfile
resume_refused "hostfile edited" "$tmp/out/hostfile"
rm out/hostfile
resume_refused "hostfile removed" "$tmp/out/hostfile"
cp hostfile.orig out/hostfile
bash "$cmp" --resume out -j 1 -q --no-figures > /dev/null || fail "--resume with the hostfile as it was"
[ "$(value out/results.csv 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with the generated hostfile edited or removed: refused, exit 2; as it was: ran"
