// RUN: tilec --emit tileas --pass-pipeline "builtin.module(cuda-tile-lower-early-exits,convert-cuda-tile-to-tileaa,tileaa-assign-atoms,convert-tileaa-to-tileas{compute-capability=sm_100 num-warps=4},tileas-prepare-for-scheduling)" %s | FileCheck %s
// RUN: tilec --emit tileas --pass-pipeline "builtin.module(cuda-tile-lower-early-exits,convert-cuda-tile-to-tileaa,tileaa-assign-atoms,convert-tileaa-to-tileas{compute-capability=sm_100 num-warps=4},tileas-prepare-for-scheduling{unroll-max-trips=8})" %s | FileCheck %s --check-prefix=EIGHT
// RUN: tilec --emit tileas --pass-pipeline "builtin.module(cuda-tile-lower-early-exits,convert-cuda-tile-to-tileaa,tileaa-assign-atoms,convert-tileaa-to-tileas{compute-capability=sm_100 num-warps=4},tileas-prepare-for-scheduling{unroll-max-trips=0})" %s | FileCheck %s --check-prefix=NONE
// The pass runs before the scheduler from O2 on.
// RUN: tilec -O2 --print-pipeline --emit tileas %s | FileCheck %s --check-prefix=PIPE
// PIPE: tileas-materialize-convert-layout{{[{][^}]*[}]}},tileas-prepare-for-scheduling{unroll-max-ops=16 unroll-max-trips=4},tileas-generate-schedule

// Stage 2, atom vector-size refinement: each tiled access keeps the
// witness of tileaa-assign-atoms (the widest 16-byte vector the tile's last
// extent allows) only as far as provenAccessWidth proves it.
// A 16-byte aligned f32 tensor with a row stride of 64: 4.
// CHECK-LABEL: nv_tileaa.func @f32
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 4>
// CHECK: nv_tileas.tiled_store {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 4>
// f16: 8 (16 bytes; the backend's thread map cuts it to runs of 4).
// CHECK-LABEL: nv_tileaa.func @f16
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 8>
// A row stride of 66 elements: rows start 8 bytes apart from alignment.
// CHECK-LABEL: nv_tileaa.func @stride66
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 2>
// An 8-byte aligned base.
// CHECK-LABEL: nv_tileaa.func @align8
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 2>
// div_by<1>: only the element's own alignment is known.
// CHECK-LABEL: nv_tileaa.func @noassume
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 1>
// A relaxed (atomic) load stays element by element; the weak store next to
// it does not.
// CHECK-LABEL: nv_tileaa.func @relaxed
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 1>
// CHECK: nv_tileas.tiled_store {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 4>

// Stage 4, the scheduling canonicalizer: the 3-trip loop of pure ops is
// unrolled (three addf), the 5-trip one is not tiny, the one that loads
// stays for the schedule consumers to pipeline. The 16-element accesses
// of an unaligned pointer get width 1.
// CHECK-LABEL: nv_tileaa.func @loops
// CHECK-NOT: scf.for
// CHECK: %[[A:.*]] = arith.addf %cst, %cst
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT: %[[C:.*]] = arith.addf %[[B]], %[[B]]
// CHECK-NEXT: scf.for {{.*}} to %c5_i32 {{.*}} iter_args(%{{.*}} = %[[C]])
// Two trips, but the unrolled step (2^31) would not fit i32: it stays.
// CHECK: scf.for {{.*}} to %c2147483647_i32 step %c1073741824_i32
// CHECK: scf.for {{.*}} to %c3_i32
// CHECK: nv_tileas.tiled_load {{.*}}copy_atom = #nv_tileaa.copy_atom<"tiled", 1>
// EIGHT-LABEL: nv_tileaa.func @loops
// EIGHT-COUNT-8: arith.addf
// EIGHT: scf.for {{.*}} to %c2147483647_i32
// EIGHT: scf.for {{.*}} to %c3_i32
// EIGHT-NOT: scf.for
// NONE-LABEL: nv_tileaa.func @loops
// NONE-COUNT-4: scf.for

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
  entry @relaxed(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %tc = make_tensor_view %pc, shape = [12, 64], strides = [64, 1] : tensor_view<12x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(8x64), padding_value = neg_inf, tensor_view<12x64xf32, strides=[64,1]>>
    %vc = make_partition_view %tc : partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>
    %x, %t = load_view_tko relaxed device %va[%bx, %c0] : partition_view<tile=(8x64), padding_value = neg_inf, tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %k = constant <f32: 2.0> : tile<8x64xf32>
    %y = mulf %x, %k rounding<nearest_even> : tile<8x64xf32>
    %t2 = store_view_tko weak %y, %vc[%bx, %c0] : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<12x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @loops(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %ta = make_tensor_view %a, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %va = make_partition_view %ta : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    %z = constant <f32: 0.5> : tile<16xf32>
    %s3 = for %i in (%c0 to %c3, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<16xf32>) {
      %n = addf %acc, %acc rounding<nearest_even> : tile<16xf32>
      continue %n : tile<16xf32>
    }
    %s5 = for %i in (%c0 to %c5, step %c1) : tile<i32> iter_values(%acc = %s3) -> (tile<16xf32>) {
      %n = addf %acc, %z rounding<nearest_even> : tile<16xf32>
      continue %n : tile<16xf32>
    }
    %cbig = constant <i32: 2147483647> : tile<i32>
    %cstep = constant <i32: 1073741824> : tile<i32>
    %sw = for %i in (%c0 to %cbig, step %cstep) : tile<i32> iter_values(%acc = %s5) -> (tile<16xf32>) {
      %n = subf %acc, %z rounding<nearest_even> : tile<16xf32>
      continue %n : tile<16xf32>
    }
    %sl = for %i in (%c0 to %c3, step %c1) : tile<i32> iter_values(%acc = %sw) -> (tile<16xf32>) {
      %x, %t = load_view_tko weak %va[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
      %n = addf %acc, %x rounding<nearest_even> : tile<16xf32>
      continue %n : tile<16xf32>
    }
    %tc = make_tensor_view %c, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %vc = make_partition_view %tc : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %t2 = store_view_tko weak %sl, %vc[%c0] : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
