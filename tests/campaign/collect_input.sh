#!/usr/bin/env bash
# --collect on a results directory made by hand (no simulation): a plan.json
# that is a list, a damaged run row, values near 1e308, and a write error
# (a file size limit of 0). Each ends in one line naming the file, no
# traceback; the huge values print in %g form, not as 300-digit cells.
# usage: collect_input.sh SOURCE_DIR
set -uo pipefail
src=$1
cmp="$src/scripts/compare-models.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
d=$tmp/campaign
mkdir -p "$d/runs"

# expect STATUS TEXT: the last command's exit status and its only stderr line.
expect() {
  [ "$rc" = "$1" ] || { cat "$tmp/err"; fail "exit status $rc, want $1"; }
  [ "$(wc -l < "$tmp/err")" = 1 ] || { cat "$tmp/err"; fail "not one error line"; }
  grep -qF -- "$2" "$tmp/err" || { cat "$tmp/err"; fail "error is not: $2"; }
}
collect() { bash "$cmp" --collect "$d" --no-figures > "$tmp/out" 2> "$tmp/err"; rc=$?; }

echo '[1, 2]' > "$d/plan.json"
collect
expect 2 "compare-models: $d/plan.json: not a campaign plan: the file holds a JSON list, not an object (accepted: the plan.json compare-models writes)"

run() { # run INDEX MODEL
  printf '{"index": %s, "program": "ft", "platform": "p", "hostfile": "h", "ranks": 4, "model": "%s", "argv": ["true"]}' "$1" "$2"
}
printf '{"cwd": "/", "timeout": 10, "runs": [%s, %s]}\n' "$(run 0 contention)" "$(run 1 SMPI)" > "$d/plan.json"
header=run,program,platform,hostfile,ranks,model,status,exit_code,simulated_s,checksum,note,wall_s,peak_rss_kib
printf '%s\n0,ft,p,h,4,contention,ok,0,1.5,,,0.5,100\n' "$header" > "$d/runs/0000.csv"
printf '%s\n1,ft,p,h,4,SMPI,ok,0,abc,,,0.5,100\n' "$header" > "$d/runs/0001.csv"
collect
expect 2 "compare-models: $d/runs/0001.csv: line 2: simulated_s 'abc' is not a number of seconds >= 0; accepted: a row written by compare-models"
# float() took '1_0' as 10 s, and ' 2' as 2 s: a hand-edited row's typo
# reported silently.
printf '%s\n1,ft,p,h,4,SMPI,ok,0,1_0,,,0.5,100\n' "$header" > "$d/runs/0001.csv"
collect
expect 2 "compare-models: $d/runs/0001.csv: line 2: simulated_s '1_0' is not a number of seconds >= 0; accepted: a row written by compare-models"
printf '%s\n1,ft,p,h,4,SMPI,ok,0,1.5,,, 2,100\n' "$header" > "$d/runs/0001.csv"
collect
expect 2 "compare-models: $d/runs/0001.csv: line 2: wall_s ' 2' is not a number of seconds >= 0; accepted: a row written by compare-models"

# A field too many (a hand edit, a comma in a note left unquoted) was a
# ValueError traceback when results.csv was written; one too few passed
# on a row of the plan's labels.
printf '%s\n1,ft,p,h,4,SMPI,ok,0,1.5,,,0.5,100,x\n' "$header" > "$d/runs/0001.csv"
collect
expect 2 "compare-models: $d/runs/0001.csv: line 2: 14 fields, expected 13; accepted: a row written by compare-models"
printf '%s\n1,ft,p,h,4,SMPI,ok,0,1.5,,,0.5\n' "$header" > "$d/runs/0001.csv"
collect
expect 2 "compare-models: $d/runs/0001.csv: line 2: 12 fields, expected 13; accepted: a row written by compare-models"

# 1e300 s against 1.5 s, and a wall time of 1e308 s: %g form.
printf '%s\n1,ft,p,h,4,SMPI,ok,0,1e300,,,1e308,100\n' "$header" > "$d/runs/0001.csv"
collect
[ $rc = 0 ] || { cat "$tmp/err"; fail "collect: exit status $rc"; }
grep -qx 'ft  SMPI +6.66667e+301%' "$tmp/out" || { cat "$tmp/out"; fail "difference not in %g form"; }
grep -q '^2 runs: 2 ok (1e+308 s of simulation wall time)$' "$tmp/out" || { cat "$tmp/out"; fail "wall time not in %g form"; }
awk 'length($0) > 200 { exit 1 }' "$tmp/out" || fail "a line of the report is over 200 characters"

# The figures of such values: drawn or skipped in one line, no traceback.
bash "$cmp" --collect "$d" --log-scale > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc = 0 ] || { cat "$tmp/err"; fail "collect with figures: exit status $rc"; }
! grep -q Traceback "$tmp/err" || { cat "$tmp/err"; fail "collect with figures: a traceback"; }
[ "$(wc -l < "$tmp/err")" -le 1 ] || { cat "$tmp/err"; fail "collect with figures: more than one line"; }

# A write error names the file and leaves no temporary file.
rm "$d/results.csv"
# (stderr through a pipe, which the limit does not apply to)
(ulimit -f 0; exec bash "$cmp" --collect "$d" --no-figures 2>&1 > /dev/null) | cat > "$tmp/err"
rc=${PIPESTATUS[0]}
expect 1 "compare-models: $d/results.csv: File too large"
leftover=$(find "$d" -name '*.tmp*')
[ -z "$leftover" ] || fail "temporary files left: $leftover"

# A plan.json without its 'timeout' passed the check, then --resume ended
# in a KeyError traceback when it ran the first run.
printf '{"cwd": "/", "runs": [%s]}\n' "$(run 0 contention)" > "$d/plan.json"
rm -f "$d/runs/0000.csv"
bash "$cmp" --resume "$d" -q --no-figures > "$tmp/out" 2> "$tmp/err"; rc=$?
expect 2 "compare-models: $d/plan.json: not a campaign plan: no 'timeout' (seconds, or null: no limit)"

# A label that is no UTF-8 text (a lone surrogate escape, which compare-models
# never writes: it writes a name's bytes \xNN) passed the check, then the run
# ran and its row's write ended in a UnicodeEncodeError traceback, leaving
# runs/0000.csv.tmpN.
printf '{"cwd": "/", "timeout": 10, "runs": [%s]}\n' "$(run 0 'c\udcff' | sed 's|"true"|"/bin/true"|')" > "$d/plan.json"
bash "$cmp" --resume "$d" -q --no-figures > "$tmp/out" 2> "$tmp/err"; rc=$?
expect 2 "compare-models: $d/plan.json: not a campaign plan: run 0's 'model' is not UTF-8 text (accepted: the plan.json compare-models writes)"
[ -z "$(find "$d" -name '*.tmp*')" ] || fail "temporary files left: $(find "$d" -name '*.tmp*')"
echo "collect: plan list, damaged row, huge values and a write error, a plan without timeout or with a label not UTF-8 each one line"
