#!/bin/sh
# validate_plain_numbers.sh SRC: --jobs and --timeout are plain ASCII
# decimal numbers. int() and float() took '1_0' as 10, ' 2' as 2 and '٣'
# as 3: a typo ran the validation silently. Each is one line, exit 2.
set -u
src=$1
fail=0
check() { # check OPTION VALUE EXPECTED
  err=$(python3 "$src/scripts/validate.py" --list "$1" "$2" 2>&1 >/dev/null)
  rc=$?
  if [ $rc != 2 ] || [ "$err" != "$3" ]; then
    echo "validate.py $1 '$2': exit $rc: $err (expected: $3)"
    fail=1
  fi
}
for v in 1_0 ' 2' '٣'; do
  check --jobs "$v" "validate.py: argument --jobs: expected a positive integer, got '$v' (see --help)"
  check --timeout "$v" "validate.py: argument --timeout: expected a positive number of seconds (such as 600 or 1.5e3), got '$v' (see --help)"
done
# Plain numbers are taken.
python3 "$src/scripts/validate.py" --list --jobs 2 --timeout 1.5e3 >/dev/null || { echo "--jobs 2 --timeout 1.5e3 refused"; fail=1; }
exit $fail
