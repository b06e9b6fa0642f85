#!/usr/bin/env bash
# A campaign under a low limit of open files (ulimit -n 18, 8 runs at
# once): the first os.wait4 imports Python's 'resource' module, and that
# import failing for want of a descriptor ended the campaign in an
# ImportError traceback, about one time in two. Every try must end in one
# line, exit status 1, never a traceback (the runs' rows that finished
# are kept, as after any error).
# usage: few_descriptors.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
for try in $(seq 20); do
  rm -rf out
  set +e
  (ulimit -n 18 && BUILD_DIR=$tmp/nobuild bash "$cmp" --smpirun ./fake-smpirun --program ./app --np "$(seq -s ' ' 1 20)" \
    --models "SMPI b=SMPI" -j 8 -q --no-figures --out out > stdout 2> err)
  rc=$?
  set -e
  ! grep -q Traceback err || { tail -n 4 err; fail "try $try: a traceback"; }
  [ $rc = 0 ] || [ $rc = 1 ] || { cat err; fail "try $try: exit status $rc"; }
  [ $rc = 0 ] || [ "$(wc -l < err)" = 1 ] || { cat err; fail "try $try: not one line"; }
done
echo "20 campaigns under ulimit -n 18: no traceback"
