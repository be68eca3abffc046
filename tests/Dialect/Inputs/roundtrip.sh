#!/bin/sh
# Usage: roundtrip.sh SEEDS_DIR WORK_DIR
# Every seed kernel and 40 generated programs, at O0-O3, lowered to nv_tileaa
# and nv_tileas: the printed IR has no generic-form nv_tile* op, parses back
# to the same text, and the generic form parses back to it too.
set -e
seeds=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
tile-gen --seed 11 --count 40 --policy full -o "$work/gen" > /dev/null
n=0
for f in "$seeds"/*.mlir "$work"/gen/*/program.mlir; do
  for level in 0 1 2 3; do
    for emit in tileaa tileas; do
      out="$work/out.mlir"
      tilec "$f" -O$level --emit $emit -o "$out"
      if grep -n '"nv_tile' "$out"; then
        echo "generic form in $f at -O$level --emit $emit" >&2
        exit 1
      fi
      tilec-opt "$out" -o "$work/1.mlir"
      tilec-opt "$work/1.mlir" -o "$work/2.mlir"
      cmp "$work/1.mlir" "$work/2.mlir"
      tilec-opt --mlir-print-op-generic "$out" | tilec-opt -o "$work/3.mlir"
      cmp "$work/1.mlir" "$work/3.mlir"
      n=$((n + 1))
    done
  done
done
echo "round-trip: $n modules"
