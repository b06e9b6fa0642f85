#!/usr/bin/env bash
# A launcher that leaves a detached process (setsid) holding its output,
# at every call, planning included: the campaign lists the launcher's
# network models (--cfg=network/model:help) before any run, and read that
# output to its end, which the detached process held back. The campaign
# waited for it (20 s here; 120 s, then "cannot list the network models
# ... timed out", exit 2, for one that does not end), and it outlived the
# campaign. The planning's calls end as a run does: with the launcher,
# their processes with them.
# usage: probe_leftovers.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
fake_launcher 'echo "[0.5] Simulated time: 0.5 s" >&2'
# (first thing, the model list included)
sed -i '2i setsid "$(dirname "$0")/marker-sleep" 20 &' fake-smpirun
kill_markers_at_exit
start=$(date +%s)
BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun "$tmp/fake-smpirun" --program ./app --np 2 --models SMPI \
  --out out -q --no-figures > stdout 2> stderr
rc=$? wall=$(($(date +%s) - start))
[ $rc = 0 ] || { cat stderr; fail "exit status $rc, want 0"; }
[ "$(column out/results.csv status)" = ok ] || fail "status $(column out/results.csv status)"
[ $wall -lt 10 ] || fail "$wall s of wall time: the planning waited for the launcher's detached process"
sleep 0.5
[ -z "$(markers_left)" ] || fail "processes $(markers_left) of the launcher outlived the campaign"
echo "a launcher leaving a detached process at every call: campaign in $wall s, none left"
