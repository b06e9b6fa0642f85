#!/bin/sh
# contention-calibrate --fit ARGS on the schemes DIR/*.xml, given in name
# order and in reverse order: the two outputs must be the same, the
# schemes' file names aside (the fit's result is the schemes', not their
# order's), and the second must hold EXPECT.
#   fit_order.sh CALIBRATE DIR EXPECT ARGS...
set -eu
calibrate=$1 dir=$2 expect=$3
shift 3
fwd=$(ls "$dir"/*.xml)
rev=$(ls "$dir"/*.xml | sort -r)
# shellcheck disable=SC2086 # file names without spaces, split on purpose
a=$("$calibrate" --fit "$@" $fwd | sed 's/scheme: [^ ]*/scheme: X/')
# shellcheck disable=SC2086
b=$("$calibrate" --fit "$@" $rev | sed 's/scheme: [^ ]*/scheme: X/')
if [ "$a" != "$b" ]; then
  printf 'FAIL: the fit depends on the order of the schemes\n--- in name order:\n%s\n--- reversed:\n%s\n' "$a" "$b"
  exit 1
fi
case $b in
  *"$expect"*) printf '%s\n' "$b" ;;
  *) printf 'FAIL: expected "%s" in:\n%s\n' "$expect" "$b"; exit 1 ;;
esac
