// The self-test's injected bug in tileas-queue-to-pipeline (test-hook
// builds only): queue-iterator, a consumer loop that yields its iterators
// unincremented. Every iteration waits for position 0 again, which the
// interpreter reports.
// REQUIRES: test-hooks
//
// RUN: env TILECHECK_INJECT_BUG=queue-iterator tilec-opt %S/tileas-queue-to-pipeline.mlir --tileas-queue-to-pipeline -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// CHECK: }, {
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[BX:[^ ]*]] = %{{.*}}, %[[BY:[^ ]*]] = %{{.*}})
// CHECK-NOT: increment_iterator
// CHECK: scf.yield {{.*}}, %[[BX]], %[[BY]] :
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(64, dtype=np.float32))"
// RUN: not tile-run %t.mlir --entry split --grid 1 --arg @%t.a.npy --arg zeros:f32:64 2>&1 | FileCheck %s --check-prefix=UB
// UB: undefined behaviour
