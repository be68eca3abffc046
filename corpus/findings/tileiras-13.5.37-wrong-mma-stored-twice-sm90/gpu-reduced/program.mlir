cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<f64>>, %arg1: tile<ptr<f64>>, %arg2: tile<ptr<f64>>, %arg3: tile<ptr<f64>>) {
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %0 = make_token : token
    %1 = constant <f64: 0.000000e+00> : tile<16x32xf64>
    %2 = make_tensor_view %arg0, shape = [256, 32], strides = [32, 1] : tensor_view<256x32xf64, strides=[32,1]>
    %3 = make_partition_view %2 : partition_view<tile=(128x16), tensor_view<256x32xf64, strides=[32,1]>>
    %4 = make_tensor_view %arg1, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf64, strides=[64,1]>
    %5 = make_partition_view %4 : partition_view<tile=(16x64), tensor_view<32x64xf64, strides=[64,1]>>
    %6 = constant <f64: 0.000000e+00> : tile<128x64xf64>
    %7 = constant <i32: 1> : tile<i32>
    %8 = constant <i32: 1> : tile<i32>
    %9 = reshape %6 : tile<128x64xf64> -> tile<2x64x64xf64>
    %tile, %result_token = load_view_tko weak %3[%blockId_x, %blockId_x] : partition_view<tile=(128x16), tensor_view<256x32xf64, strides=[32,1]>>, tile<i32> -> tile<128x16xf64>, token
    %tile_0, %result_token_1 = load_view_tko weak %5[%blockId_x, %blockId_y] : partition_view<tile=(16x64), tensor_view<32x64xf64, strides=[64,1]>>, tile<i32> -> tile<16x64xf64>, token
    %10 = reshape %tile : tile<128x16xf64> -> tile<2x64x16xf64>
    %11 = reshape %tile_0 : tile<16x64xf64> -> tile<1x16x64xf64>
    %12 = broadcast %11 : tile<1x16x64xf64> -> tile<2x16x64xf64>
    %13 = mmaf %10, %12, %9 : tile<2x64x16xf64>, tile<2x16x64xf64>, tile<2x64x64xf64>
    %14 = reshape %13 : tile<2x64x64xf64> -> tile<128x64xf64>
    %15 = assume div_by<16>, %arg2 : tile<ptr<f64>>
    %16 = make_tensor_view %15, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf64, strides=[64,1]>
    %17 = make_partition_view %16 : partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>
    %18 = store_view_tko weak %14, %17[%blockId_x, %blockId_y] token = %0 : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>, tile<i32> -> token
    %19 = reshape %13 : tile<2x64x64xf64> -> tile<128x64xf64>
    %20 = assume div_by<16>, %arg3 : tile<ptr<f64>>
    %21 = make_tensor_view %20, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf64, strides=[64,1]>
    %22 = make_partition_view %21 : partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>
    %23 = store_view_tko weak %19, %22[%blockId_x, %blockId_y] token = %18 : tile<128x64xf64>, partition_view<tile=(128x64), tensor_view<256x64xf64, strides=[64,1]>>, tile<i32> -> token
  }
}
