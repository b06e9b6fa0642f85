#!/bin/sh
# calibrate-cluster.sh: measures a cluster with its own MPI and writes what
# smpirun and the campaign tool need to simulate it (doc/calibration.md).
#
#   scripts/calibrate-cluster.sh [--launcher mpirun|srun] [--nodes N]
#       [--out DIR] [--reps R] [--size BYTES] [--racks K] [--fit TECH|auto]
#       [--build DIR] [--launcher-args "ARGS"] [--p2p-steps S] [--limiter yes|no]
#       [--timeout SECONDS]
#
# 1. builds bin/pingpong and bin/contention-bench with the cluster's mpicc;
# 2. point-to-point: pingpong send|recv|pingpong on 2 ranks on 2 nodes (S
#    sizes per doubling, default 4, from 1 B to 64 MiB);
# 3. contention: contention-bench --schemes on N ranks, one per node;
# 4. fits both: contention-calibrate-p2p (the piecewise model's factors)
#    and contention-calibrate --fit (the contention rules' parameters; with
#    --limiter yes also each node's limiter, the card's duplex limit);
# 5. writes into DIR: platform.xml (contention-platform-gen, one switch,
#    hosts n0..n(N-1), link bandwidth = the lone comm's, latency = half the
#    smallest ping-pong time over the two links, the fitted limiter),
#    hostfile, smpirun.cfg
#    (--cfg flags: smpirun -platform DIR/platform.xml $(cat DIR/smpirun.cfg)),
#    campaign.txt (platform and model lines for scripts/campaign), and the
#    measurements and fit reports. A point-to-point fit that fails (noisy
#    data: its message is in p2p-fit.txt) is a warning: smpirun.cfg then
#    holds the contention flags and SMPI's bandwidth and latency factors
#    at 1 (the route as measured, not SimGrid's default factors).
# Each measurement (one launcher run) is killed after --timeout seconds of
# wall time (default 3600), which stops the calibration.
# Exit status: 0 done, 1 a step failed (its output says why), 2 usage.
set -eu

# A standard error closed when the script starts (2>&-) becomes /dev/null:
# the next file opened would take its descriptor.
true 3>&2 || exec 2>/dev/null
# say TEXT: one line on standard error, a line end or carriage return in
# TEXT (an option's value) written \n, \r. One that fails (a full disk, a
# pipe whose reader ended: 2>&1 | head) is dropped, and standard error is
# /dev/null from then on, the measurements' too: under set -e, the first
# progress line ended the calibration before any measurement.
say() {
  # (no gsub: the awks of Debian 12 and 13 read the backslashes of its
  # replacement differently, and trixie's wrote \\r)
  line=$(printf '%s' "$*" | awk '{
    out = ""; s = $0
    while ((i = index(s, "\r")) > 0) { out = out substr(s, 1, i - 1) "\\r"; s = substr(s, i + 1) }
    printf "%s%s", (NR > 1 ? "\\n" : ""), out s }')
  { (printf '%s\n' "$line" >&3) 2>/dev/null; } 3>&2 || exec 2>/dev/null
}

# usage MESSAGE: one error line, exit 2.
usage() {
  say "calibrate-cluster.sh: $1 (see --help)"
  exit 2
}

# (symlinks resolved: a symlinked script looked for the sources beside it)
here=$(CDPATH='' cd -- "$(dirname "$(readlink -f "$0")")/.." && pwd)
launcher=mpirun nodes=8 out=calibration reps=10 size=4000000 racks=0 fit=auto
build=${BUILD_DIR:-build} largs="" steps=4 limiter=no tmo=3600 given=""
while [ $# -gt 0 ]; do
  # --help: the comment block at the top of this file, up to its first code line.
  case $1 in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}\(.*\)/\1/p' "$0"; exit 0 ;; esac
  case $1 in
    --launcher | --nodes | --out | --reps | --size | --racks | --fit | --build | --launcher-args | --p2p-steps | --limiter | --timeout) ;;
    *) usage "unknown option '$1' (accepted: --launcher --nodes --out --reps --size --racks --fit --build --launcher-args --p2p-steps --limiter --timeout --help)" ;;
  esac
  [ $# -ge 2 ] || usage "$1 needs a value"
  # a second value silently replaced the first
  case " $given " in *" $1 "*) usage "$1 is given twice (accepted: one $1)" ;; esac
  given="$given $1"
  case $1 in
    --launcher) launcher=$2 ;;
    --nodes) nodes=$2 ;;
    --out) out=$2 ;;
    --reps) reps=$2 ;;
    --size) size=$2 ;;
    --racks) racks=$2 ;;
    --fit) fit=$2 ;;
    --build) build=$2 ;;
    --launcher-args) largs=$2 ;;
    --p2p-steps) steps=$2 ;;
    --limiter) limiter=$2 ;;
    --timeout) tmo=$2 ;;
  esac
  shift 2
