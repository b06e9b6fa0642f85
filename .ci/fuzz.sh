#!/usr/bin/env bash
# Fuzzes the input parsers (doc/fuzzing.md): builds the libFuzzer harnesses
# of tests/fuzz/ with clang, ASan and UBSan into build-fuzz/, then runs each
# for FUZZ_SECONDS (default 60) with a 1 s limit per input. Fails on any
# crash, sanitizer report, leak, timeout or out-of-memory; the input that
# caused it is left in build-fuzz/artifacts/.
#
#   bash .ci/fuzz.sh                      # every harness, 60 s each
#   FUZZ_SECONDS=600 bash .ci/fuzz.sh scenario options
#   FUZZ_FLAGS="-max_len=100000" bash .ci/fuzz.sh scenario   # extra libFuzzer flags
#
# Harnesses: scenario, predict (loader + step solver + static graph),
# measurements, p2p_params, options. The corpus grows
# in build-fuzz/corpus/<harness>/ from the seeds the build copies.
set -euo pipefail
CDPATH='' cd -- "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: FUZZ_SECONDS must be a whole number of seconds > 0, got '$seconds'" >&2
  exit 2
fi
all=(scenario predict measurements p2p_params options)
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=("${all[@]}")
for h in "${harnesses[@]}"; do
  case " ${all[*]} " in
    *" $h "*) ;;
    *) echo "fuzz.sh: unknown harness '$h' (accepted: ${all[*]})" >&2; exit 2 ;;
  esac
done

# clang with the libFuzzer runtime (Debian: clang, libclang-rt-dev), and
# the project's own build dependencies.
packages=(clang libclang-rt-dev cmake libxml2-dev)
bash scripts/install-packages.sh fuzz.sh "${packages[@]}"

B=build-fuzz
cmake -S . -B "$B" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCONTENTION_FUZZ=ON -DCONTENTION_WITH_SIMGRID=OFF >/dev/null
targets=()
for h in "${harnesses[@]}"; do targets+=(--target "fuzz_$h"); done
cmake --build "$B" -j2 "${targets[@]}" >/dev/null

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
mkdir -p "$B/artifacts" "$B/logs"
# Replay the seeds and the saved findings first: a quick regression check.
tests=$(printf '%s|' "${harnesses[@]}")
ctest --test-dir "$B" -L fuzz -R "fuzz\.(${tests%|})\.replay" --output-on-failure
total=0
failed=()
for h in "${harnesses[@]}"; do
  corpus="$B/corpus/$h"
  mkdir -p "$corpus"
  dict=()
  [ "$h" = predict ] && dict=(-dict=tests/fuzz/scenario.dict)
  [ -f "tests/fuzz/$h.dict" ] && dict=(-dict="tests/fuzz/$h.dict")
  log="$B/logs/$h.log"
  echo "== fuzz_$h: $seconds s"
  status=0
  "$B/bin/fuzz_$h" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$B/artifacts/$h-" "${dict[@]}" ${FUZZ_FLAGS:-} "$corpus" "$B/tests/fuzz/start-corpus/$h" \
    >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "   executions: ${runs:-?}, exit status $status, corpus $(ls "$corpus" | wc -l) inputs"
  total=$((total + ${runs:-0}))
  # libFuzzer exits non-zero on a crash, timeout, leak or OOM; a sanitizer
  # report that did not stop the run would still be in the log.
  if [ "$status" -ne 0 ] || grep -qE "runtime error:|ERROR: (Address|Leak|Undefined)Sanitizer|ERROR: libFuzzer" "$log"; then
    failed+=("$h")
    grep -E "ERROR|runtime error|SUMMARY|Test unit written|invariant broken" "$log" | head -20 >&2
  fi
done
echo "fuzz.sh: $total executions in total"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: FAILED: ${failed[*]} (logs in $B/logs/, inputs in $B/artifacts/)" >&2
  exit 1
fi
echo "fuzz.sh: no crash, sanitizer report or timeout"
