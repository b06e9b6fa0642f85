#!/usr/bin/env bash
# A new campaign in DIR removes the former campaign's rows, logs and
# results.csv, but its figures stayed in DIR/figures beside the new ones:
# programs A and B at 1 and 2 ranks, then A alone, left B-scaling.svg
# (and with --no-figures, or at one rank count, every former figure) as
# if of the new rows. They go with the former rows now; a user's own
# file in DIR/figures stays.
# usage: former_figures.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
bash "$cmp" --smpirun ./fake-smpirun --program A=./app --np "1 2" --models SMPI -j 1 -q --no-figures --out out > /dev/null
# The figures the former campaign drew (matplotlib is not needed here).
mkdir out/figures
for f in comparison A-scaling B-scaling; do
  for ext in svg pdf; do echo former > "out/figures/$f.$ext"; done
done
echo mine > out/figures/notes.txt
echo mine > out/figures/my-scaling.png
bash "$cmp" --smpirun ./fake-smpirun --program A=./app --np 1 --models SMPI -j 1 -q --no-figures --out out > /dev/null
left=$(cd out/figures && ls | tr '\n' ' ')
[ "$left" = "my-scaling.png notes.txt " ] || fail "DIR/figures after the new campaign holds: $left"
echo "a new campaign in DIR: the former figures removed, the user's files kept"
