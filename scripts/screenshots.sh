#!/usr/bin/env bash
# Pictures of the GUI for review (not a test): builds the screenshot maker (tests/ui/screenshots.cpp) and
# runs it offscreen into a directory.
#   scripts/screenshots.sh [output-directory] [slot ...]
# Default directory: build/screenshots. Slots (all by default): mainWindow divisibleLoad canvasZoomLevels dialogs.
# HETSCHED_CANVAS_PROJECT=<project file> adds a larger drawing at several zooms; BUILD_DIR picks the build tree.
set -euo pipefail
cd "$(dirname "$0")/.."

build="${BUILD_DIR:-build}"
out="${1:-$build/screenshots}"
[ $# -gt 0 ] && shift
mkdir -p "$out"
out="$(cd "$out" && pwd)"

[ -f "$build/build.ninja" ] || [ -f "$build/Makefile" ] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j"$(nproc)" --target screenshots

HETSCHED_SHOTS_DIR="$out" QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" HOME="${HOME:-/tmp}" \
  "$build/tests/ui/screenshots" "$@"
echo "screenshots: $(find "$out" -maxdepth 1 -name '*.png' | wc -l) pictures in $out"
