#!/usr/bin/env bash
# The main job: set up (install + build), then compare the contention model
# with SimGrid's SMPI, CM02, LV08 and IB models and the LogGPS model on the
# NPB-like and BigDFT-like workloads, on the embedded default platform
# (smpi-examples/workloads/default-cluster.xml, 32 ranks).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/compare-models.sh "$@"
