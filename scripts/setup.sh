#!/usr/bin/env bash
# Installs every Debian and pip dependency of tilecheck, idempotently.
#
# Safe to run repeatedly: apt-get and pip skip what is already present, and the
# apt index is refreshed only when a package is missing. Run as root (or with
# sudo available). Later issues add their packages here, never elsewhere.
set -euo pipefail

DEBIAN_PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 libclang-rt-22-dev lld-22
  libzstd-dev librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
  ninja-build cmake ccache python3 python3-pip libsqlite3-dev
  chromium
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${DEBIAN_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: Debian packages present"
fi

# Python: lit drives the lit tests (Debian's mlir-22-tools ships FileCheck/not,
# and llvm-22-tools ships lit under the versioned prefix; the pip one is a
# fallback that is always importable); matplotlib draws the campaign
# report's plots (scripts/campaign_report.py), which the test suite renders
# in headless chromium.
PY_PACKAGES=(lit numpy matplotlib)
PYTHON=${PYTHON:-python3}
for p in "${PY_PACKAGES[@]}"; do
  if ! "$PYTHON" -m pip show -q "$p" >/dev/null 2>&1; then
    echo "setup: pip install $p"
    "$PYTHON" -m pip install -q --disable-pip-version-check "$p"
  fi
done
# NVIDIA's peers of the bytecode format: the Tile IR assembler (tileiras,
# which must accept our writer's output) and cuTile Python (whose exported
# bytecode we must read), and cuobjdump (resource usage of cubins,
# scripts/backend_vs_tileiras.py). Optional: a machine without them (or without
# network access to PyPI) still builds and tests everything else.
OPTIONAL_PY_PACKAGES=(nvidia-cuda-tileiras cuda-tile nvidia-cuda-cuobjdump)
for p in "${OPTIONAL_PY_PACKAGES[@]}"; do
  if ! "$PYTHON" -m pip show -q "$p" >/dev/null 2>&1; then
    echo "setup: pip install $p (optional)"
    "$PYTHON" -m pip install -q --disable-pip-version-check "$p" ||
      echo "setup: $p not installed (optional; bytecode peer checks skip)"
  fi
done
echo "setup: done"
