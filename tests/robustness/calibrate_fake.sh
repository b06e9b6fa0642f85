# fake_cluster DIR (sourced): a fake mpicc and mpirun in DIR/fake (put it
# first on PATH) that replay good measurements of DIR/m, so that
# scripts/calibrate-cluster.sh runs to its end without a cluster.
fake_cluster() {
  mkdir -p "$1/fake" "$1/m"
  printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done\n' > "$1/fake/mpicc"
  cat > "$1/fake/mpirun" <<EOT
#!/bin/sh
while [ \$# -gt 0 ]; do case \$1 in -np | --map-by) shift 2 ;; *) break ;; esac; done
case \$(basename "\$1") in
  pingpong) cat "$1/m/\$2.csv" ;;
  contention-bench) cp "$1"/m/*.xml "\$3"/ ;;
esac
EOT
  chmod +x "$1/fake/mpicc" "$1/fake/mpirun"
  printf 'size,duration\n1,8.3e-03\n8,2.29e-05\n1024,2.7e-05\n' > "$1/m/send.csv"
  cp "$1/m/send.csv" "$1/m/recv.csv" && cp "$1/m/send.csv" "$1/m/pingpong.csv"
  printf '<?xml version="1.0"?>\n<scenario bandwidth="4.8e+09">\n  <comm id="ref" src="n0" dst="n1" size="20000" measured="4.149e-06"/>\n</scenario>\n' > "$1/m/00-ref.xml"
  printf '<?xml version="1.0"?>\n<scenario bandwidth="4.8e+09">\n  <comm id="c0" src="n0" dst="n1" size="20000" measured="4.149e-06"/>\n  <comm id="c1" src="n1" dst="n0" size="20000" measured="7.89e-06"/>\n</scenario>\n' > "$1/m/10-bidir.xml"
}

# marker_cluster (sourced; uses $tmp): fake_cluster "$tmp", the fake
# mpirun kept as $tmp/fake/replay (for a launcher script to call), and a
# copy of sleep, $tmp/fake/marker-sleep, for launchers to leave running;
# at exit the markers left are killed and $tmp removed.
marker_cluster() {
  trap 'pkill -KILL -f "$tmp/fake/marker-sleep" 2>/dev/null || true; rm -rf "$tmp"' EXIT
  fake_cluster "$tmp"
  cp "$(command -v sleep)" "$tmp/fake/marker-sleep"
  mv "$tmp/fake/mpirun" "$tmp/fake/replay"
}

# calibrate_with LAUNCHER-COMMANDS ARGS... (sourced; uses $tmp, $src,
# $build): the fake mpirun becomes a script of LAUNCHER-COMMANDS, then
# scripts/calibrate-cluster.sh runs on 2 nodes with ARGS; its exit status
# in $rc, its stderr in $tmp/err.
calibrate_with() {
  printf '#!/bin/sh\n%s\n' "$1" > "$tmp/fake/mpirun"
  chmod +x "$tmp/fake/mpirun"
  shift
  set +e
  PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/out" --reps 1 --p2p-steps 1 \
    --build "$build" "$@" > /dev/null 2> "$tmp/err"
  rc=$?
  set -e
}
