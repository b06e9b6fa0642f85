#!/usr/bin/env bash
# The traces a -replay LIST names are digested for --resume; LIST was read
# line by line, so a large file without line ends given as LIST (a
# recorded trace itself, 1 GiB here, sparse) was read whole into memory:
# 3.2 GB and 24 s of planning. Its lines are now read up to PATH_MAX
# bytes: the campaign plans within a 1 GiB address space.
# usage: replay_list_huge.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
truncate -s 1G big.trace
set +e
(ulimit -v 1048576; bash "$cmp" --smpirun ./fake-smpirun --program ./app --np 1 --models SMPI -q --no-figures \
  --out out -- -replay big.trace) > stdout 2> err
rc=$?
set -e
[ $rc = 0 ] || { head -c 600 err; fail "exit status $rc, want 0"; }
[ "$(column out/results.csv status)" = ok ] || fail "no ok row"
echo "a -replay file of 1 GiB without line ends: planned in bounded memory"
