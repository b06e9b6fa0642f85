#!/usr/bin/env bash
# A Slurm submission whose second sbatch fails (a submission limit), with
# stand-ins for sbatch, squeue, scontrol and scancel: the first job array,
# already queued, was neither recorded in the plan nor cancelled, and a new
# campaign in DIR ran while its tasks would later run (and store) that
# campaign's runs. Now it is cancelled, named in the error line, and
# recorded: a new campaign in DIR waits while squeue still lists it.
# usage: slurm_partial_submit.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
. "$src/tests/campaign/lib.sh"
campaign_dir "$2"
mkdir "$tmp/bin"
cat > "$tmp/bin/sbatch" <<'EOT'
#!/bin/sh
n=$(cat "$FAKE/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$FAKE/count"
[ $n -ge 2 ] && { echo "sbatch: error: QOSMaxSubmitJobPerUserLimit" >&2; exit 1; }
echo $((100 + n)) >> "$FAKE/queued"; echo $((100 + n))
EOT
printf '#!/bin/sh\nsed "s/$/_0/" "$FAKE/queued"\n' > "$tmp/bin/squeue"
printf '#!/bin/sh\necho "MaxArraySize = 2"\n' > "$tmp/bin/scontrol"
printf '#!/bin/sh\necho "$*" >> "$FAKE/scancel"\n' > "$tmp/bin/scancel" # (the job stays listed)
chmod +x "$tmp/bin/"*
export PATH=$tmp/bin:$PATH FAKE=$tmp
set +e
bash "$cmp" --workloads cg --np "2 3" --models "SMPI IB" --slurm --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] || { cat "$tmp/err"; fail "exit status $rc, want 2"; }
grep -q "QOSMaxSubmitJobPerUserLimit; the job arrays submitted before it, 101, are cancelled (scancel)$" "$tmp/err" \
  || { cat "$tmp/err"; fail "the error line does not say that job 101 was cancelled"; }
[ "$(cat "$tmp/scancel")" = 101 ] || fail "scancel not called with job 101"
set +e
bash "$cmp" --workloads cg --np 2 --models SMPI -j 1 -q --no-figures --out "$tmp/out" > "$tmp/stdout" 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] && grep -q "whose jobs 101 are still queued or running" "$tmp/err" \
  || { cat "$tmp/err"; fail "a new campaign in DIR ran (exit $rc) while job 101 is queued"; }
echo "second sbatch failed: job 101 cancelled, recorded; a new campaign waits for it"
