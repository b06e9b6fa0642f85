#!/usr/bin/env bash
# A campaign that fails while it plans into a new --out on an error of the
# system (here the generated hostfile cannot be written: a file size limit
# of 0) said so in one line but left campaign.lock and an empty hostfile
# in the directories it had made: only a refusal or a signal undid them.
# Now such an error leaves --out as found too.
# usage: planning_error_leaves_nothing.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
# (stderr through a pipe, which the limit does not apply to)
set +e
(ulimit -f 0; exec bash "$cmp" --smpirun ./fake-smpirun --program ./app --np 1 --models SMPI -q --no-figures \
  --out new/out 2>&1 > /dev/null) | cat > err
rc=${PIPESTATUS[0]}
set -e
[ $rc = 1 ] || { cat err; fail "exit status $rc, want 1"; }
[ "$(cat err)" = "compare-models: $tmp/new/out/hostfile: File too large" ] || { cat err; fail "not the one line"; }
[ ! -e new ] || fail "the failed campaign left $(find new | tr '\n' ' ')"
echo "a campaign failing while it plans on a system error: a new --out absent"
