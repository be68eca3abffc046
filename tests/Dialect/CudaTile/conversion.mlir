// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

cuda_tile.module @conversion {
  // CHECK-LABEL: testing$func @float_conversions
  // CHECK-SAME: (%[[X:.*]]: tile<8xf32>, %[[H:.*]]: tile<8xf16>)
  testing$func @float_conversions(%x: tile<8xf32>, %h: tile<8xf16>) {
    // CHECK: ftof %[[X]] : tile<8xf32> -> tile<8xf16>
    %0 = ftof %x : tile<8xf32> -> tile<8xf16>
    // CHECK: ftof %[[H]] : tile<8xf16> -> tile<8xf8E4M3FN>
    %1 = ftof %h rounding<nearest_even> : tile<8xf16> -> tile<8xf8E4M3FN>
    // CHECK: ftof %[[X]] : tile<8xf32> -> tile<8xf4E2M1FN>
    %2 = ftof %x : tile<8xf32> -> tile<8xf4E2M1FN>
    // Conversions to the scale format round toward zero or up.
    // CHECK: ftof %[[X]] rounding<positive_inf> : tile<8xf32> -> tile<8xf8E8M0FNU>
    %3 = ftof %x rounding<positive_inf> : tile<8xf32> -> tile<8xf8E8M0FNU>
    // CHECK: ftof %[[X]] rounding<zero> : tile<8xf32> -> tile<8xf8E8M0FNU>
    %4 = ftof %x rounding<zero> : tile<8xf32> -> tile<8xf8E8M0FNU>
    // CHECK: ftof %[[X]] : tile<8xf32> -> tile<8xtf32>
    %5 = ftof %x : tile<8xf32> -> tile<8xtf32>
  }

  // CHECK-LABEL: testing$func @int_float_conversions
  // CHECK-SAME: (%[[X:.*]]: tile<2x2xf32>, %[[I:.*]]: tile<2x2xi16>)
  testing$func @int_float_conversions(%x: tile<2x2xf32>, %i: tile<2x2xi16>) {
    // The only (and default) rounding of ftoi is not printed.
    // CHECK: ftoi %[[X]] signed : tile<2x2xf32> -> tile<2x2xi32>
    %0 = ftoi %x signed : tile<2x2xf32> -> tile<2x2xi32>
    // CHECK: ftoi %[[X]] unsigned : tile<2x2xf32> -> tile<2x2xi64>
    %1 = ftoi %x unsigned rounding<nearest_int_to_zero> : tile<2x2xf32> -> tile<2x2xi64>
    // CHECK: itof %[[I]] signed : tile<2x2xi16> -> tile<2x2xf32>
    %2 = itof %i signed : tile<2x2xi16> -> tile<2x2xf32>
    // CHECK: itof %[[I]] unsigned : tile<2x2xi16> -> tile<2x2xbf16>
    %3 = itof %i unsigned rounding<nearest_even> : tile<2x2xi16> -> tile<2x2xbf16>
  }

  // CHECK-LABEL: testing$func @int_conversions
  // CHECK-SAME: (%[[N:.*]]: tile<16xi4>, %[[W:.*]]: tile<16xi32>)
  testing$func @int_conversions(%n: tile<16xi4>, %w: tile<16xi32>) {
    // CHECK: exti %[[N]] signed : tile<16xi4> -> tile<16xi8>
    %0 = exti %n signed : tile<16xi4> -> tile<16xi8>
    // CHECK: exti %[[W]] unsigned : tile<16xi32> -> tile<16xi64>
    %1 = exti %w unsigned : tile<16xi32> -> tile<16xi64>
    // CHECK: trunci %[[W]] : tile<16xi32> -> tile<16xi8>
    %2 = trunci %w : tile<16xi32> -> tile<16xi8>
    // CHECK: trunci %[[W]] overflow<no_signed_wrap> : tile<16xi32> -> tile<16xi4>
    %3 = trunci %w overflow<no_signed_wrap> : tile<16xi32> -> tile<16xi4>
    // CHECK: trunci %[[W]] overflow<no_wrap> : tile<16xi32> -> tile<16xi1>
    %4 = trunci %w overflow<no_wrap> : tile<16xi32> -> tile<16xi1>
  }

  // CHECK-LABEL: testing$func @bit_and_pointer_casts
  // CHECK-SAME: (%[[F:.*]]: tile<4xf32>, %[[P:.*]]: tile<4xptr<f32>>, %[[A:.*]]: tile<4xi64>)
  testing$func @bit_and_pointer_casts(%f: tile<4xf32>, %p: tile<4xptr<f32>>, %a: tile<4xi64>) {
    // CHECK: bitcast %[[F]] : tile<4xf32> -> tile<4xi32>
    %0 = bitcast %f : tile<4xf32> -> tile<4xi32>
    // CHECK: ptr_to_int %[[P]] : tile<4xptr<f32>> -> tile<4xi64>
    %1 = ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi64>
    // CHECK: int_to_ptr %[[A]] : tile<4xi64> -> tile<4xptr<f16>>
    %2 = int_to_ptr %a : tile<4xi64> -> tile<4xptr<f16>>
    // CHECK: ptr_to_ptr %[[P]] : tile<4xptr<f32>> -> tile<4xptr<i8>>
    %3 = cuda_tile.ptr_to_ptr %p : !cuda_tile.tile<4x!cuda_tile.ptr<f32>> -> !cuda_tile.tile<4x!cuda_tile.ptr<i8>>
  }

  // CHECK-LABEL: testing$func @packing
  // CHECK-SAME: (%[[H:.*]]: tile<32xf16>, %[[N:.*]]: tile<64xi4>, %[[B:.*]]: tile<64xi8>)
  testing$func @packing(%h: tile<32xf16>, %n: tile<64xi4>, %b: tile<64xi8>) {
    // CHECK: pack %[[H]] : tile<32xf16> -> tile<64xi8>
    %0 = pack %h : tile<32xf16> -> tile<64xi8>
    // CHECK: pack %[[N]] : tile<64xi4> -> tile<32xi8>
    %1 = pack %n : tile<64xi4> -> tile<32xi8>
    // CHECK: unpack %[[B]] : tile<64xi8> -> tile<16xf32>
    %2 = unpack %b : tile<64xi8> -> tile<16xf32>
    // CHECK: unpack %[[B]] : tile<64xi8> -> tile<128xf4E2M1FN>
    %3 = unpack %b : tile<64xi8> -> tile<128xf4E2M1FN>
  }
}
