#!/bin/sh
# one_line_usage.sh SRC: validate.py's usage errors are one line, exit 2
# (argparse printed its usage line first: three lines).
set -u
src=$1
fail=0
for args in "--timeout 0" "--bogus" "--jobs x"; do
  err=$(python3 "$src/scripts/validate.py" $args 2>&1 >/dev/null)
  rc=$?
  lines=$(printf '%s\n' "$err" | wc -l)
  case $err in validate.py:*) ok=1 ;; *) ok=0 ;; esac
  if [ $rc != 2 ] || [ "$lines" != 1 ] || [ $ok != 1 ]; then
    echo "validate.py $args: exit $rc, $lines line(s): $err"
    fail=1
  fi
done
exit $fail
