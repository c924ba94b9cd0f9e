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
add_seeds fuzz_moldableilp '*.in'
add_seeds fuzz_partition_profile '*.csv'
# StarPU's files have no extension of their own (SYMBOL.HOST, HOST.config): every file of the corpus's
# starpu/ folder but its platform XML, README and moldableILP instances.
mkdir -p "$seeds/fuzz_starpu" "$seeds/fuzz_partition_profile"
find "$corpus_dir/starpu" -type f ! -name '*.xml' ! -name '*.md' ! -name '*.in' -size -600k \
  -exec cp -t "$seeds/fuzz_starpu" {} + 2> /dev/null || true
find "$corpus_dir/partition-profiles" -type f ! -name '*.md' -size -600k \
  -exec cp -t "$seeds/fuzz_partition_profile" {} + 2> /dev/null || true
# Hand-made seeds for the formats with few public files, and a project.
printf '2\n0 0 0\n1 4 1 0\n2 6 1 0\n3 0 2 1 2\n' > "$seeds/fuzz_stg/hand.stg"
printf 'NODE_COUNT 4\nNODE 0 1 ROOT 0.0 0.0\nNODE 1 2 COMPUTATION 1e9 0.1\nNODE 2 3 TRANSFER 1e6 0.0\nNODE 3 - END 0.0 0.0\n' \
  > "$seeds/fuzz_daggen/hand.txt"
printf '{"format": "hetsched-project", "version": 1, "entries": [{"name": "a", "instance": %s, "runs": [{"solver": "x"}], "layout": {"positions": {"c": [1, 2]}}}]}' \
  "$(cat resources/examples/dag-two-clusters.json)" > "$seeds/fuzz_project_json/hand.hsproj"

# A tasks.rec of starpu_fxt_tool, a recdump and the partition profiles' CSV forms (docs/formats.md).
printf 'Name: kernel\nModel: kernel\nFootprint: 0b0b0ce8\nJobId: 1\nWorkerId: 0\nStartTime: 1.5\nEndTime: 2.5\nGFlop: 0.26\nEstimatedTime: 27833.8 1050.1\n\nControl: 1\nJobId: 2\n' \
  > "$seeds/fuzz_starpu/tasks.rec"
printf '%%rec: timing\n\nModel: kernel\nArchitecture: cpu0_impl0\nFootprint: 0b0b0ce8\nSize: 4194304\nFlops: 2.6e8\nMean: 27833.8\nSamples: 10\n\nModel: kernel\nArchitecture: cuda0_impl0\nFootprint: 0b0b0ce8\nSize: 4194304\nFlops: 2.6e8\nMean: 1050.1\nSamples: 10\n\n%%rec: worker_count\n\nArchitecture: cpu0\nNbWorkers: 4\n\nArchitecture: cuda0\nNbWorkers: 2\n' \
  > "$seeds/fuzz_starpu/recdump.rec"
printf 'device,cost\ncpu,2.5\ngpu,0.5\nfpga,1e-3\n' > "$seeds/fuzz_partition_profile/per-device.csv"
printf 'resource,tasks,time\ncpu,1,2\ncpu,8,15\ncpu,64,120\ngpu,1,5\ngpu,64,20\n' > "$seeds/fuzz_partition_profile/long.csv"
printf '[{"name": "cpu", "cost": 2.5}, {"name": "gpu", "cost": 0.5}]' > "$seeds/fuzz_partition_profile/records.json"

status=0
mkdir -p "$build/findings"
for harness in fuzz_dot fuzz_wfformat fuzz_dax fuzz_stg fuzz_daggen fuzz_instance_json fuzz_project_json \
               fuzz_platform_json fuzz_starpu fuzz_moldableilp fuzz_partition_profile; do
  [ -n "$only" ] && [ "$only" != "$harness" ] && continue
  case "$harness" in
    fuzz_dot) dict=dot ;;
    fuzz_dax) dict=xml ;;
    fuzz_stg | fuzz_daggen) dict=text ;;
    fuzz_starpu) dict=starpu ;;
    fuzz_moldableilp) dict=moldableilp ;;
    fuzz_partition_profile) dict=profile ;;
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
