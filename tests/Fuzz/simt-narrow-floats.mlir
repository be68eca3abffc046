// The f8E4M3FN, f8E5M2 and tf32 conversions of the LLVM backend
// (compiler/lib/Conversion/TileASToLLVM/NarrowFloats.cpp) computed by the
// SIMT executor must equal the interpreter's bit for bit:
//  - @decode: every byte as f8E4M3FN and as f8E5M2 (NaNs, infinities,
//    subnormals) to f32, f16, bf16, f64, tf32 and the other f8 format;
//  - @encode: 16 blocks of 1024 f32 values, sign = block & 1, exponent
//    100 + 8 * (block >> 1) + (i >> 7) (f8 subnormals to past the largest
//    finite), seven high mantissa bits from i (every round-to-nearest tie)
//    and bit 0 set for every other group of eight (just past a tie), into
//    f8 and tf32 directly, from f16, and from f64 nudged by x * 2^-40 up
//    and down (ties in f32 that are not ties in f64: round-to-odd);
//  - @specials: zeros, infinities, NaNs with payloads, the saturation
//    bounds (448, 464, 480, 57344, 61440), f32 subnormals, the f8 subnormal
//    ties, the largest f32, into f8, tf32 and from tf32 to f16 and bf16.
// Rounding half up instead of to even makes @encode fail (checked).
// RUN: tile-diff %s --entry decode --grid 1 --arg zeros:f32:256 --arg zeros:f16:256 --arg zeros:i8:256 --arg zeros:f32:256 --arg zeros:bf16:256 --arg zeros:i8:256 --arg zeros:f32:256 --arg zeros:f64:256 --arg zeros:f32:256 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s
// RUN: tile-diff %s --entry decode --grid 1 --arg zeros:f32:256 --arg zeros:f16:256 --arg zeros:i8:256 --arg zeros:f32:256 --arg zeros:bf16:256 --arg zeros:i8:256 --arg zeros:f32:256 --arg zeros:f64:256 --arg zeros:f32:256 --only-config compiler=simt,sm_100,O3 -v | FileCheck %s
// RUN: tile-diff %s --entry encode --grid 16 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:f32:16384 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:f32:16384 --arg zeros:i8:16384 --arg zeros:f32:16384 --arg zeros:f16:16384 --only-config compiler=simt,sm_80,O1 -v | FileCheck %s
// RUN: tile-diff %s --entry encode --grid 16 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:f32:16384 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:i8:16384 --arg zeros:f32:16384 --arg zeros:i8:16384 --arg zeros:f32:16384 --arg zeros:f16:16384 --only-config compiler=simt,sm_120,O3 -v | FileCheck %s
// RUN: tile-diff %s --entry specials --grid 1 --arg zeros:i8:32 --arg zeros:i8:32 --arg zeros:f32:32 --arg zeros:f16:32 --arg zeros:bf16:32 --only-config compiler=simt,sm_90,O2 -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
cuda_tile.module @m {
  entry @decode(%o0: tile<ptr<f32>>, %o1: tile<ptr<f16>>, %o2: tile<ptr<i8>>, %o3: tile<ptr<f32>>, %o4: tile<ptr<bf16>>, %o5: tile<ptr<i8>>, %o6: tile<ptr<f32>>, %o7: tile<ptr<f64>>, %o8: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<256xi32>
    %b = trunci %i : tile<256xi32> -> tile<256xi8>
    %e4 = bitcast %b : tile<256xi8> -> tile<256xf8E4M3FN>
    %e5 = bitcast %b : tile<256xi8> -> tile<256xf8E5M2>
    %v0 = ftof %e4 : tile<256xf8E4M3FN> -> tile<256xf32>
    %v1 = ftof %e4 : tile<256xf8E4M3FN> -> tile<256xf16>
    %c2 = ftof %e4 : tile<256xf8E4M3FN> -> tile<256xf8E5M2>
    %v2 = bitcast %c2 : tile<256xf8E5M2> -> tile<256xi8>
    %v3 = ftof %e5 : tile<256xf8E5M2> -> tile<256xf32>
    %v4 = ftof %e5 : tile<256xf8E5M2> -> tile<256xbf16>
    %c5 = ftof %e5 : tile<256xf8E5M2> -> tile<256xf8E4M3FN>
    %v5 = bitcast %c5 : tile<256xf8E4M3FN> -> tile<256xi8>
    %c6 = ftof %e5 : tile<256xf8E5M2> -> tile<256xtf32>
    %v6 = ftof %c6 : tile<256xtf32> -> tile<256xf32>
    %v7 = ftof %e4 : tile<256xf8E4M3FN> -> tile<256xf64>
    %c8 = ftof %e4 : tile<256xf8E4M3FN> -> tile<256xtf32>
    %v8 = ftof %c8 : tile<256xtf32> -> tile<256xf32>
    %tv0 = make_tensor_view %o0, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %ptv0 = make_partition_view %tv0 : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %ttv0 = store_view_tko weak %v0, %ptv0[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    %tv1 = make_tensor_view %o1, shape = [256], strides = [1] : tensor_view<256xf16, strides=[1]>
    %ptv1 = make_partition_view %tv1 : partition_view<tile=(256), tensor_view<256xf16, strides=[1]>>
    %ttv1 = store_view_tko weak %v1, %ptv1[%zero] : tile<256xf16>, partition_view<tile=(256), tensor_view<256xf16, strides=[1]>>, tile<i32> -> token
    %tv2 = make_tensor_view %o2, shape = [256], strides = [1] : tensor_view<256xi8, strides=[1]>
    %ptv2 = make_partition_view %tv2 : partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>
    %ttv2 = store_view_tko weak %v2, %ptv2[%zero] : tile<256xi8>, partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>, tile<i32> -> token
    %tv3 = make_tensor_view %o3, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %ptv3 = make_partition_view %tv3 : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %ttv3 = store_view_tko weak %v3, %ptv3[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    %tv4 = make_tensor_view %o4, shape = [256], strides = [1] : tensor_view<256xbf16, strides=[1]>
    %ptv4 = make_partition_view %tv4 : partition_view<tile=(256), tensor_view<256xbf16, strides=[1]>>
    %ttv4 = store_view_tko weak %v4, %ptv4[%zero] : tile<256xbf16>, partition_view<tile=(256), tensor_view<256xbf16, strides=[1]>>, tile<i32> -> token
    %tv5 = make_tensor_view %o5, shape = [256], strides = [1] : tensor_view<256xi8, strides=[1]>
    %ptv5 = make_partition_view %tv5 : partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>
    %ttv5 = store_view_tko weak %v5, %ptv5[%zero] : tile<256xi8>, partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>, tile<i32> -> token
    %tv6 = make_tensor_view %o6, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %ptv6 = make_partition_view %tv6 : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %ttv6 = store_view_tko weak %v6, %ptv6[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    %tv7 = make_tensor_view %o7, shape = [256], strides = [1] : tensor_view<256xf64, strides=[1]>
    %ptv7 = make_partition_view %tv7 : partition_view<tile=(256), tensor_view<256xf64, strides=[1]>>
    %ttv7 = store_view_tko weak %v7, %ptv7[%zero] : tile<256xf64>, partition_view<tile=(256), tensor_view<256xf64, strides=[1]>>, tile<i32> -> token
    %tv8 = make_tensor_view %o8, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %ptv8 = make_partition_view %tv8 : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %ttv8 = store_view_tko weak %v8, %ptv8[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @encode(%o0: tile<ptr<i8>>, %o1: tile<ptr<i8>>, %o2: tile<ptr<f32>>, %o3: tile<ptr<i8>>, %o4: tile<ptr<i8>>, %o5: tile<ptr<i8>>, %o6: tile<ptr<i8>>, %o7: tile<ptr<f32>>, %o8: tile<ptr<i8>>, %o9: tile<ptr<f32>>, %o10: tile<ptr<f16>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<1024xi32>
    %bbr = reshape %bx : tile<i32> -> tile<1xi32>
    %bb = broadcast %bbr : tile<1xi32> -> tile<1024xi32>
    %c1 = constant <i32: 1> : tile<1024xi32>
    %c7 = constant <i32: 7> : tile<1024xi32>
    %c127 = constant <i32: 127> : tile<1024xi32>
    %c16 = constant <i32: 16> : tile<1024xi32>
    %c23 = constant <i32: 23> : tile<1024xi32>
    %c31 = constant <i32: 31> : tile<1024xi32>
    %c3 = constant <i32: 3> : tile<1024xi32>
    %c100 = constant <i32: 100> : tile<1024xi32>
    %c8 = constant <i32: 8> : tile<1024xi32>
    %sg = andi %bb, %c1 : tile<1024xi32>
    %sgs = shli %sg, %c31 : tile<1024xi32>
    %bh = shri %bb, %c1 unsigned : tile<1024xi32>
    %bh8 = muli %bh, %c8 : tile<1024xi32>
    %ih = shri %i, %c7 unsigned : tile<1024xi32>
    %e0 = addi %bh8, %ih : tile<1024xi32>
    %e = addi %e0, %c100 : tile<1024xi32>
    %es = shli %e, %c23 : tile<1024xi32>
    %ml = andi %i, %c127 : tile<1024xi32>
    %mh = shli %ml, %c16 : tile<1024xi32>
    %i3 = shri %i, %c3 unsigned : tile<1024xi32>
    %lo = andi %i3, %c1 : tile<1024xi32>
    %m = ori %mh, %lo : tile<1024xi32>
    %x0 = ori %sgs, %es : tile<1024xi32>
    %x1 = ori %x0, %m : tile<1024xi32>
    %x = bitcast %x1 : tile<1024xi32> -> tile<1024xf32>
    %a0 = ftof %x : tile<1024xf32> -> tile<1024xf8E4M3FN>
    %v0 = bitcast %a0 : tile<1024xf8E4M3FN> -> tile<1024xi8>
    %a1 = ftof %x : tile<1024xf32> -> tile<1024xf8E5M2>
    %v1 = bitcast %a1 : tile<1024xf8E5M2> -> tile<1024xi8>
    %a2 = ftof %x : tile<1024xf32> -> tile<1024xtf32>
    %v2 = ftof %a2 : tile<1024xtf32> -> tile<1024xf32>
    %h = ftof %x : tile<1024xf32> -> tile<1024xf16>
    %a3 = ftof %h : tile<1024xf16> -> tile<1024xf8E4M3FN>
    %v3 = bitcast %a3 : tile<1024xf8E4M3FN> -> tile<1024xi8>
    %a4 = ftof %h : tile<1024xf16> -> tile<1024xf8E5M2>
    %v4 = bitcast %a4 : tile<1024xf8E5M2> -> tile<1024xi8>
    %d = ftof %x : tile<1024xf32> -> tile<1024xf64>
    %eps = constant <f64: 9.094947017729282e-13> : tile<1024xf64>
    %dn = mulf %d, %eps : tile<1024xf64>
    %du = addf %d, %dn : tile<1024xf64>
    %dd = subf %d, %dn : tile<1024xf64>
    %a5 = ftof %du : tile<1024xf64> -> tile<1024xf8E4M3FN>
    %v5 = bitcast %a5 : tile<1024xf8E4M3FN> -> tile<1024xi8>
    %a6 = ftof %dd : tile<1024xf64> -> tile<1024xf8E5M2>
    %v6 = bitcast %a6 : tile<1024xf8E5M2> -> tile<1024xi8>
    %a7 = ftof %du : tile<1024xf64> -> tile<1024xtf32>
    %v7 = ftof %a7 : tile<1024xtf32> -> tile<1024xf32>
    %a8 = ftof %dd : tile<1024xf64> -> tile<1024xf8E4M3FN>
    %v8 = bitcast %a8 : tile<1024xf8E4M3FN> -> tile<1024xi8>
    %a9 = ftof %dd : tile<1024xf64> -> tile<1024xtf32>
    %v9 = ftof %a9 : tile<1024xtf32> -> tile<1024xf32>
    %v10 = ftof %a2 : tile<1024xtf32> -> tile<1024xf16>
    %tv0 = make_tensor_view %o0, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv0 = make_partition_view %tv0 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv0 = store_view_tko weak %v0, %ptv0[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv1 = make_tensor_view %o1, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv1 = make_partition_view %tv1 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv1 = store_view_tko weak %v1, %ptv1[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv2 = make_tensor_view %o2, shape = [16384], strides = [1] : tensor_view<16384xf32, strides=[1]>
    %ptv2 = make_partition_view %tv2 : partition_view<tile=(1024), tensor_view<16384xf32, strides=[1]>>
    %ttv2 = store_view_tko weak %v2, %ptv2[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<16384xf32, strides=[1]>>, tile<i32> -> token
    %tv3 = make_tensor_view %o3, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv3 = make_partition_view %tv3 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv3 = store_view_tko weak %v3, %ptv3[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv4 = make_tensor_view %o4, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv4 = make_partition_view %tv4 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv4 = store_view_tko weak %v4, %ptv4[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv5 = make_tensor_view %o5, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv5 = make_partition_view %tv5 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv5 = store_view_tko weak %v5, %ptv5[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv6 = make_tensor_view %o6, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv6 = make_partition_view %tv6 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv6 = store_view_tko weak %v6, %ptv6[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv7 = make_tensor_view %o7, shape = [16384], strides = [1] : tensor_view<16384xf32, strides=[1]>
    %ptv7 = make_partition_view %tv7 : partition_view<tile=(1024), tensor_view<16384xf32, strides=[1]>>
    %ttv7 = store_view_tko weak %v7, %ptv7[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<16384xf32, strides=[1]>>, tile<i32> -> token
    %tv8 = make_tensor_view %o8, shape = [16384], strides = [1] : tensor_view<16384xi8, strides=[1]>
    %ptv8 = make_partition_view %tv8 : partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>
    %ttv8 = store_view_tko weak %v8, %ptv8[%bx] : tile<1024xi8>, partition_view<tile=(1024), tensor_view<16384xi8, strides=[1]>>, tile<i32> -> token
    %tv9 = make_tensor_view %o9, shape = [16384], strides = [1] : tensor_view<16384xf32, strides=[1]>
    %ptv9 = make_partition_view %tv9 : partition_view<tile=(1024), tensor_view<16384xf32, strides=[1]>>
    %ttv9 = store_view_tko weak %v9, %ptv9[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<16384xf32, strides=[1]>>, tile<i32> -> token
    %tv10 = make_tensor_view %o10, shape = [16384], strides = [1] : tensor_view<16384xf16, strides=[1]>
    %ptv10 = make_partition_view %tv10 : partition_view<tile=(1024), tensor_view<16384xf16, strides=[1]>>
    %ttv10 = store_view_tko weak %v10, %ptv10[%bx] : tile<1024xf16>, partition_view<tile=(1024), tensor_view<16384xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @specials(%o0: tile<ptr<i8>>, %o1: tile<ptr<i8>>, %o2: tile<ptr<f32>>, %o3: tile<ptr<f16>>, %o4: tile<ptr<bf16>>) {
    %zero = constant <i32: 0> : tile<i32>
    %x = constant <f32: [0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 448.0, 464.0, 464.00003, 480.0, 57344.0, 61440.0, 61439.996, 1.0e-10, -1.0e-10, 0.0009765625, 0.0029296875, -0.0029296875, 1.52587890625e-05, 2.288818359375e-05, 3.4028234663852886e+38, -3.4028234663852886e+38, 1.0, -1.0, 0x7F800001, 0x7FBFFFFF, 0x00000001, 0x80000001, 0.001953125, 0.0009765626, 65504.0, 3.0]> : tile<32xf32>
    %a0 = ftof %x : tile<32xf32> -> tile<32xf8E4M3FN>
    %v0 = bitcast %a0 : tile<32xf8E4M3FN> -> tile<32xi8>
    %a1 = ftof %x : tile<32xf32> -> tile<32xf8E5M2>
    %v1 = bitcast %a1 : tile<32xf8E5M2> -> tile<32xi8>
    %a2 = ftof %x : tile<32xf32> -> tile<32xtf32>
    %v2 = ftof %a2 : tile<32xtf32> -> tile<32xf32>
    %v3 = ftof %a2 : tile<32xtf32> -> tile<32xf16>
    %v4 = ftof %a2 : tile<32xtf32> -> tile<32xbf16>
    %tv0 = make_tensor_view %o0, shape = [32], strides = [1] : tensor_view<32xi8, strides=[1]>
    %ptv0 = make_partition_view %tv0 : partition_view<tile=(32), tensor_view<32xi8, strides=[1]>>
    %ttv0 = store_view_tko weak %v0, %ptv0[%zero] : tile<32xi8>, partition_view<tile=(32), tensor_view<32xi8, strides=[1]>>, tile<i32> -> token
    %tv1 = make_tensor_view %o1, shape = [32], strides = [1] : tensor_view<32xi8, strides=[1]>
    %ptv1 = make_partition_view %tv1 : partition_view<tile=(32), tensor_view<32xi8, strides=[1]>>
    %ttv1 = store_view_tko weak %v1, %ptv1[%zero] : tile<32xi8>, partition_view<tile=(32), tensor_view<32xi8, strides=[1]>>, tile<i32> -> token
    %tv2 = make_tensor_view %o2, shape = [32], strides = [1] : tensor_view<32xf32, strides=[1]>
    %ptv2 = make_partition_view %tv2 : partition_view<tile=(32), tensor_view<32xf32, strides=[1]>>
    %ttv2 = store_view_tko weak %v2, %ptv2[%zero] : tile<32xf32>, partition_view<tile=(32), tensor_view<32xf32, strides=[1]>>, tile<i32> -> token
    %tv3 = make_tensor_view %o3, shape = [32], strides = [1] : tensor_view<32xf16, strides=[1]>
    %ptv3 = make_partition_view %tv3 : partition_view<tile=(32), tensor_view<32xf16, strides=[1]>>
    %ttv3 = store_view_tko weak %v3, %ptv3[%zero] : tile<32xf16>, partition_view<tile=(32), tensor_view<32xf16, strides=[1]>>, tile<i32> -> token
    %tv4 = make_tensor_view %o4, shape = [32], strides = [1] : tensor_view<32xbf16, strides=[1]>
    %ptv4 = make_partition_view %tv4 : partition_view<tile=(32), tensor_view<32xbf16, strides=[1]>>
    %ttv4 = store_view_tko weak %v4, %ptv4[%zero] : tile<32xbf16>, partition_view<tile=(32), tensor_view<32xbf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
