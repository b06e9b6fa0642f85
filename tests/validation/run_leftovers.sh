#!/bin/sh
# A run whose launcher leaves processes behind: one in its process group
# and one it detached (setsid) that holds the run's standard output open,
# both sleeping 60 s, then the real simulation, which succeeds at once.
# validate.py read the run's output until its end, which the detached
# process held back: the run was killed at --timeout (10 s) and reported
# FAILED though its simulation had ended, the validation waited for the
# detached process (for ever, had it not ended), and both outlived it.
# Now the run ends when its launcher ends, with its processes: the
# dataset is run, E_abs as without them, nothing left behind.
# usage: run_leftovers.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -u
src=$1 build=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
cp "$(command -v sleep)" "$work/leftover-sleep"
cat > "$work/smpirun" <<EOT
#!/bin/sh
setsid "$work/leftover-sleep" 60 < /dev/null &
"$work/leftover-sleep" 60 < /dev/null > /dev/null 2>&1 &
exec "$build/bin/smpirun" "\$@"
EOT
chmod +x "$work/smpirun"
start=$(date +%s)
BUILD_DIR=$build SMPIRUN=$work/smpirun python3 "$src/scripts/validate.py" --datasets '^vienne08-fig2-s2-gige$' \
  --models contention --styles none --timeout 10 --out "$work/out" > "$work/stdout" 2> "$work/stderr"
rc=$? wall=$(($(date +%s) - start))
left=$(ps -eo pid=,args= | awk -v p="$work/leftover-sleep" '$2 == p { print $1 }')
[ -z "$left" ] || { kill -KILL $left; echo "FAIL: processes $left of the runs outlived them"; exit 1; }
[ $rc = 0 ] || { tail -n 3 "$work/stderr"; echo "FAIL: exit status $rc, want 0 (wall $wall s)"; exit 1; }
[ $wall -lt 30 ] || { echo "FAIL: $wall s of wall time, the runs take a second"; exit 1; }
grep -q '^vienne08-fig2-s2-gige,gige,platforms/gige-testbed.xml,splitduplex,contention,2,0.0033,' "$work/out/eabs.csv" ||
  { cat "$work/out/eabs.csv"; echo "FAIL: no E_abs 0.0033 % row"; exit 1; }
echo "a launcher leaving a detached and a background process: E_abs 0.0033 %, $wall s, none left"
