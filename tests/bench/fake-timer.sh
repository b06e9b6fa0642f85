#!/bin/sh
# fake-timer.sh OUT COMMAND...: stands in for run-patterns.sh's timer
# (TIMER=...). It does not run COMMAND: it finds the model in its options
# (SMPI, or the contention technology), appends it to $FAKE_DIR/order, and
# writes to OUT the line of $FAKE_TIMES "MODEL ROUND wall user peak_kB
# [rules]" for this model's next round, or fails (a timeout) if that line
# says "timeout". With rules, it also writes to stderr the binding's
# verbose summary of the seconds in the rules, as the plugin prints it.
# Each command, from its -np on (what follows the temporary files), is
# appended to $FAKE_DIR/commands.
set -eu
out=$1
shift
model=
for a in "$@"; do
  case $a in
    --cfg=network/model:SMPI) model=SMPI ;;
    --cfg=contention/technology:*) model=${a#--cfg=contention/technology:} ;;
  esac
done
[ -n "$model" ] || { echo "fake-timer.sh: no model in the command" >&2; exit 3; }
n=$(grep -c "^$model\$" "$FAKE_DIR/order" 2>/dev/null || true)
echo "$model" >>"$FAKE_DIR/order"
printf '%s\n' "$*" | sed 's/^.* -np /-np /' >>"$FAKE_DIR/commands"
line=$(awk -v m="$model" -v r="${n:-0}" '$1 == m && $2 == r { $1 = ""; $2 = ""; print; exit }' "$FAKE_TIMES")
[ -n "$line" ] || { echo "fake-timer.sh: no time for $model round ${n:-0}" >&2; exit 3; }
set -- $line
[ "$1" = timeout ] && exit 124
echo "$1 $2 $3" >"$out"
[ $# -lt 4 ] || echo "[7.8] binding.cpp:428: [contention/VERBOSE] contention: 9.999 s in flushes, of which $4 s in the $model rules (wall clock)" >&2
