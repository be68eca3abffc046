// A tile-diff finding of an injected miscompile (divi-floor: floor division
// lowered as truncating division), reduced with tile-diff's signature: the
// reduced case keeps the signature, value-to-const replaces the loaded input
// (and with it the load's views) by the values the interpreter saw, and
// what is left is the division of two constants and the store of its
// result.
// REQUIRES: test-hooks
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_INJECT_BUG=divi-floor tile-diff %S/Inputs/injected-divi.mlir --only-config sm_100 --findings %t/f > %t/diff.txt || true
// RUN: FileCheck %s --check-prefix=FINDING < %t/diff.txt
// RUN: env TILECHECK_INJECT_BUG=divi-floor tile-diff --manifest %t/f/wrong-result-*/manifest.json --only-config sm_100 --print-signature > %t/before.txt || true
// RUN: env TILECHECK_INJECT_BUG=divi-floor tile-reduce %t/f/wrong-result-* -o %t/out --tile-diff tile-diff | FileCheck %s --check-prefix=SUMMARY
// RUN: env TILECHECK_INJECT_BUG=divi-floor tile-diff --manifest %t/out/manifest.json --only-config sm_100 --print-signature > %t/after.txt || true
// RUN: diff %t/before.txt %t/after.txt
// RUN: FileCheck %s < %t/out/program.mlir
// Without the bug the reduced case is correct: no finding.
// RUN: tile-diff --manifest %t/out/manifest.json --only-config sm_100 --print-signature | FileCheck %s --check-prefix=CLEAN

// FINDING: finding: wrong-result {{.*}} culprit=convert-tileaa-to-tileas
// SUMMARY: reduced 15 ops to {{[5-9]}} ops

// CHECK-NOT: load_view_tko
// CHECK-NOT: muli
// CHECK: divi {{.*}} signed rounding<negative_inf>
// CHECK-NOT: load_view_tko
// CHECK: store_
// CHECK-NOT: xori

// CLEAN: none
