#!/usr/bin/env bash
# Configures and builds tilecheck. Usage: scripts/build.sh [BUILD_DIR] [extra cmake args]
# BUILD_DIR defaults to build/; TILECHECK_SANITIZE=1 selects the ASan+UBSan
# configuration (default dir build-asan/), which also builds the libFuzzer
# targets (TILECHECK_BUILD_FUZZERS) so that scripts/test.sh runs their smoke
# tests (fuzz_smoke, bytecode_fuzzer_smoke), and the test hooks
# (TILECHECK_TEST_HOOKS: the self-test's injected bugs, the engine's child
# faults), which the Release build leaves out.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${TILECHECK_SANITIZE:-0}" = 1 ]; then
  dir=${1:-$root/build-asan}
  extra=(-DTILECHECK_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
         -DTILECHECK_BUILD_FUZZERS=ON -DTILECHECK_TEST_HOOKS=ON)
else
  dir=${1:-$root/build}
  extra=(-DCMAKE_BUILD_TYPE=Release)
fi
shift || true
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache}
if [ ! -f "$dir/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$dir" "${extra[@]}" "$@"
elif [ "${TILECHECK_SANITIZE:-0}" = 1 ] &&
     { ! grep -q '^TILECHECK_BUILD_FUZZERS:BOOL=ON' "$dir/CMakeCache.txt" ||
       ! grep -q '^TILECHECK_TEST_HOOKS:BOOL=ON' "$dir/CMakeCache.txt"; }; then
  # A sanitizer build configured before the fuzzers or the hooks joined it.
  cmake -S "$root" -B "$dir" -DTILECHECK_BUILD_FUZZERS=ON \
    -DTILECHECK_TEST_HOOKS=ON
fi
ninja -C "$dir"
