// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

cuda_tile.module @math {
  // CHECK-LABEL: testing$func @unary_f32
  // CHECK-SAME: (%[[X:.*]]: tile<2x8xf32>)
  testing$func @unary_f32(%x: tile<2x8xf32>) {
    // CHECK: exp %[[X]] : tile<2x8xf32>
    %0 = exp %x : tile<2x8xf32>
    // The default accuracy (full) is not printed.
    // CHECK: exp %[[X]] : tile<2x8xf32>
    %1 = exp %x rounding<full> : tile<2x8xf32>
    // CHECK: exp %[[X]] rounding<approx> : tile<2x8xf32>
    %2 = exp %x rounding<approx> : tile<2x8xf32>
    // CHECK: exp2 %[[X]] flush_to_zero : tile<2x8xf32>
    %3 = exp2 %x flush_to_zero : tile<2x8xf32>
    // CHECK: log %[[X]] : tile<2x8xf32>
    %4 = log %x : tile<2x8xf32>
    // CHECK: log2 %[[X]] : tile<2x8xf32>
    %5 = log2 %x : tile<2x8xf32>
    // CHECK: sin %[[X]] : tile<2x8xf32>
    %6 = sin %x : tile<2x8xf32>
    // CHECK: cos %[[X]] : tile<2x8xf32>
    %7 = cos %x : tile<2x8xf32>
    // CHECK: tan %[[X]] : tile<2x8xf32>
    %8 = tan %x : tile<2x8xf32>
    // CHECK: sinh %[[X]] : tile<2x8xf32>
    %9 = sinh %x : tile<2x8xf32>
    // CHECK: cosh %[[X]] : tile<2x8xf32>
    %10 = cosh %x : tile<2x8xf32>
    // CHECK: tanh %[[X]] : tile<2x8xf32>
    %11 = tanh %x : tile<2x8xf32>
    // CHECK: tanh %[[X]] rounding<approx> : tile<2x8xf32>
    %12 = tanh %x rounding<approx> : tile<2x8xf32>
    // CHECK: rsqrt %[[X]] flush_to_zero : tile<2x8xf32>
    %13 = rsqrt %x flush_to_zero : tile<2x8xf32>
    // CHECK: sqrt %[[X]] : tile<2x8xf32>
    %14 = sqrt %x rounding<nearest_even> : tile<2x8xf32>
    // CHECK: sqrt %[[X]] rounding<approx> flush_to_zero : tile<2x8xf32>
    %15 = sqrt %x rounding<approx> flush_to_zero : tile<2x8xf32>
    // CHECK: sqrt %[[X]] rounding<zero> : tile<2x8xf32>
    %16 = sqrt %x rounding<zero> : tile<2x8xf32>
    // CHECK: floor %[[X]] : tile<2x8xf32>
    %17 = floor %x : tile<2x8xf32>
    // CHECK: ceil %[[X]] : tile<2x8xf32>
    %18 = cuda_tile.ceil %x : !cuda_tile.tile<2x8xf32>
  }

  // CHECK-LABEL: testing$func @binary
  // CHECK-SAME: (%[[A:.*]]: tile<4xf64>, %[[B:.*]]: tile<4xf64>)
  testing$func @binary(%a: tile<4xf64>, %b: tile<4xf64>) {
    // CHECK: pow %[[A]], %[[B]] : tile<4xf64>
    %0 = pow %a, %b : tile<4xf64>
    // CHECK: atan2 %[[A]], %[[B]] : tile<4xf64>
    %1 = atan2 %a, %b : tile<4xf64>
  }

  // CHECK-LABEL: testing$func @narrow
  testing$func @narrow(%h: tile<f16>, %b: tile<8xbf16>) {
    // CHECK: exp %{{.*}} : tile<f16>
    %0 = exp %h : tile<f16>
    // CHECK: sqrt %{{.*}} rounding<positive_inf> : tile<8xbf16>
    %1 = sqrt %b rounding<positive_inf> : tile<8xbf16>
    // CHECK: tanh %{{.*}} : tile<8xbf16>
    %2 = tanh %b : tile<8xbf16>
    // CHECK: atan2 %{{.*}}, %{{.*}} : tile<f16>
    %3 = atan2 %h, %h : tile<f16>
  }
}
