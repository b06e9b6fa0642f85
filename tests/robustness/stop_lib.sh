# Sourced by the tests that stop a script by each signal (bash): needs $tmp
# and fail(). stop_by_each_signal WHAT LINE START READY [AFTER]: for
# SIGTERM, SIGHUP and SIGINT in turn, `START SIG` starts the script in the
# background (stderr in $tmp/errSIG.txt) and `READY SIG` waits until it is
# where the test stops it; then the signal. The script must end within
# 5 s with status 128 + the signal and LINE as its only stderr; `AFTER
# SIG` then cleans up.
stop_by_each_signal() {
  local what=$1 line=$2 start=$3 ready=$4 after=${5:-true} s v i rc want
  set -m # background jobs get SIGINT
  for s in TERM HUP INT; do
    $start $s
    v=$!
    $ready $s
    kill -$s $v
    i=0
    while kill -0 $v 2>/dev/null; do
      i=$((i + 1))
      [ $i -le 50 ] || { kill -KILL $v; fail "SIG$s: $what still runs 5 s after the signal"; }
      sleep 0.1
    done
    $after $s
    wait $v
    rc=$?
    want=$((128 + $(kill -l $s)))
    [ $rc = $want ] || { cat "$tmp/err$s.txt"; fail "SIG$s: exit status $rc, want $want"; }
    [ "$(cat "$tmp/err$s.txt")" = "$line" ] || { cat "$tmp/err$s.txt"; fail "SIG$s: not the one line '$line'"; }
    echo "SIG$s: status $rc, one line"
  done
}

# sleeping_tool BUILD NAME: $tmp/build/bin/NAME, BUILD's tool NAME that
# first sleeps 60 s as $tmp/marker-sleep (a copy of sleep, found by pgrep).
sleeping_tool() {
  mkdir -p "$tmp/build/bin"
  [ -e "$tmp/marker-sleep" ] || cp "$(command -v sleep)" "$tmp/marker-sleep"
  printf '#!/bin/sh\n"%s" 60\nexec "%s" "$@"\n' "$tmp/marker-sleep" "$1/bin/$2" >"$tmp/build/bin/$2"
  chmod +x "$tmp/build/bin/$2"
}

# marker_sleeps SIG: waits up to 60 s for $tmp/marker-sleep to run.
marker_sleeps() {
  local i=0
  until pgrep -f "$tmp/marker-sleep" >/dev/null; do
    i=$((i + 1))
    [ $i -le 600 ] || fail "SIG$1: the stand-in tool never ran"
    sleep 0.1
  done
}

# marker_killed SIG: stops the stand-in tool.
marker_killed() {
  pkill -KILL -f "$tmp/marker-sleep"
  sleep 0.2
}
