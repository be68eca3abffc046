cuda_tile.module @gen {
  entry @kernel(%arg0: tile<i32>, %arg1: tile<ptr<f16>>, %arg2: tile<ptr<f16>>) {
    %0 = constant <f16: 0.000000e+00> : tile<8xf16>
    %1 = constant <i32: 1> : tile<i32>
    %2:2 = for %arg3 in (%arg0 to %1, step %1) : tile<i32> iter_values(%arg4 = %0, %arg5 = %0) -> (tile<8xf16>, tile<8xf16>) {
      %8 = loop iter_values(%arg6 = %arg3, %arg7 = %arg5) : tile<i32>, tile<8xf16> -> tile<8xf16> {
        %9 = cmpi greater_than_or_equal %arg6, %arg3, signed : tile<i32> -> tile<i1>
        if %9 {
          break %arg7 : tile<8xf16>
        }
        continue %arg3, %arg5 : tile<i32>, tile<8xf16>
      }
      continue %arg4, %8 : tile<8xf16>, tile<8xf16>
    }
    %3 = cmpi less_than %arg0, %1, signed : tile<i32> -> tile<i1>
    %4 = if %3 -> (tile<8xf16>) {
      %8 = make_tensor_view %arg1, shape = [8, 16], strides = [32, 1] : tensor_view<8x16xf16, strides=[32,1]>
      %9 = make_partition_view %8 : partition_view<tile=(8x16), tensor_view<8x16xf16, strides=[32,1]>>
      %tile, %result_token = load_view_tko acquire device %9[%arg0, %1] : partition_view<tile=(8x16), tensor_view<8x16xf16, strides=[32,1]>>, tile<i32> -> tile<8x16xf16>, token
      %10 = reduce %tile dim=1 identities=[0xFC00 : f16] : tile<8x16xf16> -> tile<8xf16> 
      (%arg3: tile<f16>, %arg4: tile<f16>) {
        yield %arg3 : tile<f16>
      }
      yield %10 : tile<8xf16>
    } else {
      yield %2#1 : tile<8xf16>
    }
    %5 = reshape %arg2 : tile<ptr<f16>> -> tile<1xptr<f16>>
    %6 = broadcast %5 : tile<1xptr<f16>> -> tile<8xptr<f16>>
    %7 = store_ptr_tko weak %6, %4 : tile<8xptr<f16>>, tile<8xf16> -> token
  }
}
