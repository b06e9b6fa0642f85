#!/bin/sh
# fit_one_line_usage.sh SRC: validate_fit.py's usage errors are one line,
# exit 2 (argparse printed its usage line first: two lines).
set -u
src=$1
fail=0
for args in "--family bogus" "extra" "--family" "--family gige-recv --family all"; do
  err=$(python3 "$src/scripts/validate_fit.py" $args 2>&1 >/dev/null)
  rc=$?
  lines=$(printf '%s\n' "$err" | wc -l)
  case $err in "validate_fit.py: "*"(see --help)") ok=1 ;; *) ok=0 ;; esac
  if [ $rc != 2 ] || [ "$lines" != 1 ] || [ $ok != 1 ]; then
    echo "validate_fit.py $args: exit $rc, $lines line(s): $err"
    fail=1
  fi
done
exit $fail
