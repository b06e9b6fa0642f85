#!/bin/sh
# main_job_options.sh SOURCE_DIR: scripts/main-job.sh passes its arguments
# to compare-models.sh, which used to see them only after the setup (a
# build) and the validation. Run on a copy of scripts/ whose setup.sh and
# validate.py only say that they ran: a bad option must end the job with
# compare-models' one line and exit 2 before either; good options must let
# both run.
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts" "$tmp/smpi-examples/workloads"
cp "$src/smpi-examples/workloads/default-cluster.xml" "$tmp/smpi-examples/workloads/"
cp -R "$src/scripts/campaign" "$src/scripts/main-job.sh" "$src/scripts/compare-models.sh" \
  "$src/scripts/model_colors.py" "$tmp/scripts/"
printf 'echo RAN setup >&2\n' >"$tmp/scripts/setup.sh"
printf 'import sys\nprint("RAN validate", file=sys.stderr)\nsys.exit(0)\n' >"$tmp/scripts/validate.py"
fails=0
BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --np 0 >"$tmp/out" 2>"$tmp/err"
rc=$?
want="compare-models: option --np '0': rank counts are integers from 1 to 1000000, got '0'"
if [ $rc -ne 2 ] || [ "$(cat "$tmp/err")" != "$want" ]; then
  echo "FAIL: --np 0 gave exit $rc and:"; cat "$tmp/err"; fails=1
fi
# An --out the campaign refuses (a file; a user's results.csv) was seen
# only after the setup and the validation.
echo x >"$tmp/file"
mkdir "$tmp/user" && echo x >"$tmp/user/results.csv"
for out in file user; do
  BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --out "$tmp/$out" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 2 ] || grep -q RAN "$tmp/err" || ! grep -q "^compare-models: results directory '$tmp/$out' " "$tmp/err"; then
    echo "FAIL: --out $out gave exit $rc and:"; cat "$tmp/err"; fails=1
  fi
done
# An --smpirun the setup does not build must be there before it.
BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --smpirun "$tmp/no-smpirun" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || [ "$(cat "$tmp/err")" != "compare-models: smpirun '$tmp/no-smpirun' not found or not executable (accepted: an executable file)" ]; then
  echo "FAIL: --smpirun missing gave exit $rc and:"; cat "$tmp/err"; fails=1
fi
# Good options (the kernels not built): the check passes, setup and
# validation run, then the comparison refuses the missing kernel.
BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --workloads ft --np 4 >"$tmp/out" 2>"$tmp/err"
grep -q "RAN setup" "$tmp/err" && grep -q "RAN validate" "$tmp/err" && grep -q "built-in kernel 'ft' is not built" "$tmp/err" ||
  { echo "FAIL: good options:"; cat "$tmp/err"; fails=1; }
# --help printed compare-models' usage, then ran the whole job.
BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --help >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || grep -q RAN "$tmp/err" || ! grep -q "^usage: compare-models.sh " "$tmp/out"; then
  echo "FAIL: --help gave exit $rc and:"; cat "$tmp/out" "$tmp/err"; fails=1
fi
# --check-options ("run nothing") passed the check, then ran the setup,
# the whole validation and a comparison that only checked its options.
BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --check-options --np 4 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || grep -q RAN "$tmp/err"; then
  echo "FAIL: --check-options gave exit $rc and:"; cat "$tmp/out" "$tmp/err"; fails=1
fi
# A relative --out resolves from the caller's directory: the job's cd to
# the repository took it there (here $tmp/f, no file: the check passed).
mkdir "$tmp/cwd" && echo x >"$tmp/cwd/f"
(cd "$tmp/cwd" && BUILD_DIR=$tmp/build bash "$tmp/scripts/main-job.sh" --out f) >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || grep -q RAN "$tmp/err" || ! grep -q "^compare-models: results directory '$tmp/cwd/f' is a file" "$tmp/err"; then
  echo "FAIL: a relative --out from another directory gave exit $rc and:"; cat "$tmp/err"; fails=1
fi
[ $fails -eq 0 ] && echo "ok: a bad option stops main-job.sh before its setup"
[ $fails -eq 0 ]
