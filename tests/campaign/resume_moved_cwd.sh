#!/usr/bin/env bash
# --resume after the directory the campaign was started in (where its runs
# execute) was moved away: every run failed with 'exit status 127' and a
# log saying smpirun could not be started, though smpirun was there. Now
# --resume refuses at once, naming the directory.
# usage: resume_moved_cwd.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
mkdir "$tmp/w"
cd "$tmp/w"
bash "$cmp" --workloads cg --np 2 --models "SMPI IB" -j 1 -q --no-figures --out "$tmp/out" > /dev/null
rm "$tmp/out/runs/0001.csv"  # as if run 1 was interrupted
cd "$tmp"
mv "$tmp/w" "$tmp/moved"
set +e
bash "$cmp" --resume "$tmp/out" -j 1 -q --no-figures > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] || { cat "$tmp/err" "$tmp/stdout"; fail "exit status $rc, want 2"; }
[ "$(wc -l < "$tmp/err")" = 1 ] || { cat "$tmp/err"; fail "not one line on stderr"; }
grep -q "the directory its runs execute in, $tmp/w (where the campaign was started), is gone" "$tmp/err" \
  || { cat "$tmp/err"; fail "the message does not name the directory"; }
[ ! -e "$tmp/out/runs/0001.csv" ] || fail "run 1 has a row"
echo "--resume with the runs' directory gone: refused, exit 2"
