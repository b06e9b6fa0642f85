#!/usr/bin/env bash
# A SIGTERM while the report was printed (every run ended, results.csv
# written) said "interrupted; running simulations killed", as for a
# signal during the runs: nothing was running, and it did not name the
# complete results. Now one line says so, as during the figures. The
# report is held by a standard output nobody reads: 2,000 rank counts make
# a table larger than a pipe holds.
# usage: signal_in_report.sh SOURCE_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmp=$src/scripts/compare-models.sh
cd "$tmp"
python3 - <<'PY'
import json, os
os.makedirs("out/runs")
head = "run,program,platform,hostfile,ranks,model,status,exit_code,simulated_s,checksum,note,wall_s,peak_rss_kib\n"
runs = []
for i in range(2000):
    runs.append({"index": i, "program": "ft", "platform": "p", "hostfile": "h", "ranks": i + 1, "model": "SMPI",
                 "argv": ["true"]})
    with open(f"out/runs/{i:04d}.csv", "w") as f:
        f.write(head + f"{i},ft,p,h,{i + 1},SMPI,ok,0,0.5,,,0.1,1000\n")
json.dump({"cwd": os.getcwd(), "timeout": None, "runs": runs}, open("out/plan.json", "w"))
PY
mkfifo report
bash "$cmp" --collect out --no-figures > report 2> err &
pid=$!
exec 3< report # opened, never read: the report fills the pipe and waits
for _ in $(seq 300); do [ -s out/results.csv ] && break; sleep 0.1; done
[ -s out/results.csv ] || { kill $pid; cat err; fail "results.csv never written"; }
sleep 1
kill -TERM $pid
wait $pid
rc=$?
exec 3<&-
[ $rc = 143 ] || { cat err; fail "exit status $rc, want 143"; }
want="compare-models: stopped by signal 15 while printing the report; the runs had ended, results in $tmp/out/results.csv"
[ "$(cat err)" = "$want" ] || { cat err; fail "not the one line '$want'"; }
echo "SIGTERM while the report is printed: results.csv named, exit 143"
