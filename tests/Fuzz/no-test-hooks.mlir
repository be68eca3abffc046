// A build without test hooks (Release; TILECHECK_TEST_HOOKS off) has no
// injection switch: the self-test's injected bug and the engine's child
// fault hook are not compiled in, so setting their variables changes
// nothing and the correct compiler is checked.
// UNSUPPORTED: test-hooks

// RUN: env TILECHECK_INJECT_BUG=divi-floor tile-diff %S/../SelfTest/divi_floor.mlir --only-config sm_100 | FileCheck %s
// RUN: env TILECHECK_TEST_CHILD_FAULT=abort tile-diff %S/../SelfTest/divi_floor.mlir --only-config sm_100 | FileCheck %s
// RUN: env TILECHECK_INJECT_BUG=no-such-bug tilec-opt %S/../SelfTest/divi_floor.mlir --convert-cuda-tile-to-tileaa --convert-tileaa-to-tileas -o /dev/null
// CHECK: 1 programs checked, 0 findings in 0 buckets
