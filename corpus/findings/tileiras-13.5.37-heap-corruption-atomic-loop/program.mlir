cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<i32>>, %arg1: tile<ptr<i32>>) {
    %0 = constant <i32: 0> : tile<1xi32>
    %1 = constant <i32: 1> : tile<1xi32>
    %2 = constant <i32: 0> : tile<i32>
    %3 = constant <i32: 1> : tile<i32>
    %4 = constant <i32: 3> : tile<i32>
    %5:2 = for %arg2 in (%2 to %4, step %3) : tile<i32> iter_values(%arg3 = %0, %arg4 = %1) -> (tile<1xi32>, tile<1xi32>) {
      %6 = cmpi less_than_or_equal %arg4, %arg3, signed : tile<1xi32> -> tile<1xi1>
      assert %6, "generator range of acc41" : tile<1xi1>
      %7 = make_tensor_view %arg0, shape = [3], strides = [1] : tensor_view<3xi32, strides=[1]>
      %8 = make_partition_view %7 : partition_view<tile=(1), tensor_view<3xi32, strides=[1]>>
      %tile, %result_token = load_view_tko weak %8[%arg2] : partition_view<tile=(1), tensor_view<3xi32, strides=[1]>>, tile<i32> -> tile<1xi32>, token
      %9 = reshape %arg1 : tile<ptr<i32>> -> tile<1xptr<i32>>
      %result, %result_token_0 = atomic_rmw_tko relaxed device %9, max, %tile : tile<1xptr<i32>>, tile<1xi32> -> tile<1xi32>, token
      continue %1, %arg3 : tile<1xi32>, tile<1xi32>
    }
  }
}
