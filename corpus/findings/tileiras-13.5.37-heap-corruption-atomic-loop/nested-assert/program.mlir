cuda_tile.module @gen {
  entry @kernel(%arg0: tile<i32>) {
    %0 = constant <i32: 0> : tile<1x1xi32>
    %1 = constant <i32: 0> : tile<i32>
    %2 = for %arg1 in (%arg0 to %1, step %arg0) : tile<i32> iter_values(%arg2 = %0) -> (tile<1x1xi32>) {
      %3 = constant <i32: 0> : tile<i32>
      %4:2 = for %arg3 in (%arg1 to %3, step %arg1) : tile<i32> iter_values(%arg4 = %0, %arg5 = %arg2) -> (tile<1x1xi32>, tile<1x1xi32>) {
        %5 = constant <i32: 0> : tile<1x1xi32>
        %6 = cmpi less_than_or_equal %arg4, %5, signed : tile<1x1xi32> -> tile<1x1xi1>
        assert %6, "generator range of acc91" : tile<1x1xi1>
        continue %arg5, %0 : tile<1x1xi32>, tile<1x1xi32>
      }
      continue %4#0 : tile<1x1xi32>
    }
  }
}
