#!/bin/sh
# record.sh BUILD_DIR PATTERN RANKS PER_NODE TECHNOLOGY OUT.gz
# Records the comm start/end sequence of one run of bench/smpi-speed's
# patterns (the same platform, host file and options as run-patterns.sh)
# under network/model:contention with TECHNOLOGY, in the replay format read
# by bench_replay (gzip-compressed):
#   # comment lines (the command that recorded it)
#   hosts H              hosts 0 .. H-1, numbered in order of first use
#   + ID SRC DST         a comm starts (ID: the trace's comm number)
#   - ID                 it ends (finished or failed)
#   .                    end of a simulated instant: one deferred flush
# ITER=N overrides the pattern's iteration count (default: isort 2, halo3d
# 50, pairwise 2, alltoall 2), e.g. ITER=500 for halo3d as run-patterns.sh
# runs it below 256 ranks. PATTERN "program" records your own MPI program,
# PROGRAM="PATH [ARGS]" with %n standing for the rank count, with SMPI's
# default collectives (as run-patterns.sh runs it).
# Only start, end and failed rows of --cfg=contention/trace are kept (read
# through a pipe: the update rows of a large run weigh gigabytes).
set -eu
# No globbing: PROGRAM's words (split on purpose) are the program's
# arguments as written; './app [0-9]' ran with the names of files here.
set -f
usage="usage: record.sh BUILD_DIR PATTERN RANKS PER_NODE TECHNOLOGY OUT.gz"
[ $# -eq 6 ] || { echo "record.sh: $# arguments ($usage)" >&2; exit 2; }
for n in "$3" "$4"; do
  case $n in
    '' | *[!0-9]* | 0*) echo "record.sh: '$n' for RANKS or PER_NODE: accepted: a positive integer ($usage)" >&2; exit 2 ;;
  esac
done
build=$(cd "$1" && pwd)
pattern=$2 np=$3 per=$4 tech=$5 out=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nodes=$(((np + per - 1) / per))
. "$(CDPATH='' cd -- "$(dirname "$0")" && pwd)/../smpi-speed/platform.sh"
write_cluster "$nodes" "$tmp/platform.xml"
write_hostfile "$np" "$per" "$tmp/hosts"
case $pattern in
  program)
    check_program || exit 2
    case $PROGRAM in
      *[*?[]*) echo "record.sh: PROGRAM '$PROGRAM' holds one of *?[, which SimGrid's smpirun expands to file names; accepted: words without *?[" >&2; exit 2 ;;
    esac
    set -- $(program_args "$np") ;;
  isort) set -- speed-patterns isort "${ITER:-2}" ;;
  halo3d) set -- speed-patterns halo3d "${ITER:-50}" ;;
  pairwise) set -- speed-patterns pairwise "${ITER:-2}" ;;
  alltoall) set -- speed-mpi alltoall 1024 "${ITER:-2}" ;;
  *) echo "record.sh: unknown pattern '$pattern' (isort, halo3d, pairwise, alltoall, program)" >&2; exit 2 ;;
esac
prog=$1
shift
[ "$pattern" = program ] || prog=$build/bin/$prog
mkfifo "$tmp/trace"
awk -F, -v cmd="$pattern${PROGRAM:+ (${PROGRAM})} $np ranks, $per per node, $tech" '
  BEGIN { print "# bench/replay/record.sh: " cmd; t = "" }
  NR == 1 { next }
  $7 != "start" && $7 != "end" && $7 != "failed" { next }
  {
    if (t != "" && $1 != t) body[nb++] = "."
    t = $1
    if ($7 == "start") {
      for (k = 3; k <= 4; k++) if (!($k in id)) { id[$k] = nh++ }
      body[nb++] = "+ " $2 " " id[$3] " " id[$4]
    } else body[nb++] = "- " $2
  }
  END {
    print "hosts " nh
    for (i = 0; i < nb; i++) print body[i]
    if (nb) print "."
  }' "$tmp/trace" | gzip -9n >"$out" &
reader=$!
# A writer of the FIFO until smpirun has ended: a smpirun that fails before
# it opens the trace (a refused option) left the reader blocked in its
# open, for ever, and record.sh with it.
exec 3<>"$tmp/trace"
status=0
"$build/bin/smpirun" -platform "$tmp/platform.xml" -hostfile "$tmp/hosts" -np "$np" \
  --cfg=network/model:contention --cfg=contention/technology:"$tech" --cfg=contention/trace:"$tmp/trace" \
  $(pattern_options "$pattern") --log=root.thres:critical \
  "$prog" "$@" >/dev/null 3<&- || status=$?
exec 3<&-
wait $reader || status=$?
if [ $status -ne 0 ]; then
  [ ! -f "$out" ] || rm -f "$out"  # a part of a trace is no recording (a device stays)
  echo "record.sh: the recording failed (exit status $status); $out not written" >&2
  exit 1
fi
