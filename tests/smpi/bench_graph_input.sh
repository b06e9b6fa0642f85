#!/bin/sh
# contention-bench's graph input, each case one error line (or the right
# comm id) before any message is sent:
#   bench_graph_input.sh BIN_DIR PLATFORM
# Before: a directory read as "no comm given", a line past the 1024-byte
# buffer became two comms, a UTF-8 BOM became part of the first id, and
# every rank printed the same error (8 ranks: 8 lines).
set -u
bin=$1 plat=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
bench() { "$bin/smpirun" -np "$1" -platform "$plat" --log=root.thres:warning "$bin/contention-bench" --graph "$2" \
            >"$tmp/out" 2>"$tmp/err"; }
expect_error() { # $1 = ranks, $2 = graph file, $3 = the error line
  bench "$1" "$2" && fail "$2: exit 0"
  n=$(grep -c '^contention-bench: ' "$tmp/err")
  [ "$n" = 1 ] || fail "$2: $n error lines: $(cat "$tmp/err")"
  grep -qF "contention-bench: $3" "$tmp/err" || fail "$2: $(grep '^contention-bench' "$tmp/err")"
}

mkdir "$tmp/dir"
expect_error 2 "$tmp/dir" "$tmp/dir: cannot read the graph file: Is a directory"
: >"$tmp/empty"
expect_error 2 "$tmp/empty" "$tmp/empty: no comm (lines ID SRC DST SIZE [START], # comments)"
awk 'BEGIN { s = "c a b 1MB"; while (length(s) < 1100) s = s " "; print s "d b a 1MB" }' >"$tmp/long"
expect_error 4 "$tmp/long" "$tmp/long:1: line longer than 1022 characters"
printf 'w a b 1MB\nx c d 1MB\ny e f 1MB\nz g h 1MB\nw a c 1MB\n' >"$tmp/dup"
expect_error 10 "$tmp/dup" "$tmp/dup:5: duplicate comm id 'w'"
printf '\357\273\277c a b 1MB\n' >"$tmp/bom"
bench 2 "$tmp/bom" || fail "BOM: $(cat "$tmp/err")"
grep -q '^c,a,b,1000000,0,' "$tmp/out" || fail "BOM: $(cat "$tmp/out")"
echo "ok"
