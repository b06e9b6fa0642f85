#!/usr/bin/env bash
# A campaign refused after it took its --out (here: a trace file every run
# of -j 2 would write) left campaign.lock and the generated hostfile in a
# directory it had created. A refused campaign now leaves a new --out
# absent, and a user's existing (empty) one as it was.
# usage: refused_leaves_nothing.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
refuse() {
  set +e
  bash "$cmp" --workloads "ft cg" --np 4 --models contention -j 2 -q --out "$1" -- --cfg=contention/trace:t.csv \
    > "$tmp/stdout" 2> "$tmp/err"
  rc=$?
  set -e
  [ $rc = 2 ] || { head -c 400 "$tmp/err"; fail "exit status $rc, want 2"; }
  grep -q "put {run} in its path" "$tmp/err" || { cat "$tmp/err"; fail "not the output option's refusal"; }
}
refuse "$tmp/new/out"
[ ! -e "$tmp/new/out" ] || fail "the refused campaign left $(ls -A "$tmp/new/out" | tr '\n' ' ')in its new --out"
[ ! -e "$tmp/new" ] || fail "the refused campaign left the parent directory it made"
mkdir "$tmp/mine"
refuse "$tmp/mine"
[ -z "$(ls -A "$tmp/mine")" ] || fail "the refused campaign left $(ls -A "$tmp/mine" | tr '\n' ' ')in the user's --out"
echo "refused campaigns: a new --out absent, an existing one as it was"
