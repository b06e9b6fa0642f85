#!/bin/sh
# profile_link_order.sh DIR PLATFORM: s4u_one_comm (DIR/s4u_one_comm_*, in build/bin)
# sends 20 MiB a -> b on bw-profile.xml with the profile moved to the
# receiver's link, as receiver_profile.sh. The plugin sees profiles through
# its own Profile::schedule, which libsimgrid's calls reach only when the
# plugin comes first in the program's link order. Linked the other way, a
# comm ended at 11.38 ms (no dip) instead of 13.38 ms; the plugin now finds
# that its definition is not the one libsimgrid calls, says so, and keeps
# every link in the variables. Both orders must give SMPI's time (relative
# 5e-6, as bw_profile.sh), and only the second one the notice.
set -u
dir=$1 platform=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/receiver_profile_setup.sh"
fails=0
for order in plugin_first simgrid_first; do # the order the loader sees
  first=$(readelf -d "$dir/s4u_one_comm_$order" | sed -n 's/.*NEEDED.*\[lib\([a-z-]*\).*/\1/p' | grep -m1 -E '^(simgrid|contention-simgrid)$')
  expect=simgrid
  [ $order = plugin_first ] && expect=contention-simgrid
  [ "$first" = $expect ] || { echo "FAIL: s4u_one_comm_$order loads lib$first first, not lib$expect"; exit 1; }
done
for order in plugin_first simgrid_first; do
  for model in SMPI contention; do
    "$dir/s4u_one_comm_$order" "$tmp/plat.xml" --cfg=network/model:$model --cfg=network/crosstraffic:0 --cfg=smpi/bw-factor:0:1 \
      >"$tmp/out" 2>"$tmp/err" || { echo "FAIL $order $model: the run failed:"; cat "$tmp/err"; fails=$((fails + 1)); continue; }
    awk -v w="$want" -v what="$order $model" '{ d = ($1 - w) / w; if (d < 0) d = -d
        printf "%s: %.9g s, expected %.9g s (rel %.1e)\n", what, $1, w, d; if (d > 5e-6) bad = 1 }
        END { exit NR != 1 || bad }' "$tmp/out" || fails=$((fails + 1))
    notice=no
    grep -q "do not reach the plugin" "$tmp/err" && notice=yes
    expect=no
    [ $order = simgrid_first ] && [ $model = contention ] && expect=yes
    [ $notice = $expect ] || { echo "FAIL $order $model: notice $notice, expected $expect"; fails=$((fails + 1)); }
  done
done
[ $fails -eq 0 ]
