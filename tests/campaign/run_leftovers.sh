#!/usr/bin/env bash
# A run's processes end with the run: a program that leaves a child in the
# background, one whose child leaves the run's process group (setsid), and
# one waiting on such a child past --timeout. Their rows are ok, ok and
# timeout (the last within its bound), and no process of theirs is left
# once the campaign has ended (each went on running, the detached one past
# the campaign's own end, the timeout's too: only the group was killed).
# usage: run_leftovers.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
fake_launcher 'for a; do last=$a; done
m="$(dirname "$0")/marker-sleep"
case $last in
  background) "$m" 300 & ;;
  detached) setsid "$m" 301 & ;;
  waits) setsid "$m" 302 & wait; exit 0 ;;
esac
echo "[0.5] Simulated time: 0.5 s" >&2'
left() { pgrep -f "$tmp/marker-sleep" > /dev/null; }
cleanup() { pkill -KILL -f "$tmp/marker-sleep"; rm -rf "$tmp"; }
trap cleanup EXIT
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program "background=./app background" \
  --program "detached=./app detached" --program "waits=./app waits" --np 2 --models SMPI -j 3 --timeout 2 \
  --out out -q --no-figures > stdout 2> stderr
rc=$?
[ $rc = 1 ] || { cat stderr; fail "exit status $rc, want 1"; }
csv=out/results.csv
[ "$(column "$csv" status | tr '\n' ' ')" = "ok ok timeout " ] || fail "statuses: $(column "$csv" status | tr '\n' ' ')"
awk -v w="$(value "$csv" 2 wall_s)" 'BEGIN { exit !(w >= 2 && w < 4) }' || fail "timeout run's wall time $(value "$csv" 2 wall_s) s"
sleep 0.5
if left; then
  pgrep -af "$tmp/marker-sleep" >&2
  fail "processes of the runs outlived the campaign"
fi
# The campaign killed while its run waits on a detached process (a
# subprocess.py in the runs' directory must not take the watchdog's place).
echo 'raise SystemExit("not the standard module")' > subprocess.py
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program "waits=./app waits" --np 2 --models SMPI \
  --timeout 60 --out out2 -q --no-figures > stdout2 2> stderr2 &
pid=$!
for _ in $(seq 300); do
  left && break
  sleep 0.1
done
left || { cat stderr2; fail "the run did not start"; }
kill -KILL "$(pgrep -f "compare.py --smpirun ./fake-smpirun .* --out out2")"
{ wait $pid; } 2> /dev/null
for _ in $(seq 100); do
  left || break
  sleep 0.1
done
if left; then
  pgrep -af "$tmp/marker-sleep" >&2
  fail "the detached process of a run outlived the killed campaign"
fi
echo "rows ok, ok, timeout; no process of a run left, the campaign ended or killed"
