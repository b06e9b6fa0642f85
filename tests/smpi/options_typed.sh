#!/bin/sh
# options_typed.sh BIN_DIR PLATFORM: smpirun --help lists every option of the
# plugin with its type and a readable default (numbers as numbers).
set -u
out=$("$1/smpirun" -np 1 -platform "$2" /bin/true --help 2>&1) || { echo "$out"; exit 1; }
fails=0
expect() { # OPTION TYPE VALUE
  line=$(printf '%s\n' "$out" | awk -v o="   $1:" 'index($0, o) == 1 { getline; print; exit }')
  if [ "$line" = "       Type: $2; Current value: $3" ]; then
    echo "ok   $1: $2 $3"
  else
    echo "FAIL $1: got '$line', expected type $2, value $3"; fails=$((fails + 1))
  fi
}
expect contention/technology string infiniband
expect contention/node-links string penalty
expect contention/gige/beta double 0.75
expect contention/gige/gamma_i double 0.036
expect contention/hier-ethernet/backbone double 9400
expect contention/bandwidth string ""
[ $fails -eq 0 ]
