#!/usr/bin/env bash
# Program arguments with quotes, '$', '#', a backslash, non-ASCII letters and
# Unicode spaces reach the program byte for byte. A no-break or ideographic
# space was refused as "a blank, which SimGrid's smpirun splits" (str.isspace);
# smpirun splits at space, tab and newline only.
# usage: program_args.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2" argv_app
# (one argument each, as the shell gives them to --program below)
args=("a\"b" "it's" '$HOME' 'a#b' 'x\y' "é日本" "$(printf 'a\302\240b')" "$(printf 'a\343\200\200b')" "$(printf 'a\rb')")
prog="./argv_app"
for a in "${args[@]}"; do prog+=" '${a//\'/\'\\\'\'}'"; done  # (single-quoted, ' as '\'')
set +e
bash "$cmp" --program "$prog" --np 2 --models SMPI -q --no-figures --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 0 ] || { head -c 600 "$tmp/err"; fail "exit status $rc, want 0"; }
want=$(i=1; for a in "${args[@]}"; do printf 'ARG%d:%s\n' $i "$(printf '%s' "$a" | od -An -tx1 | tr -d ' \n')"; i=$((i + 1)); done)
got=$(grep '^ARG' "$tmp/out/logs/0000.out")
[ "$got" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$got" "$want"; fail "the arguments changed on their way"; }
echo "${#args[@]} program arguments reached the program unchanged"
