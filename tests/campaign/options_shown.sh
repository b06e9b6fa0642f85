#!/usr/bin/env bash
# The smpirun options given to every run ('--' or the 'smpirun-option'
# key) change every row's simulated time, and no row names them: the
# report says them, after a campaign and after --collect.
# usage: options_shown.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
want="smpirun options of every run: --cfg=smpi/bw-factor:0:0.5"
bash "$cmp" --workloads cg --np 2 --models SMPI -j 1 --no-figures -q --out "$tmp/o" -- --cfg=smpi/bw-factor:0:0.5 \
  > "$tmp/run.out" || { cat "$tmp/run.out"; fail "the campaign failed"; }
grep -qx -- "$want" "$tmp/run.out" || { cat "$tmp/run.out"; fail "the report does not name the smpirun options"; }
bash "$cmp" --collect "$tmp/o" --no-figures > "$tmp/collect.out"
grep -qx -- "$want" "$tmp/collect.out" || { cat "$tmp/collect.out"; fail "--collect does not name the smpirun options"; }
# Without options, no such line.
bash "$cmp" --workloads cg --np 2 --models SMPI -j 1 --no-figures -q --out "$tmp/p" > "$tmp/none.out"
! grep -q "smpirun options" "$tmp/none.out" || fail "a line about smpirun options without any"
echo "report names the smpirun options of every run"
