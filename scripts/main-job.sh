#!/usr/bin/env bash
# The main job: set up (install + build), validate the models against the
# papers' measurements (scripts/validate.py: every measured dataset through
# smpirun on the testbed platforms, doc/validation.md), then compare the
# contention model with SimGrid's SMPI, CM02, LV08 and IB models and the
# LogGPS model on the NPB-like and BigDFT-like workloads, on the embedded
# default platform (smpi-examples/workloads/default-cluster.xml, 32 ranks).
# Arguments go to compare-models.sh (--help: its usage, nothing run). A
# failed validation run does not stop the comparison; the job then exits
# with the validation's status.
set -euo pipefail
cd "$(dirname "$0")/.."
# A bad option ends the job now, not after the setup and the validation.
# The check prints nothing, but the usage for --help: then no job is run.
usage=$(bash scripts/compare-models.sh --check-options "$@")
if [ -n "$usage" ]; then
  echo "usage: scripts/main-job.sh [compare-models.sh options]: sets up, validates, then compares the models;"
  echo "the options are compare-models.sh's:"
  printf '%s\n' "$usage"
  exit 0
fi
bash scripts/setup.sh
status=0
python3 scripts/validate.py || status=$?
bash scripts/compare-models.sh "$@"
exit $status
