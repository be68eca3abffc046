// Layer normalization of each row of a 32x256 matrix with learned scale and
// shift: y = (x - mean) * rsqrt(var + eps) * gamma + beta; 8 rows per block.
// tilecheck: entry=@layernorm grid=4,1,1
// tilecheck: arg0 = buffer f32[32x256] in
// tilecheck: arg1 = buffer f32[256] in
// tilecheck: arg2 = buffer f32[256] in
// tilecheck: arg3 = buffer f32[32x256] out
cuda_tile.module @layernorm {
  entry @layernorm(%x: tile<ptr<f32>>, %gamma: tile<ptr<f32>>, %beta: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tx = make_tensor_view %x, shape = [32, 256], strides = [256, 1] : tensor_view<32x256xf32, strides=[256,1]>
    %ty = make_tensor_view %y, shape = [32, 256], strides = [256, 1] : tensor_view<32x256xf32, strides=[256,1]>
    %tg = make_tensor_view %gamma, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %tb = make_tensor_view %beta, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(8x256), tensor_view<32x256xf32, strides=[256,1]>>
    %py = make_partition_view %ty : partition_view<tile=(8x256), tensor_view<32x256xf32, strides=[256,1]>>
    %pg = make_partition_view %tg : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %v, %t0 = load_view_tko weak %px[%bid, %c0] : partition_view<tile=(8x256), tensor_view<32x256xf32, strides=[256,1]>>, tile<i32> -> tile<8x256xf32>, token
    %g, %t1 = load_view_tko weak %pg[%c0] : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %b, %t2 = load_view_tko weak %pb[%c0] : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %sum = reduce %v dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    %inv_n = constant <f32: 3.906250e-03> : tile<8xf32>
    %mean = mulf %sum, %inv_n : tile<8xf32>
    %mean2 = reshape %mean : tile<8xf32> -> tile<8x1xf32>
    %meanb = broadcast %mean2 : tile<8x1xf32> -> tile<8x256xf32>
    %cen = subf %v, %meanb : tile<8x256xf32>
    %sq = mulf %cen, %cen : tile<8x256xf32>
    %ssq = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    %var = mulf %ssq, %inv_n : tile<8xf32>
    %eps = constant <f32: 9.99999974E-6> : tile<8xf32>
    %ve = addf %var, %eps : tile<8xf32>
    %rstd = rsqrt %ve : tile<8xf32>
    %rstd2 = reshape %rstd : tile<8xf32> -> tile<8x1xf32>
    %rstdb = broadcast %rstd2 : tile<8x1xf32> -> tile<8x256xf32>
    %norm = mulf %cen, %rstdb : tile<8x256xf32>
    %g2 = reshape %g : tile<256xf32> -> tile<1x256xf32>
    %gb = broadcast %g2 : tile<1x256xf32> -> tile<8x256xf32>
    %b2 = reshape %b : tile<256xf32> -> tile<1x256xf32>
    %bb = broadcast %b2 : tile<1x256xf32> -> tile<8x256xf32>
    %out = fma %norm, %gb, %bb : tile<8x256xf32>
    %t3 = store_view_tko weak %out, %py[%bid, %c0] : tile<8x256xf32>, partition_view<tile=(8x256), tensor_view<32x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
