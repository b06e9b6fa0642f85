#!/bin/sh
# run.sh BUILD_DIR [REPEAT [all|contention|loggps]]
# Speed of network/model:contention against SMPI and IB on the same MPI
# programs, measured in one run: MPI_Alltoall (basic_linear) at 16, 32, 64 and
# 128 ranks, and a ring exchange (MPI_Sendrecv) at 128 ranks. Prints, per
# program, the wall-clock seconds (best of REPEAT, default 3) and peak memory
# of each model, and the ratios contention/SMPI and contention/IB. Then the
# LogGPS delay model (network/model:loggps) against SMPI on the all-to-alls
# and on the ft_like workload at 64 ranks (its default size: 256 KiB per
# pair, 6 transposes): wall seconds of each and loggps/SMPI, and the CPU
# seconds (user + system, the smallest of the runs: on a shared machine the
# steadier figure) and their ratio. The third argument runs one of the two
# tables only.
set -eu
usage() { echo "run.sh: $1 (usage: run.sh BUILD_DIR [REPEAT [all|contention|loggps]])" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 3 ] || usage "expects 1 to 3 arguments"
build=$(cd "$1" && pwd)
repeat=${2:-3}
part=${3:-all}
# (a REPEAT seq refused left every time empty; another part ran both tables)
case $repeat in '' | *[!0-9]* | 0*) usage "REPEAT '$repeat': accepted: a positive integer" ;; esac
case $part in all | contention | loggps) ;; *) usage "'$part': accepted: all, contention, loggps" ;; esac
here=$(CDPATH='' cd -- "$(dirname "$0")" && pwd)
smpirun=$build/bin/smpirun
prog=$build/bin/speed-mpi
ft=$build/bin/workloads/ft_like
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq 0 127); do echo "node-$i"; done >"$tmp/hosts"

# measure MODEL NP ARGS... -> "seconds peak_kB" (best wall time of $repeat runs)
# of speed-mpi ARGS, or of the program PROG when ARGS is "prog PROG ARGS...".
# The smallest CPU time (user + system) of the runs goes to $tmp/cpu.
measure() {
  model=$1 np=$2
  shift 2
  run=$prog
  if [ "$1" = prog ]; then run=$2; shift 2; fi
  best="" mem="" cpu=""
  for r in $(seq "$repeat"); do
    /usr/bin/time -f "%e %M %U %S" -o "$tmp/time" "$smpirun" -platform "$here/cluster-128.xml" -hostfile "$tmp/hosts" \
      -np "$np" --cfg=network/model:"$model" --cfg=smpi/alltoall:basic_linear --cfg=smpi/simulate-computation:0 \
      --log=root.thres:warning "$run" "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    read -r t m u k <"$tmp/time"
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    c=$(awk -v u="$u" -v k="$k" 'BEGIN { print u + k }')
    if [ -z "$cpu" ] || awk -v a="$c" -v b="$cpu" 'BEGIN { exit !(a < b) }'; then cpu=$c; fi
    if [ -z "$mem" ] || [ "$m" -gt "$mem" ]; then mem=$m; fi
  done
  echo "$cpu" >"$tmp/cpu"
  echo "$best $mem"
}

if [ "$part" != loggps ]; then
printf '%-22s %9s %9s %9s %8s %8s %8s %8s %8s\n' program SMPI_s IB_s cont_s cont/SMPI cont/IB SMPI_MB IB_MB cont_MB
for spec in "16 alltoall 4096 4" "32 alltoall 4096 4" "64 alltoall 4096 4" "128 alltoall 4096 4" "128 ring 65536 200"; do
  set -- $spec
  np=$1
  shift
  s=$(measure SMPI "$np" "$@")
  i=$(measure IB "$np" "$@")
  c=$(measure contention "$np" "$@")
  echo "$np $1 $s $i $c" | awk '{ printf "%-22s %9.2f %9.2f %9.2f %8.2f %8.2f %8.0f %8.0f %8.0f\n",
    $2 "-" $1 " (" ($2 == "ring" ? "sendrecv" : "basic_linear") ")", $3, $5, $7, $7 / $3, $7 / $5, $4 / 1024, $6 / 1024, $8 / 1024 }'
done
fi

[ "$part" = contention ] && exit 0
echo
printf '%-22s %9s %9s %11s %9s %9s %11s %9s %9s\n' program SMPI_s loggps_s loggps/SMPI SMPI_cpu loggps_cpu \
  cpu_ratio SMPI_MB loggps_MB
for spec in "64 alltoall 4096 4" "128 alltoall 4096 4" "64 prog $ft"; do
  set -- $spec
  np=$1
  shift
  name="$1-$np (basic_linear)"
  if [ "$1" = prog ]; then name="ft_like-$np"; fi
  s=$(measure SMPI "$np" "$@")
  sc=$(cat "$tmp/cpu")
  l=$(measure loggps "$np" "$@")
  lc=$(cat "$tmp/cpu")
  echo "$s $l $sc $lc" | awk -v name="$name" '{ printf "%-22s %9.2f %9.2f %11.2f %9.2f %9.2f %11.2f %9.0f %9.0f\n",
    name, $1, $3, $3 / $1, $5, $6, $6 / $5, $2 / 1024, $4 / 1024 }'
done
