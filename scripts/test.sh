#!/usr/bin/env bash
# The whole test suite on a fresh machine: install dependencies, build the
# Release configuration and run every test (lit, unit/property tests,
# conformance) through ctest; then the same under ASan+UBSan unless
# TILECHECK_SKIP_SANITIZER=1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
ctest --test-dir "$root/build" --output-on-failure -j "$(nproc)"
if [ "${TILECHECK_SKIP_SANITIZER:-0}" != 1 ]; then
  TILECHECK_SANITIZE=1 bash "$root/scripts/build.sh"
  # libMLIR.so/libLLVM.so are not instrumented: leaks inside them are not
  # ours, and LLVM's BumpPtrAllocator, inlined into our instrumented code,
  # poisons fresh slabs that the uninstrumented libraries then hand out
  # without unpoisoning (false use-after-poison), so manual poisoning is off.
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir "$root/build-asan" --output-on-failure -j "$(nproc)"
fi
