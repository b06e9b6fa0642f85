#!/bin/sh
# agree.sh MODE BIN_DIR PLATFORM SCENARIO|random:KIND:SEED [TOL [TECHNOLOGY [PARAM=VALUE]]]
# End-to-end check of the contention model through smpirun, on a platform
# where the penalty is the only limit (FATPIPE links, no crosstraffic, SMPI
# factors 1, no latency).
#   MODE agree:       contention-bench under network/model:contention must
#                     give contention-predict's finish time of every comm
#                     within TOL (relative, default 0.005).
#   MODE uncontended: under network/model:SMPI every comm must take
#                     size/bandwidth (its uncontended time), within TOL, and
#                     the contention model must make some comm >= 1.2x slower
#                     (the difference is the model's).
#   MODE repeat:      two contention runs (with contention/trace) must give
#                     byte-identical outputs and traces.
# TECHNOLOGY (default infiniband) goes to contention/technology and to
# contention-predict --technology; PARAM=VALUE to contention/TECHNOLOGY/PARAM
# and contention-predict --param. Extra smpirun options may come in
# $AGREE_EXTRA (e.g. --cfg=contention/bandwidth:...). With AGREE_PREFIX=n the
# scenario's hosts a..p become n0..n15 (the hosts of a <cluster prefix="n">).
# random:static:SEED / random:dynamic:SEED generate a graph of 12 comms among
# 8 hosts, sizes 1-20 MiB, starts 0 (static) or in [0, 8 ms) (dynamic).
set -u
mode=$1 bin=$2 platform=$3 scenario=$4 tol=${5:-0.005} tech=${6:-infiniband} param=${7:-}
BW=1958863858
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case "$scenario" in
  random:*)
    kind=$(echo "$scenario" | cut -d: -f2)
    seed=$(echo "$scenario" | cut -d: -f3)
    awk -v seed="$seed" -v kind="$kind" -v bw="$BW" 'BEGIN {
      srand(seed); split("a b c d e f g h", H, " ")
      printf "<scenario bandwidth=\"%s\">\n", bw
      for (i = 0; i < 12; i++) {
        s = 1 + int(rand() * 8); d = 1 + int(rand() * 7); if (d >= s) d++
        size = 1048576 * (1 + int(rand() * 20))
        start = (kind == "dynamic") ? sprintf("%.6f", int(rand() * 8000) * 1e-6) : "0"
        printf "  <comm id=\"c%02d\" src=\"%s\" dst=\"%s\" size=\"%d\" start=\"%s\"/>\n", i, H[s], H[d], size, start
      }
      print "</scenario>" }' >"$tmp/scenario.xml"
    scenario=$tmp/scenario.xml
    ;;
esac

if [ -n "${AGREE_PREFIX:-}" ]; then
  sed -E "s/(src|dst)=\"([a-p])\"/\1=\"${AGREE_PREFIX}@\2@\"/g" "$scenario" |
    awk '{ while (match($0, /@[a-p]@/)) {
             c = substr($0, RSTART + 1, 1)
             $0 = substr($0, 1, RSTART - 1) (index("abcdefghijklmnop", c) - 1) substr($0, RSTART + RLENGTH) }
           print }' >"$tmp/renamed.xml"
  scenario=$tmp/renamed.xml
fi

OPTS="-platform $platform --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
--cfg=smpi/simulate-computation:0 --log=root.thres:warning --cfg=contention/technology:$tech ${AGREE_EXTRA:-}"
predict_param=""
if [ -n "$param" ]; then
  OPTS="$OPTS --cfg=contention/$tech/${param%%=*}:${param#*=}"
  predict_param="--param $param"
fi
run_bench() { # MODEL OUTPUT [extra options]
  model=$1 out=$2
  shift 2
  "$bin/contention-bench-run" "$scenario" $OPTS --cfg=network/model:"$model" "$@" >"$out" 2>"$out.err" || {
    echo "FAIL: contention-bench under $model exited with an error:" >&2
    cat "$out.err" >&2
    exit 1
  }
}

# compare EXPECTED ACTUAL: finish column (6) of rows with the same comm id.
compare() {
  awk -F, -v tol="$tol" -v what="$3" '
    FNR == 1 { next }
    NR == FNR { want[$1] = $6; n++; next }
    { if (!($1 in want)) { printf "FAIL: comm %s not expected\n", $1; bad = 1; next }
      e = want[$1]; got = $6; seen++
      rel = (got - e) / e; if (rel < 0) rel = -rel
      printf "%s %s: expected %.9g got %.9g rel %.2e\n", what, $1, e, got, rel
      if (rel > tol) { printf "FAIL: comm %s off by %.3g%% (> %.3g%%)\n", $1, rel * 100, tol * 100; bad = 1 } }
    END { if (seen != n) { printf "FAIL: %d comms expected, %d measured\n", n, seen; bad = 1 } exit bad }' "$1" "$2"
}

case "$mode" in
  agree)
    "$bin/contention-predict" --technology "$tech" $predict_param --format csv "$scenario" >"$tmp/predict.csv" || exit 1
    run_bench contention "$tmp/sim.csv"
    compare "$tmp/predict.csv" "$tmp/sim.csv" "contention-vs-predict"
    ;;
  uncontended)
    run_bench SMPI "$tmp/smpi.csv"
    awk -F, -v bw="$BW" 'NR > 1 { printf "%s,%s,%s,%s,%s,%.12g\n", $1, $2, $3, $4, $5, $5 + $4 / bw; next } { print }' \
      "$tmp/smpi.csv" >"$tmp/alone.csv"
    compare "$tmp/alone.csv" "$tmp/smpi.csv" "SMPI-vs-uncontended" || exit 1
    run_bench contention "$tmp/sim.csv"
    awk -F, 'FNR == 1 { next } NR == FNR { t[$1] = $6; next }
             { r = $6 / t[$1]; if (r > max) max = r }
             END { printf "largest contention/SMPI ratio %.3f\n", max; exit !(max >= 1.2) }' \
      "$tmp/smpi.csv" "$tmp/sim.csv" || { echo "FAIL: the contention model slowed no comm down" >&2; exit 1; }
    ;;
  repeat)
    run_bench contention "$tmp/run1.csv" --cfg=contention/trace:"$tmp/trace1.csv"
    run_bench contention "$tmp/run2.csv" --cfg=contention/trace:"$tmp/trace2.csv"
    cmp "$tmp/run1.csv" "$tmp/run2.csv" || { echo "FAIL: two runs gave different times" >&2; exit 1; }
    cmp "$tmp/trace1.csv" "$tmp/trace2.csv" || { echo "FAIL: two runs gave different traces" >&2; exit 1; }
    rows=$(wc -l <"$tmp/trace1.csv")
    [ "$rows" -gt 24 ] || { echo "FAIL: trace has only $rows lines" >&2; exit 1; }
    echo "identical: $(wc -l <"$tmp/run1.csv") result lines, $rows trace lines"
    ;;
  *)
    echo "agree.sh: unknown mode $mode (agree, uncontended, repeat)" >&2
    exit 2
    ;;
esac
