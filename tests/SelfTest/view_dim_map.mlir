// Self-test program for the injected bug "view-dim-map": each block loads
// a 4x8 tile through a partition view with dim_map=[1, 0] (tile dimension 0
// runs along the columns of the 8x8 input, so the tile is a transposed
// 8x4 column block) and stores it as rows 4*b..4*b+3 of the output. With
// the identity dim_map the rows would be copied unchanged.
// tilecheck: entry=@column_blocks grid=2,1,1
// tilecheck: arg0 = buffer f32[8x8] in
// tilecheck: arg1 = buffer f32[8x8] out
cuda_tile.module @column_blocks {
  entry @column_blocks(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %ti = make_tensor_view %in, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xf32, strides=[8,1]>
    %to = make_tensor_view %out, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xf32, strides=[8,1]>
    %pi = make_partition_view %ti : partition_view<tile=(4x8), tensor_view<8x8xf32, strides=[8,1]>, dim_map=[1, 0]>
    %po = make_partition_view %to : partition_view<tile=(4x8), tensor_view<8x8xf32, strides=[8,1]>>
    %x, %t0 = load_view_tko weak %pi[%bid, %c0] : partition_view<tile=(4x8), tensor_view<8x8xf32, strides=[8,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x8xf32>, token
    %t1 = store_view_tko weak %x, %po[%bid, %c0] : tile<4x8xf32>, partition_view<tile=(4x8), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }
}
