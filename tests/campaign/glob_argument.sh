#!/bin/sh
# glob_argument.sh SRC: SimGrid's smpirun expands a program argument as a
# file pattern (the row of './app zz*' ran './app zz1 zz2'): a campaign
# refuses such an argument, exit 2 and one line. (A script: CMake lists
# do not carry an unbalanced '['.)
set -u
err=$(bash "$1/scripts/compare-models.sh" --check-options --program "/bin/echo zz*" 2>&1 >/dev/null)
status=$?
want="compare-models: program echo: program argument 'zz*' holds one of *?[, which SimGrid's smpirun expands to file names; accepted: arguments without *?["
[ "$status" = 2 ] && [ "$err" = "$want" ] || { echo "got exit $status: $err" >&2; exit 1; }