done
# $BUILD_DIR relative: the repository's, as every script takes it; --build
# DIR relative: the caller's directory's, as every option's path.
case " $given " in *" --build "*) ;; *) case $build in /*) ;; *) build=$here/$build ;; esac ;; esac
case $launcher in mpirun | srun) ;; *) say "calibrate-cluster.sh: --launcher '$launcher': accepted: mpirun, srun"; exit 2 ;; esac
case $limiter in yes | no) ;; *) say "calibrate-cluster.sh: --limiter '$limiter': accepted: yes, no"; exit 2 ;; esac
# int_in OPTION VALUE MIN MAX: VALUE is an integer in [MIN, MAX], checked
# before any measurement (the programs' own ranges; a bad --racks used to
# stop the script after the point-to-point runs).
int_in() {
  case $2 in
    '' | *[!0-9]* | ??????????*) ;;
    *) [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] && return 0 ;;
  esac
  say "calibrate-cluster.sh: $1 '$2': accepted: an integer from $3 to $4"
  exit 2
}
int_in --nodes "$nodes" 2 100000
int_in --reps "$reps" 1 1000
int_in --size "$size" 1 16777216
int_in --racks "$racks" 0 100000
int_in --p2p-steps "$steps" 1 1000
int_in --timeout "$tmo" 1 1000000
# An empty --out made the outputs /bin, /p2p, /schemes; a file cannot hold them.
[ -n "$out" ] || usage "--out '': accepted: a directory path"
[ ! -e "$out" ] || [ -d "$out" ] || usage "--out '$out' is not a directory (accepted: a new or existing directory)"
# not_a_campaign: --out holds no compare-models campaign (its plan.json, or
# the lock it takes first), whose hostfile the calibration's would replace
# (the campaign's runs to come then ran on n0.., its --resume was refused).
# Checked again before the outputs are written: a campaign started there
# while the calibration measured.
not_a_campaign() {
  for f in plan.json campaign.lock; do
    [ ! -e "$out/$f" ] || usage "--out '$out' holds a compare-models campaign ($out/$f), whose hostfile the calibration would replace (accepted: another directory)"
  done
}
not_a_campaign
for tool in contention-calibrate contention-calibrate-p2p contention-platform-gen; do
  [ -x "$build/bin/$tool" ] || { say "calibrate-cluster.sh: $build/bin/$tool not found: build the project (or give --build DIR)"; exit 1; }
done
techs=$("$build/bin/contention-calibrate" --list-technologies | sed -n 's/^\([A-Za-z0-9_-]*\): .*/\1/p' | tr '\n' ' ')
case " auto $techs" in
  *" $fit "*) ;;
  *) say "calibrate-cluster.sh: --fit '$fit': accepted: auto ${techs% }"; exit 2 ;;
esac
# (mkdir printed one line per directory it could not create)
err=$(mkdir -p -- "$out/bin" "$out/p2p" "$out/schemes" 2>&1) ||
  { say "calibrate-cluster.sh: --out '$out': cannot create it: $(printf '%s\n' "$err" | head -n 1 | sed 's/.*: //') (accepted: a writable directory)"; exit 1; }
command -v mpicc >/dev/null 2>&1 || { say "calibrate-cluster.sh: mpicc not found: the cluster's MPI compiler wrapper is needed"; exit 1; }

# (CDPATH emptied: exported, it made cd print the directory it found, and
# out held it twice, on two lines, or another directory of that name)
out=$(CDPATH='' cd -- "$out" && pwd)
rm -f "$out"/schemes/*.xml
mpicc -O2 "$here/smpi-examples/pingpong/pingpong.c" -o "$out/bin/pingpong" -lm
mpicc -O2 "$here/smpi-examples/contention-bench/contention_bench.c" \
  "$here/smpi-examples/contention-bench/bench_schemes.c" -o "$out/bin/contention-bench"

# Each measurement under coreutils' timeout (in the foreground: a Ctrl-C
# still reaches the launcher; TERM, then KILL 30 s later). A launcher that
# never returned (a rank waiting for a node that is down) held the
# calibration forever.
bound=""
if command -v timeout >/dev/null 2>&1; then
  bound="timeout --foreground -k 30 $tmo"
else
  say "calibrate-cluster: warning: no timeout command (coreutils): the measurements have no wall-time bound"
fi

# A measurement's processes on this node carry CONTENTION_CALIBRATE_RUN=
# $$.NONCE.N in their environment; end_marked kills those still running
# once the launcher has ended (timeout signals the launcher alone: a rank
# it did not stop, or a child it left, went on after the calibration).
# NONCE, random: a calibration on another node (its ranks reach this one)
# or in another PID namespace may have the same $$; with $$.N alone its
# ranks were killed here. Every thread's environment is read: a process
# whose first thread has ended (pthread_exit in main) shows none under
# its pid while its other threads run. (printf: a builtin, no limit on
# the arguments' length; grep -z, xargs -0: GNU's; without them, nothing
# is found)
runs=0
nonce=$(od -An -N8 -tx1 /dev/urandom 2> /dev/null | tr -dc 0-9a-f)
[ -n "$nonce" ] || nonce=$(date +%s)
end_marked() {
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    pids=$(printf '%s\0' /proc/[0-9]*/task/[0-9]*/environ |
      xargs -0 grep -lzxF -- "CONTENTION_CALIBRATE_RUN=$1" 2>/dev/null |
      sed -n 's|^/proc/\([0-9]*\)/task/[0-9]*/environ$|\1|p' | sort -u || true)
    [ -n "$pids" ] || return 0
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
  done
}

