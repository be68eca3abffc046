// Numerically stable softmax of each row of a 64x128 matrix; each block
// handles 16 rows: subtract the row max, exponentiate, divide by the row sum.
// tilecheck: entry=@row_softmax grid=4,1,1
// tilecheck: arg0 = buffer f32[64x128] in
// tilecheck: arg1 = buffer f32[64x128] out
cuda_tile.module @row_softmax {
  entry @row_softmax(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %ti = make_tensor_view %in, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %to = make_tensor_view %out, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %pi = make_partition_view %ti : partition_view<tile=(16x128), tensor_view<64x128xf32, strides=[128,1]>>
    %po = make_partition_view %to : partition_view<tile=(16x128), tensor_view<64x128xf32, strides=[128,1]>>
    %x, %t0 = load_view_tko weak %pi[%bid, %c0] : partition_view<tile=(16x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> tile<16x128xf32>, token
    %mx = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<16x128xf32> -> tile<16xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %m = maxf %e, %acc : tile<f32>
      yield %m : tile<f32>
    }
    %mx2 = reshape %mx : tile<16xf32> -> tile<16x1xf32>
    %mxb = broadcast %mx2 : tile<16x1xf32> -> tile<16x128xf32>
    %d = subf %x, %mxb : tile<16x128xf32>
    %ex = exp %d : tile<16x128xf32>
    %sum = reduce %ex dim=1 identities=[0.000000e+00 : f32] : tile<16x128xf32> -> tile<16xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    %sum2 = reshape %sum : tile<16xf32> -> tile<16x1xf32>
    %sumb = broadcast %sum2 : tile<16x1xf32> -> tile<16x128xf32>
    %y = divf %ex, %sumb : tile<16x128xf32>
    %t1 = store_view_tko weak %y, %po[%bid, %c0] : tile<16x128xf32>, partition_view<tile=(16x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
