# Sourced by intra_host_dip.sh and intra_host_maxmin.sh, with $bin, $prog
# (the pairs program) and $tmp set, and $tmp/plat.xml written.
# run HOSTS OPTIONS... runs one rank per word of HOSTS (8 MB per pair,
# SMPI's factors, crosstraffic and computation off, network/optim:Full)
# and prints its sorted "pair,k,seconds" lines; a failed smpirun prints
# its stderr and a FAIL line, which the caller's comparison then fails on.
run() {
  hosts=$1
  shift
  echo $hosts | tr ' ' '\n' >"$tmp/hosts"
  n=$(echo $hosts | wc -w)
  "$bin/smpirun" -np $n -hostfile "$tmp/hosts" -platform "$tmp/plat.xml" "$prog" 8000000 --cfg=smpi/simulate-computation:0 \
    --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=network/optim:Full \
    --log=root.thres:warning "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err"; echo "FAIL: smpirun $hosts $*"; }
  grep '^pair,' "$tmp/out" | sort
}
