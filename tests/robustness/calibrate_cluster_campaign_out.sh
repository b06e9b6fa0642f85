#!/bin/sh
# An --out that holds a compare-models campaign (its plan.json): the
# calibration replaced the campaign's hostfile with its own n0..n(N-1),
# silently; the campaign's runs still to come then ran on those hosts and
# its --resume was refused (the hostfile changed). Now one line, exit 2,
# before any measurement, the campaign's files as they were; the same when
# the campaign starts in that directory while the calibration measures.
# Fake mpicc and mpirun (calibrate_fake.sh).
#   calibrate_cluster_campaign_out.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/robustness/calibrate_fake.sh"
fake_cluster "$tmp"
mkdir "$tmp/out"
echo '{}' > "$tmp/out/plan.json"
echo node-0 > "$tmp/out/hostfile"
set +e
PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/out" --reps 1 --p2p-steps 1 \
  --build "$build" > /dev/null 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] || { cat "$tmp/err"; fail "exit status $rc, want 2"; }
want="calibrate-cluster.sh: --out '$tmp/out' holds a compare-models campaign ($tmp/out/plan.json), whose hostfile the calibration would replace (accepted: another directory) (see --help)"
[ "$(cat "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "not the one line: $want"; }
[ "$(cat "$tmp/out/hostfile")" = node-0 ] || fail "the campaign's hostfile was replaced"
[ ! -e "$tmp/out/bin" ] || fail "the calibration made its directories"
# The campaign's plan written while the calibration measures.
rm -r "$tmp/out"
mv "$tmp/fake/mpirun" "$tmp/fake/replay"
printf '#!/bin/sh\n[ -e "%s/out/plan.json" ] || { echo "{}" > "%s/out/plan.json"; echo node-0 > "%s/out/hostfile"; }\nexec "%s/fake/replay" "$@"\n' \
  "$tmp" "$tmp" "$tmp" "$tmp" > "$tmp/fake/mpirun"
chmod +x "$tmp/fake/mpirun"
set +e
PATH="$tmp/fake:$PATH" sh "$src/scripts/calibrate-cluster.sh" --nodes 2 --out "$tmp/out" --reps 1 --p2p-steps 1 \
  --build "$build" > /dev/null 2> "$tmp/err"
rc=$?
set -e
[ $rc = 2 ] || { cat "$tmp/err"; fail "campaign started meanwhile: exit status $rc, want 2"; }
[ "$(tail -n 1 "$tmp/err")" = "$want" ] || { cat "$tmp/err"; fail "campaign started meanwhile: not the line: $want"; }
[ "$(cat "$tmp/out/hostfile")" = node-0 ] || fail "campaign started meanwhile: its hostfile was replaced"
echo "an --out holding a campaign: one line, exit 2, its hostfile kept"
