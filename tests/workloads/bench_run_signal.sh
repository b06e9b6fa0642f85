#!/bin/sh
# bench_run_signal.sh BIN_DIR: contention-bench-run holds smpirun's stderr
# until smpirun ends; a SIGTERM (timeout, a batch system) ended the script
# alone: what smpirun had written to stderr was lost, smpirun ran on.
# With a stand-in smpirun that writes a line, then sleeps: the line must be
# printed once, exit 143, and the stand-in must be gone.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\necho $$ >"%s/pid"\necho "smpirun says" >&2\nexec sleep 30\n' "$tmp" >"$tmp/smpirun"
chmod +x "$tmp/smpirun"
printf 'a h0 h1 1000\n' >"$tmp/g.txt"
SMPIRUN=$tmp/smpirun "$bin/contention-bench-run" "$tmp/g.txt" -platform p.xml 2>"$tmp/err" &
run=$!
i=0
while [ ! -s "$tmp/pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.2
kill -TERM $run
wait $run
rc=$?
fails=0
[ $rc -eq 143 ] || { echo "FAIL: exit $rc, expected 143"; fails=1; }
[ "$(grep -c 'smpirun says' "$tmp/err")" = 1 ] || { echo "FAIL: smpirun's stderr not printed once:"; cat "$tmp/err"; fails=1; }
if kill -0 "$(cat "$tmp/pid")" 2>/dev/null; then
  echo "FAIL: smpirun still runs"; kill "$(cat "$tmp/pid")"; fails=1
fi
[ $fails -eq 0 ] && echo "ok: a SIGTERM stops smpirun and prints its stderr"
[ $fails -eq 0 ]
