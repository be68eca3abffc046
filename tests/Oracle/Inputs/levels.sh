#!/bin/sh
# Lowers DIR/program.mlir to nv_tileaa and nv_tileas, runs the three with
# DIR/manifest.json's arguments and fails unless buffers and stdout agree.
set -e
cd "$1"
tilec-opt --convert-cuda-tile-to-tileaa program.mlir -o aa.mlir
tilec-opt --convert-cuda-tile-to-tileaa --tileaa-assign-atoms \
  --convert-tileaa-to-tileas=compute-capability=sm_100 program.mlir -o as.mlir
grep -q 'nv_tileas\.' as.mlir
sed 's/"program.mlir"/"aa.mlir"/' manifest.json > manifest-aa.json
sed 's/"program.mlir"/"as.mlir"/' manifest.json > manifest-as.json
run() {
  rc=0
  tile-run --manifest "$1" --out-dir "$2" > "$2.out" 2> "$2.err" || rc=$?
  echo "$rc" > "$2.rc"
}
run manifest.json o0
run manifest-aa.json o1
run manifest-as.json o2
for level in o1 o2; do
  cmp o0.rc $level.rc
  cmp o0.out $level.out
  diff -r o0 $level
done
