#!/usr/bin/env bash
# --resume after a file an smpirun option reads was edited (a model's
# contention:p2p-params=my.params, an option after --): its digest was not
# in the plan, so the unfinished runs read the new file under the same
# row label (lu, 4 ranks: 0.167030 s where the campaign's first run, on
# the former parameters, would give 0.163576 s). Now --resume refuses,
# naming the file; with the file as it was, it runs.
# usage: resume_option_file.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
echo 1 > model.txt
echo 1 > every.txt
bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "1 2" --models "SMPI:smpi/comp-adjustment-file=model.txt" \
  -j 1 -q --no-figures --out out -- --cfg=smpi/papi-events:every.txt > /dev/null
rm out/runs/0001.csv # as if run 1 was interrupted
for f in model.txt every.txt; do
  echo 2 > $f
  resume_refused "$f edited" "$tmp/$f"
  echo 1 > $f
done
bash "$cmp" --resume out -j 1 -q --no-figures > /dev/null || fail "--resume with the files as they were"
[ "$(value out/results.csv 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with a file an option reads edited: refused, exit 2; as it was: ran"
