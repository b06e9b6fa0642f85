#!/usr/bin/env bash
# A campaign stopped by a signal while it plans into a new --out (here:
# hashing a large program) left campaign.lock and the generated hostfile
# in the directory it had made (and the parents it had made): only a
# refusal while planning undid them. Now a signal leaves --out as found:
# a new one absent, a user's existing (empty) one empty.
# usage: stopped_planning_new_out.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
printf '#!/bin/sh\n' > big && truncate -s 1G big && chmod +x big  # (sparse: no disk used)
stop_planning() {  # stop_planning SIGNAL OUT STATUS
  BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --np "1 2" --models SMPI -j 1 -q --no-figures \
    --out "$2" --program ./big > /dev/null 2> err &
  b=$!
  for _ in $(seq 1000); do  # until it reads the program for its digest
    ls -l "/proc/$b/fd" 2> /dev/null | grep -q "$tmp/big" && break
    sleep 0.01
  done
  ls -l "/proc/$b/fd" 2> /dev/null | grep -q "$tmp/big" || { kill $b; fail "the campaign never read ./big"; }
  kill -"$1" $b
  set +e
  wait $b
  rc=$?
  set -e
  [ $rc = "$3" ] || { cat err; fail "SIG$1: exit status $rc, want $3"; }
  grep -qx "compare-models: interrupted" err || { cat err; fail "SIG$1: not the one line"; }
}
stop_planning TERM new/out 143
[ ! -e new/out ] || fail "SIGTERM left $(ls -A new/out | tr '\n' ' ')in the new --out"
[ ! -e new ] || fail "SIGTERM left the parent directory it made"
mkdir mine
stop_planning HUP mine 129
[ -z "$(ls -A mine)" ] || fail "SIGHUP left $(ls -A mine | tr '\n' ' ')in the user's --out"
echo "a campaign stopped while it plans: a new --out absent, an existing one as it was"
