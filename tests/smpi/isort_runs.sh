# Sourced by retime_rule.sh, detach_identical.sh, hold_identical.sh,
# route_cache.sh and ledger_ceilings.sh, which compare two runs of the
# integer sort's all-to-all-v (speed-patterns isort 1) under
# network/model:contention (or the --cfg=network/model an option of the
# caller gives after it), one rank per host, one setting changed.
# Takes the caller's arguments SMPIRUN PROGRAM PLATFORM TECH PARAM HOST...:
# sets smpirun, program, platform, tech, param and tmp (removed at exit),
# writes the host file, and leaves nothing in "$@".
smpirun=$1 program=$2 platform=$3 tech=$4 param=$5
shift 5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h in "$@"; do echo "$h"; done >"$tmp/hosts"
shift $#

# isort_run NAME LOG_CATEGORY [OPTION...]: one run, with the penalty trace
# in $tmp/NAME.csv, stdout in NAME.out, stderr (LOG_CATEGORY at verbose) in
# NAME.err; exits the test if smpirun fails. ISORT_ENV: VAR=VALUE words
# for the run's environment.
isort_run() {
  _name=$1 _log=$2
  shift 2
  env ${ISORT_ENV:-} TMPDIR="$tmp" "$smpirun" -platform "$platform" -hostfile "$tmp/hosts" \
    -np "$(wc -l <"$tmp/hosts")" --cfg=smpi/simulate-computation:0 --cfg=network/model:contention \
    --cfg=contention/technology:"$tech" --cfg=contention/trace:"$tmp/$_name.csv" "$@" --log=root.thres:critical \
    --log="$_log".thres:verbose "$program" isort 1 >"$tmp/$_name.out" 2>"$tmp/$_name.err" || {
    echo "FAIL: smpirun ($_name) failed:"; cat "$tmp/$_name.err"; exit 1; }
}

# same_runs A B: fails (fails=1, a line saying why) unless runs A and B
# wrote the same penalty trace and the same output, byte for byte.
same_runs() {
  cmp -s "$tmp/$1.csv" "$tmp/$2.csv" || { echo "FAIL: traces differ:"; diff "$tmp/$1.csv" "$tmp/$2.csv" | head -5; fails=1; }
  cmp -s "$tmp/$1.out" "$tmp/$2.out" || { echo "FAIL: outputs differ: $(cat "$tmp/$1.out") / $(cat "$tmp/$2.out")"; fails=1; }
}

# hides FILE: the verbose end-of-run count of shared links hidden and given
# back (contention_shared at verbose), as "N shared links, hidden ...".
hides() { sed -n 's/.*contention: \([0-9]* shared links, hidden [0-9]* times, given back [0-9]* times\).*/\1/p' "$1"; }
