// block_scaled_mma in the LLVM backend (sm_100 and later): f8 operands
// times per-block scales (f8E8M0FNU powers of two and non-negative
// f8E4M3FN values), each product exact in f64, each step of the
// contraction added to the f32 accumulator and rounded once. Computed by
// the SIMT executor it must equal the interpreter bit for bit (--bit-exact:
// not within the mma comparison class's tolerance). Operands: every f8
// code pattern from an i32 hash (no NaN or infinity: the interpreter keeps
// NaN payloads that arithmetic would not), f8E4M3FN and f8E5M2, K = 64 in
// two scale blocks, scales from 2^-30 to 2^30, a non-zero accumulator.
// f4E2M1FN operands (@mxf4_32, @mxf4_16, @nvf4): hashed values rounded into
// f4 (ties, saturation), f8E8M0FNU scales per 32 and per 16 of K and
// f8E4M3FN scales per 16, held as the interpreter holds them (a byte each).
// RUN: tile-diff %s --entry e8m0 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_100,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e8m0 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_120,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e5m2 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_100,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry mxf4_32 --grid 1 --arg zeros:f32:64 --only-config compiler=simt,sm_100,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry mxf4_16 --grid 1 --arg zeros:f32:64 --only-config compiler=simt,sm_120,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry nvf4 --grid 1 --arg zeros:f32:64 --only-config compiler=simt,sm_100,O2 --bit-exact -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// sm_90 has no block-scaled MMA: an expected rejection, not a finding.
// RUN: tile-diff %s --entry e8m0 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_90,O0 | FileCheck %s --check-prefix=OLD
// OLD: 1 expected rejections (unsupported-target)
// OLD-NEXT: 1 programs checked, 0 findings in 0 buckets
cuda_tile.module @m {
  entry @e8m0(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %h = constant <i32: 2654435761> : tile<1024xi32>
    %x = muli %i, %h : tile<1024xi32>
    %c24 = constant <i32: 24> : tile<1024xi32>
    %y = shri %x, %c24 unsigned : tile<1024xi32>
    %m = constant <i32: 254> : tile<1024xi32>
    %y2 = andi %y, %m : tile<1024xi32>
    %b = trunci %y2 : tile<1024xi32> -> tile<1024xi8>
    %f = bitcast %b : tile<1024xi8> -> tile<1024xf8E4M3FN>
    %a = extract %f[%zero] : tile<1024xf8E4M3FN> -> tile<512xf8E4M3FN>
    %one = constant <i32: 1> : tile<i32>
    %bb = extract %f[%one] : tile<1024xf8E4M3FN> -> tile<512xf8E4M3FN>
    %lhs = reshape %a : tile<512xf8E4M3FN> -> tile<8x64xf8E4M3FN>
    %rhs = reshape %bb : tile<512xf8E4M3FN> -> tile<64x8xf8E4M3FN>
    %sa = constant <f8E8M0FNU: [[0.5, 2.0], [4.0, 0.25], [1.0, 8.0], [0.125, 16.0], [9.313225746154785e-10, 1073741824.0], [0.5, 2.0], [4.0, 0.25], [1.0, 8.0]]> : tile<8x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: [[0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10, 1073741824.0, 0.5], [2.0, 4.0, 0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10]]> : tile<2x8xf8E8M0FNU>
    %ai = reshape %i : tile<1024xi32> -> tile<8x128xi32>
    %acc0 = extract %ai[%zero, %zero] : tile<8x128xi32> -> tile<8x8xi32>
    %acci = itof %acc0 signed : tile<8x8xi32> -> tile<8x8xf32>
    %c3 = constant <f32: 0.3> : tile<8x8xf32>
    %acc = mulf %acci, %c3 : tile<8x8xf32>
    %d = mmaf_scaled %lhs, %rhs, %acc, %sa, %sb : tile<8x64xf8E4M3FN>, tile<64x8xf8E4M3FN>, tile<8x8xf32>, tile<8x2xf8E8M0FNU>, tile<2x8xf8E8M0FNU>
    %r = reshape %d : tile<8x8xf32> -> tile<64xf32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e5m2(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %h = constant <i32: 2654435761> : tile<1024xi32>
    %x = muli %i, %h : tile<1024xi32>
    %c24 = constant <i32: 24> : tile<1024xi32>
    %y = shri %x, %c24 unsigned : tile<1024xi32>
    %m = constant <i32: 191> : tile<1024xi32>
    %y2 = andi %y, %m : tile<1024xi32>
    %b = trunci %y2 : tile<1024xi32> -> tile<1024xi8>
    %f = bitcast %b : tile<1024xi8> -> tile<1024xf8E5M2>
    %a = extract %f[%zero] : tile<1024xf8E5M2> -> tile<512xf8E5M2>
    %one = constant <i32: 1> : tile<i32>
    %bb = extract %f[%one] : tile<1024xf8E5M2> -> tile<512xf8E5M2>
    %lhs = reshape %a : tile<512xf8E5M2> -> tile<8x64xf8E5M2>
    %rhs = reshape %bb : tile<512xf8E5M2> -> tile<64x8xf8E5M2>
    %sa = constant <f8E8M0FNU: [[1073741824.0, 9.313225746154785e-10], [16.0, 0.125], [8.0, 1.0], [0.25, 4.0], [2.0, 0.5], [1073741824.0, 9.313225746154785e-10], [16.0, 0.125], [8.0, 1.0]]> : tile<8x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: [[8.0, 0.125, 16.0, 9.313225746154785e-10, 1073741824.0, 0.5, 2.0, 4.0], [0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10, 1073741824.0, 0.5]]> : tile<2x8xf8E8M0FNU>
    %ai = reshape %i : tile<1024xi32> -> tile<8x128xi32>
    %acc0 = extract %ai[%zero, %zero] : tile<8x128xi32> -> tile<8x8xi32>
    %acci = itof %acc0 signed : tile<8x8xi32> -> tile<8x8xf32>
    %c3 = constant <f32: 0.3> : tile<8x8xf32>
    %acc = mulf %acci, %c3 : tile<8x8xf32>
    %d = mmaf_scaled %lhs, %rhs, %acc, %sa, %sb : tile<8x64xf8E5M2>, tile<64x8xf8E5M2>, tile<8x8xf32>, tile<8x2xf8E8M0FNU>, tile<2x8xf8E8M0FNU>
    %r = reshape %d : tile<8x8xf32> -> tile<64xf32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // block_scaled_mma of f4E2M1FN operands (every code: hashed values
  // -4..3.5 in halves, rounded into f4 with ties and saturation) with
  // f8E8M0FNU scales, one per 32 of K.
  entry @mxf4_32(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %h = constant <i32: 2654435761> : tile<1024xi32>
    %x = muli %i, %h : tile<1024xi32>
    %c24 = constant <i32: 24> : tile<1024xi32>
    %y = shri %x, %c24 unsigned : tile<1024xi32>
    %m = constant <i32: 15> : tile<1024xi32>
    %y2 = andi %y, %m : tile<1024xi32>
    %c8 = constant <i32: 8> : tile<1024xi32>
    %y3 = subi %y2, %c8 : tile<1024xi32>
    %yf = itof %y3 signed : tile<1024xi32> -> tile<1024xf32>
    %half = constant <f32: 0.75> : tile<1024xf32>
    %yh = mulf %yf, %half : tile<1024xf32>
    %f = ftof %yh : tile<1024xf32> -> tile<1024xf4E2M1FN>
    %a = extract %f[%zero] : tile<1024xf4E2M1FN> -> tile<512xf4E2M1FN>
    %one = constant <i32: 1> : tile<i32>
    %bb = extract %f[%one] : tile<1024xf4E2M1FN> -> tile<512xf4E2M1FN>
    %lhs = reshape %a : tile<512xf4E2M1FN> -> tile<8x64xf4E2M1FN>
    %rhs = reshape %bb : tile<512xf4E2M1FN> -> tile<64x8xf4E2M1FN>
    %sa = constant <f8E8M0FNU: [[0.5, 2.0], [4.0, 0.25], [1.0, 8.0], [0.125, 16.0], [9.313225746154785e-10, 1073741824.0], [0.5, 2.0], [4.0, 0.25], [1.0, 8.0]]> : tile<8x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: [[0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10, 1073741824.0, 0.5], [2.0, 4.0, 0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10]]> : tile<2x8xf8E8M0FNU>
    %ai = reshape %i : tile<1024xi32> -> tile<8x128xi32>
    %acc0 = extract %ai[%zero, %zero] : tile<8x128xi32> -> tile<8x8xi32>
    %acci = itof %acc0 signed : tile<8x8xi32> -> tile<8x8xf32>
    %c3 = constant <f32: 0.3> : tile<8x8xf32>
    %acc = mulf %acci, %c3 : tile<8x8xf32>
    %d = mmaf_scaled %lhs, %rhs, %acc, %sa, %sb : tile<8x64xf4E2M1FN>, tile<64x8xf4E2M1FN>, tile<8x8xf32>, tile<8x2xf8E8M0FNU>, tile<2x8xf8E8M0FNU>
    %r = reshape %d : tile<8x8xf32> -> tile<64xf32>
    %tv = make_tensor_view %o, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // block_scaled_mma of f4E2M1FN operands (every code: hashed values
  // -4..3.5 in halves, rounded into f4 with ties and saturation) with
  // f8E8M0FNU scales, one per 16 of K.
  entry @mxf4_16(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %h = constant <i32: 2654435761> : tile<1024xi32>
    %x = muli %i, %h : tile<1024xi32>
    %c24 = constant <i32: 24> : tile<1024xi32>
    %y = shri %x, %c24 unsigned : tile<1024xi32>
    %m = constant <i32: 15> : tile<1024xi32>
    %y2 = andi %y, %m : tile<1024xi32>
    %c8 = constant <i32: 8> : tile<1024xi32>
    %y3 = subi %y2, %c8 : tile<1024xi32>
    %yf = itof %y3 signed : tile<1024xi32> -> tile<1024xf32>
    %half = constant <f32: 0.75> : tile<1024xf32>
    %yh = mulf %yf, %half : tile<1024xf32>
    %f = ftof %yh : tile<1024xf32> -> tile<1024xf4E2M1FN>
    %a = extract %f[%zero] : tile<1024xf4E2M1FN> -> tile<512xf4E2M1FN>
    %one = constant <i32: 1> : tile<i32>
    %bb = extract %f[%one] : tile<1024xf4E2M1FN> -> tile<512xf4E2M1FN>
    %lhs = reshape %a : tile<512xf4E2M1FN> -> tile<8x64xf4E2M1FN>
    %rhs = reshape %bb : tile<512xf4E2M1FN> -> tile<64x8xf4E2M1FN>
    %sa = constant <f8E8M0FNU: [[0.5, 2.0, 4.0, 0.25], [1.0, 8.0, 0.125, 16.0], [9.313225746154785e-10, 1073741824.0, 0.5, 2.0], [4.0, 0.25, 1.0, 8.0], [0.125, 16.0, 9.313225746154785e-10, 1073741824.0], [0.5, 2.0, 4.0, 0.25], [1.0, 8.0, 0.125, 16.0], [9.313225746154785e-10, 1073741824.0, 0.5, 2.0]]> : tile<8x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: [[0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10, 1073741824.0, 0.5], [2.0, 4.0, 0.25, 1.0, 8.0, 0.125, 16.0, 9.313225746154785e-10], [1073741824.0, 0.5, 2.0, 4.0, 0.25, 1.0, 8.0, 0.125], [16.0, 9.313225746154785e-10, 1073741824.0, 0.5, 2.0, 4.0, 0.25, 1.0]]> : tile<4x8xf8E8M0FNU>
    %ai = reshape %i : tile<1024xi32> -> tile<8x128xi32>
    %acc0 = extract %ai[%zero, %zero] : tile<8x128xi32> -> tile<8x8xi32>
    %acci = itof %acc0 signed : tile<8x8xi32> -> tile<8x8xf32>
    %c3 = constant <f32: 0.3> : tile<8x8xf32>
    %acc = mulf %acci, %c3 : tile<8x8xf32>
    %d = mmaf_scaled %lhs, %rhs, %acc, %sa, %sb : tile<8x64xf4E2M1FN>, tile<64x8xf4E2M1FN>, tile<8x8xf32>, tile<8x4xf8E8M0FNU>, tile<4x8xf8E8M0FNU>
    %r = reshape %d : tile<8x8xf32> -> tile<64xf32>
    %tv = make_tensor_view %o, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // block_scaled_mma of f4E2M1FN operands (every code: hashed values
  // -4..3.5 in halves, rounded into f4 with ties and saturation) with
  // f8E4M3FN scales, one per 16 of K.
  entry @nvf4(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %h = constant <i32: 2654435761> : tile<1024xi32>
    %x = muli %i, %h : tile<1024xi32>
    %c24 = constant <i32: 24> : tile<1024xi32>
    %y = shri %x, %c24 unsigned : tile<1024xi32>
    %m = constant <i32: 15> : tile<1024xi32>
    %y2 = andi %y, %m : tile<1024xi32>
    %c8 = constant <i32: 8> : tile<1024xi32>
    %y3 = subi %y2, %c8 : tile<1024xi32>
    %yf = itof %y3 signed : tile<1024xi32> -> tile<1024xf32>
    %half = constant <f32: 0.75> : tile<1024xf32>
    %yh = mulf %yf, %half : tile<1024xf32>
    %f = ftof %yh : tile<1024xf32> -> tile<1024xf4E2M1FN>
    %a = extract %f[%zero] : tile<1024xf4E2M1FN> -> tile<512xf4E2M1FN>
    %one = constant <i32: 1> : tile<i32>
    %bb = extract %f[%one] : tile<1024xf4E2M1FN> -> tile<512xf4E2M1FN>
    %lhs = reshape %a : tile<512xf4E2M1FN> -> tile<8x64xf4E2M1FN>
    %rhs = reshape %bb : tile<512xf4E2M1FN> -> tile<64x8xf4E2M1FN>
    %sa = constant <f8E4M3FN: [[0.5, 2.0, 448.0, 0.001953125], [1.0, 0.875, 0.015625, 240.0], [3.5, 0.1875, 0.5, 2.0], [448.0, 0.001953125, 1.0, 0.875], [0.015625, 240.0, 3.5, 0.1875], [0.5, 2.0, 448.0, 0.001953125], [1.0, 0.875, 0.015625, 240.0], [3.5, 0.1875, 0.5, 2.0]]> : tile<8x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: [[0.001953125, 1.0, 0.875, 0.015625, 240.0, 3.5, 0.1875, 0.5], [2.0, 448.0, 0.001953125, 1.0, 0.875, 0.015625, 240.0, 3.5], [0.1875, 0.5, 2.0, 448.0, 0.001953125, 1.0, 0.875, 0.015625], [240.0, 3.5, 0.1875, 0.5, 2.0, 448.0, 0.001953125, 1.0]]> : tile<4x8xf8E4M3FN>
    %ai = reshape %i : tile<1024xi32> -> tile<8x128xi32>
    %acc0 = extract %ai[%zero, %zero] : tile<8x128xi32> -> tile<8x8xi32>
    %acci = itof %acc0 signed : tile<8x8xi32> -> tile<8x8xf32>
    %c3 = constant <f32: 0.3> : tile<8x8xf32>
    %acc = mulf %acci, %c3 : tile<8x8xf32>
    %d = mmaf_scaled %lhs, %rhs, %acc, %sa, %sb : tile<8x64xf4E2M1FN>, tile<64x8xf4E2M1FN>, tile<8x8xf32>, tile<8x4xf8E4M3FN>, tile<4x8xf8E4M3FN>
    %r = reshape %d : tile<8x8xf32> -> tile<64xf32>
    %tv = make_tensor_view %o, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
