// Memory effects of nv_tileaa ops: upstream CSE and LICM merge and hoist
// pure ops, never loads across the stores they must respect, and never
// memory ops out of loops.
// RUN: tilec-opt --convert-cuda-tile-to-tileaa --cse %s | FileCheck %s --check-prefix=CSE
// RUN: tilec-opt --convert-cuda-tile-to-tileaa --loop-invariant-code-motion %s | FileCheck %s --check-prefix=LICM
// The interpreter agrees before and after.
// RUN: tilec-opt --convert-cuda-tile-to-tileaa --cse --loop-invariant-code-motion %s -o %t.opt.mlir
// RUN: python3 -c "import numpy as np; np.save('%t.a.npy', np.arange(128, dtype=np.float32))"
// RUN: tile-run %s --entry effects --grid 1 --arg @%t.a.npy --arg zeros:f32:128 --out-dir %t.ref
// RUN: tile-run %t.opt.mlir --entry effects --grid 1 --arg @%t.a.npy --arg zeros:f32:128 --out-dir %t.opt
// RUN: diff -r %t.ref %t.opt

cuda_tile.module @m {
  // CSE-LABEL: nv_tileaa.func @effects
  // LICM-LABEL: nv_tileaa.func @effects
  entry @effects(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %n = constant <i32: 128> : tile<i32>
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
    // Two loads of the same tile with no write between them are one load.
    // CSE: nv_tileaa.tiled_load 
    // CSE-NOT: nv_tileaa.tiled_load 
    %x, %t0 = load_view_tko weak %pa[%c0] : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<32xf32>, token
    %y, %t1 = load_view_tko weak %pa[%c0] : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<32xf32>, token
    // Identical pure ops merge.
    // CSE: nv_tileaa.addf 
    // CSE-NOT: nv_tileaa.addf 
    // CSE: nv_tileaa.tiled_store 
    %s1 = addf %x, %y : tile<32xf32>
    %s2 = addf %x, %y : tile<32xf32>
    %s = mulf %s1, %s2 : tile<32xf32>
    %t2 = store_view_tko weak %s, %pa[%c0] : tile<32xf32>, partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    // The store may have changed the tile: this load stays. (It takes the
    // store's token: tokens, not program order, order a tile block's
    // accesses, and the interpreter reports an unordered load of stored
    // bytes.)
    // CSE: nv_tileaa.tiled_load 
    %z, %t3 = load_view_tko weak %pa[%c0] token = %t2 : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<32xf32>, token
    %t4 = store_view_tko weak %z, %pc[%c0] : tile<32xf32>, partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token

    // In a loop: the invariant pure op is hoisted, the load and the store
    // stay inside.
    // LICM: nv_tileaa.mulf 
    // LICM: scf.for
    // LICM: nv_tileaa.tiled_load 
    // LICM: nv_tileaa.tiled_store 
    // LICM: scf.yield
    %r = for %i in (%c1 to %c4, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<32xf32>) {
      %inv = mulf %z, %z : tile<32xf32>
      %v, %tv = load_view_tko weak %pa[%i] : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<32xf32>, token
      %w = addf %v, %inv : tile<32xf32>
      %tw = store_view_tko weak %w, %pc[%i] : tile<32xf32>, partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
      continue %w : tile<32xf32>
    }
    return
  }
}
