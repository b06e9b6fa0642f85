#!/bin/sh
# number_option_errors.sh S4U_PROGRAM PLATFORM: a number option of the
# plugin given an empty value, nan, inf or a subnormal gets one error line
# that names the option and its accepted values, and exit status 1 (an
# s4u program: the plugin's line is all of stderr).
set -u
prog=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
expect() { # OPTION VALUE TEXT
  "$prog" "$platform" cancel "--cfg=$1:$2" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  lines=$(wc -l <"$tmp/err")
  if [ "$rc" -eq 1 ] && [ "$lines" -eq 1 ] && grep -qF -- "contention: --cfg=$1:$2: " "$tmp/err" &&
    grep -qF -- "$3" "$tmp/err"; then
    echo "ok   $1:'$2': $(cat "$tmp/err")"
  else
    echo "FAIL $1:'$2': status $rc, $lines line(s), expected 1 and one line ending with: $3"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
}
expect contention/gige/beta "" "empty number; accepted: a number in [0.01, 10]"
expect contention/gige/gamma_o nan "; accepted: a number in [0, 0.99]"
expect contention/myrinet/exact_max_width inf "; accepted: an integer in [0, 12]"
expect contention/infinihost/share 4e-324 "; accepted: a number in [0.01, 10]"
expect contention/lop/threshold "" "empty number; accepted: a finite number of bytes >= 0"
expect contention/lop/send/rtt-l2 nan "; accepted: a finite decimal number"
[ $fails -eq 0 ]
