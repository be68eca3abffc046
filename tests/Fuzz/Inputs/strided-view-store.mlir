// A program bytecode 13.3 encodes and 13.1 and 13.2 do not
// (make_strided_view is new in 13.3): tests/Fuzz/tileiras-bytecode.mlir.
cuda_tile.module @m {
  entry @k(%n: tile<i32>, %out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %p = make_strided_view %t : strided_view<tile=(8), traversal_strides=[8], tensor_view<8xi32, strides=[1]>>
    %a = iota : tile<8xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %v = addi %a, %nb : tile<8xi32>
    %t2 = store_view_tko weak %v, %p[%bx] : tile<8xi32>, strided_view<tile=(8), traversal_strides=[8], tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
