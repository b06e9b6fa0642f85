#!/bin/sh
# unused_options.sh S4U_PROGRAM PLATFORM BIN_DIR RUN_END: a plugin option that the run's
# network model does not use was ignored without a word (contention/... under
# SMPI, loggps/L under contention). Each gets one warning naming the option
# and its model, the run goes on (status 0); an option the model uses gets
# none. Under contention, plugin:link_energy and link_load are warned about
# too: their figures are not SMPI's there.
set -u
prog=$1 platform=$2 bin=$3 run_end=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
# check WARNINGS TEXT ARGS...: the s4u program (or, with "mpi" first in
# ARGS, an MPI program: network/model:loggps needs smpirun) ends with status
# 0 and WARNINGS warnings, one of them with TEXT.
check() {
  want=$1 text=$2
  shift 2
  if [ "$1" = mpi ]; then
    shift
    "$bin/smpirun" -np 2 -platform "$platform" "$@" --log=no_loc --log=xbt_cfg.thres:warning \
      --log=smpi_config.thres:warning "$run_end" ok >"$tmp/out" 2>"$tmp/err"
  else
    "$prog" "$platform" "$@" --log=no_loc --log=xbt_cfg.thres:warning >"$tmp/out" 2>"$tmp/err"
  fi
  rc=$?
  got=$(grep -c "contention/WARNING" "$tmp/err")
  if [ "$rc" -eq 0 ] && [ "$got" -eq "$want" ] && { [ -z "$text" ] || grep -qF -- "$text" "$tmp/err"; }; then
    echo "ok   $*: $got warning(s)"
  else
    echo "FAIL $*: status $rc, $got warning(s), expected 0 and $want with: $text"
    head -3 "$tmp/err"
    fails=$((fails + 1))
  fi
}
check 2 "contention: --cfg=contention/technology:gige is ignored: it applies to network/model:contention, and this run's model is network/model:SMPI" \
  --cfg=network/model:SMPI --cfg=contention/technology:gige --cfg=contention/hold-detached-comms:no
check 1 "contention: --cfg=loggps/L:1e-6 is ignored: it applies to network/model:loggps, and this run's model is network/model:contention" \
  --cfg=network/model:contention --cfg=loggps/L:1e-6 --cfg=contention/technology:gige
check 1 "contention: --cfg=contention/lop:send is ignored: it applies to network/model:contention, and this run's model is network/model:loggps" \
  mpi --cfg=network/model:loggps --cfg=contention/lop:send --cfg=loggps/L:1e-6 --cfg=contention/hold-detached-comms:no
check 1 "contention: --cfg=plugin:link_energy does not give SMPI's figures under network/model:contention" \
  --cfg=network/model:contention --cfg=plugin:link_energy
check 0 "" --cfg=network/model:contention --cfg=contention/technology:gige --cfg=contention/hold-detached-comms:no
check 0 "" --cfg=network/model:SMPI --cfg=plugin:link_energy
[ $fails -eq 0 ]
