#!/usr/bin/env bash
# Runs NPB-like and BigDFT-like SMPI workloads under several network models
# and prints their simulated times side by side (plus wall-clock cost), as a
# table, a CSV file and an SVG bar chart.
#
# usage: scripts/compare-models.sh [--platform P.xml --hostfile H] [--np N]
#            [--models "contention SMPI CM02 LV08 IB loggps"]
#            [--workloads "ft cg lu bigdft"] [--out DIR] [-- extra smpirun args]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD_DIR:-build}
platform=smpi-examples/workloads/default-cluster.xml
hostfile=""
np=32
models="contention SMPI CM02 LV08 IB loggps"
workloads="ft cg lu bigdft"
out=$BUILD/compare
extra=()
die() { echo "compare-models: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platform=$2; shift 2 ;;
    --hostfile) hostfile=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --models) models=$2; shift 2 ;;
    --workloads) workloads=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (accepted: --platform --hostfile --np --models --workloads --out --)" ;;
  esac
done
[ -f "$platform" ] || die "platform file '$platform' not found"
[[ "$np" =~ ^[1-9][0-9]*$ ]] || die "--np expects a positive integer, got '$np'"
for w in $workloads; do
  [ -x "$BUILD/bin/workloads/${w}_like" ] || die "unknown or unbuilt workload '$w' (accepted: ft cg lu bigdft; run scripts/setup.sh)"
done
mkdir -p "$out"
if [ -z "$hostfile" ]; then
  [ "$platform" = smpi-examples/workloads/default-cluster.xml ] || die "--hostfile is required with --platform"
  hostfile=$out/hostfile
  for i in $(seq 0 7); do for c in 1 2 3 4; do echo "node-$i"; done; done > "$hostfile"
fi
# The build tree's smpirun loads the plugin (contention, loggps); the system
# one only knows SimGrid's own models.
smpirun=$BUILD/bin/smpirun
[ -x "$smpirun" ] || smpirun=smpirun
known=$("$smpirun" -np 1 -platform "$platform" -hostfile "$hostfile" --cfg=network/model:help true 2>&1 || true)

csv=$out/results.csv
echo "workload,model,ranks,simulated_s,wall_s,checksum" > "$csv"
for w in $workloads; do
  for m in $models; do
    if ! grep -q "^  $m:" <<<"$known"; then
      echo "compare-models: model '$m' is not available with $smpirun, skipped" >&2
      continue
    fi
    printf 'running %-7s under %-10s ... ' "$w" "$m" >&2
    t0=$(date +%s.%N)
    line=$("$smpirun" -np "$np" -platform "$platform" -hostfile "$hostfile" \
             --cfg=network/model:"$m" --cfg=smpi/simulate-computation:no \
             --log=root.thres:critical "${extra[@]}" "$BUILD/bin/workloads/${w}_like" 2>"$out/$w-$m.err" | grep '^workload,' || true)
    t1=$(date +%s.%N)
    if [ -z "$line" ]; then
      echo "FAILED (see $out/$w-$m.err)" >&2
      continue
    fi
    IFS=, read -r _ name ranks sim sum <<<"$line"
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')
    echo "$sim s simulated, $wall s wall" >&2
    echo "$name,$m,$ranks,$sim,$wall,$sum" >> "$csv"
  done
done

echo
echo "Simulated time (s) per workload and model, $np ranks on $(basename "$platform"):"
awk -F, 'NR>1 { t[$1","$2]=$4
    if (!($2 in mo)) { mo[$2]=++n; names[n]=$2 }
    if (!($1 in wo)) { wo[$1]=++nw; works[nw]=$1 } }
  END {
    printf "%-9s", "workload"; for (i=1;i<=n;i++) printf " %12s", names[i]; printf "\n";
    for (j=1;j<=nw;j++) { w=works[j]; printf "%-9s", w
      for (i=1;i<=n;i++) { v=t[w","names[i]]; if (v=="") printf " %12s", "-"; else printf " %12.6f", v }
      printf "\n" }
  }' "$csv"
if grep -q ',contention,' "$csv"; then
  echo
  echo "Difference to the contention model (model - contention) / contention:"
  awk -F, 'NR>1 { t[$1","$2]=$4
      if (!($2 in mo)) { mo[$2]=++n; names[n]=$2 }
      if (!($1 in wo)) { wo[$1]=++nw; works[nw]=$1 } }
    END { for (j=1;j<=nw;j++) { x=works[j]; printf "%-9s", x
            for (i=1;i<=n;i++) { y=names[i]
              if (y!="contention" && t[x","y]!="" && t[x",contention"]>0)
                printf "  %s %+6.1f%%", y, 100*(t[x","y]-t[x",contention"])/t[x",contention"] }
            printf "\n" } }' "$csv"
fi
if command -v python3 >/dev/null; then
  python3 scripts/plot_compare.py "$csv" "$out/compare.svg" && echo && echo "chart: $out/compare.svg"
fi
echo "data:  $csv"
