#!/usr/bin/env bash
# A new campaign in DIR stopped while it plans (hashing a large program)
# must leave DIR's former campaign whole. It removed the former runs'
# rows first, then (seconds later, the digests computed) saved its own
# plan: stopped in between, DIR held the former plan without its rows,
# and --resume DIR silently ran the former campaign again, all of it.
# Now the plan replaces the former one first, marked fresh until the rows
# are gone.
# usage: stopped_while_planning.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
printf '#!/bin/sh\n' > big && truncate -s 1G big && chmod +x big  # (sparse: no disk used)
campaign() {
  BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --np "1 2 3" --models SMPI -j 1 -q --no-figures \
    --out out "$@"
}
campaign --program ./app > /dev/null 2> a.err || { cat a.err; fail "the first campaign"; }
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --np "1 2 3" --models SMPI -j 1 -q --no-figures \
  --out out --program ./big > /dev/null 2> b.err &  # (not in a function: $! is then compare-models' process)
b=$!
for _ in $(seq 1000); do  # until it reads the program for its digest
  ls -l "/proc/$b/fd" 2> /dev/null | grep -q "$tmp/big" && break
  sleep 0.01
done
ls -l "/proc/$b/fd" 2> /dev/null | grep -q "$tmp/big" || { kill $b; fail "the campaign never read ./big"; }
kill -TERM $b
set +e
wait $b
rc=$?
set -e
[ $rc = 143 ] || { cat b.err; fail "exit status $rc, want 143"; }
n=$(ls out/runs | wc -l)
[ "$n" = 3 ] || fail "the first campaign's directory holds $n of its 3 rows"
BUILD_DIR=$tmp/nobuild bash "$cmp" --resume out --no-figures > r.out 2> r.err || { cat r.err; fail "--resume"; }
grep -qx "compare-models: 3 of 3 runs of $tmp/out finished already" r.err || { cat r.err; fail "--resume ran runs"; }
# Stopped once its plan is saved, marked fresh, before the former rows are
# gone (which may name the same runs): --resume runs every run.
python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); p["fresh"] = True; json.dump(p, open(sys.argv[1], "w"))' \
  out/plan.json
BUILD_DIR=$tmp/nobuild bash "$cmp" --resume out --no-figures > r.out 2> r.err || { cat r.err; fail "--resume"; }
grep -qx "compare-models: 0 of 3 runs of $tmp/out finished already" r.err || { cat r.err; fail "--resume of a fresh plan"; }
! grep -q fresh out/plan.json || fail "plan.json still marked fresh"
echo "a campaign stopped while it plans: the former campaign in DIR is whole, or none of its rows is taken"
