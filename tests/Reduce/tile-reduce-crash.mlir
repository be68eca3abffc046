// --crash: the compiler (here a script that aborts on remi with an
// assertion) must keep failing with the same normalized signature; the
// configuration is passed as flags and shortened to nothing it needs.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/program.mlir %S/Inputs/manifest.json %t/
// RUN: tile-reduce %t/manifest.json -o %t/out --crash %S/Inputs/fake-tilec.sh --config "-O3 --scheduler serial" | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s < %t/out/program.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/out/manifest.json
// A compiler that does not fail: nothing to reduce (exit 1).
// RUN: not tile-reduce %t/manifest.json -o %t/none --crash true 2>&1 | FileCheck %s --check-prefix=CLEAN

// SUMMARY: reduced 20 ops to

// CHECK: remi
// CHECK-NOT: divi
// CHECK-NOT: store_ptr_tko

// MANIFEST-NOT: "config"

// CLEAN: the original does not crash or fail
