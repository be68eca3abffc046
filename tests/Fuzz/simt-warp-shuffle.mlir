// Reductions and scans with warp shuffles (compiler/docs/Backend.md,
// "Reductions and scans"):
// a reduce whose combiner is one order-free op (integer add/mul without
// overflow flags, and/or/xor, integer min/max, maxf/minf) and that has
// fewer result elements than threads folds each result element over
// R = min(extent, threads / results) threads, which exchange partials with
// shfl.sync.bfly and, past one warp, through the scratch buffer; a scan
// shares each line likewise, in chunks whose totals are scanned with
// shfl.sync.up (@scans: forward and reverse, along the last dimension and
// the first, with two warps to a line, and a line shorter than the
// threads). The
// results must equal the interpreter's bit for bit, at O3 and at O0, on
// sm_80 and sm_100, with NaNs and signed zeros among the floats and
// wrapping integer sums; the identity enters once (@sum_i32's second
// reduce starts from 7, which is no identity of addi).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/warp_shuffle_inputs.py %t
// RUN: tile-diff %s --entry sum_i32 --arg @%t/i32_1024.npy --arg zeros:i32:2 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry sum_i32 --arg @%t/i32_1024.npy --arg zeros:i32:2 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry rows_f32 --arg @%t/f32_8x64.npy --arg zeros:f32:16 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry rows_f32 --arg @%t/f32_8x64.npy --arg zeros:f32:16 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry cols_i64 --arg @%t/i64_64x8.npy --arg zeros:i64:8 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry cols_i64 --arg @%t/i64_64x8.npy --arg zeros:i64:8 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry rows_i8 --arg @%t/i8_4x256.npy --arg zeros:i8:4 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry rows_i8 --arg @%t/i8_4x256.npy --arg zeros:i8:4 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry cols_f16 --arg @%t/f16_128x8.npy --arg zeros:f16:8 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry cols_f16 --arg @%t/f16_128x8.npy --arg zeros:f16:8 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry any_i1 --arg @%t/i32_2x256.npy --arg zeros:i32:2 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry any_i1 --arg @%t/i32_2x256.npy --arg zeros:i32:2 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry small --arg @%t/i32_1024.npy --arg zeros:i32:5 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry small --arg @%t/i32_1024.npy --arg zeros:i32:5 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry scans --arg @%t/i32_1024.npy --arg @%t/f32_8x64.npy --arg @%t/i64_64x8.npy --arg zeros:i32:2x512 --arg zeros:f32:8x64 --arg zeros:i64:128x4 --arg zeros:i32:64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry scans --arg @%t/i32_1024.npy --arg @%t/f32_8x64.npy --arg @%t/i64_64x8.npy --arg zeros:i32:2x512 --arg zeros:f32:8x64 --arg zeros:i64:128x4 --arg zeros:i32:64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry sequential --arg @%t/i32_1024.npy --arg @%t/f32_plain_8x64.npy --arg zeros:i32:256 --arg zeros:f32:8 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets
//
// Which reductions shuffle: every kernel's but @sequential's, whose addf
// depends on the order, whose 256 results are more than the 128 threads,
// and whose rows of 4 are shorter than the 64 elements from which
// shuffles pay (@small's 4x8 maximum folds sequentially too). i64 moves in
// two words.
// RUN: tilec -O3 --emit ptx --select-kernels=sum_i32 %s | FileCheck %s --check-prefix=SHFL
// RUN: tilec -O3 --emit ptx --select-kernels=rows_f32 %s | FileCheck %s --check-prefix=SHFL
// RUN: tilec -O3 --emit ptx --select-kernels=cols_i64 %s | FileCheck %s --check-prefix=SHFL
// RUN: tilec -O3 --emit ptx --select-kernels=rows_i8 %s | FileCheck %s --check-prefix=SHFL
// RUN: tilec -O3 --emit ptx --select-kernels=cols_f16 %s | FileCheck %s --check-prefix=SHFL
// RUN: tilec -O3 --emit ptx --select-kernels=any_i1 %s | FileCheck %s --check-prefix=SHFL
// RUN: tilec -O3 --emit ptx --select-kernels=small %s | FileCheck %s --check-prefix=SHFL
// SHFL: shfl.sync.bfly.b32
// RUN: tilec -O3 --emit ptx --select-kernels=scans %s | FileCheck %s --check-prefix=SCAN
// SCAN: shfl.sync.up.b32
// RUN: tilec -O3 --emit ptx --select-kernels=sequential %s | FileCheck %s --check-prefix=SEQ
// SEQ-NOT: shfl.sync

