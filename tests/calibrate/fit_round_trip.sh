#!/bin/sh
# Round trip of contention-calibrate --fit through the tools: the schemes'
# times predicted by contention-predict under known parameters, with +-1 %
# noise from a fixed seed, fitted back.
#   fit_round_trip.sh BIN TECH [NAME=TRUE | hold:NAME=VALUE]...
# NAME limiter: the times come from contention-predict --limiter TRUE and
# the fits run with --limiter. hold:NAME=VALUE: predicted with that value
# and held there (--hold).
# Checks: every NAME within 10 % of TRUE (0.02 when TRUE < 0.2), the
# leave-one-scheme-out E_abs below 2 %, --fit auto naming TECH, and the
# --emit cfg file holding the fitted flags.
set -eu
bin=$1 tech=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
params="" fitopts=""
for kv in "$@"; do
  case $kv in
    limiter=*) params="$params --limiter ${kv#*=}" fitopts="$fitopts --limiter" ;;
    hold:*) params="$params --param ${kv#hold:}" fitopts="$fitopts --hold ${kv#hold:}" ;;
    *) params="$params --param $kv" ;;
  esac
done
# The benchmark's identifying schemes (a>b: host a sends to host b).
i=0
while read -r scheme; do
  i=$((i + 1))
  f=$tmp/s$i.xml
  {
    echo '<scenario bandwidth="100MBps">'
    for h in 0 1 2 3 4 5 6 7 8 9 10 11; do echo "  <host id=\"n$h\" rack=\"r$((h % 2))\"/>"; done
    c=0
    for e in $scheme; do
      c=$((c + 1))
      echo "  <comm id=\"c$c\" src=\"n${e%>*}\" dst=\"n${e#*>}\" size=\"4000000\"/>"
    done
    echo '</scenario>'
  } > "$f.in"
  # shellcheck disable=SC2086
  "$bin/contention-predict" --technology "$tech" $params --format csv "$f.in" > "$f.csv"
  # measured = finish x (1 + 0.01 u), u in [-1, 1) from a Lehmer generator
  awk -v seed="$i" -F, 'FNR == NR { if (FNR > 1) t[$1] = $6; next }
       BEGIN { x = 12345 + seed * 7919 }
       /<comm / { x = (x * 16807) % 2147483647; u = 2 * x / 2147483647 - 1
                  match($0, /id="[^"]*"/); id = substr($0, RSTART + 4, RLENGTH - 5)
                  sub(/\/>/, sprintf(" measured=\"%.9g\"/>", t[id] * (1 + 0.01 * u))) }
       { print }' "$f.csv" "$f.in" > "$f"
done <<'SCHEMES'
0>1 0>2
0>1 0>2 0>3
0>1 0>2 0>3 0>4
1>0 2>0
1>0 2>0 3>0
1>0 2>0 3>0 4>0
0>1 0>2 3>2
0>1 0>2 0>3 4>3
0>1 0>2 0>3 4>2 5>3 6>3
0>1 1>0
0>1 0>2 1>0
0>1 0>2 0>3 1>2 1>0 2>4
0>3 1>3 2>3 0>4 0>5
0>1 2>3 4>5 6>7
0>1 2>3 4>5 6>7 8>9 10>11
0>1 2>3 4>5 1>0 3>2
SCHEMES
files=$(ls "$tmp"/s*.xml | sort -V)
# shellcheck disable=SC2086
"$bin/contention-calibrate" --fit "$tech" $fitopts --emit cfg "$tmp/cfg" $files > "$tmp/fit" || { cat "$tmp/fit"; exit 1; }
cat "$tmp/fit"
fail=0
for kv in "$@"; do
  name=${kv%%=*} want=${kv#*=}
  case $name in hold:*) continue ;; esac
  if [ "$name" = limiter ]; then
    got=$(sed -n 's|^# limiter \([0-9.]*\) x B: contention-platform-gen --limiter \([0-9.]*\), or limiter_link="\([0-9.e+]*\)Bps" on the <cluster> (B = 100000000 B/s)$|\1 \2 \3|p' "$tmp/fit")
    ratio=${got%% *} rest=${got#* } link=${got##* }
    [ -n "$got" ] && [ "$ratio" = "${rest%% *}" ] &&
      awk -v f="$ratio" -v l="$link" 'BEGIN { d = f * 1e8 - l; exit !(d < 1e-5 * l && d > -1e-5 * l) }' ||
      { echo "FAIL: no limiter line with the ratio, the generator option and limiter_link = ratio x B (within its 6 digits)"; fail=1; }
    got=$ratio
  else
    got=$(sed -n "s|^contention/$tech/$name:||p" "$tmp/fit")
    grep -qx -- "--cfg=contention/$tech/$name:$got" "$tmp/cfg" || { echo "FAIL: $name:$got not in the --emit cfg file"; fail=1; }
  fi
  awk -v g="$got" -v w="$want" -v n="$name" 'BEGIN { tol = w < 0.2 ? 0.02 : 0.1 * w; d = g - w; if (d < 0) d = -d
        if (!(d <= tol)) { printf "FAIL: %s fitted %s, true %s (tol %g)\n", n, g, w, tol; exit 1 } }' || fail=1
done
loo=$(sed -n 's/^# E_abs leave one scheme out: \([0-9.]*\) %.*/\1/p' "$tmp/fit")
awk -v e="$loo" 'BEGIN { if (!(e < 2)) { print "FAIL: held-out E_abs " e " % >= 2 %"; exit 1 } }' || fail=1
# shellcheck disable=SC2086
"$bin/contention-calibrate" --fit auto $(echo "$fitopts" | grep -o -- --limiter) $files > "$tmp/auto" || { cat "$tmp/auto"; exit 1; }
cat "$tmp/auto"
grep -q "^# best: $tech " "$tmp/auto" || { echo "FAIL: --fit auto did not pick $tech"; fail=1; }
exit $fail
