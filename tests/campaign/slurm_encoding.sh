#!/usr/bin/env bash
# --slurm under a locale that cannot write the campaign's names, with
# stand-ins for sbatch (it runs each job at once, as Slurm would), squeue
# and scontrol: the job scripts were written in the locale's encoding, so
# an --out path with a byte that is not UTF-8 (a Latin-1 directory name)
# ended in a UnicodeEncodeError traceback before any job was submitted;
# under an ASCII locale any non-ASCII --out did. With --wait, the collect
# job's results.csv (UTF-8) was read in the locale's encoding: a program
# named cgé, a UnicodeDecodeError traceback once every run had ended. The
# scripts hold the path's own bytes; the files are read as UTF-8.
# usage: slurm_encoding.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
mkdir "$tmp/bin"
cat > "$tmp/bin/sbatch" <<'EOT'
#!/bin/sh
n=$(cat "$FAKE/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$FAKE/count"; id=$((100 + n))
array=""
while [ $# -gt 0 ]; do case $1 in --parsable | --dependency=*) ;; --array=*) array=${1#--array=} ;; *) break ;; esac; shift; done
script=$1
shift
out=$(sed -n 's/^#SBATCH --output=//p' "$script" | tr -d '"')
if [ -n "$array" ]; then
  last=${array#0-}; last=${last%%%*}; i=0
  while [ $i -le $last ]; do
    SLURM_ARRAY_TASK_ID=$i SLURM_JOB_ID=$id bash "$script" "$@" > "$(echo "$out" | sed "s/%A/$id/; s/%a/$i/")" 2>&1
    i=$((i + 1))
  done
else
  SLURM_JOB_ID=$id bash "$script" "$@" > "$(echo "$out" | sed "s/%j/$id/")" 2>&1
fi
echo $id
EOT
printf '#!/bin/sh\n' > "$tmp/bin/squeue" # every job has ended
printf '#!/bin/sh\necho "MaxArraySize = 1001"\n' > "$tmp/bin/scontrol"
chmod +x "$tmp/bin/"*
cp "$BUILD_DIR/bin/workloads/cg_like" "$tmp/cgé"
cd "$tmp"
# slurm_case NAME OUT LOCALE...: the campaign of cgé, 2 ranks, on Slurm with --wait.
slurm_case() {
  name=$1 out=$2
  shift 2
  rm -f count
  set +e
  env "$@" PATH="$tmp/bin:$PATH" FAKE="$tmp" bash "$cmp" --program "./cgé --iters 1" --np 2 --models SMPI \
    --no-figures -q --slurm --wait --out "$out" > "$name.out" 2> "$name.err"
  rc=$?
  set -e
  ! grep -q Traceback "$name.err" || { tail -n 3 "$name.err"; fail "$name: a traceback"; }
  [ $rc = 0 ] || { cat "$name.err"; fail "$name: exit status $rc, want 0"; }
  grep -q '^0,cgé,default-cluster,generated,2,SMPI,ok,0,0.050' "$out/results.csv" ||
    { cat "$out/results.csv"; fail "$name: no ok row of cgé"; }
}
slurm_case latin1-out "$tmp/r$(printf '\351')sultats" LC_ALL=C.UTF-8
slurm_case ascii-locale "$tmp/résultats" LC_ALL=C PYTHONUTF8=0 PYTHONCOERCECLOCALE=0
grep -q '^cg\\xe9 ' ascii-locale.out || { cat ascii-locale.out; fail "ascii-locale: no table row of cg\\xe9"; }
echo "--slurm --wait: a Latin-1 --out, and an ASCII locale with cgé: ok, no traceback"
