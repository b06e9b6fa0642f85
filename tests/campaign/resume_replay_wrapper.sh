#!/usr/bin/env bash
# --resume checked the file an smpirun option names (-replay LIST), not
# the files SMPI then reads: the per-rank traces LIST names, one a line
# (rank i replays line i), and the -wrapper script every run executes
# through. Edited between a stop and --resume, the resumed runs replayed
# the new traces (or ran through the new wrapper) under the same row
# label. Now --resume refuses, naming the file; with it as it was, it runs.
# usage: resume_replay_wrapper.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
mkdir traces bin
echo "0 init" > traces/rank0.txt
echo "1 init" > traces/rank1.txt
printf 'traces/rank0.txt\ntraces/rank1.txt\n' > list.txt
echo "0 init" > shared.txt
echo shared.txt > one.txt
printf '#!/bin/sh\nexec "$@"\n' > wrap.sh
printf '#!/bin/sh\nexec "$@"\n' > bin/onpath
chmod +x wrap.sh bin/onpath
campaign() {
  bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2" --models SMPI -j 1 -q --no-figures --out out \
    -- "$@" > /dev/null
  rm out/runs/0001.csv # as if run 1 was interrupted
}
edited() {  # edited FILE: --resume refused while FILE differs, runs with it as it was
  cp "$1" "$1.orig"
  echo "# edited" >> "$1"
  resume_refused "$1 edited" "$tmp/$1"
  mv "$1.orig" "$1"
}
campaign -replay list.txt -wrapper ./wrap.sh
for f in traces/rank0.txt traces/rank1.txt wrap.sh; do edited $f; done
campaign --cfg=smpi/replay:one.txt
edited shared.txt
PATH=$tmp/bin:$PATH campaign -wrapper onpath
edited bin/onpath
PATH=$tmp/bin:$PATH bash "$cmp" --resume out -j 1 -q --no-figures > /dev/null || fail "--resume with the files as they were"
[ "$(value out/results.csv 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with a replayed trace or a wrapper edited: refused, exit 2; as it was: ran"
