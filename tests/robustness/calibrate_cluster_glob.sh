#!/bin/sh
# scripts/calibrate-cluster.sh passes --launcher-args to the launcher as
# words, never as file patterns: '-w node[12]' run in a directory holding
# files node1 and node2 reached srun as '-w node1 node2'. A fake mpicc and
# srun (which records its arguments and fails) stand for the cluster's.
#   calibrate_cluster_glob.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/fake" "$tmp/work"
printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done\n' > "$tmp/fake/mpicc"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" > "%s/args"\nexit 1\n' "$tmp" > "$tmp/fake/srun"
chmod +x "$tmp/fake/mpicc" "$tmp/fake/srun"
: > "$tmp/work/node1"
: > "$tmp/work/node2"
cd "$tmp/work"
set +e
PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --launcher srun --nodes 2 --out "$tmp/out" \
  --build "$build" --launcher-args "-w node[12]" > "$tmp/log" 2>&1
set -e
[ -f "$tmp/args" ] || { cat "$tmp/log"; fail "srun was not run"; }
grep -qx 'node\[12\]' "$tmp/args" || { cat "$tmp/args"; fail "--launcher-args '-w node[12]' did not reach srun as is"; }
! grep -qx node1 "$tmp/args" || fail "node[12] was expanded to file names"
echo "calibrate-cluster.sh: --launcher-args reach the launcher unexpanded"
