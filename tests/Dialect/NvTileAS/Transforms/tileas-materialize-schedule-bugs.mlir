// The self-test's injected bug in tileas-materialize-schedule (test-hook
// builds only): pipeline-release, a consumer that waits for and reads each
// position but never releases it. @rows' loop has 4 iterations and a
// pipeline of 2 slots, so the producer waits for a free slot forever: the
// interpreter reports the deadlock, in either mode.
// REQUIRES: test-hooks
//
// RUN: env TILECHECK_INJECT_BUG=pipeline-release tilec-opt %S/Inputs/materialize-cases.mlir --tileas-materialize-schedule -o %t.aws.mlir
// RUN: FileCheck %s < %t.aws.mlir
// CHECK-LABEL: nv_tileaa.func @rows
// CHECK: nv_tileas.async.pipeline.consumer_wait
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_read
// CHECK-NOT: consumer_release
// CHECK-NOT: consume_one
// CHECK: nv_tileaa.return
// RUN: python3 -c "import numpy as np; np.save('%t.rows.npy', np.ones((4, 8), np.float32))"
// RUN: not tile-run %t.aws.mlir --entry rows --grid 1 --arg @%t.rows.npy --arg zeros:f32:1x8 --agent-seed 3 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: env TILECHECK_INJECT_BUG=pipeline-release tilec-opt %S/Inputs/materialize-cases.mlir --tileas-materialize-schedule=use-AUS=true -o %t.aus.mlir
// RUN: not tile-run %t.aus.mlir --entry rows --grid 1 --arg @%t.rows.npy --arg zeros:f32:1x8 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: undefined behaviour: 'nv_tileas.async.pipeline.produce_one': deadlock: no agent of the tile block can proceed
