#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: install what is missing, build, start the GUI on a built-in example.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)" --target hetsched

if [ "${HETSCHED_NO_GUI:-0}" = "1" ]; then
  echo "setup: built build/app/hetsched (HETSCHED_NO_GUI=1: not starting the GUI)"
  exit 0
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "setup: no display found; starting the GUI under Xvfb (close it with Ctrl-C)"
  exec xvfb-run -a -s "-screen 0 1600x1000x24" build/app/hetsched
fi
exec build/app/hetsched
