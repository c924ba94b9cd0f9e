#!/usr/bin/env bash
# Installs the Debian 12 packages HetSched needs, only those that are missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
  libeigen3-dev libglpk-dev libboost-graph-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev
  libgraphviz-dev libxml2-dev libsimgrid-dev libcli11-dev
  xvfb xauth
  poppler-utils   # pdfinfo, pdftotext, pdftohtml: the figure test reads the exported PDFs back
  slurm-wlm munge   # the SLURM test (tests/slurm) starts its own single-node cluster with them
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
