#!/usr/bin/env bash
# A campaign started by a process that ignores SIGCHLD (the disposition is
# inherited through exec): the kernel reaped each simulation itself, wait4
# failed with "No child processes", the run's row was lost (exit 1 and
# that one line), and the campaign then lived on until its timeout timer
# fired (--timeout 60 here: a minute). Now the campaign runs as usual.
# usage: sigchld_ignored.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
start=$(date +%s)
python3 -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execvp("bash", ["bash"] + sys.argv[1:])' "$cmp" --workloads cg --np 2 --models SMPI -j 1 --timeout 60 \
  --no-figures -q --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/stderr"
rc=$?
took=$(( $(date +%s) - start ))
[ $rc = 0 ] || { cat "$tmp/stderr"; fail "exit status $rc"; }
[ "$(value "$tmp/out/results.csv" 0 status)" = ok ] || { cat "$tmp/out/results.csv"; fail "run 0 is not ok"; }
[ $took -lt 50 ] || fail "took $took s: the timeout timer kept the campaign alive"
echo "a campaign started with SIGCHLD ignored runs (${took} s)"
