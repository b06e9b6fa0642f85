#!/bin/sh
# scripts/calibrate-cluster.sh when the point-to-point fit fails (noisy
# data: a small segment whose time decreases), with stand-ins for mpicc and
# mpirun that give canned measurements. smpirun.cfg held the contention
# flags only, so SimGrid's default SMPI factors, another cluster's, rescaled
# the calibrated route: a lone 4 MB comm took 0.0426427 s on a platform
# whose link bandwidth and latency give 0.0400102 s (bw-factor 0.94, the
# latency times 11.6). Now smpirun.cfg sets both factors to 1: the lone
# comm takes the platform's time.
#   cluster_p2p_failed.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$tmp/fake" "$tmp/schemes"
# mpicc ... -o OUT: OUT prints the canned ping-pong rows, or copies the
# canned schemes into --schemes DIR.
cat > "$tmp/fake/mpicc" <<'EOT'
#!/bin/sh
out= prog=
while [ $# -gt 0 ]; do
  case $1 in -o) out=$2; shift ;; *pingpong.c) prog=pingpong ;; *contention_bench.c) prog=bench ;; esac
  shift
done
if [ "$prog" = pingpong ]; then
  printf '#!/bin/sh\ncat "%s/pingpong.csv"\n' "$FAKE" > "$out"
else
  printf '#!/bin/sh\nwhile [ "$1" != --schemes ]; do shift; done\ncp "%s"/schemes/*.xml "$2"\n' "$FAKE" > "$out"
fi
chmod +x "$out"
EOT
# mpirun OPTIONS PROGRAM ARGS: runs PROGRAM ARGS once.
cat > "$tmp/fake/mpirun" <<'EOT'
#!/bin/sh
while [ $# -gt 0 ]; do case $1 in /*) exec "$@" ;; esac; shift; done
EOT
chmod +x "$tmp/fake/mpicc" "$tmp/fake/mpirun"
# Round trips of 1e-5 s + size / 1e8 B/s, but decreasing below 1420 B.
awk 'BEGIN { print "size,duration"; for (s = 1; s <= 67108864; s *= 2)
  printf "%d,%.9g\n", s, s <= 1420 ? 2e-5 - s * 1e-9 : 1e-5 + s / 1e8 }' > "$tmp/pingpong.csv"
cat > "$tmp/schemes/00-ref.xml" <<'EOT'
<scenario bandwidth="1e8">
  <comm id="c0" src="n0" dst="n1" size="4000000" measured="0.04"/>
</scenario>
EOT
cp "$src/tests/calibrate/fit/out2.xml" "$src/tests/calibrate/fit/out3.xml" "$tmp/schemes/"
PATH=$tmp/fake:$PATH FAKE=$tmp sh "$src/scripts/calibrate-cluster.sh" --nodes 4 --out "$tmp/c" --build "$build" \
  --fit infiniband > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/err"; fail "calibrate-cluster.sh exited $?"; }
grep -q 'warning: the point-to-point fit failed' "$tmp/err" || { cat "$tmp/err"; fail "no warning of the failed fit"; }
# shellcheck disable=SC2046
"$build/bin/smpirun" -np 2 -platform "$tmp/c/platform.xml" -hostfile "$tmp/c/hostfile" $(cat "$tmp/c/smpirun.cfg") \
  --log=root.thres:warning "$build/bin/contention-bench" a:n0:n1:4000000 > "$tmp/run.csv" 2> "$tmp/run.err" ||
  { cat "$tmp/run.err"; fail "smpirun with smpirun.cfg"; }
# the platform's time: (4e6 B + SMPI's 16 B envelope) / 1e8 B/s + the
# route latency (half the smallest round trip)
t=$(awk -F, '$1 == "a" { print $6 }' "$tmp/run.csv")
awk -v t="$t" 'BEGIN { want = 4000016 / 1e8 + (2e-5 - 1e-9) / 2; exit !(t > 0 && (t - want) / want < 1e-6 && (want - t) / want < 1e-6) }' ||
  { cat "$tmp/c/smpirun.cfg" "$tmp/run.csv"; fail "lone 4 MB comm took '$t' s, want 0.0400101595 s (the platform's) within 1e-6"; }
echo "failed point-to-point fit: the lone comm takes the platform's time ($t s)"
