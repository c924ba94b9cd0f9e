#!/usr/bin/env bash
# Fuzzes every reader with libFuzzer (README, "Fuzzing the file readers"): builds core and the harnesses with clang
# in build-fuzz (-DHETSCHED_FUZZ=ON: fuzzer, AddressSanitizer, UndefinedBehaviorSanitizer), gathers seeds
# from the tests' data, the examples and the shared corpus, and runs each harness SECONDS seconds (default
# 15) on its corpus. A finding stops with the input written to build-fuzz/findings/ and a non-zero exit.
#   scripts/fuzz.sh               15 s per harness (what scripts/test.sh runs)
#   scripts/fuzz.sh 600           a long run: 10 minutes per harness
#   scripts/fuzz.sh 600 fuzz_dot  one harness
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-15}"
only="${2:-}"
build=build-fuzz
corpus_dir="${HETSCHED_CORPUS_DIR:-$PWD/../shared/corpus}"

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" \
  -DCMAKE_CXX_COMPILER=clang++ -DHETSCHED_FUZZ=ON
cmake --build "$build" -j"$(nproc)" --target fuzz_harnesses

# Seeds: every fixture of the harness's format (read-only; the harness grows its own corpus beside it).
seeds="$build/seeds"
rm -rf "$seeds"
add_seeds() {   # harness, then find(1) name patterns
  local harness="$1"; shift
  mkdir -p "$seeds/$harness"
  local pattern
  for pattern in "$@"; do
    find tests/data resources/examples "$corpus_dir" -type f -name "$pattern" -size -600k \
      -exec cp -t "$seeds/$harness" {} + 2> /dev/null || true
  done
}
add_seeds fuzz_dot '*.dot' '*.gv'
add_seeds fuzz_wfformat '*.json'
add_seeds fuzz_dax '*.dax' '*.xml'
add_seeds fuzz_stg '*.stg'
add_seeds fuzz_daggen '*.daggen.txt'
add_seeds fuzz_instance_json '*.json'
add_seeds fuzz_project_json '*.hsproj' '*.json'
add_seeds fuzz_platform_json 'platform*.json' 'dag-*.json'
# Hand-made seeds for the formats with few public files, and a project.
printf '2\n0 0 0\n1 4 1 0\n2 6 1 0\n3 0 2 1 2\n' > "$seeds/fuzz_stg/hand.stg"
printf 'NODE_COUNT 4\nNODE 0 1 ROOT 0.0 0.0\nNODE 1 2 COMPUTATION 1e9 0.1\nNODE 2 3 TRANSFER 1e6 0.0\nNODE 3 - END 0.0 0.0\n' \
  > "$seeds/fuzz_daggen/hand.txt"
printf '{"format": "hetsched-project", "version": 1, "entries": [{"name": "a", "instance": %s, "runs": [{"solver": "x"}], "layout": {"positions": {"c": [1, 2]}}}]}' \
  "$(cat resources/examples/dag-two-clusters.json)" > "$seeds/fuzz_project_json/hand.hsproj"

status=0
mkdir -p "$build/findings"
for harness in fuzz_dot fuzz_wfformat fuzz_dax fuzz_stg fuzz_daggen fuzz_instance_json fuzz_project_json \
               fuzz_platform_json; do
  [ -n "$only" ] && [ "$only" != "$harness" ] && continue
  case "$harness" in
    fuzz_dot) dict=dot ;;
    fuzz_dax) dict=xml ;;
    fuzz_stg | fuzz_daggen) dict=text ;;
    *) dict=json ;;
  esac
  mkdir -p "$build/corpus/$harness"
  echo "fuzz: $harness for ${seconds}s"
  # -timeout: an input read for more than 10 s is a finding (a file must be answered in seconds);
  # -rss_limit_mb: so is one that needs more than 2 GB.
  if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$build/tests/fuzz/$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -dict="tests/fuzz/dictionaries/$dict.dict" -artifact_prefix="$build/findings/$harness-" \
      "$build/corpus/$harness" "$seeds/$harness" > "$build/$harness.log" 2>&1; then
    echo "fuzz: $harness FOUND a problem; the input is in $build/findings/, the log in $build/$harness.log" >&2
    tail -40 "$build/$harness.log" >&2
    status=1
  else
    grep -h "stat::number_of_executed_units\|stat::peak_rss_mb" "$build/$harness.log" | sed "s/^/fuzz: $harness /"
  fi
done
exit "$status"
