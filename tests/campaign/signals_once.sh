#!/usr/bin/env bash
# A campaign and its signals, with a fake smpirun whose "simulations" sleep:
# - started with SIGHUP ignored (nohup), a hang-up leaves it running (it
#   stopped with status 129: nohup did not keep the campaign going);
# - signals that follow the first one, sent while it stops, change nothing:
#   status 130 for the first Ctrl-C, its one line, results.csv with both
#   runs interrupted, no traceback (a second signal there was a traceback or
#   another status).
# usage: signals_once.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
fake_launcher 'exec "$(dirname "$0")/marker-sleep" 60'
running() { # running N: waits until N simulations run
  for _ in $(seq 300); do
    [ "$(pgrep -f "$tmp/marker-sleep" | wc -l)" -ge "$1" ] && return 0
    sleep 0.1
  done
  fail "$1 simulations did not start"
}
gone() { # gone PID: waits up to 10 s for PID to end
  for _ in $(seq 100); do
    kill -0 "$1" 2> /dev/null || return 0
    sleep 0.1
  done
  kill -KILL "$1"
  fail "the campaign still runs 10 s after its signal"
}
set -m  # background jobs get SIGINT (a shell without job control ignores it for them)
campaign() { # campaign OUT: the campaign of two sleeping runs, in the background
  BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "2 4" --models SMPI -j 2 \
    --out "$1" -q --no-figures > "$1.out" 2> "$1.err" &
}

(trap '' HUP && campaign nohup && wait)&
running 2
pid=$(pgrep -f "compare.py --smpirun ./fake-smpirun .* --out nohup") || fail "no campaign process"
kill -HUP "$pid"
sleep 1
kill -0 "$pid" 2> /dev/null || { cat nohup.err; fail "SIGHUP ignored at start stopped the campaign"; }
kill -TERM "$pid"  # (SIGINT: ignored, as for any background job of that subshell)
gone "$pid"
wait
[ "$(column nohup/results.csv status | sort -u)" = interrupted ] || { cat nohup.err; fail "nohup case: rows not interrupted"; }
pkill -KILL -f "$tmp/marker-sleep"

campaign again
c=$!
running 2
kill -INT $c
for s in INT TERM HUP INT TERM INT HUP TERM; do
  kill -$s $c 2> /dev/null || break
  sleep 0.01
done
gone $c
wait $c
rc=$?
[ $rc = 130 ] || { cat again.err; fail "exit status $rc after SIGINT and 8 more signals, want 130"; }
! grep -q Traceback again.err || { cat again.err; fail "a traceback"; }
case "$(tail -n 1 again.err)" in
  "compare-models: stopped by signal 2: 0 of 2 runs finished, 2 interrupted"*) ;;
  *) cat again.err; fail "last line: $(tail -n 1 again.err)" ;;
esac
[ "$(column again/results.csv status | sort -u)" = interrupted ] || { cat again/results.csv; fail "rows not interrupted"; }
sleep 0.5
! pgrep -f "$tmp/marker-sleep" > /dev/null || fail "a simulation outlived the stopped campaign"
echo "nohup's SIGHUP ignored; SIGINT then 8 signals: status 130, one line, rows interrupted"
