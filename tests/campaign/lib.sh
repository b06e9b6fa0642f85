# Helpers of the campaign tests (sourced; $src is the source tree).
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# build_app NAME DIR: compiles tests/campaign/NAME.c into DIR/NAME with
# smpicc, as a user builds an MPI program.
build_app() {
  smpicc -O2 -Wall -Wextra -Werror "$src/tests/campaign/$1.c" -o "$2/$1" || fail "smpicc $1.c"
}

# column CSV NAME: prints column NAME of every row of a results.csv (the
# columns before 'note', which holds free text, only).
column() {
  awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } { print $c }' "$1"
}

# value CSV RUN NAME: column NAME of run RUN.
value() {
  awk -F, -v run="$2" -v name="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
    $1 == run { print $c }' "$1"
}

# same_rows A.csv B.csv: the rows agree on every column up to the checksum
# (wall time and memory change from one execution to the next).
same_rows() {
  cut -d, -f1-10 "$1" > "$1.cut"
  cut -d, -f1-10 "$2" > "$2.cut"
  diff "$1.cut" "$2.cut" >&2 || fail "rows of $1 and $2 differ"
}

# campaign_dir BUILD_DIR [APP]: the set-up every campaign test shares:
# exports BUILD_DIR (the tree whose smpirun runs the campaign), makes $tmp
# (removed at exit) and sets $cmp to compare-models.sh; with APP, builds
# tests/campaign/APP.c into $tmp and works there.
campaign_dir() {
  export BUILD_DIR=$1
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cmp=$src/scripts/compare-models.sh
  if [ $# -gt 1 ]; then
    build_app "$2" "$tmp"
    cd "$tmp"
  fi
}

# fake_slurm SQUEUE_SCRIPT: stand-ins for Slurm's commands in $tmp/bin
# (put it first on PATH, with FAKE=$tmp): sbatch numbers its jobs 101,
# 102, ... (count in $tmp/count), squeue runs the given sh commands,
# scontrol allows job arrays of 1001 tasks.
fake_slurm() {
  mkdir "$tmp/bin"
  cat > "$tmp/bin/sbatch" <<'EOT'
#!/bin/sh
n=$(cat "$FAKE/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$FAKE/count"
echo $((100 + n))
EOT
  printf '#!/bin/sh\n%s\n' "$1" > "$tmp/bin/squeue"
  printf '#!/bin/sh\necho "MaxArraySize = 1001"\n' > "$tmp/bin/scontrol"
  chmod +x "$tmp/bin/"*
}

# fake_launcher COMMANDS: in the current directory, ./fake-smpirun, a
# stand-in for the build's smpirun that names one model (SMPI) and runs
# the given sh commands for each run; ./marker-sleep, a copy of sleep for
# those commands to stand for a simulation (pgrep finds it); ./app, an
# empty program; nobuild/bin, a build without the benchmark kernel (no
# check run before the runs).
fake_launcher() {
  cp "$(command -v sleep)" marker-sleep
  printf '#!/bin/sh\ncase "$*" in *network/model:help*) echo "  SMPI: fake"; exit 0 ;; esac\n%s\n' "$1" \
    > fake-smpirun
  chmod +x fake-smpirun
  printf '#!/bin/sh\n' > app && chmod +x app
  mkdir -p nobuild/bin
}

# markers_left: the pids of ./marker-sleep processes (fake_launcher's)
# still running, exactly that program (not a command naming it).
markers_left() { ps -eo pid=,args= | awk -v m="$tmp/marker-sleep" '$2 == m { print $1 }'; }

# kill_markers_at_exit: at exit, kills the markers left (so a failing
# test leaves nothing running) before removing $tmp.
kill_markers_at_exit() {
  trap 'pids=$(markers_left); [ -z "$pids" ] || kill -KILL $pids; rm -rf "$tmp"' EXIT
}

# resume_refused WHAT FILE: `--resume out` (in the current directory)
# stops at once, exit 2, with the one line naming FILE as changed since
# the campaign was planned, and runs nothing (out/runs/0001.csv absent).
resume_refused() {
  set +e
  bash "$cmp" --resume out -j 1 -q --no-figures > stdout 2> err
  rc=$?
  set -e
  [ $rc = 2 ] || { cat err; fail "$1: exit status $rc, want 2"; }
  grep -qx "compare-models: '$tmp/out': $2 changed since the campaign was planned (its finished runs used the former content); accepted: the file as it was, or a new campaign (same or another --out DIR)" err \
    || { cat err; fail "$1: not the one line naming $2"; }
  [ ! -e out/runs/0001.csv ] || fail "$1: run 1 ran"
}

# instant_campaign_dir BUILD_DIR: campaign_dir, then works in $tmp with a
# fake smpirun (fake_launcher) whose every run takes 1 ns of simulated
# time at once: for the tests of what the campaign does around its runs.
instant_campaign_dir() {
  campaign_dir "$1"
  cd "$tmp"
  fake_launcher 'echo "[0.000000001] Simulated time: 0.000000001 s" >&2'
}
