#!/usr/bin/env bash
# A campaign killed with SIGKILL (which it cannot catch) takes its runs
# with it: the simulation in flight, a spinning program, is gone within a
# few seconds (it used to go on forever, detached, its timeout timer gone
# with the campaign).
# usage: killed.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
bash "$cmp" --program "spin=./failing_app --mode spin" --np 2 --models contention --timeout 60 -j 1 --out out \
  --no-figures -q > a.out 2> a.err &
a=$!
for _ in $(seq 300); do
  pgrep -f "$tmp/failing_app --mode spin" > /dev/null && break
  sleep 0.1
done
pgrep -f "$tmp/failing_app --mode spin" > /dev/null || { cat a.err; fail "the spinning run did not start"; }
kill -KILL $a
wait $a || true
for _ in $(seq 100); do
  pgrep -f "$tmp/failing_app" > /dev/null || break
  sleep 0.1
done
if pgrep -f "$tmp/failing_app" > /dev/null; then
  pgrep -f "$tmp/failing_app" | xargs kill -KILL 2> /dev/null || true
  fail "the simulation outlived the killed campaign"
fi
