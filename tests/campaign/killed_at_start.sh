#!/usr/bin/env bash
# A campaign killed with SIGKILL just as its first run starts takes that
# run with it. The watchdog (which kills the runs of a killed campaign)
# learnt of a run after its start: a SIGKILL in between left the run going
# on, unbounded (9 times in 10 here when the watchdog itself started after
# the first run, then 4 in 10). Each run now waits until the watchdog knows
# it. The launcher, a fake smpirun, kills the campaign as soon as it runs,
# then stands for a simulation (a copy of sleep); 10 tries, none may stay.
# usage: killed_at_start.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
fake_launcher 'kill -KILL $PPID
exec "$(dirname "$0")/marker-sleep" 30'
left=0
for i in $(seq 10); do
  BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program ./app --np 2 --models SMPI -j 1 \
    --out "out$i" -q --no-figures > /dev/null 2>&1
  for _ in $(seq 20); do  # the launcher starts the simulation once the campaign is dead
    pgrep -f "$tmp/marker-sleep" > /dev/null && break
    sleep 0.1
  done
  for _ in $(seq 50); do
    pgrep -f "$tmp/marker-sleep" > /dev/null || break
    sleep 0.1
  done
  pids=$(pgrep -f "$tmp/marker-sleep")
  if [ -n "$pids" ]; then
    left=$((left + 1))
    kill -KILL $pids 2> /dev/null
  fi
done
[ $left = 0 ] || fail "$left of 10 runs outlived their campaign killed as they started"
echo "10 campaigns killed as their run started: no run left"
