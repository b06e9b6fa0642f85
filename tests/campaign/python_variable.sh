#!/usr/bin/env bash
# PYTHON naming no interpreter (a missing path, a directory, a name not on
# PATH): bash's exec failed with its own lines ("line 28: exec: /tmp:
# cannot execute: Is a directory", two of them), exit 126 or 127. Now one
# line naming PYTHON and what it accepts, exit 2.
# usage: python_variable.sh SOURCE_DIR
set -uo pipefail
src=$1
fail=0
for py in /nonexistent /tmp no-such-python-here; do
  err=$(PYTHON=$py bash "$src/scripts/compare-models.sh" --help 2>&1 > /dev/null)
  rc=$?
  want="compare-models: PYTHON '$py' is not an executable file or a command on PATH (accepted: a python3 interpreter, e.g. PYTHON=/usr/bin/python3, or PYTHON unset)"
  if [ $rc != 2 ] || [ "$err" != "$want" ]; then
    echo "PYTHON=$py: exit $rc, stderr:"; printf '%s\n' "$err"
    fail=1
  fi
done
# PYTHON naming a program that is not Python 3: true and echo exited 0
# having run nothing (echo printed the command line), sh printed a line
# per line of compare.py. Now one line, exit 2. A line end in PYTHON is
# written \n, the line stays one.
for py in true /bin/echo sh; do
  err=$(PYTHON=$py bash "$src/scripts/compare-models.sh" --help 2>&1 > /dev/null)
  rc=$?
  want="compare-models: PYTHON '$py' is not a python3 interpreter (it does not run: import sys; print(sys.version_info[0]) as 3; accepted: a python3 interpreter, e.g. PYTHON=/usr/bin/python3, or PYTHON unset)"
  if [ $rc != 2 ] || [ "$err" != "$want" ]; then
    echo "PYTHON=$py: exit $rc, stderr:"; printf '%s\n' "$err"
    fail=1
  fi
done
err=$(PYTHON=$'/no\nsuch' bash "$src/scripts/compare-models.sh" --help 2>&1 > /dev/null)
want="compare-models: PYTHON '/no\\nsuch' is not an executable file or a command on PATH (accepted: a python3 interpreter, e.g. PYTHON=/usr/bin/python3, or PYTHON unset)"
[ "$err" = "$want" ] || { echo "PYTHON=/no<LF>such: stderr:"; printf '%s\n' "$err"; fail=1; }
PYTHON=python3 bash "$src/scripts/compare-models.sh" --help > /dev/null || { echo "PYTHON=python3 refused"; fail=1; }
exit $fail
