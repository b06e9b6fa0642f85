#!/bin/sh
# printed_digits.sh PREDICT DATA DIGITS ID=VALUE...
# Runs `PREDICT --technology myrinet --format csv DATA` and checks that each
# comm's predicted time, rounded to DIGITS decimals, is the VALUE the paper
# prints: the reconstruction of a lost drawing must give back every printed
# prediction to its printed digits.
set -eu
predict=$1 data=$2 digits=$3
shift 3
out=$("$predict" --technology myrinet --format csv "$data")
echo "$out"
echo "$out" | awk -F, -v digits="$digits" -v want="$*" '
  BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) { split(w[i], kv, "="); exp_[kv[1]] = kv[2] } }
  NR > 1 { got = sprintf("%." digits "f", $6); seen[$1] = 1
           if (!($1 in exp_)) { printf "FAIL comm %s: not in the expected list\n", $1; bad = 1 }
           else if (got != exp_[$1]) { printf "FAIL comm %s: %s rounds to %s, the paper prints %s\n", $1, $6, got, exp_[$1]; bad = 1 }
           else printf "ok   comm %s: %s rounds to %s\n", $1, $6, got }
  END { for (k in exp_) if (!(k in seen)) { printf "FAIL comm %s: not predicted\n", k; bad = 1 }; exit bad }'
