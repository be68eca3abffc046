cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<f64>>, %arg1: tile<i32>) {
    %0 = constant <i32: 0> : tile<i32>
    %1 = constant <f64: 0.000000e+00> : tile<32x32xf64>
    %2 = constant <i32: 1> : tile<i32>
    %3 = constant <i32: 3> : tile<i32>
    %4 = constant <f64: 0.000000e+00> : tile<2x16x32xf64>
    %5 = for %arg2 in (%0 to %3, step %2) : tile<i32> iter_values(%arg3 = %4) -> (tile<2x16x32xf64>) {
      %13 = constant <f64: 1.000000e+00> : tile<2x16x128xf64>
      %14 = constant <f64: 1.000000e+00> : tile<1x128x32xf64>
      %15 = broadcast %14 : tile<1x128x32xf64> -> tile<2x128x32xf64>
      %16 = mmaf %13, %15, %arg3 : tile<2x16x128xf64>, tile<2x128x32xf64>, tile<2x16x32xf64>
      continue %16 : tile<2x16x32xf64>
    }
    %6 = reshape %5 : tile<2x16x32xf64> -> tile<32x32xf64>
    %7 = constant <i32: 0> : tile<i32>
    %8 = constant <i32: 1> : tile<i32>
    %9 = loop iter_values(%arg2 = %7, %arg3 = %1) : tile<i32>, tile<32x32xf64> -> tile<32x32xf64> {
      %13 = cmpi greater_than_or_equal %arg2, %8, signed : tile<i32> -> tile<i1>
      if %13 {
        break %arg3 : tile<32x32xf64>
      }
      continue %8, %6 : tile<i32>, tile<32x32xf64>
    }
    %10 = make_tensor_view %arg0, shape = [%arg1, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf64, strides=[32,1]>
    %11 = make_partition_view %10 : partition_view<tile=(32x32), tensor_view<?x32xf64, strides=[32,1]>>
    %12 = store_view_tko weak %9, %11[%0, %0] : tile<32x32xf64>, partition_view<tile=(32x32), tensor_view<?x32xf64, strides=[32,1]>>, tile<i32> -> token
  }
}
