// A test on the interpreter's output: the output buffer must still hold the
// value 3 somewhere. The store and the data flow into it must survive, and
// the interpreter check keeps every candidate free of undefined behaviour.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/program.mlir %S/Inputs/manifest.json %t/
// RUN: tile-reduce %t/manifest.json -o %t/out --test 'rm -rf o && tile-run --manifest manifest.json --out-dir o && od -An -v -tx4 -j128 o/arg0.npy | grep -q 00000003' | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s < %t/out/program.mlir
// RUN: tile-run --manifest %t/out/manifest.json --out-dir %t/run
// RUN: od -An -v -tx4 -j128 %t/run/arg0.npy | FileCheck %s --check-prefix=VALUE

// SUMMARY: reduced 20 ops to

// CHECK: entry @k(
// CHECK: store_ptr_tko

// VALUE: 00000003
