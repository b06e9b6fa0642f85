#!/bin/sh
# run-patterns.sh BUILD_DIR [SIZES] [TECHNOLOGIES] [PATTERNS]
# Cost of network/model:contention against plain SMPI on the communication
# patterns of real MPI codes (bin/speed-patterns, patterns.c), measured in
# one run: for each pattern, rank count and placement (1 rank per node, or
# 8 per node as on seed 000's testbed), the program runs under SMPI, then
# under contention with each technology, back to back. Prints the user CPU
# seconds (less sensitive to other load on a shared machine than wall time,
# which is printed too), the peak memory, and the ratios contention/SMPI of
# user CPU, wall time and peak memory.
# A configuration whose SMPI run exceeds $BUDGET seconds (default 600) of
# wall time is reported and its contention runs skipped. With REPEAT=N
# (default 1) the runs are made in N rounds (SMPI, then each technology)
# and each model's run of least user CPU is kept: on a loaded machine one
# run's user time can be 1.5 times another's. The column "paired"
# is the median over the rounds of the wall-time ratio to the SMPI run of
# the same round: on this shared VM the same run's wall time moves by a
# fifth from one minute to the next, and runs next to each other share
# the machine's state (with REPEAT=1 it is the wall ratio); "spread", the
# least and greatest of those ratios, shows how far a single round may
# land from that median on the machine at hand. "rules_s" is
# the wall time the technology's rules took in the kept run (the binding's
# verbose summary, --log=contention.thres:verbose), and "floor" the median
# over the rounds of (wall - rules) / SMPI's wall: the paired ratio the run
# would have if the rules cost nothing and the rest stayed as it was.
#   SIZES         default "64 256 1024"
#   TECHNOLOGIES  default "infiniband gige myrinet hier-ethernet"
#   PATTERNS      default "isort halo3d pairwise alltoall"; "program" runs
#                 your own MPI program instead: PROGRAM="PATH [ARGS]", %n in
#                 ARGS standing for the rank count (e.g. PROGRAM="./is %n A"
#                 for SimGrid's NAS IS), with SMPI's default collectives
# PER (default "1 8"): the placements, ranks per node. CFG: more options
# for the contention runs, e.g. CFG=--cfg=contention/myrinet/threads:0
# (Myrinet's regions shared over one thread per CPU, up to 8, instead of
# the default one: doc/technologies.md, "One thread by default").
# Platform: a switched cluster of 10 Gbps SHARED private links, 1 us, with
# a non-limiting backbone, 8 cores per node (platform.sh).
set -eu
build=$(cd "$1" && pwd)
sizes=${2:-"64 256 1024"}
techs=${3:-"infiniband gige myrinet hier-ethernet"}
patterns=${4:-"isort halo3d pairwise alltoall"}
budget=${BUDGET:-600}
repeat=${REPEAT:-1}
placements=${PER:-"1 8"}
cfg=${CFG:-}
smpirun=$build/bin/smpirun
. "$(CDPATH='' cd -- "$(dirname "$0")" && pwd)/platform.sh"
for n in $sizes $repeat $budget; do # (a word there ended in 'unbound variable')
  case $n in *[!0-9]* | 0*) echo "run-patterns.sh: '$n' in SIZES, REPEAT or BUDGET: accepted: positive integers" >&2; exit 2 ;; esac
done
for pattern in $patterns; do
  case $pattern in
    isort | halo3d | pairwise | alltoall) ;;
    program) check_program || exit 2 ;;
    *) echo "run-patterns.sh: unknown pattern '$pattern' (isort, halo3d, pairwise, alltoall, program)" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

