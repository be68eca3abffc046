#!/usr/bin/env bash
# Smoke run of the libFuzzer targets (ctest fuzz_smoke, fuzzing builds only):
# each target runs a fixed, small number of inputs from its seed corpus and
# mutations of them, and must not crash, leak past its limits or time out.
# New corpus entries go to scratch directories under the current directory
# (the build tree), never into the source corpus.
# Usage: fuzz_smoke.sh BIN_DIR CORPUS_DIR   (CORPUS_DIR = corpus/fuzz)
set -euo pipefail
bin=$1
corpus=$2
# See scripts/test.sh: manual poisoning is off because libMLIR/libLLVM are
# not instrumented; leaks of process-lifetime contexts are not bugs.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
mkdir -p smoke-parse smoke-diff smoke-interp smoke-sched

echo "== tilec-parse-fuzzer: 20000 runs"
"$bin/tilec-parse-fuzzer" -runs=20000 -seed=1 -timeout=30 -rss_limit_mb=2048 \
  -dict="$corpus/parse.dict" -max_len=20000 smoke-parse "$corpus/parse"

echo "== tilec-diff-fuzzer: 500 runs"
"$bin/tilec-diff-fuzzer" -runs=500 -seed=1 -timeout=120 -rss_limit_mb=4096 \
  -max_len=256 smoke-diff "$corpus/diff"

echo "== tilec-interp-fuzzer: 400 runs"
"$bin/tilec-interp-fuzzer" -runs=400 -seed=1 -timeout=60 -rss_limit_mb=4096 \
  -max_len=512 smoke-interp "$corpus/interp"

echo "== tilec-sched-fuzzer: 400 runs"
"$bin/tilec-sched-fuzzer" -runs=400 -seed=1 -timeout=60 -rss_limit_mb=2048 \
  -max_len=512 smoke-sched "$corpus/sched"
echo "fuzz_smoke: every target ran without a crash"
