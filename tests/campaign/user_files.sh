#!/usr/bin/env bash
# A campaign removes only the files a campaign writes. In a user's
# directory (notes.txt, logs/2024-notes.txt, runs/1st.csv, data.tmp123)
# it runs and everything stays (it used to delete all but notes.txt); a
# directory with no plan.json but a file the campaign would overwrite (a
# user's results.csv) is refused with exit 2. In the directory of an
# earlier campaign, a new campaign removes that campaign's rows, logs and
# temporary files, and keeps the user's files in runs/ and logs/.
# usage: user_files.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" failing_app
campaign() { bash "$cmp" --program "./failing_app --mode ok" --np 2 --models contention -j 1 --no-figures -q "$@"; }

mkdir -p mine/logs mine/runs
echo keep > mine/notes.txt
echo keep > mine/logs/2024-notes.txt
echo keep > mine/runs/1st.csv
echo keep > mine/data.tmp123
campaign --out mine > a.out 2> a.err || { cat a.err; fail "campaign in a user's directory failed"; }
for f in notes.txt logs/2024-notes.txt runs/1st.csv data.tmp123; do
  [ "$(cat "mine/$f")" = keep ] || fail "mine/$f was removed or changed"
done
[ "$(column mine/results.csv status)" = ok ] || fail "campaign in mine/: $(cat mine/results.csv)"

# A results.csv of the user's, and no campaign: refused, the file kept.
mkdir theirs
echo keep > theirs/results.csv
set +e
campaign --out theirs > t.out 2> t.err
rc=$?
set -e
[ $rc = 2 ] || fail "campaign over a user's results.csv: exit status $rc, want 2"
[ "$(cat t.err)" = "compare-models: results directory '$tmp/theirs' holds no campaign (no plan.json) but a file a campaign would overwrite or remove, 'results.csv'; accepted: a new directory, one without such files, or an earlier campaign's (give another --out DIR)" ] ||
  fail "refusal: $(cat t.err)"
[ "$(cat theirs/results.csv)" = keep ] || fail "theirs/results.csv was changed"
[ ! -e theirs/plan.json ] || fail "a plan was written in the refused directory"

campaign --out out > b.out 2> b.err || { cat b.err; fail "first campaign in out/ failed"; }
echo keep > out/logs/2024-notes.txt
echo keep > out/runs/12.csv.bak
touch out/runs/0007.csv out/logs/0007.err out/logs/slurm-3_4.out out/runs/0000.csv.tmp55 out/plan.json.tmp4
campaign --out out > c.out 2> c.err || { cat c.err; fail "second campaign in out/ failed"; }
for f in logs/2024-notes.txt runs/12.csv.bak; do
  [ "$(cat "out/$f")" = keep ] || fail "out/$f was removed or changed"
done
for f in runs/0007.csv logs/0007.err logs/slurm-3_4.out runs/0000.csv.tmp55 plan.json.tmp4; do
  [ ! -e "out/$f" ] || fail "out/$f of the earlier campaign is still there"
done
[ "$(column out/results.csv status)" = ok ] || fail "second campaign: $(cat out/results.csv)"
