#!/usr/bin/env bash
# The whole test suite on a fresh machine: install dependencies, build the
# Release configuration and run every test (lit, unit/property tests,
# conformance) through ctest; then the same under ASan+UBSan unless
# TILECHECK_SKIP_SANITIZER=1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
ctest --test-dir "$root/build" --output-on-failure
if [ "${TILECHECK_SKIP_SANITIZER:-0}" != 1 ]; then
  TILECHECK_SANITIZE=1 bash "$root/scripts/build.sh"
  # LLVM's shared libraries are not instrumented; leaks inside them are not ours.
  ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$root/build-asan" --output-on-failure
fi
