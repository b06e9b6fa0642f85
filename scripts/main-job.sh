#!/usr/bin/env bash
# The main job: set up (install + build), validate the models against the
# papers' measurements (scripts/validate.py: every measured dataset through
# smpirun on the testbed platforms, doc/validation.md), then compare the
# contention model with SimGrid's SMPI, CM02, LV08 and IB models and the
# LogGPS model on the NPB-like and BigDFT-like workloads, on the embedded
# default platform (smpi-examples/workloads/default-cluster.xml, 32 ranks).
# Arguments go to compare-models.sh (--help: its usage, --check-options:
# the check, nothing run). A
# failed validation run does not stop the comparison; the job then exits
# with the validation's status.
set -euo pipefail
# (symlinks resolved: a symlinked main-job.sh looked for scripts/ beside it)
root=$(CDPATH='' cd -- "$(dirname "$(readlink -f "$0")")/.." && pwd)
# The job stays in the caller's directory: relative paths among the
# arguments (--out, --campaign, --program) resolve from there, as
# compare-models.sh documents (a cd to the repository sent a relative --out
# into it). A relative BUILD_DIR is the repository's, as every script takes it.
case ${BUILD_DIR:-build} in /*) export BUILD_DIR ;; *) export BUILD_DIR="$root/${BUILD_DIR:-build}" ;; esac
# A bad option ends the job now, not after the setup and the validation.
# The check prints nothing, but the usage for --help: then no job is run.
usage=$(bash "$root/scripts/compare-models.sh" --check-options "$@")
if [ -n "$usage" ]; then
  echo "usage: scripts/main-job.sh [compare-models.sh options]: sets up, validates, then compares the models;"
  echo "the options are compare-models.sh's:"
  printf '%s\n' "$usage"
  exit 0
fi
# --check-options (before --): checking was the whole job, nothing runs
# (the setup and the validation ran, then a comparison that only checked).
for a in "$@"; do
  case $a in
    --) break ;;
    --check-options) exit 0 ;;
  esac
done
bash "$root/scripts/setup.sh"
status=0
python3 "$root/scripts/validate.py" || status=$?
bash "$root/scripts/compare-models.sh" "$@"
exit $status
