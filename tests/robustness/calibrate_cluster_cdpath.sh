#!/bin/sh
# scripts/calibrate-cluster.sh with a relative --out and CDPATH exported
# (CDPATH=. in a user's profile): 'cd "$out"' printed the directory it
# found through CDPATH, and out=$(cd "$out" && pwd) held it twice, on two
# lines: every output path was broken (mpicc -o "DIR<newline>DIR/bin/...").
# With CDPATH naming another directory holding one of that name, the
# results went there. A fake mpicc and mpirun replay measurements.
#   calibrate_cluster_cdpath.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/fake" "$tmp/m" "$tmp/work" "$tmp/other" "$tmp/other/c"
printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done\n' > "$tmp/fake/mpicc"
cat > "$tmp/fake/mpirun" <<EOT
#!/bin/sh
while [ \$# -gt 0 ]; do case \$1 in -np | --map-by) shift 2 ;; *) break ;; esac; done
case \$(basename "\$1") in
  pingpong) cat "$tmp/m/\$2.csv" ;;
  contention-bench) cp "$tmp"/m/*.xml "\$3"/ ;;
esac
EOT
chmod +x "$tmp/fake/mpicc" "$tmp/fake/mpirun"
printf 'size,duration\n1,8.3e-03\n8,2.29e-05\n1024,2.7e-05\n' > "$tmp/m/send.csv"
cp "$tmp/m/send.csv" "$tmp/m/recv.csv" && cp "$tmp/m/send.csv" "$tmp/m/pingpong.csv"
printf '<?xml version="1.0"?>\n<scenario bandwidth="4.8e+09">\n  <comm id="ref" src="n0" dst="n1" size="20000" measured="4.149e-06"/>\n</scenario>\n' > "$tmp/m/00-ref.xml"
printf '<?xml version="1.0"?>\n<scenario bandwidth="4.8e+09">\n  <comm id="c0" src="n0" dst="n1" size="20000" measured="4.149e-06"/>\n  <comm id="c1" src="n1" dst="n0" size="20000" measured="7.89e-06"/>\n</scenario>\n' > "$tmp/m/10-bidir.xml"
cd "$tmp/work"
for cdpath in . "$tmp/other"; do
  rm -rf c
  set +e
  CDPATH=$cdpath PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out c --reps 1 \
    --p2p-steps 1 --build "$build" > "$tmp/log" 2>&1
  rc=$?
  set -e
  [ $rc = 0 ] || { cat "$tmp/log"; fail "CDPATH=$cdpath: exit status $rc, want 0"; }
  grep -qx "platform $tmp/work/c/platform.xml $tmp/work/c/hostfile" c/campaign.txt ||
    { cat c/campaign.txt; fail "CDPATH=$cdpath: not the platform line of $tmp/work/c"; }
  [ ! -e "$tmp/other/c/platform.xml" ] || fail "CDPATH=$cdpath: results written into $tmp/other/c"
done
echo "a relative --out with CDPATH set: the results in --out"
