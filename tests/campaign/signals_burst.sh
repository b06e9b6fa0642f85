#!/usr/bin/env bash
# A burst of signals sent at once (SIGTERM, SIGTERM, SIGINT, as a shell's
# `kill` of a job, then a Ctrl-C) stops the campaign within 5 s, with one
# line, status 128 + one of those signals, its two runs in flight
# interrupted and the third one missing. Such a burst tripped Python's
# handlers without waking the main thread, blocked in a wait with no
# timeout (a signal the kernel gave to a run's thread): the campaign went
# on with its simulations (about one burst in five) until a later signal.
# usage: signals_burst.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
fake_launcher 'exec "$(dirname "$0")/marker-sleep" 60'
set -m  # background jobs get SIGINT
for i in $(seq 12); do
  BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "2 4 8" --models SMPI -j 2 \
    --out "o$i" -q --no-figures > "o$i.out" 2> "o$i.err" &
  c=$!
  for _ in $(seq 300); do
    [ "$(pgrep -f "$tmp/marker-sleep" | wc -l)" -ge 2 ] && break
    sleep 0.1
  done
  kill -TERM $c
  kill -TERM $c
  kill -INT $c
  for _ in $(seq 50); do
    kill -0 $c 2> /dev/null || break
    sleep 0.1
  done
  if kill -0 $c 2> /dev/null; then
    kill -KILL $c
    wait $c
    pkill -KILL -f "$tmp/marker-sleep"
    fail "burst $i: the campaign still runs 5 s after SIGTERM, SIGTERM, SIGINT"
  fi
  wait $c
  rc=$?
  [ $rc = 143 ] || [ $rc = 130 ] || { cat "o$i.err"; fail "burst $i: exit status $rc, want 143 or 130"; }
  ! grep -q Traceback "o$i.err" || { cat "o$i.err"; fail "burst $i: a traceback"; }
  [ "$(wc -l < "o$i.err")" = 1 ] || { cat "o$i.err"; fail "burst $i: not one line"; }
  [ "$(column "o$i/results.csv" status | tr '\n' ' ')" = "interrupted interrupted missing " ] ||
    { cat "o$i/results.csv"; fail "burst $i: rows"; }
done
sleep 0.5
! pgrep -f "$tmp/marker-sleep" > /dev/null || fail "a simulation outlived a stopped campaign"
echo "12 bursts of SIGTERM, SIGTERM, SIGINT: each campaign stopped, one line, two runs interrupted"
