#!/usr/bin/env bash
# Installs the Debian 12 packages HetSched needs, only those that are missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
  libeigen3-dev libglpk-dev libboost-graph-dev nlohmann-json3-dev
  libsimdjson-dev   # large instance files read by simdjson (core/io/json_reader.cpp)
  libgtest-dev libbenchmark-dev
  libgraphviz-dev libxml2-dev libsimgrid-dev libcli11-dev
  clang libclang-rt-14-dev   # the readers' libFuzzer harnesses (scripts/fuzz.sh): clang and its fuzzer runtime
  xvfb xauth
  # The schedule exports' tests read them back with the tools our users have (docs/formats.md):
  # pdflatex (TikZ, the standalone class, Latin Modern), pdfinfo/pdftotext/pdftoppm, PajeNG's pj_dump.
  texlive-latex-base texlive-latex-extra texlive-pictures lmodern poppler-utils pajeng
  pybind11-dev python3-dev python3-pytest python3-pandas python3-numpy   # the Python module (python/) and its tests
  slurm-wlm munge   # the SLURM test (tests/slurm) starts its own single-node cluster with them
  # The install test (tests/install): the validators of the desktop entry, the metainfo and the MIME package,
  # the MIME and desktop databases a file manager reads, and the Debian package tools (cpack's shlibdeps).
  desktop-file-utils appstream libxml2-utils shared-mime-info libglib2.0-bin file strace dpkg-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every package is already installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "install-deps: run as root or install sudo; missing: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