platform() { # NODES -> path
  f=$tmp/cluster-$1.xml
  [ -f "$f" ] || write_cluster "$1" "$f"
  echo "$f"
}
hostfile() { # RANKS PER_NODE -> path
  write_hostfile "$1" "$2" "$tmp/hosts-$1-$2"
  echo "$tmp/hosts-$1-$2"
}
# program arguments of a pattern and rank count: below 256 ranks, ten
# times the iterations, so that a run takes seconds of CPU (the ratios of
# runs of a tenth of a second are mostly start-up and timer resolution);
# from 256 ranks, isort runs one iteration, its all-to-all phases growing
# with the square of the ranks
args() {
  case $1 in
    program) program_args "$2" ;;
    isort) if [ "$2" -ge 256 ]; then echo "speed-patterns isort 1"; else echo "speed-patterns isort 2"; fi ;;
    halo3d) if [ "$2" -ge 256 ]; then echo "speed-patterns halo3d 50"; else echo "speed-patterns halo3d 500"; fi ;;
    pairwise) if [ "$2" -ge 256 ]; then echo "speed-patterns pairwise 2"; else echo "speed-patterns pairwise 20"; fi ;;
    alltoall) if [ "$2" -ge 256 ]; then echo "speed-mpi alltoall 1024 2"; else echo "speed-mpi alltoall 1024 20"; fi ;;
  esac
}
# timed OUT COMMAND...: runs COMMAND within the budget, writes "wall user
# peak_kB" to OUT; fails on a timeout or error. TIMER=PROG replaces it (the
# tests give it a fake that writes chosen numbers).
timed() {
  if [ -n "${TIMER:-}" ]; then
    "$TIMER" "$@" 2>"$tmp/err"
    return
  fi
  _out=$1
  shift
  /usr/bin/time -f "%e %U %M" -o "$_out" timeout "$budget" "$@" >"$tmp/out" 2>"$tmp/err"
}
# run NP PER_NODE MODEL PATTERN ROUND [options]: one run, its "wall user
# peak_kB rules" in $tmp/run-MODEL-ROUND (rules: seconds in the
# technology's rules, "-" without them), or "timeout" there. The options
# go before the program, so that they never reach a program of yours.
run() {
  np=$1 per=$2 model=$3 pattern=$4 round=$5
  shift 5
  opts="$*"
  plat=$(platform $(((np + per - 1) / per)))
  hf=$(hostfile "$np" "$per")
  set -f # PROGRAM's and the options' words as written, not file names
  set -- $(args "$pattern" "$np")
  if [ "$pattern" != program ]; then
    prog=$build/bin/$1
    shift
    set -- "$prog" "$@"
  fi
  f=$tmp/run-$model-$round
  status=0
  timed "$f" "$smpirun" -platform "$plat" -hostfile "$hf" \
    -np "$np" --cfg=network/model:"$model" $(pattern_options "$pattern") \
    --log=root.thres:critical $opts "$@" || status=$?
  set +f
  if [ $status = 124 ]; then # timeout's status: over the budget
    echo timeout >"$f"
    return
  fi
  if [ $status != 0 ]; then # an error is not a time (it was printed "over the budget")
    echo "run-patterns.sh: $pattern, $np ranks, $model${opts:+ $opts}: failed (exit $status): $(head -n 1 "$tmp/err")" >&2
    exit 1
  fi
  times=$(cat "$f")
  rules=$(sed -n 's/.* s in flushes, of which \([0-9.]*\) s in the .* rules.*/\1/p' "$tmp/err" | tail -n 1)
  echo "$times ${rules:--}" >"$f"
}
# best MODEL: the run of least user CPU among the rounds, or "timeout" if
# one of them timed out
best() {
  cat "$tmp"/run-"$1"-* | awk '$1 == "timeout" { t = 1 } NF == 4 && (b == "" || $2 < u) { b = $0; u = $2 }
    END { print (t ? "timeout" : b) }'
}
# rounds MODEL: one line per complete round, SMPI's run then MODEL's
# (fields: $1 to $4 SMPI's wall user peak rules, $5 to $8 MODEL's); a
# round with a timed-out run, or not run, is left out
rounds() {
  _r=0
  while [ $_r -lt "$repeat" ]; do
    printf '%s %s\n' "$(cat "$tmp/run-SMPI-$_r")" "$(cat "$tmp/run-$1-$_r")"
    _r=$((_r + 1))
  done | awk 'NF == 8 && $1 > 0'
}
# over_rounds MODEL AWK: the median over the rounds of what the awk
# program AWK prints from each line of `rounds MODEL`, "-" if it prints
# nothing
over_rounds() {
  rounds "$1" | awk "$2" | sort -g | awk '{ q[n++] = $1 } END {
    if (n == 0) print "-"; else if (n % 2) printf "%.2f\n", q[int(n / 2)]; else printf "%.2f\n", (q[n / 2 - 1] + q[n / 2]) / 2 }'
}
# paired MODEL: the median of the rounds' wall ratios to the SMPI run of
# the same round (runs next to each other in time share the machine's
# state, which best-of-N does not pair)
paired() { over_rounds "$1" '{ print $5 / $1 }'; }
# spread MODEL: the least and the greatest of those ratios, "LOW-HIGH"
# ("-" without a round): how far one round may land from the median
spread() {
  rounds "$1" | awk '{ q = $5 / $1; if (n++ == 0 || q < lo) lo = q; if (q > hi) hi = q }
    END { if (n == 0) print "-"; else printf "%.2f-%.2f\n", lo, hi }'
}
# floor MODEL: the same with the rules' seconds taken out of MODEL's wall
floor() { over_rounds "$1" '$8 != "-" { print ($5 - $8) / $1 }'; }
printf '%-10s %5s %4s %-14s %8s %8s %8s %9s %9s %9s %9s %10s %8s %6s\n' pattern ranks /nd model wall_s user_s peak_MB user/SMPI wall/SMPI peak/SMPI paired spread rules_s floor
for pattern in $patterns; do
  label=$pattern
  [ "$pattern" != program ] || label=$(basename "$(echo "$PROGRAM" | awk '{ print $1 }')")
  for np in $sizes; do
    for per in $placements; do
      rm -f "$tmp"/run-*
      r=0
      skipped=
      while [ $r -lt "$repeat" ]; do
        run "$np" "$per" SMPI "$pattern" $r
        if [ "$(cat "$tmp/run-SMPI-$r")" = timeout ]; then
          skipped=1
          break
        fi
        for tech in $techs; do
          # a technology that timed out in an earlier round is not run again
          grep -q timeout "$tmp"/run-"$tech"-* 2>/dev/null && continue
          run "$np" "$per" contention "$pattern" $r --cfg=contention/technology:"$tech" \
            --log=contention.thres:verbose $cfg
          mv "$tmp/run-contention-$r" "$tmp/run-$tech-$r"
        done
        r=$((r + 1))
      done
      if [ -n "$skipped" ]; then
        printf '%-10s %5s %4s %-14s SMPI over %s s, skipped\n' "$label" "$np" "$per" SMPI "$budget"
        continue
      fi
      set -- $(best SMPI)
      sw=$1 su=$2 sm=$3
      printf '%-10s %5s %4s %-14s %8.2f %8.2f %8.0f %9s %9s %9s %9s %10s %8s %6s\n' "$label" "$np" "$per" SMPI "$sw" "$su" $((sm / 1024)) - - - - - - -
      for tech in $techs; do
        c=$(best "$tech")
        if [ "$c" = timeout ]; then
          printf '%-10s %5s %4s %-14s over %s s\n' "$label" "$np" "$per" "$tech" "$budget"
          echo "$label $np $per $tech timeout" >>"$tmp/cells"
          continue
        fi
        set -- $c
        echo "$label $np $per $tech $1 $2 $3 $su $sm $sw $(paired "$tech") $(spread "$tech") $4 $(floor "$tech")" |
          tee -a "$tmp/cells" | awk '{ printf "%-10s %5s %4s %-14s %8.2f %8.2f %8.0f %9.2f %9.2f %9.2f %9s %10s %8s %6s\n",
          $1, $2, $3, $4, $5, $6, $7 / 1024, ($8 > 0 ? $6 / $8 : 0), ($10 > 0 ? $5 / $10 : 0), $7 / $9, $11, $12, $13, $14 }'
      done
    done
  done
done
# The verdict on the targets of doc/benchmarks-simgrid.md: paired wall
# ratio at most 1.2 and peak memory at most 1.1 times SMPI's, as printed
# (two decimals); the cells over either, or over the time budget, are
# named
if [ -s "$tmp/cells" ]; then
  awk '{ n++; at = sprintf("  %s %s ranks, %s per node, %s: ", $1, $2, $3, $4) }
    $5 == "timeout" { over[++k] = at "over the budget"; next }
    { w = $11 + 0; m = sprintf("%.2f", $7 / $9) + 0
      if (w > 1.2 || m > 1.1) over[++k] = sprintf("%spaired %s, peak %.2f", at, $11, m) }
    END { printf "targets (paired wall <= 1.2, peak memory <= 1.1 of SMPI'"'"'s): %d of %d cells met\n", n - k, n
      for (i = 1; i <= k; i++) print over[i] }' "$tmp/cells"
fi
