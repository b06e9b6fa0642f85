#!/bin/sh
# scripts/calibrate-cluster.sh on measurements that are not there or not
# rows: a ping-pong file of a header only gave a platform of latency 0 s
# with exit 0; a row 'size,nan' did too, and one past the largest double
# (inf in awk; as the smallest size's, a latency the platform generator
# refused, exit 2); a missing schemes/00-ref.xml ended in sed's error with
# exit status 2 (a usage error); a smallest duration whose quarter (the
# link latency) is below 1e-300 s (a subnormal 4.9e-324 rounded to 0: a
# platform of latency 0 s, exit 0; 1e-300: the generator's refusal, exit
# 2) or above 1e300 s (1e308, exit 2). Each is now one line
# naming the file (and line), exit 1. A fake mpicc and mpirun replay the
# measurements of $tmp/m (the first case, with good rows, must pass).
#   calibrate_cluster_damaged.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/fake" "$tmp/m"
printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done\n' > "$tmp/fake/mpicc"
cat > "$tmp/fake/mpirun" <<EOT
#!/bin/sh
while [ \$# -gt 0 ]; do case \$1 in -np | --map-by) shift 2 ;; *) break ;; esac; done
case \$(basename "\$1") in
  pingpong) cat "$tmp/m/\$2.csv" ;;
  contention-bench) cp "$tmp"/m/*.xml "\$3"/ 2>/dev/null || true ;;
esac
EOT
chmod +x "$tmp/fake/mpicc" "$tmp/fake/mpirun"
printf 'size,duration\n1,8.3e-03\n8,2.29e-05\n1024,2.7e-05\n' > "$tmp/m/good.csv"
for mode in send recv pingpong; do cp "$tmp/m/good.csv" "$tmp/m/$mode.csv"; done
printf '<?xml version="1.0"?>\n<scenario bandwidth="4.8e+09">\n  <comm id="ref" src="n0" dst="n1" size="20000" measured="4.149e-06"/>\n</scenario>\n' > "$tmp/m/00-ref.xml"
printf '<?xml version="1.0"?>\n<scenario bandwidth="4.8e+09">\n  <comm id="c0" src="n0" dst="n1" size="20000" measured="4.149e-06"/>\n  <comm id="c1" src="n1" dst="n0" size="20000" measured="7.89e-06"/>\n</scenario>\n' > "$tmp/m/10-bidir.xml"

# case NAME STATUS TEXT: runs the script on $tmp/m; its exit status and, for
# an error, its last stderr line.
case_() {
  set +e
  PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/$1" --reps 1 \
    --p2p-steps 1 --build "$build" > "$tmp/$1.log" 2>&1
  rc=$?
  set -e
  [ "$rc" = "$2" ] || { cat "$tmp/$1.log"; fail "$1: exit status $rc, expected $2"; }
  [ -z "$3" ] || [ "$(tail -n 1 "$tmp/$1.log")" = "$3" ] || { cat "$tmp/$1.log"; fail "$1: not the error: $3"; }
}
case_ good 0 ""
grep -q 'lat="0.002075s"' "$tmp/good/platform.xml" || { cat "$tmp/good/platform.xml"; fail "good: link latency"; }
accepted="(accepted: size,duration rows, a whole number of bytes and a number of seconds from 1e-299 to 1e299, as pingpong writes them)"
echo size,duration > "$tmp/m/pingpong.csv"
case_ header-only 1 "calibrate-cluster.sh: $tmp/header-only/p2p/pingpong.csv: no measurement $accepted"
printf 'size,duration\n1,8.3e-03\n8,nan\n' > "$tmp/m/pingpong.csv"
case_ nan 1 "calibrate-cluster.sh: $tmp/nan/p2p/pingpong.csv:3: not a measurement row $accepted"
printf 'size,duration\n1,8.3e-03\n8,1e400\n' > "$tmp/m/pingpong.csv"
case_ overflow 1 "calibrate-cluster.sh: $tmp/overflow/p2p/pingpong.csv:3: not a measurement row $accepted"
for d in 4.9e-324 1e-300 1e308; do
  printf 'size,duration\n1,%s\n8,2.29e-05\n' $d > "$tmp/m/pingpong.csv"
  case_ "duration-$d" 1 "calibrate-cluster.sh: $tmp/duration-$d/p2p/pingpong.csv:2: not a measurement row $accepted"
done
cp "$tmp/m/good.csv" "$tmp/m/pingpong.csv"
rm "$tmp/m/00-ref.xml"
case_ no-ref 1 "calibrate-cluster.sh: $tmp/no-ref/schemes/00-ref.xml: not written (the contention measurement failed; accepted: the lone comm's scheme that contention-bench --schemes writes)"
echo "calibrate-cluster.sh: damaged measurements are one error line naming the file"
