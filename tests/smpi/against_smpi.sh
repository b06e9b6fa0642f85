# Sourced by the smpi tests that compare a time with SMPI's: needs $tmp
# and $fails. against_smpi WHAT GOT REF prints both times and their
# relative difference, and counts a failure (printing $tmp/err, the run's
# stderr) when REF is not positive or the difference is above 1e-6.
against_smpi() {
  awk -v what="$1" -v g="$2" -v r="$3" 'BEGIN {
    d = (g - r) / r; if (d < 0) d = -d
    printf "%s: %.9g s, SMPI %.9g s (rel %.1e)\n", what, g, r, d; exit !(r > 0 && d <= 1e-6) }' ||
    { fails=$((fails + 1)); cat "$tmp/err" 2>/dev/null; }
}

# rate_comms_against_smpi PROGRAM PLATFORM CFG...: PROGRAM (s4u_rate_comm:
# a -> b and c -> d from $rate_start, default 0, no rate) on PLATFORM under SMPI, then under
# contention in both node-link modes, factors 1, no cross-traffic,
# network/optim:Full, with CFG; each comm's time against SMPI's. A run
# that fails or lasts over 60 s counts a failure.
rate_comms_against_smpi() {
  prog=$1 plat=$2
  shift 2
  for mode in SMPI penalty maxmin; do
    case $mode in
      SMPI) model=--cfg=network/model:SMPI links= ;;
      *) model=--cfg=network/model:contention links=--cfg=contention/node-links:$mode ;;
    esac
    timeout 60 "$prog" "$plat" "${rate_start:-0}" -1 --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
      --cfg=smpi/lat-factor:0:1 --cfg=network/optim:Full --log=root.thres:warning $model $links "$@" \
      >"$tmp/$mode" 2>"$tmp/err" || { echo "FAIL: the $mode run failed:"; cat "$tmp/err"; fails=$((fails + 1)); }
  done
  for mode in penalty maxmin; do
    for id in ab cd; do
      against_smpi "node-links:$mode $id" "$(sed -n "s/^$id,//p" "$tmp/$mode")" "$(sed -n "s/^$id,//p" "$tmp/SMPI")"
    done
  done
}

# four_hosts_platform LINK_LINE...: a platform of hosts a, b, c, d, each
# with its own link l<host>, behind a backbone bb: the LINK_LINEs (the
# <link> elements, any extra <route>), then every pair's route l<src>,
# bb, l<dst>.
four_hosts_platform() {
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="z" routing="Full">'
  for h in a b c d; do echo "  <host id=\"$h\" speed=\"1Gf\"/>"; done
  for line in "$@"; do echo "  $line"; done
  for p in "a b" "a c" "a d" "b c" "b d" "c d"; do
    set -- $p
    echo "  <route src=\"$1\" dst=\"$2\"><link_ctn id=\"l$1\"/><link_ctn id=\"bb\"/><link_ctn id=\"l$2\"/></route>"
  done
  echo '</zone></platform>'
}

# start_comm_against_smpi WHAT PROGRAM PLATFORM ARGS...: PROGRAM
# (s4u_bandwidth_at_start: PLATFORM ARGS...) under SMPI, then under
# contention in both node-link modes, weight-S 0, network/optim:Full, no
# cross-traffic: its comm's time against SMPI's.
start_comm_against_smpi() {
  what=$1
  shift
  ref=$(start_comm_time "$@" --cfg=network/model:SMPI)
  for mode in penalty maxmin; do
    against_smpi "node-links:$mode $what" \
      "$(start_comm_time "$@" --cfg=network/model:contention --cfg=contention/node-links:$mode)" "$ref"
  done
}
start_comm_time() { # PROGRAM PLATFORM ARGS...
  timeout 60 "$@" --cfg=network/weight-S:0 --cfg=network/optim:Full --cfg=network/crosstraffic:0 \
    --log=root.thres:warning 2>"$tmp/err" | sed -n 's/^ab,//p'
}
