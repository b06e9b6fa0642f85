#!/bin/sh
# The calibration benchmark with the system's real MPI (Open MPI on
# localhost, oversubscribed): builds smpi-examples/contention-bench with
# mpicc, runs the default schemes under mpirun, and fits them with
# contention-calibrate --fit auto. The times mean nothing on one machine;
# the test checks the path: one file per scheme, each read by the fit.
# Exit 77 (skipped) only when mpicc is absent.
#   bench_mpi.sh SOURCE_DIR BIN_DIR
set -eu
src=$1 bin=$2
command -v mpicc >/dev/null 2>&1 || { echo "mpicc not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mpicc -O2 -Wall -Wextra -Werror "$src/smpi-examples/contention-bench/contention_bench.c" \
  "$src/smpi-examples/contention-bench/bench_schemes.c" -o "$tmp/bench"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mkdir "$tmp/out"
mpirun --allow-run-as-root --oversubscribe -np 12 "$tmp/bench" --schemes "$tmp/out" --reps 3 --size 100000 \
  --racks 2
n=$(ls "$tmp/out" | wc -l)
[ "$n" -eq 23 ] || { echo "FAIL: $n scheme files, expected 23"; ls "$tmp/out"; exit 1; }
grep -q 'rack="r1"' "$tmp/out/17-racks4.xml" || { echo "FAIL: no racks in 17-racks4.xml"; exit 1; }
"$bin/contention-calibrate" --fit auto --emit cfg "$tmp/cfg" "$tmp"/out/*.xml
grep -q '^--cfg=contention/technology:' "$tmp/cfg" || { echo "FAIL: no technology in the --emit cfg file"; exit 1; }
