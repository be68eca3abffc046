cuda_tile.module @gen {
  entry @kernel(%arg0: tile<i32>, %arg1: tile<ptr<i32>>, %arg2: tile<ptr<i32>>, %arg3: tile<ptr<i16>>) {
    %0 = constant <i16: 0> : tile<4x4xi16>
    %1 = constant <i16: 1> : tile<4x4xi16>
    %2 = constant <i32: 0> : tile<i32>
    %3 = constant <i32: 1> : tile<i32>
    %4:2 = for %arg4 in (%2 to %arg0, step %3) : tile<i32> iter_values(%arg5 = %0, %arg6 = %0) -> (tile<4x4xi16>, tile<4x4xi16>) {
      %9 = constant <i32: 0> : tile<i32>
      %10 = make_tensor_view %arg1, shape = [1], strides = [1] : tensor_view<1xi32, strides=[1]>
      %11 = make_partition_view %10 : partition_view<tile=(1), tensor_view<1xi32, strides=[1]>>
      %tile, %result_token = load_view_tko relaxed device %11[%9] : partition_view<tile=(1), tensor_view<1xi32, strides=[1]>>, tile<i32> -> tile<1xi32>, token
      %12 = reshape %arg2 : tile<ptr<i32>> -> tile<1xptr<i32>>
      %result, %result_token_0 = atomic_rmw_tko relaxed device %12, min, %tile : tile<1xptr<i32>>, tile<1xi32> -> tile<1xi32>, token
      continue %1, %arg5 : tile<4x4xi16>, tile<4x4xi16>
    }
    %5 = reshape %4#1 : tile<4x4xi16> -> tile<16xi16>
    %6 = reshape %arg3 : tile<ptr<i16>> -> tile<1xptr<i16>>
    %7 = broadcast %6 : tile<1xptr<i16>> -> tile<16xptr<i16>>
    %8 = store_ptr_tko weak %7, %5 : tile<16xptr<i16>>, tile<16xi16> -> token
  }
}