# run STEP NRANKS PROGRAM ARGS...: one rank per node through the launcher;
# one that fails or outlasts --timeout stops the calibration with one line
# naming STEP, exit 1 (the launcher's own status, 2 say, read as a usage
# error).
run() {
  step=$1 n=$2
  shift 2
  # $largs is split into words, not expanded as file names: '-w node[1-4]'
  # became the names of the files it matched in the current directory.
  set -f
  status=0
  started=$(date +%s)
  runs=$((runs + 1))
  mark=$$.$nonce.$runs
  # shellcheck disable=SC2086
  if [ "$launcher" = srun ]; then
    CONTENTION_CALIBRATE_RUN=$mark $bound srun -N "$n" --ntasks-per-node=1 -n "$n" $largs "$@" || status=$?
  else
    CONTENTION_CALIBRATE_RUN=$mark $bound mpirun -np "$n" --map-by node $largs "$@" || status=$?
  fi
  set +f
  end_marked "$mark"
  # 124 and 137 are timeout's statuses once the bound has passed, and also
  # a launcher's own (137: a rank killed by SIGKILL, the out-of-memory
  # killer): before the bound, the launcher failed. (Whole seconds: a
  # bound reached makes the difference at least $tmo.)
  case $status in
    124 | 137) [ -n "$bound" ] && [ $(($(date +%s) - started)) -ge "$tmo" ] || status=launcher$status ;;
  esac
  case $status in
    0) ;;
    124 | 137) say "calibrate-cluster.sh: $step on $n nodes: killed after $tmo s of wall time (--timeout $tmo); accepted: a larger --timeout, or a launcher that ends"; exit 1 ;;
    *) say "calibrate-cluster.sh: $step on $n nodes: $launcher failed (exit status ${status#launcher}; its output is above)"; exit 1 ;;
  esac
}

say "calibrate-cluster: point-to-point measurements (2 nodes)"
for mode in send recv pingpong; do
  run "point-to-point $mode" 2 "$out/bin/pingpong" $mode "$steps" "$reps" > "$out/p2p/$mode.csv"
done
say "calibrate-cluster: contention schemes ($nodes nodes, $reps repetitions)"
rackopt=""
[ "$racks" -gt 0 ] && rackopt="--racks $racks"
# shellcheck disable=SC2086
run "contention schemes" "$nodes" "$out/bin/contention-bench" --schemes "$out/schemes" --reps "$reps" --size "$size" $rackopt

# The platform's route: the lone comm's bandwidth, the smallest ping-pong
# round trip's half as the route latency (two links of half that each).
# A measurement that wrote nothing (a launcher that ran no rank) or a
# damaged row (a duration past the largest double, inf to awk, among them)
# is an error naming the file: a ping-pong file without rows
# gave a platform of latency 0 s, exit 0; a missing 00-ref.xml, sed's
# error and exit status 2 (a usage error). A duration is from 1e-299 to
# 1e299 s, so that a quarter of it, the link latency, is one the platform
# takes (0, or 1e-300 to 1e300 s): a subnormal one rounded to a platform
# of latency 0 s, exit 0, and one out of that range ended in the
# generator's refusal, exit 2.
ref=$out/schemes/00-ref.xml
[ -f "$ref" ] || { say "calibrate-cluster.sh: $ref: not written (the contention measurement failed; accepted: the lone comm's scheme that contention-bench --schemes writes)"; exit 1; }
bw=$(sed -n 's/.*<scenario bandwidth="\([^"]*\)".*/\1/p' "$ref")
lat=$(awk -F, 'NR == 1 && $0 == "size,duration" { next }
               !($1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]*[.]?[0-9]+([eE][-+]?[0-9]+)?$/ && $2 + 0 >= 1e-299 &&
                 $2 + 0 <= 1e299 && NF == 2) { bad = NR; exit }
               min == "" || $1 + 0 < min + 0 { min = $1; t = $2; next }
               $1 + 0 == min + 0 && $2 + 0 < t + 0 { t = $2 }
               END { if (bad) print "line " bad; else if (min == "") print "none"; else printf "%.9g\n", t / 2 }' \
  "$out/p2p/pingpong.csv")
