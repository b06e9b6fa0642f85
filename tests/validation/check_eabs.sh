#!/bin/sh
# check_eabs.sh EABS.CSV BOUNDS
# Checks the contention model's E_abs in the validation's eabs.csv against
# BOUNDS, lines "DATASET STYLE BOUND" (percent; STYLE "all" checks the row
# of every style): E_abs <= BOUND, every row found and every run ok.
# Prints one line per check; exit 1 if any fails.
set -eu
csv=$1 expected=$2
[ -s "$csv" ] || { echo "check_eabs: $csv: missing or empty" >&2; exit 1; }
awk -F, -v csv="$csv" '
  FNR == NR { if (FNR > 1 && $5 == "contention") { n = ++rows[$1]; style[$1, n] = $4; e[$1, n] = $7; st[$1, n] = $10 }
              next }
  /^[ \t]*(#|$)/ { next }
  {
    ds = $1; sty = $2; bound = $3; found = 0
    for (i = 1; i <= rows[ds]; i++) {
      if (sty != "all" && style[ds, i] != sty) continue
      found++
      if (st[ds, i] != "ok") { printf "FAIL %s %s: %s\n", ds, style[ds, i], st[ds, i]; bad = 1; continue }
      ok = e[ds, i] + 0 <= bound + 0
      printf "%s %s %s: E_abs %s %% (bound %s %%)\n", ok ? "ok  " : "FAIL", ds, style[ds, i], e[ds, i], bound
      if (!ok) bad = 1
    }
    if (!found) { printf "FAIL %s %s: no contention row in %s\n", ds, sty, csv; bad = 1 }
  }
  END { exit bad }' FS=, "$csv" FS=' ' "$expected"
