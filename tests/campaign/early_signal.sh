#!/usr/bin/env bash
# A SIGINT, SIGTERM or SIGHUP sent to compare-models.sh while its shell
# wrapper looks for a python3 with matplotlib stops it (exit 128 + the
# signal, the one line "compare-models: interrupted" of a Ctrl-C while
# Python loads its modules, which was missing; no campaign started). bash
# waited for the probe and went on: a SIGINT then ran the whole campaign.
# The probe is made slow by a python3 on PATH that sleeps.
# usage: early_signal.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
mkdir bin
printf '#!/bin/sh\nsleep 2\nexit 1\n' > bin/python3
chmod +x bin/python3
set -m  # background jobs get SIGINT (a shell without job control ignores it for them)
for sig in INT TERM HUP; do
  PATH=$tmp/bin:$PATH PYTHON='' bash "$cmp" --workloads cg --np 2 --models SMPI -j 1 -q --no-figures --out "out-$sig" \
    > "$sig.out" 2> "$sig.err" &
  pid=$!
  sleep 0.5
  kill -"$sig" $pid
  wait $pid
  rc=$?
  want=$((128 + $(kill -l "$sig")))
  [ $rc = $want ] || fail "SIG$sig during the probe: exit status $rc, want $want"
  [ ! -e "out-$sig/plan.json" ] || fail "SIG$sig during the probe: the campaign ran"
  [ "$(cat "$sig.err")" = "compare-models: interrupted" ] ||
    { cat "$sig.err"; fail "SIG$sig during the probe: not the one line 'compare-models: interrupted'"; }
done
echo "SIGINT, SIGTERM, SIGHUP during the wrapper's probe: stopped, no campaign"
