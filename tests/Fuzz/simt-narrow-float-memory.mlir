// f8E4M3FN, f8E5M2, f8E8M0FNU and tf32 elements in memory and as kernel
// arguments on the LLVM backend (their storage: a byte, the f32 container;
// compiler/docs/Backend.md, "Narrow floats"), computed by the SIMT
// executor bit for bit as the interpreter does:
//  - the kernel fills a buffer with i32 bit patterns (every byte value
//    somewhere, tf32 containers with low bits set), then reads it back
//    through views of each narrow type with 256 - 6 (f8) or 64 - 4 (tf32)
//    elements in bounds, so the last tile elements are padding;
//  - padding as the interpreter writes it: pos_inf in f8E4M3FN (no
//    infinity: every bit set, 0xff), nan (0x7f), neg_zero (0x80), neg_inf
//    in f8E5M2 (0xfc), zero in f8E8M0FNU (no zero: 0xff), nan in tf32;
//  - a tf32 read drops the low 13 container bits (readElement);
//  - the tiles go out through f8/tf32 views and through pointer tiles
//    (load_ptr_tko with a mask and a padding operand, store_ptr_tko);
//  - an f8E4M3FN and a tf32 scalar argument are stored as they came.
// RUN: tile-diff %s --bit-exact --grid 1 --arg zeros:i32:64 --arg 250 --arg 60 --arg 0x3c --arg 1.75 --arg zeros:f8E4M3FN:256 --arg zeros:f8E4M3FN:256 --arg zeros:f8E4M3FN:256 --arg zeros:f8E5M2:256 --arg zeros:f8E8M0FNU:256 --arg zeros:tf32:64 --arg zeros:f8E5M2:256 --arg zeros:tf32:64 --arg zeros:f8E4M3FN:1 --arg zeros:tf32:1 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s
// RUN: tile-diff %s --bit-exact --grid 1 --arg zeros:i32:64 --arg 250 --arg 60 --arg 0x3c --arg 1.75 --arg zeros:f8E4M3FN:256 --arg zeros:f8E4M3FN:256 --arg zeros:f8E4M3FN:256 --arg zeros:f8E5M2:256 --arg zeros:f8E8M0FNU:256 --arg zeros:tf32:64 --arg zeros:f8E5M2:256 --arg zeros:tf32:64 --arg zeros:f8E4M3FN:1 --arg zeros:tf32:1 --only-config compiler=simt,sm_90,O3 -v | FileCheck %s
// RUN: tile-diff %s --bit-exact --grid 1 --arg zeros:i32:64 --arg 250 --arg 60 --arg 0x3c --arg 1.75 --arg zeros:f8E4M3FN:256 --arg zeros:f8E4M3FN:256 --arg zeros:f8E4M3FN:256 --arg zeros:f8E5M2:256 --arg zeros:f8E8M0FNU:256 --arg zeros:tf32:64 --arg zeros:f8E5M2:256 --arg zeros:tf32:64 --arg zeros:f8E4M3FN:1 --arg zeros:tf32:1 --only-config compiler=simt,sm_100,O2 -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
cuda_tile.module @m {
  entry @k(%buf: tile<ptr<i32>>, %n: tile<i32>, %m: tile<i32>,
           %s8: tile<f8E4M3FN>, %s32: tile<tf32>,
           %o0: tile<ptr<f8E4M3FN>>, %o1: tile<ptr<f8E4M3FN>>,
           %o2: tile<ptr<f8E4M3FN>>, %o3: tile<ptr<f8E5M2>>,
           %o4: tile<ptr<f8E8M0FNU>>, %o5: tile<ptr<tf32>>,
           %o6: tile<ptr<f8E5M2>>, %o7: tile<ptr<tf32>>,
           %o8: tile<ptr<f8E4M3FN>>, %o9: tile<ptr<tf32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<64xi32>
    %k = constant <i32: -1640531535> : tile<64xi32>
    %h = muli %i, %k : tile<64xi32>
    %tb = make_tensor_view %buf, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %pb = make_partition_view %tb : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t0 = store_view_tko weak %h, %pb[%zero] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    %p8 = ptr_to_ptr %buf : tile<ptr<i32>> -> tile<ptr<f8E4M3FN>>
    %p5 = ptr_to_ptr %buf : tile<ptr<i32>> -> tile<ptr<f8E5M2>>
    %p0 = ptr_to_ptr %buf : tile<ptr<i32>> -> tile<ptr<f8E8M0FNU>>
    %pt = ptr_to_ptr %buf : tile<ptr<i32>> -> tile<ptr<tf32>>
    %v8 = make_tensor_view %p8, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf8E4M3FN, strides=[1]>
    %a0 = make_partition_view %v8 : partition_view<tile=(256), padding_value = pos_inf, tensor_view<?xf8E4M3FN, strides=[1]>>
    %a1 = make_partition_view %v8 : partition_view<tile=(256), padding_value = nan, tensor_view<?xf8E4M3FN, strides=[1]>>
    %a2 = make_partition_view %v8 : partition_view<tile=(256), padding_value = neg_zero, tensor_view<?xf8E4M3FN, strides=[1]>>
    %v5 = make_tensor_view %p5, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf8E5M2, strides=[1]>
    %a3 = make_partition_view %v5 : partition_view<tile=(256), padding_value = neg_inf, tensor_view<?xf8E5M2, strides=[1]>>
    %v0 = make_tensor_view %p0, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf8E8M0FNU, strides=[1]>
    %a4 = make_partition_view %v0 : partition_view<tile=(256), padding_value = zero, tensor_view<?xf8E8M0FNU, strides=[1]>>
    %vt = make_tensor_view %pt, shape = [%m], strides = [1] : tile<i32> -> tensor_view<?xtf32, strides=[1]>
    %a5 = make_partition_view %vt : partition_view<tile=(64), padding_value = nan, tensor_view<?xtf32, strides=[1]>>
    %x0, %u0 = load_view_tko weak %a0[%zero] token = %t0 : partition_view<tile=(256), padding_value = pos_inf, tensor_view<?xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<256xf8E4M3FN>, token
    %x1, %u1 = load_view_tko weak %a1[%zero] token = %t0 : partition_view<tile=(256), padding_value = nan, tensor_view<?xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<256xf8E4M3FN>, token
    %x2, %u2 = load_view_tko weak %a2[%zero] token = %t0 : partition_view<tile=(256), padding_value = neg_zero, tensor_view<?xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<256xf8E4M3FN>, token
    %x3, %u3 = load_view_tko weak %a3[%zero] token = %t0 : partition_view<tile=(256), padding_value = neg_inf, tensor_view<?xf8E5M2, strides=[1]>>, tile<i32> -> tile<256xf8E5M2>, token
    %x4, %u4 = load_view_tko weak %a4[%zero] token = %t0 : partition_view<tile=(256), padding_value = zero, tensor_view<?xf8E8M0FNU, strides=[1]>>, tile<i32> -> tile<256xf8E8M0FNU>, token
    %x5, %u5 = load_view_tko weak %a5[%zero] token = %t0 : partition_view<tile=(64), padding_value = nan, tensor_view<?xtf32, strides=[1]>>, tile<i32> -> tile<64xtf32>, token
    %w0 = make_tensor_view %o0, shape = [256], strides = [1] : tensor_view<256xf8E4M3FN, strides=[1]>
    %q0 = make_partition_view %w0 : partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>
    %s0 = store_view_tko weak %x0, %q0[%zero] : tile<256xf8E4M3FN>, partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    %w1 = make_tensor_view %o1, shape = [256], strides = [1] : tensor_view<256xf8E4M3FN, strides=[1]>
    %q1 = make_partition_view %w1 : partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>
    %s1 = store_view_tko weak %x1, %q1[%zero] : tile<256xf8E4M3FN>, partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    %w2 = make_tensor_view %o2, shape = [256], strides = [1] : tensor_view<256xf8E4M3FN, strides=[1]>
    %q2 = make_partition_view %w2 : partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>
    %s2 = store_view_tko weak %x2, %q2[%zero] : tile<256xf8E4M3FN>, partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    %w3 = make_tensor_view %o3, shape = [256], strides = [1] : tensor_view<256xf8E5M2, strides=[1]>
    %q3 = make_partition_view %w3 : partition_view<tile=(256), tensor_view<256xf8E5M2, strides=[1]>>
    %s3 = store_view_tko weak %x3, %q3[%zero] : tile<256xf8E5M2>, partition_view<tile=(256), tensor_view<256xf8E5M2, strides=[1]>>, tile<i32> -> token
    %w4 = make_tensor_view %o4, shape = [256], strides = [1] : tensor_view<256xf8E8M0FNU, strides=[1]>
    %q4 = make_partition_view %w4 : partition_view<tile=(256), tensor_view<256xf8E8M0FNU, strides=[1]>>
    %s4 = store_view_tko weak %x4, %q4[%zero] : tile<256xf8E8M0FNU>, partition_view<tile=(256), tensor_view<256xf8E8M0FNU, strides=[1]>>, tile<i32> -> token
    %w5 = make_tensor_view %o5, shape = [64], strides = [1] : tensor_view<64xtf32, strides=[1]>
    %q5 = make_partition_view %w5 : partition_view<tile=(64), tensor_view<64xtf32, strides=[1]>>
    %s5 = store_view_tko weak %x5, %q5[%zero] : tile<64xtf32>, partition_view<tile=(64), tensor_view<64xtf32, strides=[1]>>, tile<i32> -> token
    // Pointer tiles: every other lane masked off, taking the padding
    // operand (f8E5M2: the lane's byte of the first view's tile; tf32: the
    // view load's tile).
    %j = iota : tile<256xi32>
    %pp5r = reshape %p5 : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %pp5 = broadcast %pp5r : tile<1xptr<f8E5M2>> -> tile<256xptr<f8E5M2>>
    %ptr5 = offset %pp5, %j : tile<256xptr<f8E5M2>>, tile<256xi32> -> tile<256xptr<f8E5M2>>
    %one = constant <i32: 1> : tile<256xi32>
    %odd = andi %j, %one : tile<256xi32>
    %mask = cmpi equal %odd, %one, signed : tile<256xi32> -> tile<256xi1>
    %y6, %u6 = load_ptr_tko weak %ptr5, %mask, %x3 token = %t0 : tile<256xptr<f8E5M2>>, tile<256xi1>, tile<256xf8E5M2> -> tile<256xf8E5M2>, token
    %po6r = reshape %o6 : tile<ptr<f8E5M2>> -> tile<1xptr<f8E5M2>>
    %po6 = broadcast %po6r : tile<1xptr<f8E5M2>> -> tile<256xptr<f8E5M2>>
    %ptr6 = offset %po6, %j : tile<256xptr<f8E5M2>>, tile<256xi32> -> tile<256xptr<f8E5M2>>
    %s6 = store_ptr_tko weak %ptr6, %y6 : tile<256xptr<f8E5M2>>, tile<256xf8E5M2> -> token
    %jt = iota : tile<64xi32>
    %pptr = reshape %pt : tile<ptr<tf32>> -> tile<1xptr<tf32>>
    %ppt = broadcast %pptr : tile<1xptr<tf32>> -> tile<64xptr<tf32>>
    %ptrt = offset %ppt, %jt : tile<64xptr<tf32>>, tile<64xi32> -> tile<64xptr<tf32>>
    %onet = constant <i32: 1> : tile<64xi32>
    %oddt = andi %jt, %onet : tile<64xi32>
    %maskt = cmpi equal %oddt, %onet, signed : tile<64xi32> -> tile<64xi1>
    %y7, %u7 = load_ptr_tko weak %ptrt, %maskt, %x5 token = %t0 : tile<64xptr<tf32>>, tile<64xi1>, tile<64xtf32> -> tile<64xtf32>, token
    %po7r = reshape %o7 : tile<ptr<tf32>> -> tile<1xptr<tf32>>
    %po7 = broadcast %po7r : tile<1xptr<tf32>> -> tile<64xptr<tf32>>
    %ptr7 = offset %po7, %jt : tile<64xptr<tf32>>, tile<64xi32> -> tile<64xptr<tf32>>
    %s7 = store_ptr_tko weak %ptr7, %y7 : tile<64xptr<tf32>>, tile<64xtf32> -> token
    // The scalar arguments.
    %w8 = make_tensor_view %o8, shape = [1], strides = [1] : tensor_view<1xf8E4M3FN, strides=[1]>
    %q8 = make_partition_view %w8 : partition_view<tile=(1), tensor_view<1xf8E4M3FN, strides=[1]>>
    %r8 = reshape %s8 : tile<f8E4M3FN> -> tile<1xf8E4M3FN>
    %s9 = store_view_tko weak %r8, %q8[%zero] : tile<1xf8E4M3FN>, partition_view<tile=(1), tensor_view<1xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    %w9 = make_tensor_view %o9, shape = [1], strides = [1] : tensor_view<1xtf32, strides=[1]>
    %q9 = make_partition_view %w9 : partition_view<tile=(1), tensor_view<1xtf32, strides=[1]>>
    %r9 = reshape %s32 : tile<tf32> -> tile<1xtf32>
    %s10 = store_view_tko weak %r9, %q9[%zero] : tile<1xtf32>, partition_view<tile=(1), tensor_view<1xtf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
