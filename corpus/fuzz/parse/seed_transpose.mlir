// Out-of-place transpose of a 64x128 f32 matrix in 32x32 tiles: load tile
// (i, j), permute it, store it at (j, i) of the 128x64 output.
// tilecheck: entry=@transpose grid=2,4,1
// tilecheck: arg0 = buffer f32[64x128] in
// tilecheck: arg1 = buffer f32[128x64] out
cuda_tile.module @transpose {
  entry @transpose(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %bi, %bj, %bz = get_tile_block_id : tile<i32>
    %ti = make_tensor_view %in, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %to = make_tensor_view %out, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pi = make_partition_view %ti : partition_view<tile=(32x32), tensor_view<64x128xf32, strides=[128,1]>>
    %po = make_partition_view %to : partition_view<tile=(32x32), tensor_view<128x64xf32, strides=[64,1]>>
    %x, %t0 = load_view_tko weak %pi[%bi, %bj] : partition_view<tile=(32x32), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> tile<32x32xf32>, token
    %xt = permute %x [1, 0] : tile<32x32xf32> -> tile<32x32xf32>
    %t1 = store_view_tko weak %xt, %po[%bj, %bi] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
