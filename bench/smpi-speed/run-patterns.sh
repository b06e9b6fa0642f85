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
# (default 1) every run is made N times and the one of least user CPU
# kept: on a loaded machine one run's user time can be 1.5 times another's.
#   SIZES         default "64 256 1024"
#   TECHNOLOGIES  default "infiniband gige myrinet hier-ethernet"
#   PATTERNS      default "isort halo3d pairwise alltoall"
# PER (default "1 8"): the placements, ranks per node. CFG: more options
# for the contention runs, e.g. CFG=--cfg=contention/myrinet/threads:1 (by
# default Myrinet shares its regions over one thread per CPU, up to 8:
# doc/benchmarks-simgrid.md gives the figures both ways).
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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(cd "$(dirname "$0")" && pwd)/platform.sh"
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
    isort) if [ "$2" -ge 256 ]; then echo "speed-patterns isort 1"; else echo "speed-patterns isort 2"; fi ;;
    halo3d) if [ "$2" -ge 256 ]; then echo "speed-patterns halo3d 50"; else echo "speed-patterns halo3d 500"; fi ;;
    pairwise) if [ "$2" -ge 256 ]; then echo "speed-patterns pairwise 2"; else echo "speed-patterns pairwise 20"; fi ;;
    alltoall) if [ "$2" -ge 256 ]; then echo "speed-mpi alltoall 1024 2"; else echo "speed-mpi alltoall 1024 20"; fi ;;
  esac
}
# measure NP PER_NODE MODEL PATTERN [options] -> "wall user peak_kB" of the
# run of least user CPU among $repeat, or "timeout"
measure() {
  best=
  r=0
  while [ $r -lt "$repeat" ]; do
    m=$(measure_once "$@")
    [ "$m" = timeout ] && { echo timeout; return; }
    best=$(printf '%s\n%s\n' "$best" "$m" | awk 'NF == 3 && (b == "" || $2 < u) { b = $0; u = $2 } END { print b }')
    r=$((r + 1))
  done
  echo "$best"
}
measure_once() {
  np=$1 per=$2 model=$3 pattern=$4
  shift 4
  plat=$(platform $(((np + per - 1) / per)))
  hf=$(hostfile "$np" "$per")
  set -- $(args "$pattern" "$np") "$@"
  prog=$1
  shift
  if ! /usr/bin/time -f "%e %U %M" -o "$tmp/time" timeout "$budget" "$smpirun" -platform "$plat" -hostfile "$hf" \
      -np "$np" --cfg=network/model:"$model" --cfg=smpi/alltoall:basic_linear --cfg=smpi/simulate-computation:0 \
      --log=root.thres:critical "$build/bin/$prog" "$@" >"$tmp/out" 2>"$tmp/err"; then
    echo "timeout"
    return
  fi
  cat "$tmp/time"
}
printf '%-10s %5s %4s %-14s %8s %8s %8s %9s %9s %9s\n' pattern ranks /nd model wall_s user_s peak_MB user/SMPI wall/SMPI peak/SMPI
for pattern in $patterns; do
  for np in $sizes; do
    for per in $placements; do
      s=$(measure "$np" "$per" SMPI "$pattern")
      if [ "$s" = timeout ]; then
        printf '%-10s %5s %4s %-14s SMPI over %s s, skipped\n' "$pattern" "$np" "$per" SMPI "$budget"
        continue
      fi
      set -- $s
      sw=$1 su=$2 sm=$3
      printf '%-10s %5s %4s %-14s %8.2f %8.2f %8.0f %9s %9s %9s\n' "$pattern" "$np" "$per" SMPI "$sw" "$su" $((sm / 1024)) - - -
      for tech in $techs; do
        c=$(measure "$np" "$per" contention "$pattern" --cfg=contention/technology:"$tech" $cfg)
        if [ "$c" = timeout ]; then
          printf '%-10s %5s %4s %-14s over %s s\n' "$pattern" "$np" "$per" "$tech" "$budget"
          continue
        fi
        set -- $c
        echo "$pattern $np $per $tech $1 $2 $3 $su $sm $sw" | awk '{ printf "%-10s %5s %4s %-14s %8.2f %8.2f %8.0f %9.2f %9.2f %9.2f\n",
          $1, $2, $3, $4, $5, $6, $7 / 1024, ($8 > 0 ? $6 / $8 : 0), ($10 > 0 ? $5 / $10 : 0), $7 / $9 }'
      done
    done
  done
done
