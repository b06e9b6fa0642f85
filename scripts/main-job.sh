#!/usr/bin/env bash
# The main job: set up (install + build), then compare the contention model's
# predictions with the paper on its worked examples. (Replaced by the SMPI
# model comparison once the SimGrid model lands.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
B=${BUILD_DIR:-build}/bin
echo
echo "== Seed 000 Fig. 2: InfiniBand penalties of graph 3"
"$B/contention-predict" --penalties doc/scenarios/fig2-graph3.xml
echo
echo "== Seed 000 Fig. 3: step table (penalties given)"
"$B/contention-predict" --steps doc/scenarios/fig3-steps.xml
echo
echo "== Seed 000 Fig. 4, graph B: predicted vs measured"
"$B/contention-predict" doc/scenarios/fig4-graph-b.xml
