#!/bin/sh
# The step solver's limiter against the plugin's: limiter-s5.xml run by
# smpirun on platforms/gige-testbed-limiter.xml (limiter 1.54 B, GigE
# rules, SMPI factors 1, no cross-traffic) and predicted by
# contention-predict --limiter 1.54. Every comm agrees within 30 us, the
# route's latency (24.8 us; measured: 24.8 to 25.1 us), and the limiter
# matters: without it the predictor is over 20 % faster on comm a.
#   smpi_limiter.sh SOURCE_DIR BIN_DIR
set -eu
src=$1 bin=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TMPDIR=$tmp "$bin/contention-bench-run" "$src/tests/calibrate/limiter-s5.xml" \
  -platform "$src/platforms/gige-testbed-limiter.xml" --cfg=network/model:contention \
  --cfg=contention/technology:gige --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
  --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no --log=root.thres:warning > "$tmp/smpi"
"$bin/contention-predict" --technology gige --limiter 1.54 --format csv "$src/tests/calibrate/limiter-s5.xml" \
  > "$tmp/limited"
"$bin/contention-predict" --technology gige --format csv "$src/tests/calibrate/limiter-s5.xml" > "$tmp/free"
cat "$tmp/smpi" "$tmp/limited"
awk -F, 'FILENAME == ARGV[1] && NF == 6 && $1 != "comm" { s[$1] = $6 - $5 }
         FILENAME == ARGV[2] && NF == 6 && $1 != "comm" { p[$1] = $6 - $5 }
         FILENAME == ARGV[3] && NF == 6 && $1 != "comm" { f[$1] = $6 - $5 }
         END {
           for (c in p) {
             n++
             d = s[c] - p[c]
             if (!(c in s) || d < 0 || d > 30e-6) { printf "FAIL: comm %s: smpirun %s s, predicted %s s\n", c, s[c], p[c]; bad = 1 }
           }
           if (n != 5) { print "FAIL: " n " comms predicted"; bad = 1 }
           if (!(f["a"] < 0.8 * p["a"])) { print "FAIL: the limiter does not slow comm a"; bad = 1 }
           exit bad
         }' "$tmp/smpi" "$tmp/limited" "$tmp/free"
