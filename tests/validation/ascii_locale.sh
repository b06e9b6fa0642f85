#!/bin/sh
# validate.py under a locale whose encoding is not UTF-8 (here ASCII:
# LC_ALL=C without Python's UTF-8 mode or locale coercion), on a dataset
# named s2-gigé whose comms are named é and ü: its run's graph file was
# written in the locale's encoding, a UnicodeEncodeError traceback from
# the run's thread (under Latin-1, comms.csv, eabs.csv and a validation.svg
# no viewer reads, all in Latin-1). Its files are UTF-8 whatever the
# locale, as the data files it reads.
# usage: ascii_locale.sh SOURCE_DIR WORK_DIR (BUILD_DIR set)
set -u
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
LC_ALL=C PYTHONUTF8=0 PYTHONCOERCECLOCALE=0 python3 "$src/scripts/validate.py" \
  --manifest "$src/tests/validation/unicode-ids.txt" --models contention --styles none --out "$work/out" \
  > "$work/stdout" 2> "$work/stderr"
rc=$?
[ $rc = 0 ] || { tail -n 5 "$work/stderr"; echo "FAIL: exit status $rc, want 0"; exit 1; }
! grep -q Traceback "$work/stderr" || { echo "FAIL: a traceback"; exit 1; }
# The comms' rows and E_abs (0.0033 %: 1.5 t_ref each, as measured), in UTF-8.
grep -q '^s2-gigé,gige,.*,contention,é,n0,n1,' "$work/out/comms.csv" || { cat "$work/out/comms.csv"; echo "FAIL: no UTF-8 row of comm é"; exit 1; }
grep -q '^s2-gigé,gige,.*,contention,ü,n0,n2,' "$work/out/comms.csv" || { echo "FAIL: no UTF-8 row of comm ü"; exit 1; }
grep -q '^s2-gigé,gige,.*,contention,2,0.0033,,,ok,' "$work/out/eabs.csv" || { cat "$work/out/eabs.csv"; echo "FAIL: no UTF-8 E_abs row"; exit 1; }
python3 -c 'import sys, xml.etree.ElementTree as E
t = " ".join(e.text for e in E.parse(sys.argv[1]).iter() if e.text)
sys.exit(0 if "s2-gigé" in t else "FAIL: s2-gigé not in the chart")' "$work/out/validation.svg" || exit 1
echo "ASCII locale: comms é and ü of s2-gigé run, E_abs 0.0033 %, files in UTF-8"
