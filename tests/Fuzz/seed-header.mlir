// Without --entry/--grid/--arg, tile-diff launches a file from its seed
// header (corpus/seeds/README.md): `in` buffers get deterministic data,
// `out` buffers start zeroed, scalars are literals. (A finding stores the
// generated inputs with it: seed-header-finding.mlir.)

// tilecheck: entry=@scale grid=2,1,1
// tilecheck: arg0 = scalar i32 3
// tilecheck: arg1 = buffer i32[16] in
// tilecheck: arg2 = buffer i32[16] out

// RUN: sh -c 'tile-diff %s; echo "exit=$?"' | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets
// CHECK-NEXT: exit=0

// RUN: sed -e 's/entry=@scale/entry=@nope/' %s > %t.bad.mlir
// RUN: sh -c 'tile-diff %t.bad.mlir; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: could not be checked
// NOENTRY: exit=3

// RUN: grep -v 'tilecheck: arg1' %s > %t.gap.mlir
// RUN: sh -c 'tile-diff %t.gap.mlir; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=GAP
// GAP: the launch header has no arg1
// GAP: exit=2

cuda_tile.module @m {
  entry @scale(%k: tile<i32>, %in: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ti = make_tensor_view %in, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %to = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>
    %po = make_partition_view %to : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>
    %tok = make_token : token
    %x, %t1 = load_view_tko weak %pi[%bx] token = %tok : partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<8xi32>
    %y = muli %x, %kb : tile<8xi32>
    %z = addi %y, %kb : tile<8xi32>
    %t2 = store_view_tko weak %z, %po[%bx] token = %t1 : tile<8xi32>, partition_view<tile=(8), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
