// Boolean load/store hints (allow_tma, as cuTile Python writes them) print
// as true and false, and survive the text and bytecode round trips. A
// regression test: they printed as -1 and 0 (an i1's APInt), which read
// back as i64 hints.
// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: tilec-translate --tileirbc-to-mlir %t.tileirbc | tilec-opt | FileCheck %s

// CHECK: load_view_tko weak {{.*}} optimization_hints = <sm_100 = {allow_tma = false, latency = 3}, sm_90 = {allow_tma = true}> :
// CHECK: store_view_tko weak {{.*}} optimization_hints = <sm_100 = {allow_tma = true, latency = 7}> :
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_partition_view %t : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %v, %t1 = load_view_tko weak %p[%bx] optimization_hints = <sm_100 = {latency = 3, allow_tma = false}, sm_90 = {allow_tma = true}> : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %t2 = store_view_tko weak %v, %p[%bx] token = %t1 optimization_hints = <sm_100 = {latency = 7, allow_tma = true}> : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
