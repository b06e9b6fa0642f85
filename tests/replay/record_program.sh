#!/bin/sh
# record_program.sh RECORD_SH BUILD_DIR: records bin/speed-patterns'
# pairwise exchange on 4 ranks through record.sh's "program" pattern, its
# iteration count given as %n (so 4 iterations), then prints the trace's
# header with the build directory written BUILD, its hosts line, and its
# numbers of starts and ends.
set -eu
out=$(mktemp)
trap 'rm -f "$out"' EXIT
PROGRAM="$2/bin/speed-patterns pairwise %n" sh "$1" "$2" program 4 1 gige "$out"
gzip -dc "$out" | sed -n 1,2p | sed "s|$2|BUILD|g"
gzip -dc "$out" | awk '$1 == "+" { s++ } $1 == "-" { e++ } END { print "starts " s ", ends " e }'
