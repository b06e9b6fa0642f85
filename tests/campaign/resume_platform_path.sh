#!/usr/bin/env bash
# --resume checked the profiles a platform names where the runs' directory,
# a --cfg=path:DIR or the platform's directory holds them, not where the
# platform's own <config><prop id="path" value="DIR"/> does, which SimGrid
# also looks in: a bandwidth profile found there and edited between a stop
# and --resume changed the resumed runs' times under the same row label
# (the edit unseen, exit 0). Now --resume refuses, naming the file; with
# it as it was, it runs.
# usage: resume_platform_path.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
instant_campaign_dir "$2"
export BUILD_DIR=$tmp/nobuild
mkdir plats profdir
cat > plats/plat.xml <<'EOT'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <config><prop id="path" value="profdir"/></config>
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"><prop id="path" value="elsewhere"/></host>
    <host id="b" speed="1Gf"/>
    <link id="l" bandwidth="1GBps" latency="1us" bandwidth_file="bw.txt"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>
</platform>
EOT
printf 'PERIODICITY 1\n0 0.5\n' > profdir/bw.txt # (only there)
printf 'a\nb\n' > hosts
bash "$cmp" --smpirun ./fake-smpirun --program ./app --platform plats/plat.xml --hostfile hosts --np "1 2" \
  --models SMPI -j 1 -q --no-figures --out out > /dev/null
rm out/runs/0001.csv # as if run 1 was interrupted
cp profdir/bw.txt bw.orig
echo "1 0.25" >> profdir/bw.txt
resume_refused "profdir/bw.txt edited" "$tmp/profdir/bw.txt"
mv bw.orig profdir/bw.txt
bash "$cmp" --resume out -j 1 -q --no-figures > /dev/null || fail "--resume with the profile as it was"
[ "$(value out/results.csv 1 status)" = ok ] || fail "run 1 not ok after --resume"
echo "--resume with a profile found through the platform's <config> path edited: refused, exit 2; as it was: ran"
