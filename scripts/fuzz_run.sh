#!/usr/bin/env bash
# The main job: set up, build, then a short fuzzing campaign with a report
# (scripts/campaign.py). It checks every seed kernel, then generated programs
# of every generator preset, over tile-diff's default configuration matrix
# (O0-O3 x both schedulers at sm_100, two pipelined and two warp-specialized
# configurations, ptxas on our PTX, our PTX run on the CPU SIMT executor at
# sm_100 O3, sm_80 O0 and sm_90 O2 warp-specialized in one and two agents,
# and NVIDIA's tileiras at -O3 where it is installed): each configuration is
# compiled in an isolated child, interpreted after every pass (or, for simt,
# its PTX executed) and compared with the interpreter on the input.
# Findings go to findings/ (deduplicated, one directory each, with the
# command that replays it); each new bucket is reduced and its reproducer
# written to corpus/regressions/ (commit it with an issue); the report goes
# to reports/fuzz-run/ (report.html with plots, report.md, report.json).
#
# Environment: FUZZ_SECONDS (time budget, default 300), FUZZ_COUNT (a
# budget of generated programs instead), FUZZ_SEED (first generator seed;
# default: a million seeds per UTC day, so daily runs explore new programs),
# FUZZ_JOBS (workers, default: cores), FUZZ_MATRIX (default, full, sample,
# simt or tileiras), FUZZ_STATE (the campaign's state directory, default
# campaigns/<UTC time>; run again with the same FUZZ_STATE to resume).
# Exit status: 0 no finding, 1 findings, 2 the run itself failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"

jobs=${FUZZ_JOBS:-$(nproc)}
matrix=${FUZZ_MATRIX:-default}
state=${FUZZ_STATE:-$root/campaigns/$(date -u +%Y%m%d-%H%M%S)}
budget=(--time "${FUZZ_SECONDS:-300}")
if [ -n "${FUZZ_COUNT:-}" ]; then budget=(--programs "$FUZZ_COUNT"); fi
# The seed: FUZZ_SEED, else campaign.py's default (a million seeds per UTC
# day); a resumed state keeps its own.
seed=()
if [ -n "${FUZZ_SEED:-}" ]; then seed=(--seed "$FUZZ_SEED"); fi
rc=0
python3 "$root/scripts/campaign.py" run --state "$state" "${budget[@]}" \
    "${seed[@]}" --workers "$jobs" --matrix "$matrix" \
    --findings "$root/findings" --regressions "$root/corpus/regressions" \
    --report "$root/reports/fuzz-run" --bin "$root/build/bin" || rc=$?
exit $rc