case $lat in
  line* | none)
    say "calibrate-cluster.sh: $out/p2p/pingpong.csv$([ "$lat" = none ] && echo ": no measurement" || echo ":${lat#line }: not a measurement row") (accepted: size,duration rows, a whole number of bytes and a number of seconds from 1e-299 to 1e299, as pingpong writes them)"
    exit 1 ;;
esac
link_lat=$(awk -v l="$lat" 'BEGIN { printf "%.9g", l / 2 }')
say "calibrate-cluster: route bandwidth ${bw} B/s, latency ${lat} s"

if ! "$build/bin/contention-calibrate-p2p" --send "$out/p2p/send.csv" --recv "$out/p2p/recv.csv" \
  --pingpong "$out/p2p/pingpong.csv" --route-bandwidth "${bw}Bps" --route-latency "${lat}s" \
  --emit cfg -o "$out/p2p.cfg" > "$out/p2p-fit.txt" 2>&1; then
  say "calibrate-cluster: warning: the point-to-point fit failed ($(tail -1 "$out/p2p-fit.txt")); smpirun.cfg has the contention flags, and SMPI's bandwidth and latency factors at 1"
  # Factors 1: the route as measured. Without them, SimGrid's default
  # factors (another cluster's) rescaled it: a lone 4 MB comm took 6.6 %
  # longer than the platform's bandwidth and latency give.
  printf '%s\n' "--cfg=smpi/bw-factor:0:1" "--cfg=smpi/lat-factor:0:1" > "$out/p2p.cfg"
fi
limopt=""
[ "$limiter" = yes ] && limopt="--limiter"
# shellcheck disable=SC2086
"$build/bin/contention-calibrate" --fit "$fit" $limopt --emit cfg "$out/contention.cfg" "$out"/schemes/*.xml \
  > "$out/contention-fit.txt"
# The limiter is the platform's: the fit's "# limiter F x B" line.
genlim=""
if [ "$limiter" = yes ]; then
  f=$(sed -n 's/^# limiter \([0-9.e+-]*\) x B: .*/\1/p' "$out/contention-fit.txt" | tail -1)
  [ -n "$f" ] || { say "calibrate-cluster.sh: no limiter in $out/contention-fit.txt"; exit 1; }
  genlim="--limiter $f"
  say "calibrate-cluster: limiter ${f} x the node bandwidth"
fi

not_a_campaign
# shellcheck disable=SC2086
"$build/bin/contention-platform-gen" --nodes "$nodes" --bw "${bw}Bps" --lat "${link_lat}s" $genlim --prefix n --first 0 \
  --comment "calibrate-cluster.sh: route measured with $launcher on $nodes nodes" -o "$out/platform.xml"
i=0
: > "$out/hostfile"
while [ "$i" -lt "$nodes" ]; do echo "n$i" >> "$out/hostfile"; i=$((i + 1)); done
# quoted PATH: PATH as a word of a campaign file, which splits its lines as a
# shell does (an --out with a space gave a platform line of four words).
quoted() {
  case $1 in
    *[!A-Za-z0-9_./+,:@%=-]*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
  esac
}
# smpirun takes the flags as words: the p2p file quotes each one.
{ tr -d "'" < "$out/p2p.cfg"; cat "$out/contention.cfg"; } > "$out/smpirun.cfg"
{
  echo "# scripts/campaign lines for the calibrated cluster (calibrate-cluster.sh)"
  echo "platform $(quoted "$out/platform.xml") $(quoted "$out/hostfile")"
  echo "model calibrated=contention $(grep -v '^--cfg=network/model:' "$out/smpirun.cfg" | tr '\n' ' ')"
  echo "model smpi=SMPI $(tr -d "'" < "$out/p2p.cfg" | tr '\n' ' ')"
} > "$out/campaign.txt"
cat "$out/contention-fit.txt"
say "calibrate-cluster: wrote $out/platform.xml, $out/smpirun.cfg, $out/campaign.txt; use:"
say "  smpirun -platform $(quoted "$out/platform.xml") -hostfile $(quoted "$out/hostfile") \$(cat $(quoted "$out/smpirun.cfg")) -np N PROGRAM"
