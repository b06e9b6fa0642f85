#!/usr/bin/env bash
# --resume checked a platform file's own content, not the profiles it
# names (a link's bandwidth_file, a host's speed_file or state_file...),
# which SimGrid reads from the runs' directory, a --cfg=path:DIR or the
# platform's directory: an edited bandwidth profile changed the resumed
# runs' times under the same row label. Now --resume refuses, naming the
# file; with it as it was, it runs.
# usage: resume_profile_file.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
mkdir plats
cat > plats/plat.xml <<'EOT'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf" speed_file="speed.txt"/>
    <host id="b" speed="1Gf" state_file="state.txt"/>
    <link id="l" bandwidth="1GBps" latency="1us" bandwidth_file="bw.txt"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>
</platform>
EOT
printf '0 1\n' > plats/speed.txt  # beside the platform
printf '0 1e9\n' > bw.txt         # in the runs' directory
mkdir profiles
printf '0 1\n' > profiles/state.txt  # in a --cfg=path:DIR
printf 'a\nb\n' > hosts
bash "$cmp" --smpirun ./fake-smpirun --program ./app --platform plats/plat.xml --hostfile hosts --np "1 2" \
  --models SMPI -j 1 -q --no-figures --out out -- --cfg=path:profiles > /dev/null
rm out/runs/0001.csv # as if run 1 was interrupted
for f in bw.txt plats/speed.txt profiles/state.txt; do
  cp $f $f.orig
  echo "1 0.5" >> $f
  resume_refused "$f edited" "$tmp/$f"
  mv $f.orig $f
done
bash "$cmp" --resume out -j 1 -q --no-figures > /dev/null || fail "--resume with the profiles as they were"
[ "$(value out/results.csv 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with a platform's profile edited: refused, exit 2; as it was: ran"
