// With the real tile-diff and its test-only miscompile hook (the first addi
// becomes subi after convert-cuda-tile-to-tileaa): the reduced case has the
// original's signature, and the configuration is dropped to the default.
// The signature does not include the program's op kinds, so whole kinds
// go; the miscompiled addi and a store of its result stay.
// REQUIRES: test-hooks
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/program.mlir %S/Inputs/manifest.json %t/
// RUN: env TILECHECK_TEST_CHILD_FAULT=miscompile@convert-cuda-tile-to-tileaa tile-diff --manifest %t/manifest.json --only-config sm_100,O2 --print-signature > %t/before.txt || true
// RUN: env TILECHECK_TEST_CHILD_FAULT=miscompile@convert-cuda-tile-to-tileaa tile-reduce %t/manifest.json -o %t/out --tile-diff tile-diff --config "sm_100,O2,scheduler=serial" | FileCheck %s --check-prefix=SUMMARY
// RUN: env TILECHECK_TEST_CHILD_FAULT=miscompile@convert-cuda-tile-to-tileaa tile-diff --manifest %t/out/manifest.json --only-config sm_100 --print-signature > %t/after.txt || true
// RUN: diff %t/before.txt %t/after.txt
// RUN: FileCheck %s < %t/out/program.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/out/manifest.json

// SUMMARY: reduced 20 ops to {{[1-9]}} ops

// CHECK: addi
// CHECK: store_ptr_tko

// MANIFEST-NOT: "config"