cuda_tile.module @m {
  entry @sum_i32(%a: tile<ptr<i32>>, %c: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ta = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>
    %va = make_partition_view %ta : partition_view<tile=(1024), tensor_view<1024xi32, strides=[1]>>
    %x, %t = load_view_tko weak %va[%c0] : partition_view<tile=(1024), tensor_view<1024xi32, strides=[1]>>, tile<i32> -> tile<1024xi32>, token
    %s = reduce %x dim=0 identities=[0 : i32] : tile<1024xi32> -> tile<i32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = addi %e, %acc : tile<i32>
      yield %z : tile<i32>
    }
    %s7 = reduce %x dim=0 identities=[7 : i32] : tile<1024xi32> -> tile<i32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = addi %acc, %e : tile<i32>
      yield %z : tile<i32>
    }
    %tc = make_tensor_view %c, shape = [2], strides = [1] : tensor_view<2xi32, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(1), tensor_view<2xi32, strides=[1]>>
    %r = reshape %s : tile<i32> -> tile<1xi32>
    %r7 = reshape %s7 : tile<i32> -> tile<1xi32>
    %t1 = store_view_tko weak %r, %vc[%c0] : tile<1xi32>, partition_view<tile=(1), tensor_view<2xi32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %r7, %vc[%c1] : tile<1xi32>, partition_view<tile=(1), tensor_view<2xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @rows_f32(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ta = make_tensor_view %a, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %mx = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %z = maxf %e, %acc : tile<f32>
      yield %z : tile<f32>
    }
    %mn = reduce %x dim=1 identities=[0x7F800000 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %z = minf %acc, %e propagate_nan : tile<f32>
      yield %z : tile<f32>
    }
    %tc = make_tensor_view %c, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>
    %t1 = store_view_tko weak %mx, %vc[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %mn, %vc[%c1] : tile<8xf32>, partition_view<tile=(8), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @cols_i64(%a: tile<ptr<i64>>, %c: tile<ptr<i64>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %a, shape = [64, 8], strides = [8, 1] : tensor_view<64x8xi64, strides=[8,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x8), tensor_view<64x8xi64, strides=[8,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(64x8), tensor_view<64x8xi64, strides=[8,1]>>, tile<i32> -> tile<64x8xi64>, token
    %s = reduce %x dim=0 identities=[0 : i64] : tile<64x8xi64> -> tile<8xi64>
    (%e: tile<i64>, %acc: tile<i64>) {
      %z = xori %e, %acc : tile<i64>
      yield %z : tile<i64>
    }
    %tc = make_tensor_view %c, shape = [8], strides = [1] : tensor_view<8xi64, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(8), tensor_view<8xi64, strides=[1]>>
    %t1 = store_view_tko weak %s, %vc[%c0] : tile<8xi64>, partition_view<tile=(8), tensor_view<8xi64, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @rows_i8(%a: tile<ptr<i8>>, %c: tile<ptr<i8>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %a, shape = [4, 256], strides = [256, 1] : tensor_view<4x256xi8, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(4x256), tensor_view<4x256xi8, strides=[256,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(4x256), tensor_view<4x256xi8, strides=[256,1]>>, tile<i32> -> tile<4x256xi8>, token
    %s = reduce %x dim=1 identities=[127 : i8] : tile<4x256xi8> -> tile<4xi8>
    (%e: tile<i8>, %acc: tile<i8>) {
      %z = mini %e, %acc signed : tile<i8>
      yield %z : tile<i8>
    }
    %tc = make_tensor_view %c, shape = [4], strides = [1] : tensor_view<4xi8, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(4), tensor_view<4xi8, strides=[1]>>
    %t1 = store_view_tko weak %s, %vc[%c0] : tile<4xi8>, partition_view<tile=(4), tensor_view<4xi8, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @cols_f16(%a: tile<ptr<f16>>, %c: tile<ptr<f16>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %a, shape = [128, 8], strides = [8, 1] : tensor_view<128x8xf16, strides=[8,1]>
    %va = make_partition_view %ta : partition_view<tile=(128x8), tensor_view<128x8xf16, strides=[8,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(128x8), tensor_view<128x8xf16, strides=[8,1]>>, tile<i32> -> tile<128x8xf16>, token
    %s = reduce %x dim=0 identities=[0xFC00 : f16] : tile<128x8xf16> -> tile<8xf16>
    (%e: tile<f16>, %acc: tile<f16>) {
      %z = maxf %e, %acc : tile<f16>
      yield %z : tile<f16>
    }
    %tc = make_tensor_view %c, shape = [8], strides = [1] : tensor_view<8xf16, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>
    %t1 = store_view_tko weak %s, %vc[%c0] : tile<8xf16>, partition_view<tile=(8), tensor_view<8xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @any_i1(%a: tile<ptr<i32>>, %c: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %a, shape = [2, 256], strides = [256, 1] : tensor_view<2x256xi32, strides=[256,1]>
    %va = make_partition_view %ta : partition_view<tile=(2x256), tensor_view<2x256xi32, strides=[256,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(2x256), tensor_view<2x256xi32, strides=[256,1]>>, tile<i32> -> tile<2x256xi32>, token
    %z8 = constant <i32: 1> : tile<2x256xi32>
    %p = cmpi greater_than %x, %z8, signed : tile<2x256xi32> -> tile<2x256xi1>
    %any = reduce %p dim=1 identities=[false] : tile<2x256xi1> -> tile<2xi1>
    (%e: tile<i1>, %acc: tile<i1>) {
      %z = ori %e, %acc : tile<i1>
      yield %z : tile<i1>
    }
    %one = constant <i32: 1> : tile<2xi32>
    %zero = constant <i32: 0> : tile<2xi32>
    %r = select %any, %one, %zero : tile<2xi1>, tile<2xi32>
    %tc = make_tensor_view %c, shape = [2], strides = [1] : tensor_view<2xi32, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(2), tensor_view<2xi32, strides=[1]>>
    %t1 = store_view_tko weak %r, %vc[%c0] : tile<2xi32>, partition_view<tile=(2), tensor_view<2xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @small(%a: tile<ptr<i32>>, %c: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %ta = make_tensor_view %a, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xi32, strides=[8,1]>
    %va = make_partition_view %ta : partition_view<tile=(4x8), tensor_view<4x8xi32, strides=[8,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(4x8), tensor_view<4x8xi32, strides=[8,1]>>, tile<i32> -> tile<4x8xi32>, token
    %m = reduce %x dim=1 identities=[0 : i32] : tile<4x8xi32> -> tile<4xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = maxi %e, %acc unsigned : tile<i32>
      yield %z : tile<i32>
    }
    %tb = make_tensor_view %a, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %vb = make_partition_view %tb : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %y, %u = load_view_tko weak %vb[%c0] : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %one = constant <i32: 1> : tile<64xi32>
    %odd = ori %y, %one : tile<64xi32>
    %p = reduce %odd dim=0 identities=[1 : i32] : tile<64xi32> -> tile<i32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = muli %e, %acc : tile<i32>
      yield %z : tile<i32>
    }
    %tc = make_tensor_view %c, shape = [5], strides = [1] : tensor_view<5xi32, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(4), tensor_view<5xi32, strides=[1]>>
    %t1 = store_view_tko weak %m, %vc[%c0] : tile<4xi32>, partition_view<tile=(4), tensor_view<5xi32, strides=[1]>>, tile<i32> -> token
    %vd = make_partition_view %tc : partition_view<tile=(1), tensor_view<5xi32, strides=[1]>>
    %r = reshape %p : tile<i32> -> tile<1xi32>
    %t2 = store_view_tko weak %r, %vd[%c4] : tile<1xi32>, partition_view<tile=(1), tensor_view<5xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @scans(%a: tile<ptr<i32>>, %b: tile<ptr<f32>>, %c: tile<ptr<i64>>, %oa: tile<ptr<i32>>, %ob: tile<ptr<f32>>, %oc: tile<ptr<i64>>, %od: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %a, shape = [2, 512], strides = [512, 1] : tensor_view<2x512xi32, strides=[512,1]>
    %va = make_partition_view %ta : partition_view<tile=(2x512), tensor_view<2x512xi32, strides=[512,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(2x512), tensor_view<2x512xi32, strides=[512,1]>>, tile<i32> -> tile<2x512xi32>, token
    %sx = scan %x dim=1 reverse=false identities=[3 : i32] : tile<2x512xi32> -> tile<2x512xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = addi %e, %acc : tile<i32>
      yield %z : tile<i32>
    }
    %toa = make_tensor_view %oa, shape = [2, 512], strides = [512, 1] : tensor_view<2x512xi32, strides=[512,1]>
    %voa = make_partition_view %toa : partition_view<tile=(2x512), tensor_view<2x512xi32, strides=[512,1]>>
    %t1 = store_view_tko weak %sx, %voa[%c0, %c0] : tile<2x512xi32>, partition_view<tile=(2x512), tensor_view<2x512xi32, strides=[512,1]>>, tile<i32> -> token
    %tb = make_tensor_view %b, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>
    %vb = make_partition_view %tb : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>
    %y, %u = load_view_tko weak %vb[%c0, %c0] : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %sy = scan %y dim=1 reverse=true identities=[0xFF800000 : f32] : tile<8x64xf32> -> tile<8x64xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %z = maxf %acc, %e : tile<f32>
      yield %z : tile<f32>
    }
    %tob = make_tensor_view %ob, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>
    %vob = make_partition_view %tob : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %sy, %vob[%c0, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>, tile<i32> -> token
    %tc = make_tensor_view %c, shape = [128, 4], strides = [4, 1] : tensor_view<128x4xi64, strides=[4,1]>
    %vc = make_partition_view %tc : partition_view<tile=(128x4), tensor_view<128x4xi64, strides=[4,1]>>
    %w, %v = load_view_tko weak %vc[%c0, %c0] : partition_view<tile=(128x4), tensor_view<128x4xi64, strides=[4,1]>>, tile<i32> -> tile<128x4xi64>, token
    %sw = scan %w dim=0 reverse=false identities=[0 : i64] : tile<128x4xi64> -> tile<128x4xi64>
    (%e: tile<i64>, %acc: tile<i64>) {
      %z = xori %e, %acc : tile<i64>
      yield %z : tile<i64>
    }
    %toc = make_tensor_view %oc, shape = [128, 4], strides = [4, 1] : tensor_view<128x4xi64, strides=[4,1]>
    %voc = make_partition_view %toc : partition_view<tile=(128x4), tensor_view<128x4xi64, strides=[4,1]>>
    %t3 = store_view_tko weak %sw, %voc[%c0, %c0] : tile<128x4xi64>, partition_view<tile=(128x4), tensor_view<128x4xi64, strides=[4,1]>>, tile<i32> -> token
    %td = make_tensor_view %a, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %vd = make_partition_view %td : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %d, %s = load_view_tko weak %vd[%c0] : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %sd = scan %d dim=0 reverse=true identities=[-1 : i32] : tile<64xi32> -> tile<64xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = mini %e, %acc unsigned : tile<i32>
      yield %z : tile<i32>
    }
    %tod = make_tensor_view %od, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %vod = make_partition_view %tod : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t4 = store_view_tko weak %sd, %vod[%c0] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @sequential(%a: tile<ptr<i32>>, %b: tile<ptr<f32>>, %c: tile<ptr<i32>>, %d: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ta = make_tensor_view %a, shape = [256, 4], strides = [4, 1] : tensor_view<256x4xi32, strides=[4,1]>
    %va = make_partition_view %ta : partition_view<tile=(256x4), tensor_view<256x4xi32, strides=[4,1]>>
    %x, %t = load_view_tko weak %va[%c0, %c0] : partition_view<tile=(256x4), tensor_view<256x4xi32, strides=[4,1]>>, tile<i32> -> tile<256x4xi32>, token
    %s = reduce %x dim=1 identities=[0 : i32] : tile<256x4xi32> -> tile<256xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %z = addi %e, %acc : tile<i32>
      yield %z : tile<i32>
    }
    %tc = make_tensor_view %c, shape = [256], strides = [1] : tensor_view<256xi32, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(256), tensor_view<256xi32, strides=[1]>>
    %t1 = store_view_tko weak %s, %vc[%c0] : tile<256xi32>, partition_view<tile=(256), tensor_view<256xi32, strides=[1]>>, tile<i32> -> token
    %tb = make_tensor_view %b, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>
    %vb = make_partition_view %tb : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>
    %y, %u = load_view_tko weak %vb[%c0, %c0] : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %f = reduce %y dim=1 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %z = addf %e, %acc rounding<nearest_even> : tile<f32>
      yield %z : tile<f32>
    }
    %td = make_tensor_view %d, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %vd = make_partition_view %td : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %t2 = store_view_tko weak %f, %vd[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
