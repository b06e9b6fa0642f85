#!/usr/bin/env bash
# Relative paths, from a directory other than the project's: on the command
# line they resolve from the caller's directory (a relative hostfile used to
# make every model 'not available'), in a campaign file from the file's own
# directory; the results directory too.
# usage: relative_paths.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
mkdir -p "$tmp/bin" "$tmp/caller/hosts" "$tmp/campaigns"
build_app user_app "$tmp/bin"
printf 'node-1\nnode-2\n' > "$tmp/caller/hosts/two.txt"
cp "$src/platforms/ib-testbed-9.xml" "$tmp/campaigns/testbed.xml"
printf 'node-3\nnode-4\n' > "$tmp/campaigns/pair.txt"
cat > "$tmp/campaigns/rel.campaign" <<EOC
program ../bin/user_app --iters 1
platform testbed.xml pair.txt
ranks 2
model contention
model SMPI
EOC
cd "$tmp/caller"
platform=$(realpath --relative-to=. "$src/platforms/ib-testbed-9.xml")
bash "$src/scripts/compare-models.sh" --program "../bin/user_app --iters 1" --platform "$platform" \
  --hostfile hosts/two.txt --np 2 --models "contention SMPI" --out cli-results -q --no-figures > cli.out 2>&1 ||
  { cat cli.out; fail "command-line campaign exited $?"; }
[ "$(column cli-results/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "command line: runs did not succeed"
[ "$(value cli-results/results.csv 1 platform),$(value cli-results/results.csv 1 hostfile)" = "ib-testbed-9,two.txt" ] ||
  fail "command line: wrong platform or hostfile in the CSV"
bash "$src/scripts/compare-models.sh" --campaign ../campaigns/rel.campaign --out file-results -q --no-figures > file.out 2>&1 ||
  { cat file.out; fail "campaign file exited $?"; }
[ "$(column file-results/results.csv status | tr '\n' ' ')" = "ok ok " ] || fail "campaign file: runs did not succeed"
[ "$(value file-results/results.csv 0 platform),$(value file-results/results.csv 0 hostfile)" = "testbed,pair.txt" ] ||
  fail "campaign file: wrong platform or hostfile in the CSV"
echo "relative paths: command line from the caller's directory, campaign file from its own"
