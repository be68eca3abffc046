// The self-test's injected bugs in tileas-unspecialized-pipeline (test-hook
// builds only), on the gemm K-loop of tileas-unspecialized-pipeline.mlir.
// REQUIRES: test-hooks
//
// pipeline-trip-count: the steady-state loop stops one step early (its
// bound is 4 - 3 - 1), so one iteration of the K-loop is lost and C is
// wrong; the interpreter sees it.
// RUN: env TILECHECK_INJECT_BUG=pipeline-trip-count tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" --tileas-unspecialized-pipeline="num-stages=4" -o %t.bug.mlir
// RUN: FileCheck %s --check-prefix=TRIP < %t.bug.mlir
// TRIP: %[[STOP:.*]] = arith.subi %c4_i32, %{{.*}} : i32
// TRIP: %[[EARLY:.*]] = arith.subi %[[STOP]], %c1_i32 : i32
// TRIP: scf.for %{{.*}} = %c0_i32 to %[[EARLY]] step %c1_i32
// RUN: python3 -c "import numpy as np; r = np.random.default_rng(1); [np.save('%t.' + n + '.npy', r.integers(-4, 5, (128, 128)).astype(np.float32)) for n in 'ab']"
// RUN: tile-run %S/Inputs/gemm-sm90.mlir --grid 4,4 --arg @%t.a.npy --arg @%t.b.npy --arg zeros:f32:128x128 --out-dir %t.before
// RUN: tile-run %t.bug.mlir --grid 4,4 --arg @%t.a.npy --arg @%t.b.npy --arg zeros:f32:128x128 --out-dir %t.after
// RUN: not cmp -s %t.before/arg2.npy %t.after/arg2.npy
//
// pipeline-stage: a load moves to the deepest stage, after the conversion
// that reads it; the pass's check of the kernel order reports it before
// the loop changes.
// RUN: env TILECHECK_INJECT_BUG=pipeline-stage not tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" --tileas-unspecialized-pipeline="num-stages=4" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE: error: the kernel order breaks a dependence of a valid schedule
// STAGE: note: op {{[0-9]+}} would run before op {{[0-9]+}} it depends on (distance 0)
