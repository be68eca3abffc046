cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<tf32>>, %arg1: tile<ptr<f32>>, %arg2: tile<i32>) {
    %1 = make_tensor_view %arg0, shape = [8, 32], strides = [64, 1] : tensor_view<8x32xtf32, strides=[64,1]>
    %2 = make_partition_view %1 : partition_view<tile=(8x32), tensor_view<8x32xtf32, strides=[64,1]>>
    %3 = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %4 = constant <i32: 0> : tile<i32>
    %5 = for %arg3 in (%arg2 to %4, step %arg2) : tile<i32> iter_values(%arg4 = %3) -> (tile<32x32xf32>) {
      %9 = constant <tf32: 0.000000e+00> : tile<32x8xtf32>
      %tile, %result_token = load_view_tko weak %2[%arg3, %arg2] : partition_view<tile=(8x32), tensor_view<8x32xtf32, strides=[64,1]>>, tile<i32> -> tile<8x32xtf32>, token
      %10 = mmaf %9, %tile, %arg4 : tile<32x8xtf32>, tile<8x32xtf32>, tile<32x32xf32>
      continue %10 : tile<32x32xf32>
    }
    %6 = reshape %arg1 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %7 = broadcast %6 : tile<1x1xptr<f32>> -> tile<32x32xptr<f32>>
    %8 = store_ptr_tko relaxed tl_blk %7, %5 : tile<32x32xptr<f32>>, tile<32x32xf32> -> token
  }
}
