#!/bin/sh
# record_program_glob.sh RECORD_SH BUILD_DIR: PROGRAM's words were expanded
# as file patterns (by record.sh's word splitting, then by SimGrid's
# smpirun): '[0-9]' ran with the name of a file of the current directory.
# record.sh refuses them, exit 2 and one line.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" && touch 3
err=$(PROGRAM="$2/bin/speed-patterns pairwise [0-9]" sh "$1" "$2" program 4 1 gige "$dir/t.gz" 2>&1 >/dev/null)
status=$?
want="record.sh: PROGRAM '$2/bin/speed-patterns pairwise [0-9]' holds one of *?[, which SimGrid's smpirun expands to file names; accepted: words without *?["
[ "$status" = 2 ] && [ "$err" = "$want" ] && [ ! -e "$dir/t.gz" ] || { echo "got exit $status: $err" >&2; exit 1; }
