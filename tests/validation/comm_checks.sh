#!/bin/sh
# Comms the benchmark refuses (a duplicate id, an id with a blank or a comma,
# src == dst, more than 2^31-1 bytes) are refused by scripts/validate.py
# when it reads the data file, before any run: they used to pass the checks
# and fail every run of the dataset ("smpirun failed (status 2)").
# Usage: comm_checks.sh SOURCE_DIR WORK_DIR
set -u
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work/empty-build" || exit 1
fails=0
check() { # NAME COMMS EXPECTED-TEXT
  printf '<scenario bandwidth="1958863858">\n%s\n</scenario>\n' "$2" >"$work/$1.xml"
  printf 'testbed ib platforms/ib-testbed.xml infiniband\ndataset %s ib %s\n' "$1" "$work/$1.xml" >"$work/$1.txt"
  # a build directory without tools: a check left for after the planning ends in 'not built'
  BUILD_DIR=$work/empty-build python3 "$src/scripts/validate.py" --manifest "$work/$1.txt" --styles none \
    --out "$work/out-$1" >/dev/null 2>"$work/$1.err"
  status=$?
  if [ $status -ne 1 ] || [ "$(wc -l <"$work/$1.err")" -ne 1 ] || ! grep -qF "validate: $work/$1.xml: $3" "$work/$1.err"; then
    echo "FAIL $1: status $status, stderr: $(cat "$work/$1.err")"
    fails=$((fails + 1))
  fi
}
a='<comm id="a" src="n0" dst="n1" size="20MiB" measured="0.036"/>'
check duplicate-id "$a
<comm id=\"a\" src=\"n2\" dst=\"n3\" size=\"1MiB\" measured=\"0.001\"/>" \
  "comm 'a': the id is given twice (accepted: one comm per id)"
check blank-id '<comm id="a b" src="n0" dst="n1" size="20MiB" measured="0.036"/>' \
  "comm 'a b': id (accepted: 1 to 63 characters, no blank or comma)"
check comma-id '<comm id="a,b" src="n0" dst="n1" size="20MiB" measured="0.036"/>' \
  "comm 'a,b': id (accepted: 1 to 63 characters, no blank or comma)"
check self-comm '<comm id="a" src="n0" dst="n0" size="20MiB" measured="0.036"/>' \
  "comm 'a': src and dst are both 'n0' (accepted: two hosts)"
check huge-size '<comm id="a" src="n0" dst="n1" size="2GiB" measured="1.1"/>' \
  "comm 'a': size: '2GiB' is 2.14748e+09 bytes (accepted: up to 2147483647, the most the benchmark sends)"
# 'n0 ' was a host other than 'n0' (contention-predict refuses it); a comm
# nested in a comm was counted as one more.
check blank-name '<comm id="a" src="n0 " dst="n1" size="20MiB" measured="0.036"/>' \
  "<comm> attribute src 'n0 ': accepted: a name without leading or trailing blanks (names are compared exactly)"
check nested '<comm id="a" src="n0" dst="n1" size="20MiB" measured="0.036"><comm id="b" src="n2" dst="n3" size="1" measured="1"/></comm>' \
  "element <comm> holding elements in <scenario> (accepted: empty <host/> and <comm/> elements, doc/scenario.md)"
# start="0.0" is a start at 0: it was refused as a start time.
printf '<scenario bandwidth="1958863858">\n<comm id="a" src="n0" dst="n1" size="20MiB" start="0.0ms" measured="0.036"/>\n</scenario>\n' >"$work/zero.xml"
printf 'testbed ib platforms/ib-testbed.xml infiniband\ndataset zero ib %s\n' "$work/zero.xml" >"$work/zero.txt"
python3 "$src/scripts/validate.py" --manifest "$work/zero.txt" --list >/dev/null 2>"$work/zero.err" ||
  { echo "FAIL start 0.0ms: $(cat "$work/zero.err")"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "all 7 cases refused before any run, a start of 0.0ms accepted"
exit $fails
