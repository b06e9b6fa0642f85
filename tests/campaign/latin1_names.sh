#!/usr/bin/env bash
# A program, platform and hostfile whose file names hold a Latin-1 byte
# (not UTF-8): their labels held Python's surrogate escapes, which the
# UTF-8 row file refused: a UnicodeEncodeError traceback, the run's row
# lost. Now the byte is written \xNN in the labels, and the run's row is
# stored and reported.
# usage: latin1_names.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
b=$(printf '\366')
cp "$BUILD_DIR/bin/workloads/cg_like" "$tmp/pr${b}g"
cp "$src/smpi-examples/workloads/default-cluster.xml" "$tmp/plat${b}.xml"
printf 'node-0\nnode-1\n' > "$tmp/hosts${b}.txt"
cd "$tmp"
set +e
bash "$cmp" --program "./pr${b}g" --platform "plat${b}.xml" --hostfile "hosts${b}.txt" --np 2 --models SMPI -j 1 -q \
  --no-figures --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
! grep -q Traceback "$tmp/err" || { tail -n 3 "$tmp/err"; fail "a traceback"; }
[ $rc = 0 ] || { head -c 400 "$tmp/err"; fail "exit status $rc, want 0"; }
grep -qx '0,pr\\xf6g,plat\\xf6,hosts\\xf6.txt,2,SMPI,ok,0,0.751465986,9.000000e+01,,[0-9.]*,[0-9]*' "$tmp/out/results.csv" \
  || { cat "$tmp/out/results.csv"; fail "no row labelled pr\\xf6g, plat\\xf6, hosts\\xf6.txt"; }
echo "Latin-1 file names: labelled pr\\xf6g, plat\\xf6, hosts\\xf6.txt; run ok"
