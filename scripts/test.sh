#!/usr/bin/env bash
# One command: install what is missing, build everything, run every test through ctest,
# then run the core tests once more under AddressSanitizer + UndefinedBehaviorSanitizer,
# then fuzz every file reader for 15 s (scripts/fuzz.sh: clang, build-fuzz; a long run is scripts/fuzz.sh 600).
set -euo pipefail
cd "$(dirname "$0")/.."

jobs="$(nproc)"
scripts/install-deps.sh

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$jobs"
QT_QPA_PLATFORM=offscreen ctest --test-dir build --output-on-failure -j"$jobs"
# Why a test was skipped (the SLURM test says what it lacked).
grep -h "^SKIPPED: " build/Testing/Temporary/LastTest.log 2> /dev/null | sed 's/^/ctest: /' || true

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHETSCHED_SANITIZE=ON -DHETSCHED_BUILD_UI=OFF -DHETSCHED_BUILD_BENCH=OFF
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS=suppressions="$PWD/scripts/lsan.supp" \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"

scripts/fuzz.sh 15
