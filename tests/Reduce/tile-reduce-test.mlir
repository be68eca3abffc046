// tile-reduce with an external --test command: the reduced case keeps the
// divi, loses everything the test does not need (grid, unused arguments,
// the store, the remi), still runs cleanly and keeps the manifest's
// unknown fields.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/program.mlir %S/Inputs/manifest.json %t/
// RUN: tile-reduce %t/manifest.json -o %t/out --test 'grep -q "= divi" program.mlir && tile-run --manifest manifest.json' | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --check-prefix=IR < %t/out/program.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/out/manifest.json
// RUN: tile-run --manifest %t/out/manifest.json
// The same input again: the same result (deterministic).
// RUN: tile-reduce %t -o %t/again --test 'grep -q "= divi" program.mlir && tile-run --manifest manifest.json'
// RUN: diff %t/out/program.mlir %t/again/program.mlir

// SUMMARY: reduced 20 ops to {{[0-9]}} ops ({{[0-9.]+}}%) in {{[0-9.]+}} s, {{[0-9]+}} candidates tried

// IR: entry @k(
// IR-NOT: store_ptr_tko
// IR-NOT: remi
// IR: divi
// IR-NOT: iota

// MANIFEST: "args": [],
// MANIFEST: "grid": [
// MANIFEST-NEXT: 1,
// MANIFEST: "seed": 99
