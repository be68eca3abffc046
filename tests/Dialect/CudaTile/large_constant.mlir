// A constant of more than 100 elements prints every element (not the
// builtin printer's hex form, which the literal syntax does not have) and
// round-trips.
// RUN: tilec-opt %s | FileCheck %s
// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// CHECK-LABEL: entry @big
// CHECK: constant <i16: [-3, -2, -1, 0, 1, 2, 3, -3,
// CHECK-NOT: 0x
cuda_tile.module @m {
  entry @big() {
    %c = constant <i16: [-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2]> : tile<128xi16>
    return
  }
}
