// "failed to legalize schedule": the schedule checker in
// tileas-generate-schedule catches a generator that drops a latency (the
// self-test's injected bug schedule-latency, test-hook builds only) and
// names the violated dependence.
// REQUIRES: test-hooks
// RUN: env TILECHECK_INJECT_BUG=schedule-latency not tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" 2>&1 | FileCheck %s
// CHECK: error: failed to legalize schedule
// CHECK: note: edge {{[0-9]+}} -> {{[0-9]+}} (latency {{[0-9]+}}, distance {{[0-9]}}) is violated
// The correct generator passes the same check.
// RUN: tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4" -o /dev/null
