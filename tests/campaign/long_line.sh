#!/usr/bin/env bash
# A campaign file whose one line is MB megabytes long (a single word) is
# read in linear time: the error comes at once (shlex took 107 s on 2 MB)
# and shows the start of the word only. The CTest TIMEOUT is the check.
# usage: long_line.sh SOURCE_DIR MB
set -euo pipefail
src=$1 mb=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{ head -c $((mb << 20)) /dev/zero | tr '\0' x; echo " 4"; } > "$tmp/long.campaign"
set +e
bash "$src/scripts/compare-models.sh" --campaign "$tmp/long.campaign" > "$tmp/out" 2> "$tmp/err"
rc=$?
set -e
want="compare-models: $tmp/long.campaign:1: unknown key '$(printf 'x%.0s' $(seq 40))...' (accepted: program,"
[ $rc = 2 ] || { cat "$tmp/err"; echo "FAIL: exit status $rc, want 2"; exit 1; }
case "$(cat "$tmp/err")" in
  "$want"*) ;;
  *) echo "FAIL: error: $(head -c 300 "$tmp/err")"; exit 1 ;;
esac
[ "$(wc -l < "$tmp/err")" = 1 ] || { echo "FAIL: more than one error line"; exit 1; }
echo "a $mb MB line: refused at once, in one line"
