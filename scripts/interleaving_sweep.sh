#!/bin/bash
# Warp-specialized configurations over generated `pipeline` programs: AWS
# under N agent interleavings (order=seed:1..N seeds the tile-block order
# and the agents' interleaving), AUS once, and the serial scheduler (nothing
# materialized) once, per target. One line per tile-diff run; exit 1 when
# any run has a finding or fails.
#
# Usage: scripts/interleaving_sweep.sh BIN_DIR [COUNT=300] [SEED=1000]
#                                      [INTERLEAVINGS=16] [TARGETS="sm_100 sm_90"]
set -u
bin=${1:?usage: interleaving_sweep.sh BIN_DIR [COUNT] [SEED] [INTERLEAVINGS] [TARGETS]}
count=${2:-300}
seed=${3:-1000}
n=${4:-16}
targets=${5:-"sm_100 sm_90"}
status=0
run() {
  local label=$1 config=$2 start out rc
  start=$(date +%s)
  out=$("$bin/tile-diff" --generate --policy pipeline --seed "$seed" --count "$count" \
        --jobs 2 --only-config "$config" 2>&1)
  rc=$?
  echo "$label | $(tail -1 <<<"$out") | exit $rc | $(( $(date +%s) - start )) s"
  [ "$rc" -eq 0 ] || status=1
}
for t in $targets; do
  for k in $(seq 1 "$n"); do
    run "$t aws seed:$k" "$t,O2,v2=1,strategy=warp-specialize,scheduler=cost,order=seed:$k"
  done
  run "$t aus" "$t,O3,v2=1,strategy=warp-specialize,scheduler=cost,agents=aus"
  run "$t aws serial" "$t,O2,v2=1,strategy=warp-specialize,scheduler=serial,order=seed:1"
done
exit $status
