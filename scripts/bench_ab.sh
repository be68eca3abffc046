#!/bin/bash
# Compares two fuzz-bench binaries on a noisy machine: alternates them
# ROUNDS times (default 6) and prints, per run, the median checks/s and
# checks_per_cpu_s of BM_DefaultMatrix_Checkpoints over 5 repetitions.
# Usage: scripts/bench_ab.sh OLD/fuzz-bench NEW/fuzz-bench [ROUNDS]
# (build the old one from a worktree: git worktree add /tmp/old REV &&
#  cmake -G Ninja -S /tmp/old -B /tmp/old/build -DCMAKE_BUILD_TYPE=Release &&
#  ninja -C /tmp/old/build fuzz-bench)
set -euo pipefail
old=$1 new=$2 rounds=${3:-6}
for i in $(seq 1 "$rounds"); do
  for v in old new; do
    if [ "$v" = old ]; then b=$old; else b=$new; fi
    out=$("$b" --benchmark_filter='BM_DefaultMatrix_Checkpoints/' \
      --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
      2>/dev/null | grep _median)
    echo "$i $v $(echo "$out" | grep -o 'checks=[0-9.]*/s') $(echo "$out" | grep -o 'checks_per_cpu_s=[0-9.]*')"
  done
done
