// Vector loads and stores of tiled views (compiler/docs/Backend.md, "Vector
// accesses"): tileas-prepare-for-scheduling records in each copy_atom the
// widest width provenAccessWidth proves (16 bytes at most), the backend
// moves min(that, the thread map's run) elements per access. Each entry
// loads a 8x64 tile (of a 12x64 tensor: the second tile block's tile is
// half padding), transforms it and stores it; the SIMT executor faults on a
// misaligned access, and its results must equal the interpreter's bit for
// bit, at O3 (vectors) and O0 (no copy_atom: element by element).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; r = np.random.default_rng(1); [np.save('%t/' + n + '.npy', r.standard_normal(s).astype(t)) for n, s, t in [('f32', (12, 64), np.float32), ('f32s', (12, 66), np.float32), ('f16', (12, 64), np.float16), ('f64', (12, 64), np.float64)]]; np.save('%t/i8.npy', r.integers(-128, 127, (12, 64)).astype(np.int8))"
// RUN: tile-diff %s --entry f32 --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry f32 --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry f16 --grid 2 --arg @%t/f16.npy --arg zeros:f16:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry f16 --grid 2 --arg @%t/f16.npy --arg zeros:f16:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry f64 --grid 2 --arg @%t/f64.npy --arg zeros:f64:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry f64 --grid 2 --arg @%t/f64.npy --arg zeros:f64:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry i8 --grid 2 --arg @%t/i8.npy --arg zeros:i8:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry i8 --grid 2 --arg @%t/i8.npy --arg zeros:i8:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry stride66 --grid 2 --arg @%t/f32s.npy --arg zeros:f32:12x66 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry stride66 --grid 2 --arg @%t/f32s.npy --arg zeros:f32:12x66 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry align8 --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry align8 --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry noassume --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry noassume --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry strided --grid 1 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry strided --grid 1 --arg @%t/f32.npy --arg zeros:f32:12x64 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry dynamic --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --arg 12 --only-config compiler=simt,sm_100,O3 --bit-exact | FileCheck %s
// RUN: tile-diff %s --entry dynamic --grid 2 --arg @%t/f32.npy --arg zeros:f32:12x64 --arg 12 --only-config compiler=simt,sm_80,O0 --bit-exact | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets
// What each access became at O3: 16 bytes where the tile, the strides and
// the assumed alignment allow it (f16 and i8 stop at the thread map's run
// of 4: 8 and 4 bytes), 8 bytes with an odd row stride or 8-byte
// alignment, one element without an assume. LLVM may merge the stores'
// registers into wider ones (v2.b64 for four f32).
// RUN: tilec -O3 --emit ptx --select-kernels=f32 %s | FileCheck %s --check-prefix=F32
// F32: ld.global.v4.b32
// RUN: tilec -O3 --emit ptx --select-kernels=f16 %s | FileCheck %s --check-prefix=F16
// F16: ld.global.v4.b16
// RUN: tilec -O3 --emit ptx --select-kernels=f64 %s | FileCheck %s --check-prefix=F64
// F64: ld.global.v2.b64
// RUN: tilec -O3 --emit ptx --select-kernels=i8 %s | FileCheck %s --check-prefix=I8
// I8: ld.global.b32
// RUN: tilec -O3 --emit ptx --select-kernels=stride66 %s | FileCheck %s --check-prefix=STRIDE66
// STRIDE66: ld.global.v2.b32
// RUN: tilec -O3 --emit ptx --select-kernels=align8 %s | FileCheck %s --check-prefix=ALIGN8
// ALIGN8: ld.global.v2.b32
// RUN: tilec -O3 --emit ptx --select-kernels=strided %s | FileCheck %s --check-prefix=STRIDED
// STRIDED: ld.global.v4.b32
// RUN: tilec -O3 --emit ptx --select-kernels=dynamic %s | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: ld.global.v4.b32
// RUN: tilec -O3 --emit ptx --select-kernels=noassume %s | FileCheck %s --check-prefix=NOASSUME
// NOASSUME-NOT: .global.v
// NOASSUME: ld.global.b32
// NOASSUME-NOT: .global.v
// At O0 nothing is vector.
// RUN: tilec -O0 --emit ptx %s | FileCheck %s --check-prefix=O0
// O0-NOT: .global.v

cuda_tile.module @m {
  entry @f32(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), padding_value = neg_inf, tensor_view<12x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), padding_value = neg_inf, tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @f16(%a: tile<ptr<f16>>, %c: tile<ptr<f16>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pc = assume div_by<16>, %c : tile<ptr<f16>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf16, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf16, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), padding_value = nan, tensor_view<12x64xf16, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf16, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), padding_value = nan, tensor_view<12x64xf16, strides=[64,1]>>, tile<i32> -> tile<8x64xf16>, token
    %k = constant <f16: 2.0> : tile<8x64xf16>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf16>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf16>, partition_view<tile=(8x64), tensor_view<12x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @f64(%a: tile<ptr<f64>>, %c: tile<ptr<f64>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f64>>
    %pc = assume div_by<16>, %c : tile<ptr<f64>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf64, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf64, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<12x64xf64, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf64, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), tensor_view<12x64xf64, strides=[64,1]>>, tile<i32> -> tile<8x64xf64>, token
    %k = constant <f64: 2.0> : tile<8x64xf64>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf64>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf64>, partition_view<tile=(8x64), tensor_view<12x64xf64, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @i8(%a: tile<ptr<i8>>, %c: tile<ptr<i8>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<i8>>
    %pc = assume div_by<16>, %c : tile<ptr<i8>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xi8, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xi8, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<12x64xi8, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xi8, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), tensor_view<12x64xi8, strides=[64,1]>>, tile<i32> -> tile<8x64xi8>, token
    %k = constant <i8: 3> : tile<8x64xi8>
    %y = addi %x, %k : tile<8x64xi8>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xi8>, partition_view<tile=(8x64), tensor_view<12x64xi8, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @stride66(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [66, 1] : tensor_view<12x64xf32, strides=[66,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [66, 1] : tensor_view<12x64xf32, strides=[66,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[66,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[66,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[66,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[66,1]>>, tile<i32> -> token
    return
  }
  entry @align8(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<8>, %a : tile<ptr<f32>>
    %pc = assume div_by<8>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @noassume(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<1>, %a : tile<ptr<f32>>
    %pc = assume div_by<1>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @strided(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %va = make_strided_view %ta : strided_view<tile=(8x64), traversal_strides=[6,64], tensor_view<12x64xf32, strides=[64,1]>>
    %vc = make_strided_view %tc : strided_view<tile=(8x64), traversal_strides=[6,64], tensor_view<12x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%c1, %c0] : strided_view<tile=(8x64), traversal_strides=[6,64], tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%c1, %c0] : tile<8x64xf32>, strided_view<tile=(8x64), traversal_strides=[6,64], tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @dynamic(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko weak %va[%bx, %c0] : partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
