#!/usr/bin/env bash
# A program label of 300 characters over two rank counts: its scaling
# figure's file name passed the file system's 255 bytes, and the campaign
# ended with 'File name too long', exit 1, after every run succeeded. Now
# the file name holds the label's first 100 characters.
# usage: long_label.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
label=$(printf 'L%.0s' $(seq 300))
set +e
bash "$cmp" --program "$label=cg" --np "1 2" --models SMPI -j 1 -q --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 0 ] || { head -c 400 "$tmp/err"; fail "exit status $rc, want 0"; }
[ -s "$tmp/out/figures/${label:0:100}-scaling.svg" ] || { ls "$tmp/out/figures"; fail "no scaling figure"; }
[ "$(column "$tmp/out/results.csv" program | sort -u)" = "$label" ] || fail "the rows do not name the whole label"
echo "a 300-character label: 2 runs ok, figure ${label:0:10}...-scaling.svg"
