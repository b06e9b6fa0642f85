#!/bin/sh
# check_predictor.sh EABS.CSV COMPARE ROOT TOL STYLE...
# The contention model inside SimGrid must give the E_abs that the
# standalone predictor gives on the same data (contention-compare, step
# solver, same technology): for every contention row of the validation's
# eabs.csv in one of the STYLEs whose data file carries measured times and
# whose platform has no limiter link,
# |E_abs(smpirun) - E_abs(contention-compare)| <= TOL (percent points).
set -eu
csv=$1 compare=$2 root=$3 tol=$4
shift 4
bad=0 n=0
for style in "$@"; do
  rows=$(awk -F, -v s="$style" 'NR > 1 && $5 == "contention" && $4 == s { print $1 "," $7 "," $10 "," $11 "," $12 "," $3 }' "$csv")
  [ -n "$rows" ] || { echo "FAIL no contention row of style $style in $csv"; bad=1; continue; }
  for row in $rows; do
    IFS=, read -r ds sim status data tech platform <<EOR
$row
EOR
    grep -q 'measured=' "$root/$data" || continue
    # the predictor has no limiter links: a platform with limiters is not
    # its to judge
    if grep -q 'limiter_link=' "$root/$platform"; then echo "skip $ds $style: limiter links"; continue; fi
    if [ "$status" != ok ]; then echo "FAIL $ds $style: $status"; bad=1; continue; fi
    # TECHNOLOGY[:PARAM=VALUE...] (scripts/validate-datasets.txt)
    set -- --technology "${tech%%:*}"
    rest=${tech#"${tech%%:*}"}
    while [ -n "$rest" ]; do
      rest=${rest#:}
      set -- "$@" --param "${rest%%:*}"
      rest=${rest#"${rest%%:*}"}
    done
    pred=$("$compare" "$@" --format csv "$root/$data" | awk -F, '$3 == "E_abs" { print $6 }')
    n=$((n + 1))
    if awk -v a="$sim" -v b="$pred" -v t="$tol" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; then
      echo "ok   $ds $style: E_abs $sim % in SimGrid, $pred % predicted"
    else
      echo "FAIL $ds $style: E_abs $sim % in SimGrid, $pred % predicted (tolerance $tol)"; bad=1
    fi
  done
done
echo "$n comparisons"
exit $bad
