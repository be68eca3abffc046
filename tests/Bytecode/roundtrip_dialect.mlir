// Every op group of the dialect survives text -> bytecode -> text unchanged:
// the dialect's own round-trip tests are reused as inputs, chunk by chunk.
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/arith.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/control.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/conversion.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/core.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/math.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/memory.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/optimization_hints.mlir | FileCheck %s
// RUN: tilec-translate --verify-roundtrip -split-input-file %S/../Dialect/CudaTile/structure.mlir | FileCheck %s
// CHECK: round trip ok
// CHECK-NOT: error
