#!/usr/bin/env bash
# Paths with '..' after a symbolic link resolve as the kernel (and the
# shell) resolves them: lnk/../app is the app beside lnk's target. The
# campaign dropped the link and its '..' as text (os.path.normpath):
# '--program lnk/../app' ran the ./app of the current directory, another
# program under the given label, '--out lnk/../res' wrote ./res, and a
# campaign file named as lnk/../c.campaign took its paths from ./.
# usage: symlink_dotdot.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
cd "$tmp"
# The launcher runs the program (its last argument), which names itself in
# the checksum of a workload line.
fake_launcher 'for a in "$@"; do last=$a; done
"$last"
echo "[0.000000001] Simulated time: 0.000000001 s" >&2'
mkdir -p real/sub
ln -s real/sub lnk
printf '#!/bin/sh\necho workload,w,1,0,here\n' > app
printf '#!/bin/sh\necho workload,w,1,0,beside-the-target\n' > real/app
chmod +x app real/app
printf 'program ./app\nranks 1\nmodel SMPI\n' > real/c.campaign
run() {
  set +e
  BUILD_DIR=$tmp/nobuild bash "$cmp" -q --no-figures "$@" > stdout 2> err
  rc=$?
  set -e
  [ $rc = 0 ] || { cat err; fail "$* : exit status $rc, want 0"; }
}
run --smpirun ./fake-smpirun --program lnk/../app --np 1 --models SMPI --out lnk/../res
[ -f real/res/results.csv ] || { ls -R; fail "--out lnk/../res: no real/res/results.csv"; }
[ ! -e res ] || fail "--out lnk/../res wrote ./res"
[ "$(value real/res/results.csv 0 checksum)" = beside-the-target ] || fail "--program lnk/../app ran ./app"
run --collect lnk/../res
[ -f real/res/results.csv ] || fail "--collect lnk/../res"
run --smpirun ./fake-smpirun --campaign lnk/../c.campaign --out real/res2
[ "$(value real/res2/results.csv 0 checksum)" = beside-the-target ] \
  || fail "the campaign file lnk/../c.campaign took ./app, not the app beside it"
echo "lnk/../PATH: the program, results directory and campaign file beside lnk's target"
