#!/bin/sh
# The schemes of contention-bench under SimGrid with the plugin give
# contention-predict's time of every comm within 1e-6 (relative): under
# SMPI every rank times a run from one common origin, as the predictor
# starts every comm at 0. Timed from each rank's own exit from the
# barrier, the comms into rank 0's host were 4.4e-5 off.
#   smpi_schemes_agree.sh BIN_DIR
set -eu
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/contention-platform-gen" --nodes 12 --bw 1Gbps --lat 0s --prefix n --first 0 -o "$tmp/p.xml"
for i in 0 1 2 3 4 5 6 7 8 9 10 11; do echo "n$i"; done > "$tmp/hosts"
printf 'ring 0>1 1>2 2>3 3>4 4>5 5>6 6>7 7>8 8>9 9>0\nmix 0>1 0>2 3>1 4>5 5>6 6>4 7>0\n' > "$tmp/schemes"
"$bin/smpirun" -np 12 -platform "$tmp/p.xml" -hostfile "$tmp/hosts" --cfg=network/model:contention \
  --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:warning \
  "$bin/contention-bench" --schemes "$tmp/out" --reps 1 --scheme-file "$tmp/schemes"
bad=0
for f in "$tmp"/out/*.xml; do
  "$bin/contention-predict" --format csv "$f" > "$tmp/predict.csv"
  # measured="T" of each comm id, against the predicted finish (column 6)
  sed -n 's/.*<comm id="\([^"]*\)".* measured="\([^"]*\)".*/\1,\2/p' "$f" |
    awk -F, -v name="$(basename "$f")" 'NR == FNR { m[$1] = $2; next }
      FNR > 1 { r = ($6 - m[$1]) / m[$1]; if (r < 0) r = -r
                printf "%s %s: predicted %.9g measured %.9g rel %.2e\n", name, $1, $6, m[$1], r
                if (r > 1e-6) { print "FAIL: " name " " $1 " off by " r; bad = 1 } }
      END { exit bad }' - "$tmp/predict.csv" || bad=1
done
exit $bad
