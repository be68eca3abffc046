#!/usr/bin/env bash
# Configures and builds tilecheck. Usage: scripts/build.sh [BUILD_DIR] [extra cmake args]
# BUILD_DIR defaults to build/; TILECHECK_SANITIZE=1 selects the ASan+UBSan
# configuration (default dir build-asan/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${TILECHECK_SANITIZE:-0}" = 1 ]; then
  dir=${1:-$root/build-asan}
  extra=(-DTILECHECK_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo)
else
  dir=${1:-$root/build}
  extra=(-DCMAKE_BUILD_TYPE=Release)
fi
shift || true
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache}
if [ ! -f "$dir/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$dir" "${extra[@]}" "$@"
fi
ninja -C "$dir"
