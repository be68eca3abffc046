// tile-gen writes a verifying program, a manifest in tile-run's format and
// its .npy inputs; the same seed and policy give the same files.
// RUN: rm -rf %t && tile-gen --seed 8 --count 2 --policy mma -o %t
// RUN: tilec-opt %t/8/program.mlir | FileCheck %s --check-prefix=IR
// RUN: tilec-opt %t/9/program.mlir > /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/8/manifest.json
// RUN: tile-gen --seed 8 --policy mma -o %t/again
// RUN: diff -r %t/8 %t/again/8
// RUN: not tile-gen --seed 1 --policy nope -o %t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: tile-gen --policy floats-exact --print-policy -o %t | FileCheck %s --check-prefix=POLICY
// RUN: tile-gen --seed 3 --policy %S/Inputs/small-ints.json -o %t/json
// RUN: tilec-opt %t/json/3/program.mlir > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t/json/3/manifest.json
// RUN: not tile-gen --policy %S/Inputs/missing.json -o %t/bad 2>&1 | FileCheck %s --check-prefix=NOFILE

// IR: cuda_tile.module @gen
// IR: entry @kernel(
// IR: get_tile_block_id
// IR: {{mmaf|mmai}}
// IR: continue

// MANIFEST: "args": [
// MANIFEST: "@arg{{[0-9]+}}.npy"
// MANIFEST: "entry": "kernel"
// MANIFEST: "grid": [
// MANIFEST: "policy": "mma"
// MANIFEST: "policy_hash": "{{[0-9a-f]+}}"
// MANIFEST: "program": "program.mlir"
// MANIFEST: "schema_version": 1
// MANIFEST: "seed": 8

// BAD: unknown policy preset 'nope' (known: ints, floats-exact, floats, memory, control, mma, full, pipeline, tensorcore)

// POLICY: "exactFloats": true
// POLICY: "name": "floats-exact"

// JSON: "grid": [
// JSON-NEXT: 1,
// JSON: "policy": "small-ints"

// NOFILE: cannot read policy file
