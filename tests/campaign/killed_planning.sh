#!/usr/bin/env bash
# A campaign killed with SIGKILL while the launcher lists its network
# models (a model list that hangs): the launcher's call, in its own
# process group (setsid), went on (30 s here, for ever for one that does not end), out of
# reach of a kill of the campaign's process group too. The planning's
# calls are known to the watchdog, as the runs are: gone within seconds.
# usage: killed_planning.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
fake_launcher 'echo "[0.5] Simulated time: 0.5 s" >&2'
sed -i 's|\*network/model:help\*)|*network/model:help*) "$(dirname "$0")/marker-sleep" 30;|' fake-smpirun
kill_markers_at_exit
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun "$tmp/fake-smpirun" --program ./app --np 2 --models SMPI \
  --out out -q --no-figures > a.out 2> a.err &
a=$!
for _ in $(seq 300); do
  [ -n "$(markers_left)" ] && break
  sleep 0.1
done
[ -n "$(markers_left)" ] || { cat a.err; fail "the model list was not called"; }
kill -KILL $a
wait $a 2> /dev/null
for _ in $(seq 50); do
  [ -z "$(markers_left)" ] && break
  sleep 0.1
done
[ -z "$(markers_left)" ] || fail "the launcher's model list $(markers_left) outlived the killed campaign"
echo "a campaign killed while listing the models: none of its calls left"
